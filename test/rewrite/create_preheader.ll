; The tile loop inside an outer (batch) loop, entered straight from the
; outer header's conditional branch, as clang -O3 leaves a K loop guarded
; by `K > 0`: it has no preheader. The pass makes one, as LoopSimplify does
; (llvm::InsertPreheaderForLoop), only once the loop is sure to be
; pipelined, and the prologue goes there, run each time the outer loop
; enters the tile loop. The loop can run again, so the exit drains with a
; barrier.
; RUN: %opt -passes=cuda-pipeline -pass-remarks=cuda-pipeline -pass-remarks-missed=cuda-pipeline -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %opt -passes=cuda-pipeline,verify -disable-output %s
; REMARK-DAG: remark: <unknown>:0:0: loop not pipelined: no copy from global memory into a __shared__ tile opens the loop body
; REMARK-DAG: remark: <unknown>:0:0: pipelined loop with 3 stages
; REMARK-NOT: no preheader

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x float] undef, align 4

define void @kernel(ptr noalias %src, ptr noalias %dst, i32 %n, i32 %batch) #0 {
; CHECK-LABEL: define {{(ptx_kernel )?}}void @kernel(
; CHECK: outer:
; CHECK: br i1 %kpos, label %[[PH:.*]], label %outer.latch
; CHECK: [[PH]]:
; CHECK: call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK-NEXT: call void @llvm.nvvm.cp.async.commit.group()
; CHECK: call void @llvm.nvvm.cp.async.ca.shared.global.4.s(
; CHECK-NEXT: call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NEXT: br label %loop
; CHECK: loop:
; CHECK-NEXT: %pl.iter = phi i32 [ 0, %[[PH]] ]
; CHECK: call void @llvm.nvvm.cp.async.wait.group(i32 1)
; CHECK-NEXT: [[SYNC]]
; CHECK: call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT: [[SYNC]]
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext i32 %tid to i64
  %mine = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %tid64
  %nb64 = xor i64 %tid64, 1
  %kpos = icmp sgt i32 %n, 0
  %any = icmp sgt i32 %batch, 0
  br i1 %any, label %outer, label %exit

outer:
  %b = phi i32 [ 0, %entry ], [ %b.next, %outer.latch ]
  %bias = sitofp i32 %b to float
  br i1 %kpos, label %loop, label %outer.latch

loop:
  %i = phi i32 [ 0, %outer ], [ %i.next, %loop ]
  %acc = phi float [ %bias, %outer ], [ %acc.next, %loop ]
  %base = shl i32 %i, 8
  %bb = mul i32 %b, %n
  %row = shl i32 %bb, 8
  %off = add i32 %base, %row
  %idx = add i32 %off, %tid
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
  br i1 %cmp, label %loop, label %outer.latch

outer.latch:
  %r = phi float [ %bias, %outer ], [ %acc.next, %loop ]
  %ob = zext i32 %b to i64
  %o = getelementptr inbounds float, ptr %dst, i64 %ob
  store float %r, ptr %o, align 4
  %b.next = add nuw nsw i32 %b, 1
  %bc = icmp slt i32 %b.next, %batch
  br i1 %bc, label %outer, label %exit

exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

attributes #0 = { "target-cpu"="sm_80" }

!nvvm.annotations = !{!0}
!0 = !{ptr @kernel, !"kernel", i32 1}
