; A ragged tile, x = in_bounds ? A[i] : 0, in the branch-and-phi form clang
; leaves: the copy zero-fills when the guard is false, and in the steady state
; the guard of iteration i+2 is combined with the trip-count guard.
; RUN: %opt -passes=cuda-pipeline -S %s | FileCheck %s
; CHECK-LABEL: define {{(ptx_kernel )?}}void @kernel(
; CHECK: preheader:
; CHECK: %[[G0:.*]] = icmp ult i32 %{{.*}}, 1000
; CHECK: %[[G0F:.*]] = freeze i1 %[[G0]]
; CHECK: %[[S0:.*]] = select i1 %[[G0F]], i32 4, i32 0
; CHECK: call void @llvm.nvvm.cp.async.ca.shared.global.4.s({{.*}}, i32 %[[S0]])
; CHECK: loop:
; CHECK: [[SYNC]]
; CHECK: %[[EX:.*]] = icmp uge i32 %{{.*}}, 2
; CHECK: %[[G:.*]] = icmp ult i32 %{{.*}}, 1000
; CHECK: %[[GF:.*]] = freeze i1 %[[G]]
; CHECK: %[[BOTH:.*]] = and i1 %[[EX]], %[[GF]]
; CHECK: %[[S:.*]] = select i1 %[[BOTH]], i32 4, i32 0
; CHECK: call void @llvm.nvvm.cp.async.ca.shared.global.4.s({{.*}}, i32 %[[S]])
; The conditional load and its phi are gone.
; CHECK-NOT: phi float [ %v

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x float] undef, align 4

define void @kernel(ptr %src, ptr %dst, i32 %n) #0 {
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
  %inb = icmp ult i32 %idx, 1000
  br i1 %inb, label %ld, label %merge

ld:
  %v = load float, ptr %p, align 4
  br label %merge

merge:
  %x = phi float [ %v, %ld ], [ 0.0, %loop ]
  store float %x, ptr %mine, align 4
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
  %o = getelementptr inbounds float, ptr %dst, i64 %tid64
  store float %r, ptr %o, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

attributes #0 = { "target-cpu"="sm_80" }

!nvvm.annotations = !{!0}
!0 = !{ptr @kernel, !"kernel", i32 1}
