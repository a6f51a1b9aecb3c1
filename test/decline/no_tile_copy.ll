; A loop with barriers but no copy into shared memory and no read of global
; memory is not a tile loop: said under -pass-remarks-analysis only
; (NotTileLoop), nothing under -pass-remarks-missed, and the IR unchanged.
; RUN: %opt -passes=cuda-pipeline -pass-remarks-missed=cuda-pipeline -S %s -o /dev/null 2>&1 | count 0
; RUN: %opt -passes=cuda-pipeline -pass-remarks-analysis=cuda-pipeline -pass-remarks-output=%t.yaml -S %s -o %t.after.ll 2>&1 | FileCheck %s
; RUN: %opt -passes=verify -S %s -o %t.before.ll
; RUN: diff %t.before.ll %t.after.ll
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; CHECK: remark: <unknown>:0:0: loop not pipelined: not a tile loop: the loop reads only __shared__ memory and its own arrays (a reduction, a scan or an exchange), so there is no load from global memory to issue ahead
; YAML: --- !Analysis
; YAML-NEXT: Pass: cuda-pipeline
; YAML-NEXT: Name: NotTileLoop

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
  call void @llvm.nvvm.barrier0()
  %acc.next = fadd float %acc, 1.0
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
