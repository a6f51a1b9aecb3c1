target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
%N0 = type { [256 x float] }
%N1 = type { float, %N0 }
%N2 = type { float, %N1 }
%N3 = type { float, %N2 }
%N4 = type { float, %N3 }
%N5 = type { float, %N4 }
%N6 = type { float, %N5 }
%N7 = type { float, %N6 }
%N8 = type { float, %N7 }
%N9 = type { float, %N8 }
%N10 = type { float, %N9 }
%N11 = type { float, %N10 }
%N12 = type { float, %N11 }

@tile = internal addrspace(3) global %N12 undef, align 4

define void @kernel(ptr %src, ptr %dst, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext i32 %tid to i64
  %mine = getelementptr inbounds %N12, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 0, i64 %tid64
  %guard = icmp sgt i32 %n, 0
  br i1 %guard, label %preheader, label %exit

preheader:
  br label %loop

loop:
  %i = phi i32 [ 0, %preheader ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %preheader ], [ %acc.next, %loop ]
  %x = lshr i32 %i, 1
  %xx = mul i32 %x, %x
  %r5 = urem i32 %xx, 5
  %base = shl i32 %r5, 8
  %idx = add i32 %base, %tid
  %idx64 = zext i32 %idx to i64
  %p = getelementptr inbounds float, ptr %src, i64 %idx64
  %v = load float, ptr %p, align 4
  store float %v, ptr %mine, align 4
  call void @llvm.nvvm.barrier0()
  %w = load float, ptr getelementptr inbounds (%N12, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 0, i64 105), align 4
  %acc.next = fadd float %acc, %w
  call void @llvm.nvvm.barrier0()
  %i.next = add nuw nsw i32 %i, 1
  %cmp = icmp slt i32 %i.next, %n
  br i1 %cmp, label %loop, label %exit

exit:
  %r = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %o = getelementptr inbounds float, ptr %dst, i64 %tid64
  store float %r, ptr %o, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0() #1

attributes #0 = { "target-cpu"="sm_80" }
attributes #1 = { convergent nounwind }

!nvvm.annotations = !{!0}
!0 = !{ptr @kernel, !"kernel", i32 1}
