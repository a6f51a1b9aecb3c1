; A guarded copy that fills with -INF where its guard is false: cp.async
; fills with zeros only, so lowering=cp.async declines it and the IR is
; unchanged (the default lowering stages it: rewrite/registers_convert.ll).
; RUN: %opt -passes='cuda-pipeline<lowering=cp.async>' -pass-remarks-missed=cuda-pipeline -pass-remarks-output=%t.yaml -S %s -o %t.after.ll 2>&1 | FileCheck %s
; RUN: %opt -passes=verify -S %s -o %t.before.ll
; RUN: diff %t.before.ll %t.after.ll
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; CHECK: remark: <unknown>:0:0: loop not pipelined: the guarded copy into tile 'ftile' writes a value other than zero where its guard is false; cp.async fills with zeros only
; YAML: --- !Missed
; YAML-NEXT: Pass: cuda-pipeline
; YAML-NEXT: Name: CopyFillNotZero

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@ftile = internal addrspace(3) global [256 x float] undef, align 4

; A ragged max-reduction tile: x = idx < len ? A[idx] : -INF.
define void @fill(ptr noalias %src, ptr noalias %dst, i32 %n, i32 %len) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext i32 %tid to i64
  %mine = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @ftile to ptr), i64 0, i64 %tid64
  %nb64 = xor i64 %tid64, 1
  %guard = icmp sgt i32 %n, 0
  br i1 %guard, label %preheader, label %exit

preheader:
  br label %loop

loop:
  %i = phi i32 [ 0, %preheader ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %preheader ], [ %acc.next, %loop ]
  %base = shl i32 %i, 8
  %idx = add i32 %base, %tid
  %ok = icmp slt i32 %idx, %len
  %idx64 = zext i32 %idx to i64
  %p = getelementptr inbounds float, ptr %src, i64 %idx64
  %a = load float, ptr %p, align 4
  %v = select i1 %ok, float %a, float 0xFFF0000000000000
  store float %v, ptr %mine, align 4
  call void @llvm.nvvm.barrier0()
  %q = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @ftile to ptr), i64 0, i64 %nb64
  %w = load float, ptr %q, align 4
  %acc.next = call float @llvm.maxnum.f32(float %acc, float %w)
  call void @llvm.nvvm.barrier0()
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
declare float @llvm.maxnum.f32(float, float)

attributes #0 = { "target-cpu"="sm_80" }

!nvvm.annotations = !{!0}
!0 = !{ptr @fill, !"kernel", i32 1}
