; The smallest tile loop in the shape clang -O3 leaves it: rotated, the tile
; reached through an addrspacecast constant expression, the copy's
; destination hoisted into the preheader. Checks the whole rewrite with the
; default 3 stages: the ring and its alignment, the prologue (iteration 0
; unguarded, iteration 1 zero-filled when the trip count is 1), the steady
; state (wait_group 1, the kept barrier, the issue of iteration i+2 into the
; previous slot, commit), the slot rotation without division, the removal of
; the second barrier, and the drain on the exit edge.
; RUN: %opt -passes=cuda-pipeline -S %s | FileCheck %s

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x float] undef, align 4

; The tile global is gone; a 16-byte aligned ring of 3 slots replaces it.
; CHECK-NOT: @tile =
; CHECK: @tile.ring = internal unnamed_addr addrspace(3) global [3072 x i8] undef, align 16
; CHECK-NOT: @tile =

define void @kernel(ptr %src, ptr %dst, i32 %n) #0 {
; CHECK-LABEL: define {{(ptx_kernel )?}}void @kernel(
; Prologue, in the preheader. The hoisted destination is re-based once on
; slot 0 of the ring (at the end of the preheader, which dominates the
; loop); then iteration 0 goes into slot 0 with no guard.
; CHECK: preheader:
; CHECK: %[[AT0:.*]] = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @tile.ring to ptr), i64 0, i64 %tid64
; CHECK: call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %{{.*}}, ptr addrspace(1) %{{.*}})
; CHECK-NEXT: call void @llvm.nvvm.cp.async.commit.group()
; Iteration 1 into slot 1 (byte 1024), zero-filled unless it exists.
; CHECK: %[[EX1:.*]] = icmp ule i32 1, %[[BTC:.*]]
; CHECK: getelementptr i8, ptr %[[AT0]], i32 1024
; CHECK: %[[SZ1:.*]] = select i1 %[[EX1]], i32 4, i32 0
; CHECK: call void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3) %{{.*}}, ptr addrspace(1) %{{.*}}, i32 %[[SZ1]])
; CHECK-NEXT: call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT: br label %loop
;
; CHECK: loop:
; CHECK-NEXT: %[[ITER:.*]] = phi i32 [ 0, %preheader ], [ %[[ITERN:.*]], %loop ]
; CHECK-NEXT: %[[SLOT:.*]] = phi i32 [ 0, %preheader ], [ %[[ROT:.*]], %loop ]
; CHECK: %[[CUROFF:.*]] = mul i32 %[[SLOT]], 1024
; CHECK: %[[CUR:.*]] = getelementptr inbounds i8, ptr addrspace(3) @tile.ring, i32 %[[CUROFF]]
; The synchronous copy is gone.
; CHECK-NOT: store float
; CHECK: call void @llvm.nvvm.cp.async.wait.group(i32 1)
; CHECK-NEXT: [[SYNC]]
; Issue iteration i+2 into slot (s+2) mod 3 = s-1, or 2 when s is 0.
; CHECK-NEXT: %[[IS0:.*]] = icmp eq i32 %[[SLOT]], 0
; CHECK-NEXT: %[[PREV:.*]] = sub i32 %[[SLOT]], 1
; CHECK-NEXT: %[[FILL:.*]] = select i1 %[[IS0]], i32 2, i32 %[[PREV]]
; The address of iteration i+2: the induction variable advanced by 2 steps.
; CHECK: %[[IV2:.*]] = add i32 %i, 2
; CHECK-NEXT: %[[LEFT:.*]] = sub i32 %[[BTC]], %[[ITER]]
; CHECK-NEXT: %[[EX:.*]] = icmp uge i32 %[[LEFT]], 2
; CHECK-NEXT: shl i32 %[[IV2]], 8
; CHECK: %[[SZ:.*]] = select i1 %[[EX]], i32 4, i32 0
; CHECK: call void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3) %{{.*}}, ptr addrspace(1) %{{.*}}, i32 %[[SZ]])
; CHECK-NEXT: call void @llvm.nvvm.cp.async.commit.group()
; The compute reads the current slot.
; CHECK: load float, ptr %{{.*}}
; One barrier per iteration: the second is gone.
; CHECK-NOT: [[SYNC]]
; CHECK: %[[INC:.*]] = add i32 %[[SLOT]], 1
; CHECK-NEXT: %[[WRAP:.*]] = icmp eq i32 %[[INC]], 3
; CHECK-NEXT: %[[ROT]] = select i1 %[[WRAP]], i32 0, i32 %[[INC]]
; CHECK-NEXT: %[[ITERN]] = add i32 %[[ITER]], 1
; CHECK-NOT: {{[us]rem|[us]div}}
; Drain on the exit edge; nothing shared follows, so no barrier.
; CHECK: call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NOT: [[SYNC]]
; CHECK: ret void
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
  %i = phi i32 [ 0, %preheader ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %preheader ], [ %acc.next, %loop ]
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
declare void @llvm.nvvm.barrier0()

attributes #0 = { "target-cpu"="sm_80" }

!nvvm.annotations = !{!0}
!0 = !{ptr @kernel, !"kernel", i32 1}
