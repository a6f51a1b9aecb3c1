; A copy under a per-thread condition that is the same on every iteration
; (`if (tid < 192) tile[tid] = src[i * 192 + tid]`, 256 threads): the same
; threads fill the same bytes of every slot. The cp.async is predicated on
; the condition (frozen) -- a branch around it, in the prologue and in the
; steady state -- never zero-filled when the condition is false: another thread
; may own those bytes. Only a later iteration that may not exist uses
; src-size 0.
; RUN: %opt -passes='cuda-pipeline<profitability=off>' -pass-remarks=cuda-pipeline -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %opt -passes='cuda-pipeline<profitability=off>',verify -disable-output %s
; REMARK: remark: <unknown>:0:0: pipelined loop with 3 stages: tile 'tile' 768 -> 2304 bytes; 1 cp.async copy of 4 bytes; removed the second barrier

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [192 x float] undef, align 4

define void @kernel(ptr noalias %src, ptr noalias %dst, i32 %n) #0 {
; CHECK-LABEL: define {{(ptx_kernel )?}}void @kernel(
; Prologue: iteration 0 under the predicate, with no src-size operand.
; CHECK: preheader:
; CHECK: %[[P0:pl.term[0-9]*]] = freeze i1 %mine.ok
; CHECK: br i1 %[[P0]], label %[[T0:.*]], label %[[C0:.*]]
; CHECK: [[T0]]:
; CHECK-NEXT: call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %{{.*}}, ptr addrspace(1) %{{.*}})
; CHECK-NEXT: br label %[[C0]]
; CHECK: [[C0]]:
; CHECK-NEXT: call void @llvm.nvvm.cp.async.commit.group()
; Iteration 1: zero-filled only when it does not exist, and only under the
; predicate; the commit is outside it, so every thread commits.
; CHECK: %[[P1:pl.term[0-9]*]] = freeze i1 %mine.ok
; CHECK: %[[SZ1:.*]] = select i1 %pl.exists, i32 4, i32 0
; CHECK-NEXT: br i1 %[[P1]], label %[[T1:.*]], label %[[C1:.*]]
; CHECK: [[T1]]:
; CHECK-NEXT: call void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3) %{{.*}}, ptr addrspace(1) %{{.*}}, i32 %[[SZ1]])
; CHECK-NEXT: br label %[[C1]]
; CHECK: [[C1]]:
; CHECK-NEXT: call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT: br label %loop
; Steady state: wait, the kept barrier, then iteration i+2 under the
; predicate.
; CHECK: call void @llvm.nvvm.cp.async.wait.group(i32 1)
; CHECK-NEXT: [[SYNC]]
; CHECK: %[[P2:pl.term[0-9]*]] = freeze i1 %mine.ok
; CHECK: %[[SZ:.*]] = select i1 %pl.exists{{.*}}, i32 4, i32 0
; CHECK-NEXT: br i1 %[[P2]], label %[[T2:.*]], label %[[C2:.*]]
; CHECK: [[T2]]:
; CHECK-NEXT: call void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3) %{{.*}}, ptr addrspace(1) %{{.*}}, i32 %[[SZ]])
; CHECK-NEXT: br label %[[C2]]
; CHECK: [[C2]]:
; CHECK-NEXT: call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NOT: store float
; CHECK-NOT: [[SYNC]]
; CHECK: call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK: ret void
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext i32 %tid to i64
  %mine = getelementptr inbounds [192 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %tid64
  %mine.ok = icmp ult i32 %tid, 192
  %nb = urem i32 %tid, 192
  %nb64 = zext i32 %nb to i64
  %guard = icmp sgt i32 %n, 0
  br i1 %guard, label %preheader, label %exit

preheader:
  br label %loop

loop:
  %i = phi i32 [ 0, %preheader ], [ %i.next, %latch ]
  %acc = phi float [ 0.0, %preheader ], [ %acc.next, %latch ]
  br i1 %mine.ok, label %docopy, label %copied

docopy:
  %base = mul i32 %i, 192
  %idx = add i32 %base, %tid
  %idx64 = zext i32 %idx to i64
  %p = getelementptr inbounds float, ptr %src, i64 %idx64
  %v = load float, ptr %p, align 4
  store float %v, ptr %mine, align 4
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
