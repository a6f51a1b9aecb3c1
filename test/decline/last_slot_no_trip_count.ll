; Near miss of the ring that ends on slot 0 (rewrite/last_slot.ll): the
; tile is read after the loop, but the loop runs while `k + 256 != n`, a
; compare whose trips are not counted at loop entry (the strategy that
; checks each iteration's compare in turn), so the first slot that would
; leave the last tile in slot 0 is unknown. Declined, saying so; the IR is
; unchanged.
; RUN: %opt -passes='cuda-pipeline<stages=3;in-place=off>' -pass-remarks-missed=cuda-pipeline -S %s -o %t.after.ll 2>&1 | FileCheck %s
; RUN: %opt -passes=verify -S %s -o %t.before.ll
; RUN: diff %t.before.ll %t.after.ll
; CHECK: remark: <unknown>:0:0: loop not pipelined: tile 'tile2' is also used outside the loop: read there, after the loop, where it sees what the loop left in the tile; the ring cannot end on slot 0, the tile's place, without the trip count at loop entry [sm_80, kernel 'strided']

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile2 = internal addrspace(3) global [256 x float] undef, align 4


define void @strided(ptr %src, ptr %dst, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext i32 %tid to i64
  %mine = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @tile2 to ptr), i64 0, i64 %tid64
  %nb64 = xor i64 %tid64, 1
  %guard = icmp sgt i32 %n, 0
  br i1 %guard, label %loop, label %exit

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %latch ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %idx = add i32 %k, %tid
  %idx64 = zext i32 %idx to i64
  %p = getelementptr inbounds float, ptr %src, i64 %idx64
  %v = load float, ptr %p, align 4
  store float %v, ptr %mine, align 4
  call void @llvm.nvvm.barrier0()
  %q = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @tile2 to ptr), i64 0, i64 %nb64
  %w = load float, ptr %q, align 4
  %acc.next = fadd float %acc, %w
  br label %latch

latch:
  call void @llvm.nvvm.barrier0()
  %k.next = add nuw nsw i32 %k, 256
  %cmp = icmp ne i32 %k.next, %n
  br i1 %cmp, label %loop, label %exit

exit:
  %r = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %last = load float, ptr %mine, align 4
  %r2 = fadd float %r, %last
  %o = getelementptr inbounds float, ptr %dst, i64 %tid64
  store float %r2, ptr %o, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

attributes #0 = { "target-cpu"="sm_80" }

!nvvm.annotations = !{!0}
!0 = !{ptr @strided, !"kernel", i32 1}
