; A copy loop `l1` (tile[32 * p + tid] = A[cnt * 64 + ...]) inside a cycle
; of the copy stage that is not a loop: x -> l1 -> b -> x, and the tile
; loop's header branches to x or to y, which enters the cycle at b (a goto
; into the middle of a loop). l1
; can run twice in one iteration of the tile loop, writing the same bytes
; from different sources, which one commit group cannot order; the proofs
; of distinct copies count one run of each copy loop. Declined
; CopyLoopVaries, IR unchanged. (Found by a break-it session.)
; RUN: %opt -passes='cuda-pipeline<profitability=off>' -pass-remarks-missed=cuda-pipeline -pass-remarks-output=%t.yaml -S %s -o %t.after.ll 2>&1 | FileCheck %s
; RUN: %opt -passes=verify -S %s -o %t.before.ll
; RUN: diff %t.before.ll %t.after.ll
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; CHECK: remark: <unknown>:0:0: loop not pipelined: the copy stage's control flow has a cycle that is not a loop (a goto into a loop), so a loop of the copy stage may run more than once in one iteration of the tile loop
; YAML: Name: CopyLoopVaries

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal unnamed_addr addrspace(3) global [1024 x float] undef, align 4

define void @k(ptr noalias nocapture readonly %A, ptr noalias nocapture writeonly %C, i32 %K, i32 %n, i32 %m) #0 {
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
  %c0 = icmp sgt i32 %m, 5
  br i1 %c0, label %x, label %y

x:
  %cnt = phi i32 [ 0, %tile ], [ 1, %b ]
  %cntoff = shl nuw nsw i32 %cnt, 9
  br label %l1

l1:
  %p = phi i32 [ 0, %x ], [ %p.next, %l1 ]
  %d1 = shl nuw nsw i32 %p, 5
  %d = add nuw nsw i32 %d1, %tid
  %d64 = shl nuw nsw i32 %p, 6
  %d64t = add nuw nsw i32 %d64, %tid
  %src = add nuw nsw i32 %d64t, %kboff
  %srcc = add nuw nsw i32 %src, %cntoff
  %srcx = zext nneg i32 %srcc to i64
  %sp = getelementptr inbounds float, ptr %A, i64 %srcx
  %v = load float, ptr %sp, align 4
  %dx = zext nneg i32 %d to i64
  %dp = getelementptr inbounds [1024 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %dx
  store float %v, ptr %dp, align 4
  %p.next = add nuw nsw i32 %p, 1
  %c1 = icmp slt i32 %p.next, %n
  br i1 %c1, label %l1, label %b

y:
  br label %b

b:
  %r = phi i32 [ %cnt, %l1 ], [ 0, %y ]
  %again = icmp eq i32 %r, 0
  br i1 %again, label %x, label %tlatch

tlatch:
  tail call void @llvm.nvvm.barrier0()
  %xv = load float, ptr %rd, align 4
  %acc.next = fadd float %acc, %xv
  tail call void @llvm.nvvm.barrier0()
  %kb.next = add nuw nsw i32 %kb, 1
  %ce = icmp eq i32 %kb.next, %K
  br i1 %ce, label %exit, label %tile

exit:
  %res = phi float [ 0.0, %entry ], [ %acc.next, %tlatch ]
  %tx = zext nneg i32 %tid to i64
  %cp = getelementptr inbounds float, ptr %C, i64 %tx
  store float %res, ptr %cp, align 4
  ret void
}

declare void @llvm.nvvm.barrier0() #1
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

attributes #0 = { convergent mustprogress norecurse nounwind "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
