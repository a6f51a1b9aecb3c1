; The ring that ends on slot 0 (last-slot, on by default): a tile read
; outside its loop takes slot 0 of the ring as its place. The prologue
; starts at slot (S - btc mod S) mod S, so the last iteration, btc, fills
; slot 0; every use of the tile outside the loop moves to the ring (the
; tile is gone); the exit drains and has a barrier before the read.
; @unit counts its trips by ScalarEvolution, @strided by the latch compare
; (k += 256 while k < n: btc = (n - 1) / 256 in 64 bits); @rows reads the
; last tile in an outer loop, before the next entry into the tile loop, so
; a barrier precedes the prologue, which may fill slot 0.
; RUN: %opt -passes='cuda-pipeline<stages=3;verify>' -pass-remarks=cuda-pipeline -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll
; The register lowering's two slots end on slot 0 the same way.
; RUN: %opt -passes='cuda-pipeline<lowering=registers;profitability=off;verify>' -pass-remarks=cuda-pipeline -S %s -o %t.regs.ll 2>&1 | FileCheck %s --check-prefix=REGS-REMARK
; RUN: FileCheck %s --check-prefix=REGS < %t.regs.ll
; Under last-slot=off each loop is declined as before
; (decline/tile_used_outside_loop.ll).
; RUN: %opt -passes='cuda-pipeline<stages=3;last-slot=off;in-place=off>' -pass-remarks-missed=cuda-pipeline -disable-output %s 2>&1 | FileCheck %s --check-prefix=OFF
; REMARK: pipelined loop with 3 stages: tile 'tile' 1024 -> 3072 bytes; 1 cp.async copy of 4 bytes; removed the second barrier; the last iteration fills slot 0 of the ring, the bytes of tile 'tile', which is read after the loop; cp.async [sm_80, kernel 'unit']
; REMARK: pipelined loop with 3 stages: tile 'tile2' {{.*}}; the last iteration fills slot 0 of the ring, the bytes of tile 'tile2', which is read after the loop; cp.async [sm_80, kernel 'strided']
; REMARK: pipelined loop with 3 stages: tile 'tile3' {{.*}}; the last iteration fills slot 0 of the ring, the bytes of tile 'tile3', which is read outside the loop (a barrier before the prologue, which may fill slot 0, for their uses before it); cp.async [sm_80, kernel 'rows']
; REGS-REMARK: pipelined loop with 2 stages: tile 'tile' 1024 -> 2048 bytes; 1 copy of 4 bytes, 1 staged through 1 register; removed the second barrier; the last iteration fills slot 0 of the ring, the bytes of tile 'tile', which is read after the loop{{.*}}; registers [sm_80, kernel 'unit']
; OFF-COUNT-3: loop not pipelined: tile 'tile{{[23]?}}' is also used outside the loop: read there, after the loop

; The tiles are gone: their rings take their place.
; CHECK-NOT: @tile = 
; CHECK-NOT: @tile2 = 
; CHECK-NOT: @tile3 = 
; CHECK: @tile.ring = internal unnamed_addr addrspace(3) global [3072 x i8] undef, align 16

