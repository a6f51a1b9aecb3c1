; Two copies of one copy loop indexed by an i32 `u = 2 * (p * (2^31 - 1))`
; (no unsigned wrap) from tile + 1000 (8 bytes) and tile + 992 (4 bytes).
; Read as an unsigned number, u steps by about 2^32 and the copies never
; meet; but a GEP sign-extends an index narrower than 64 bits, and at p = 1
; u is -2: the first copy then writes bytes 992-999, which the second wrote
; at p = 0. Declined OverlappingCopies, IR unchanged. (Found by a break-it
; session.)
; RUN: %opt -passes='cuda-pipeline<profitability=off>' -pass-remarks-missed=cuda-pipeline -pass-remarks-output=%t.yaml -S %s -o %t.after.ll 2>&1 | FileCheck %s
; RUN: %opt -passes=verify -S %s -o %t.before.ll
; RUN: diff %t.before.ll %t.after.ll
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; CHECK: remark: <unknown>:0:0: loop not pipelined: the copy loop into tile 'tile' may write the same bytes on two of its iterations
; YAML: Name: OverlappingCopies

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal unnamed_addr addrspace(3) global [1024 x float] undef, align 4

define void @k(ptr noalias nocapture readonly align 16 %A, ptr noalias nocapture writeonly %C, i32 %K, i32 %n, i32 %m) #0 {
entry:
  %tid = tail call range(i32 0, 32) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %g = icmp sgt i32 %K, 0
  %gn = icmp sgt i32 %n, 0
  %ok = and i1 %g, %gn
  %rd = getelementptr inbounds [1024 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 5
  br i1 %ok, label %pre, label %exit

pre:
  br label %tile

tile:
  %kb = phi i32 [ 0, %pre ], [ %kb.next, %tlatch ]
  %acc = phi float [ 0.0, %pre ], [ %acc.next, %tlatch ]
  %kboff = shl nsw i32 %kb, 10
  %kbx = zext nneg i32 %kboff to i64
  %asrc = getelementptr inbounds float, ptr %A, i64 %kbx
  br label %l1

l1:
  %p = phi i32 [ 0, %tile ], [ %p.next, %l1 ]
  %t = mul nuw i32 %p, 2147483647
  %u = shl nuw i32 %t, 1
  %px = zext nneg i32 %p to i64
  %spa = getelementptr inbounds i64, ptr %asrc, i64 %px
  %va = load i64, ptr %spa, align 8
  ; i32 GEP index, sign-extended by the GEP: u = 2^32-2 at p = 1 is element -2
  %dpa = getelementptr float, ptr getelementptr (i8, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 1000), i32 %u
  store i64 %va, ptr %dpa, align 8
  %pb = add nuw nsw i64 %px, 64
  %spb = getelementptr inbounds float, ptr %asrc, i64 %pb
  %vb = load float, ptr %spb, align 4
  %dpb = getelementptr float, ptr getelementptr (i8, ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 992), i32 %u
  store float %vb, ptr %dpb, align 4
  %p.next = add nuw nsw i32 %p, 1
  %c1 = icmp ult i32 %p.next, %n
  br i1 %c1, label %l1, label %tlatch

tlatch:
  tail call void @llvm.nvvm.barrier0()
  %x = load float, ptr %rd, align 4
  %acc.next = fadd float %acc, %x
  tail call void @llvm.nvvm.barrier0()
  %kb.next = add nuw nsw i32 %kb, 1
  %ce = icmp eq i32 %kb.next, %K
  br i1 %ce, label %exit, label %tile

exit:
  %r = phi float [ 0.0, %entry ], [ %acc.next, %tlatch ]
  %tx = zext nneg i32 %tid to i64
  %cp = getelementptr inbounds float, ptr %C, i64 %tx
  store float %r, ptr %cp, align 4
  ret void
}

declare void @llvm.nvvm.barrier0() #1
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

attributes #0 = { convergent mustprogress norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
