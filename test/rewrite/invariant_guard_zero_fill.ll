; A copy under a loop-invariant branch taken when the condition is false
; (`if (tid >= 192) skip; else tile[tid] = k < m ? src[k] : 0`): the
; predicate is negated, and the ragged-edge guard inside it still
; zero-fills (src-size 0 when k >= m), both in one cp.async.
; RUN: %opt -passes='cuda-pipeline<profitability=off>' -pass-remarks=cuda-pipeline -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %opt -passes='cuda-pipeline<profitability=off>',verify -disable-output %s
; REMARK: remark: <unknown>:0:0: pipelined loop with 3 stages

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [192 x float] undef, align 4

define void @kernel(ptr noalias %src, ptr noalias %dst, i32 %n, i32 %m) #0 {
; CHECK-LABEL: define {{(ptx_kernel )?}}void @kernel(
; Iteration 0 in the prologue: the zero-fill guard in src-size, the
; negated predicate around the cp.async.
; CHECK: preheader:
; CHECK: %[[F0:.*]] = freeze i1 %skip
; CHECK-NEXT: %[[NOT0:.*]] = xor i1 %[[F0]], true
; CHECK: %[[SZ0:.*]] = select i1 %{{.*}}, i32 4, i32 0
; CHECK-NEXT: br i1 %[[NOT0]], label %[[T0:.*]], label %[[C0:.*]]
; CHECK: [[T0]]:
; CHECK-NEXT: call void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3) %{{.*}}, ptr addrspace(1) %{{.*}}, i32 %[[SZ0]])
; CHECK: loop:
; CHECK: [[SYNC]]
; CHECK: %[[F:.*]] = freeze i1 %skip
; CHECK-NEXT: %[[NOT:.*]] = xor i1 %[[F]], true
; CHECK: %[[INB:.*]] = icmp slt i32 %{{.*}}, %m
; CHECK-NEXT: %[[INBF:.*]] = freeze i1 %[[INB]]
; CHECK-NEXT: %[[G:.*]] = and i1 %pl.exists{{.*}}, %[[INBF]]
; CHECK: %[[SZ:.*]] = select i1 %[[G]], i32 4, i32 0
; CHECK-NEXT: br i1 %[[NOT]], label %[[T:.*]], label %[[C:.*]]
; CHECK: [[T]]:
; CHECK-NEXT: call void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3) %{{.*}}, ptr addrspace(1) %{{.*}}, i32 %[[SZ]])
; CHECK-NEXT: br label %[[C]]
; CHECK: [[C]]:
; CHECK-NEXT: call void @llvm.nvvm.cp.async.commit.group()
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext i32 %tid to i64
  %mine = getelementptr inbounds [192 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %tid64
  %skip = icmp uge i32 %tid, 192
  %nb = urem i32 %tid, 192
  %nb64 = zext i32 %nb to i64
  %guard = icmp sgt i32 %n, 0
  br i1 %guard, label %preheader, label %exit

preheader:
  br label %loop

loop:
  %i = phi i32 [ 0, %preheader ], [ %i.next, %latch ]
  %acc = phi float [ 0.0, %preheader ], [ %acc.next, %latch ]
  br i1 %skip, label %copied, label %docopy

docopy:
  %base = mul i32 %i, 192
  %idx = add i32 %base, %tid
  %inb = icmp slt i32 %idx, %m
  %idx64 = zext i32 %idx to i64
  %p = getelementptr inbounds float, ptr %src, i64 %idx64
  %v = load float, ptr %p, align 4
  %x = select i1 %inb, float %v, float 0.0
  store float %x, ptr %mine, align 4
  br label %copied

copied:
  call void @llvm.nvvm.barrier0()
  %q = getelementptr inbounds [192 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %nb64
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