; CHECK-LABEL: define {{.*}}void @unit(
; CHECK: %mine = getelementptr inbounds [256 x float], ptr [[R:%.*]], i64 0, i64 %tid64
; CHECK: loop.preheader:
; CHECK-NOT: [[SYNC_NAME]]
; CHECK-NEXT: [[BTC:%.*]] = add i32 %n, -1
; CHECK-NEXT: %pl.last.from0 = urem i32 [[BTC]], 3
; CHECK-NEXT: [[D:%.*]] = sub i32 3, %pl.last.from0
; CHECK-NEXT: [[S0:%.*]] = urem i32 [[D]], 3
; CHECK-NEXT: [[OFF0:%.*]] = mul i32 [[S0]], 1024
; CHECK: call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK: [[S1:%.*]] = add i32 [[S0]], 1
; CHECK-NEXT: [[OVER:%.*]] = icmp uge i32 [[S1]], 3
; CHECK-NEXT: [[S1W:%.*]] = sub i32 [[S1]], 3
; CHECK-NEXT: %pl.slot.pro = select i1 [[OVER]], i32 [[S1W]], i32 [[S1]]
; CHECK: loop:
; CHECK: %pl.slot.idx = phi i32 [ [[S0]], %loop.preheader ], [ %pl.slot.rot, %latch ]
; CHECK: latch.exit_crit_edge:
; CHECK: call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT: [[SYNC]]
; CHECK: exit:
; CHECK: %last = load float, ptr %mine, align 4

; CHECK-LABEL: define {{.*}}void @strided(
; CHECK: loop.preheader:
; CHECK-NEXT: [[N:%.*]] = sext i32 %n to i64
; CHECK-NEXT: [[X:%.*]] = sub i64 [[N]], 0
; CHECK-NEXT: [[X1:%.*]] = sub i64 [[X]], 1
; CHECK-NEXT: [[NONE:%.*]] = icmp slt i64 [[X1]], 0
; CHECK-NEXT: [[Q:%.*]] = udiv i64 [[X1]], 256
; CHECK-NEXT: %pl.btc = select i1 [[NONE]], i64 0, i64 [[Q]]
; CHECK-NEXT: %pl.last.from0 = urem i64 %pl.btc, 3
; CHECK: %pl.slot.first = trunc i64 {{%.*}} to i32
; CHECK: %pl.slot.idx = phi i32 [ %pl.slot.first, %loop.preheader ], [ %pl.slot.rot, %latch ]

; CHECK-LABEL: define {{.*}}void @rows(
; CHECK: loop.preheader:
; CHECK-NEXT: [[SYNC]]
; CHECK-NEXT: %pl.last.from0 = urem i32
; CHECK: row.end:
; CHECK: %last = load float, ptr %mine, align 4

; REGS-LABEL: define {{.*}}void @unit(
; REGS: loop.preheader:
; REGS: %pl.last.from0 = urem i32 {{%.*}}, 2
; REGS: [[S0:%.*]] = urem i32 {{%.*}}, 2
; REGS: %pl.slot.idx = phi i32 [ [[S0]], %loop.preheader ], [ %pl.slot.rot, %latch ]
; REGS: latch.exit_crit_edge:
; REGS-NEXT: %split = phi
; REGS-NEXT: [[SYNC]]

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x float] undef, align 4
@tile2 = internal addrspace(3) global [256 x float] undef, align 4
@tile3 = internal addrspace(3) global [256 x float] undef, align 4
@tile4 = internal addrspace(3) global [256 x float] undef, align 4

; One step per iteration: ScalarEvolution counts the trips.
define void @unit(ptr %src, ptr %dst, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext i32 %tid to i64
  %mine = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %tid64
  %nb64 = xor i64 %tid64, 1
  %guard = icmp sgt i32 %n, 0
  br i1 %guard, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
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

; A counter that steps by the tile, `k += 256` while `k < n`: the latch
; compare counts the trips.
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
  %cmp = icmp slt i32 %k.next, %n
  br i1 %cmp, label %loop, label %exit

exit:
  %r = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %last = load float, ptr %mine, align 4
  %r2 = fadd float %r, %last
  %o = getelementptr inbounds float, ptr %dst, i64 %tid64
  store float %r2, ptr %o, align 4
  ret void
}

; The tile loop inside a loop over rows: each row's epilogue reads the last
; tile, then the next row runs the tile loop again.
define void @rows(ptr %src, ptr %dst, i32 %n, i32 %rows) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext i32 %tid to i64
  %mine = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @tile3 to ptr), i64 0, i64 %tid64
  %nb64 = xor i64 %tid64, 1
  %has = icmp sgt i32 %rows, 0
  br i1 %has, label %row, label %done

row:
  %r = phi i32 [ 0, %entry ], [ %r.next, %row.end ]
  %guard = icmp sgt i32 %n, 0
  br i1 %guard, label %loop, label %row.end

loop:
  %i = phi i32 [ 0, %row ], [ %i.next, %latch ]
  %acc = phi float [ 0.0, %row ], [ %acc.next, %latch ]
  %rb = mul i32 %r, %n
  %ib = add i32 %rb, %i
  %base = shl i32 %ib, 8
  %idx = add i32 %base, %tid
  %idx64 = zext i32 %idx to i64
  %p = getelementptr inbounds float, ptr %src, i64 %idx64
  %v = load float, ptr %p, align 4
  store float %v, ptr %mine, align 4
  call void @llvm.nvvm.barrier0()
  %q = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @tile3 to ptr), i64 0, i64 %nb64
  %w = load float, ptr %q, align 4
  %acc.next = fadd float %acc, %w
  br label %latch

latch:
  call void @llvm.nvvm.barrier0()
  %i.next = add nuw nsw i32 %i, 1
  %cmp = icmp slt i32 %i.next, %n
  br i1 %cmp, label %loop, label %row.end

row.end:
  %s = phi float [ 0.0, %row ], [ %acc.next, %latch ]
  %last = load float, ptr %mine, align 4
  %s2 = fadd float %s, %last
  %r64 = zext i32 %r to i64
  %orow = mul i64 %r64, 256
  %oi = add i64 %orow, %tid64
  %o = getelementptr inbounds float, ptr %dst, i64 %oi
  store float %s2, ptr %o, align 4
  %r.next = add nuw nsw i32 %r, 1
  %more = icmp slt i32 %r.next, %rows
  br i1 %more, label %row, label %done

done:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

attributes #0 = { "target-cpu"="sm_80" }

!nvvm.annotations = !{!0, !1, !2}
!0 = !{ptr @unit, !"kernel", i32 1}
!1 = !{ptr @strided, !"kernel", i32 1}
!2 = !{ptr @rows, !"kernel", i32 1}
