; A copy whose source walks with a pointer induction variable whose step is a
; runtime value fixed for the loop (B += 32 * ld floats each iteration, ld a
; kernel argument): ScalarEvolution sees {src,+,(128 * ld)}, the step is
; expanded once in the preheader (in bytes), and the address of iteration
; k is the pointer advanced by k steps, in the pointer's own arithmetic.
; RUN: %opt -passes=cuda-pipeline -S %s | FileCheck %s
; CHECK-LABEL: preheader:
; CHECK: [[STEP:%[0-9]+]] = shl nsw i64 %ld64, 7
; CHECK: call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK: [[P1:%pl.iv[0-9]*]] = getelementptr i8, ptr %src, i64 [[STEP]]
; CHECK: getelementptr float, ptr [[P1]], i64 %tid64
; CHECK: call void @llvm.nvvm.cp.async.ca.shared.global.4.s(
; CHECK-LABEL: loop:
; CHECK: [[SYNC]]
; CHECK: [[TWO:%[0-9]+]] = mul i64 [[STEP]], 2
; CHECK: [[P2:%pl.iv[0-9]*]] = getelementptr i8, ptr %ptr, i64 [[TWO]]
; CHECK: getelementptr float, ptr [[P2]], i64 %tid64
; CHECK: call void @llvm.nvvm.cp.async.ca.shared.global.4.s(
; CHECK-LABEL: latch:
; CHECK-NOT: [[SYNC]]
; CHECK: %ptr.next = getelementptr inbounds float, ptr %ptr, i64 %rows
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x float] undef, align 4

define void @kernel(ptr noalias %src, ptr noalias %dst, i32 %n, i32 %ld) #0 {
entry:
  %ld64 = sext i32 %ld to i64
  %rows = shl nsw i64 %ld64, 5
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
  %ptr = phi ptr [ %src, %preheader ], [ %ptr.next, %latch ]
  %pt = getelementptr inbounds float, ptr %ptr, i64 %tid64
  %v = load float, ptr %pt, align 4
  store float %v, ptr %mine, align 4
  call void @llvm.nvvm.barrier0()
  %q = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %nb64
  %w = load float, ptr %q, align 4
  %acc.next = fadd float %acc, %w
  br label %latch

latch:
  call void @llvm.nvvm.barrier0()
  %ptr.next = getelementptr inbounds float, ptr %ptr, i64 %rows
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
