; for (k = 0; k < n; k += step), step a kernel argument (a split-K walk):
; ScalarEvolution sees {0,+,%step} but cannot count the trips of a stride
; of unknown sign, and one latch compare would need the direction. The IV
; maps to k + 2 * step for iteration i+2, and iteration i+2 exists when the
; latch compare holds on k(i+1) and on k(i+2), in 32-bit arithmetic: exact
; whatever the sign of step.
; RUN: %opt -passes=cuda-pipeline -S %s | FileCheck %s
; CHECK-LABEL: preheader:
; CHECK: call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK: [[K1:%pl.iv[0-9]*]] = add i32 0, %step
; CHECK-NEXT: [[C1:%pl.cont[0-9]*]] = icmp slt i32 [[K1]], %n
; CHECK: select i1 [[C1]], i32 4, i32 0
; CHECK-LABEL: loop:
; CHECK: [[SYNC]]
; CHECK: [[L1:%pl.iv[0-9]*]] = add i32 %i, %step
; CHECK-NEXT: [[D1:%pl.cont[0-9]*]] = icmp slt i32 [[L1]], %n
; CHECK-NEXT: [[TWO:%[0-9]+]] = mul i32 %step, 2
; CHECK-NEXT: [[L2:%pl.iv[0-9]*]] = add i32 %i, [[TWO]]
; CHECK-NEXT: [[D2:%pl.cont[0-9]*]] = icmp slt i32 [[L2]], %n
; CHECK-NEXT: [[E:%pl.exists[0-9]*]] = and i1 [[D1]], [[D2]]
; CHECK-NEXT: add i32 [[L2]], %tid
; CHECK: select i1 [[E]], i32 4, i32 0
; CHECK-LABEL: latch:
; CHECK-NOT: [[SYNC]]
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x float] undef, align 4

define void @kernel(ptr noalias %src, ptr noalias %dst, i32 %n, i32 %step) #0 {
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
  %idx = add nsw i32 %i, %tid
  %idx64 = sext i32 %idx to i64
  %pt = getelementptr inbounds float, ptr %src, i64 %idx64
  %v = load float, ptr %pt, align 4
  store float %v, ptr %mine, align 4
  call void @llvm.nvvm.barrier0()
  %q = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %nb64
  %w = load float, ptr %q, align 4
  %acc.next = fadd float %acc, %w
  br label %latch

latch:
  call void @llvm.nvvm.barrier0()
  %i.next = add nsw i32 %i, %step
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
