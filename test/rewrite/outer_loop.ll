; The tile loop nested in an outer (batch) loop: the loop can run again, and
; its prologue would refill the ring while slow threads still read the last
; slot, so the exit gets wait_group 0 and a barrier. The outer loop itself is
; declined.
; RUN: %opt -passes=cuda-pipeline -pass-remarks=cuda-pipeline -pass-remarks-missed=cuda-pipeline -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; REMARK-DAG: remark: <unknown>:0:0: loop not pipelined: no copy from global memory into a __shared__ tile opens the loop body
; REMARK-DAG: remark: <unknown>:0:0: pipelined loop with 3 stages
; CHECK: call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT: [[SYNC]]

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x float] undef, align 4

define void @kernel(ptr noalias %src, ptr noalias %dst, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext i32 %tid to i64
  %mine = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %tid64
  %nb64 = xor i64 %tid64, 1
  %guard = icmp sgt i32 %n, 0
  br i1 %guard, label %outer, label %exit

outer:
  %b = phi i32 [ 0, %entry ], [ %b.next, %outer.latch ]
  br label %loop

loop:
  %i = phi i32 [ 0, %outer ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %outer ], [ %acc.next, %loop ]
  %base = shl i32 %i, 8
  %bb = add i32 %base, %b
  %idx = add i32 %bb, %tid
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
  %ob = zext i32 %b to i64
  %o = getelementptr inbounds float, ptr %dst, i64 %ob
  store float %acc.next, ptr %o, align 4
  %b.next = add nuw nsw i32 %b, 1
  %bc = icmp slt i32 %b.next, 4
  br i1 %bc, label %outer, label %exit

exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

attributes #0 = { "target-cpu"="sm_80" }

!nvvm.annotations = !{!0}
!0 = !{ptr @kernel, !"kernel", i32 1}
