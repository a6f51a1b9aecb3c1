; The copy-back argument: the tile is read after the loop
; (the last tile), which declines the loop under last-slot=off
; (decline/tile_used_outside_loop.ll; by default the ring ends on slot 0
; instead, rewrite/last_slot.ll). With copy-back the loop is pipelined, and
; after the drain each thread copies its copy's bytes from the last slot
; (the slot counter on the exit edge) back into the tile, before the
; barrier that publishes them; the read after the loop reads the tile.
; RUN: %opt -passes='cuda-pipeline<stages=3;copy-back;last-slot=off;verify>' -pass-remarks=cuda-pipeline -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll
; The register lowering: two slots, the same copy-back from the slot of the
; last iteration (its stores for iteration T went to the other slot).
; RUN: %opt -passes='cuda-pipeline<copy-back;last-slot=off;lowering=registers;verify>' -pass-remarks=cuda-pipeline -S %s -o %t.regs.ll 2>&1 | FileCheck %s --check-prefix=REGS-REMARK
; RUN: FileCheck %s --check-prefix=REGS < %t.regs.ll
; REGS-REMARK: pipelined loop with 2 stages: tile 'tile' 1024 -> 2048 bytes; 1 copy of 4 bytes, 1 staged through 1 register; removed the second barrier; copies the last slot back into tile 'tile'{{.*}}; registers
; REGS: latch.exit_crit_edge:
; REGS-NOT: wait.group
; REGS: %pl.back = getelementptr inbounds i8, ptr addrspace(3) @tile.ring, i32
; REGS: %pl.back.v = load i32, ptr
; REGS-NEXT: [[T:%.*]] = getelementptr [256 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %tid64
; REGS-NEXT: store i32 %pl.back.v, ptr [[T]], align 4
; REGS-NEXT: [[SYNC]]
; REMARK: remark: <unknown>:0:0: pipelined loop with 3 stages: tile 'tile' 1024 -> 3072 bytes; 1 cp.async copy of 4 bytes; removed the second barrier; copies the last slot back into tile 'tile'; cp.async
; CHECK: @tile = internal addrspace(3) global [256 x float] undef, align 4
; CHECK: @tile.ring = internal unnamed_addr addrspace(3) global [3072 x i8] undef, align 16{{$}}
; CHECK: loop:
; CHECK: %pl.slot.idx = phi i32
; CHECK: latch.exit_crit_edge:
; CHECK-NEXT: %split = phi
; CHECK-NEXT: call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT: [[OFF:%.*]] = mul i32 %pl.slot.idx, 1024
; CHECK-NEXT: %pl.back = getelementptr inbounds i8, ptr addrspace(3) @tile.ring, i32 [[OFF]]
; CHECK: %pl.back.v = load i32, ptr
; CHECK-NEXT: [[T:%.*]] = getelementptr [256 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %tid64
; CHECK-NEXT: store i32 %pl.back.v, ptr [[T]], align 4
; CHECK-NEXT: [[SYNC]]
; CHECK: exit:
; CHECK: %last = load float, ptr %mine, align 4

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x float] undef, align 4

define void @kernel(ptr noalias %src, ptr noalias %dst, i32 %n) #0 {
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
  %acc.next = fadd float %acc, %w
  br label %latch

latch:
  call void @llvm.nvvm.barrier0()
  %i.next = add nuw nsw i32 %i, 1
  %cmp = icmp slt i32 %i.next, %n
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
!0 = !{ptr @kernel, !"kernel", i32 1}
