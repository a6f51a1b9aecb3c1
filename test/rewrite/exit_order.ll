; The compute reads a global weight array that may alias the output written
; after the loop (no __restrict__). The removed second barrier ordered the
; last compute before that write among all threads, so the exit gets a barrier
; after the drain. With noalias pointers (second RUN) it does not.
; RUN: %opt -passes=cuda-pipeline -S %s | FileCheck %s
; RUN: sed -e 's/i32 %n, ptr %wts)/i32 %n, ptr noalias %wts)/' -e 's/, ptr %dst, i32/, ptr noalias %dst, i32/' %s | %opt -passes=cuda-pipeline -S | FileCheck %s --check-prefix=NOALIAS
; CHECK: call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT: [[SYNC]]
; NOALIAS: call void @llvm.nvvm.cp.async.wait.group(i32 0)
; NOALIAS-NOT: [[SYNC]]
; NOALIAS: ret void

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x float] undef, align 4

define void @kernel(ptr noalias %src, ptr %dst, i32 %n, ptr %wts) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext i32 %tid to i64
  %mine = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %tid64
  %nb64 = xor i64 %tid64, 1
  %guard = icmp sgt i32 %n, 0
  br i1 %guard, label %preheader, label %exit

preheader:
  br label %loop

loop:
  %i = phi i32 [ 0, %preheader ], [ %i.next, %latch ]
  %acc = phi float [ 0.0, %preheader ], [ %acc.next, %latch ]
  %base = shl i32 %i, 8
  %idx = add i32 %base, %tid
  %idx64 = zext i32 %idx to i64
  %p = getelementptr inbounds float, ptr %src, i64 %idx64
  %v = load float, ptr %p, align 4
  store float %v, ptr %mine, align 4
  call void @llvm.nvvm.barrier0()
  %q = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %nb64
  %w = load float, ptr %q, align 4
  %ii = zext i32 %i to i64
  %wp = getelementptr inbounds float, ptr %wts, i64 %ii
  %wv = load float, ptr %wp, align 4
  %prod = fmul float %w, %wv
  %acc.next = fadd float %acc, %prod
  br label %latch

latch:
  call void @llvm.nvvm.barrier0()
  %i.next = add nuw nsw i32 %i, 1
  %cmp = icmp slt i32 %i.next, %n
  br i1 %cmp, label %loop, label %exit

exit:
  %r = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %o = getelementptr inbounds float, ptr %dst, i64 %tid64
  store float %r, ptr %o, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

attributes #0 = { "target-cpu"="sm_80" }

!nvvm.annotations = !{!0}
!0 = !{ptr @kernel, !"kernel", i32 1}
