; for (unsigned k = K; k >= B; k -= 32), B known only at run time. ScalarEvolution
; gives up, and one latch compare in twice the width would be exact only if k
; could not wrap; an unsigned decrement may wrap (no nuw). So the rewrite asks
; "does iteration i+k exist?" as the loop itself would: iteration j+1 exists
; when iteration j does and the latch compare holds on k(j+1), in 32-bit
; wrapping arithmetic. Iteration i+2 (3 stages) exists when both
; k(i+1) >= B and k(i+2) >= B: wherever k wraps, the copies follow the loop.
; (This loop was once declined; before that, iterations past the end were
; issued as real copies from far out of bounds.)
; RUN: %opt -passes=cuda-pipeline -S %s | FileCheck %s
; CHECK-LABEL: preheader:
; CHECK: [[K1:%pl.iv[0-9]*]] = add i32 %n, -32
; CHECK: [[C1:%pl.cont[0-9]*]] = icmp uge i32 [[K1]], %b
; CHECK: select i1 [[C1]], i32 4, i32 0
; CHECK-LABEL: loop:
; CHECK: [[SYNC]]
; CHECK: [[L2:%pl.iv[0-9]*]] = add i32 %i, -64
; CHECK-NEXT: [[L1:%pl.iv[0-9]*]] = add i32 %i, -32
; CHECK-NEXT: [[D1:%pl.cont[0-9]*]] = icmp uge i32 [[L1]], %b
; CHECK-NEXT: [[D2:%pl.cont[0-9]*]] = icmp uge i32 [[L2]], %b
; CHECK-NEXT: [[E:%pl.exists[0-9]*]] = and i1 [[D1]], [[D2]]
; CHECK: select i1 [[E]], i32 4, i32 0
; CHECK-NOT: zext i32 %i
; CHECK-LABEL: latch:

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x float] undef, align 4

define void @kernel(ptr %src, ptr %dst, i32 %n, i32 %b) #0 {
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
  %i = phi i32 [ %n, %preheader ], [ %i.next, %latch ]
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
  %i.next = add i32 %i, -32
  %cmp = icmp uge i32 %i.next, %b
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
