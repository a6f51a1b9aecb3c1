; A vector copy guarded per lane, x = (lanes < m) ? A[i] : 0 with a <4 x i1>
; condition: there is no single zero-fill condition for cp.async. It used to
; crash the backend; with lowering=cp.async it is declined as a conversion
; and the IR is unchanged. By default the per-lane select is a conversion of
; the loaded vector, staged through registers (REG).
; RUN: %opt -passes='cuda-pipeline<lowering=cp.async;ptxas=off>' -pass-remarks-missed=cuda-pipeline -pass-remarks-output=%t.yaml -S %s -o %t.after.ll 2>&1 | FileCheck %s
; RUN: %opt -passes=verify -S %s -o %t.before.ll
; RUN: diff %t.before.ll %t.after.ll
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; CHECK: remark: <unknown>:0:0: loop not pipelined: the copy into tile 'tile' converts the loaded value; cp.async copies bytes unchanged
; YAML: --- !Missed
; YAML-NEXT: Pass: cuda-pipeline
; YAML-NEXT: Name: ConvertedCopy
; The register lowering serves it (the cost model off: on this small loop
; a ring is a tie, and ties with staged copies are declined).
; RUN: %opt -passes='cuda-pipeline<ptxas=off;profitability=off>' -pass-remarks=cuda-pipeline -S %s -o - 2>&1 | FileCheck %s --check-prefix=REG
; REG: remark: <unknown>:0:0: pipelined loop with 2 stages:{{.*}}; registers [sm_80
; REG: define
; REG-NOT: cp.async

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x <4 x float>] undef, align 16

define void @kernel(ptr %src, ptr %dst, i32 %n, <4 x i32> %lanes, <4 x i32> %m) #0 {
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
  %p = getelementptr inbounds <4 x float>, ptr %src, i64 %idx64
  %v = load <4 x float>, ptr %p, align 16
  %mask = icmp slt <4 x i32> %lanes, %m
  %x = select <4 x i1> %mask, <4 x float> %v, <4 x float> zeroinitializer
  store <4 x float> %x, ptr %mine, align 16
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

attributes #0 = { "target-cpu"="sm_80" }

!nvvm.annotations = !{!0}
!0 = !{ptr @kernel, !"kernel", i32 1}
