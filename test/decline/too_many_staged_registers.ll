; The register lowering holds what a thread loads for the next iteration in
; registers across the whole compute. Forced on a 16-byte copy (4 registers)
; under max-staged-regs=3 the loop is declined, and the remark gives the
; count; the IR is unchanged.
; RUN: %opt -passes='cuda-pipeline<lowering=registers;max-staged-regs=3;ptxas=off>' -pass-remarks-missed=cuda-pipeline -pass-remarks-analysis=cuda-pipeline -pass-remarks-output=%t.yaml -S %s -o %t.after.ll 2>&1 | FileCheck %s
; RUN: %opt -passes=verify -S %s -o %t.before.ll
; RUN: diff %t.before.ll %t.after.ll
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; CHECK: remark: <unknown>:0:0: loop not pipelined: the register lowering would stage 4 registers per thread, over the limit of 3; raise max-staged-regs or copy less per thread
; CHECK: remark: <unknown>:0:0: loop not pipelined: 1 of the 1 copies go through registers (lowering=registers on sm_80)
; YAML: --- !Missed
; YAML-NEXT: Pass: cuda-pipeline
; YAML-NEXT: Name: TooManyStagedRegisters
; At the limit it is pipelined:
; RUN: %opt -passes='cuda-pipeline<lowering=registers;max-staged-regs=4;ptxas=off;profitability=off>' -pass-remarks=cuda-pipeline -disable-output %s 2>&1 | FileCheck %s --check-prefix=AT
; AT: pipelined loop with 2 stages

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
  %p = getelementptr inbounds <4 x float>, ptr %src, i64 %idx64
  call void @llvm.memcpy.p0.p0.i64(ptr align 2 %mine, ptr align 16 %p, i64 16, i1 false)
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
