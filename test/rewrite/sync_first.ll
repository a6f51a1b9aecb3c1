; A sync-first tile loop, barrier; copy; barrier; compute, with no barrier
; at the end of the body (rotated, one block). The top barrier of iteration
; i+1 ordered compute(i) before copy(i+1), as a closing barrier would: it is
; the one removed, and the barrier after the copies is kept. Iteration 0's
; top barrier also ordered everything before the loop against its copies,
; so a barrier precedes the prologue.
; RUN: %opt -passes=cuda-pipeline -pass-remarks=cuda-pipeline -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; REMARK: remark: <unknown>:0:0: pipelined loop with 3 stages: tile 'tile' 1024 -> 3072 bytes; 1 cp.async copy of 4 bytes; removed the top barrier

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x float] undef, align 4

define void @kernel(ptr noalias %src, ptr noalias %dst, i32 %n) #0 {
; CHECK-LABEL: define {{(ptx_kernel )?}}void @kernel(
; CHECK: preheader:
; The barrier in place of iteration 0's top barrier, then the prologue.
; CHECK-NOT: cp.async
; CHECK: [[SYNC]]
; CHECK-NOT: [[SYNC_NAME]]
; CHECK: call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NEXT: call void @llvm.nvvm.cp.async.commit.group()
; CHECK: call void @llvm.nvvm.cp.async.ca.shared.global.4.s(
; CHECK-NEXT: call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT: br label %loop
; The top barrier is gone: the wait and the kept barrier come first.
; CHECK: loop:
; CHECK-NOT: [[SYNC_NAME]]
; CHECK: call void @llvm.nvvm.cp.async.wait.group(i32 1)
; CHECK-NEXT: [[SYNC]]
; CHECK-NOT: [[SYNC_NAME]]
; CHECK: call void @llvm.nvvm.cp.async.ca.shared.global.4.s(
; CHECK-NEXT: call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NOT: [[SYNC_NAME]]
; CHECK: %acc.next = fadd float %acc, %w
; CHECK-NOT: [[SYNC_NAME]]
; CHECK: br i1 %cmp, label %loop, label %[[DRAIN:.*]]
; CHECK: [[DRAIN]]:
; CHECK: call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NOT: [[SYNC_NAME]]
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
  call void @llvm.nvvm.barrier0()
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
