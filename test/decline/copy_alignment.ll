; A 16-byte copy whose source is only 4-byte aligned: the IR says align 4 and
; known bits prove no more, so cp.async cannot be used (lowering=cp.async
; declines, IR unchanged); by default it goes through registers (REG).
; RUN: %opt -passes='cuda-pipeline<lowering=cp.async;ptxas=off>' -pass-remarks-missed=cuda-pipeline -pass-remarks-output=%t.yaml -S %s -o %t.after.ll 2>&1 | FileCheck %s
; RUN: %opt -passes=verify -S %s -o %t.before.ll
; RUN: diff %t.before.ll %t.after.ll
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; CHECK: remark: <unknown>:0:0: loop not pipelined: the source of a 16-byte copy into tile 'tile' is only 4-byte aligned
; YAML: --- !Missed
; YAML-NEXT: Pass: cuda-pipeline
; YAML-NEXT: Name: CopyAlignment
; The register lowering serves it (the cost model off: on this small loop
; a ring is a tie, and ties with staged copies are declined).
; RUN: %opt -passes='cuda-pipeline<ptxas=off;profitability=off>' -pass-remarks=cuda-pipeline -S %s -o - 2>&1 | FileCheck %s --check-prefix=REG
; REG: remark: <unknown>:0:0: pipelined loop with 2 stages:{{.*}}; registers [sm_80
; REG: define
; REG-NOT: cp.async

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x <4 x float>] undef, align 16

define void @kernel(ptr %src, ptr %dst, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext i32 %tid to i64
  %mine = getelementptr inbounds [256 x <4 x float>], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %tid64
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
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %mine, ptr align 4 %p, i64 16, i1 false)
  call void @llvm.nvvm.barrier0()
  %q = getelementptr inbounds [256 x <4 x float>], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %nb64
  %wv = load <4 x float>, ptr %q, align 16
  %w = extractelement <4 x float> %wv, i32 0
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
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
attributes #0 = { "target-cpu"="sm_80" }

!nvvm.annotations = !{!0}
!0 = !{ptr @kernel, !"kernel", i32 1}
