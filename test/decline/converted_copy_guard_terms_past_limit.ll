; A halo copy whose zero-fill guard has ten terms, one select each, past
; PL_MAX_GUARD_TERMS (8): the pass reads eight as a guard and the selects
; past them as a conversion of the load. With lowering=cp.async the
; loop is declined as ConvertedCopy, unchanged, and the analysis remark names
; the limit; with eight terms (EIGHT, two selects skipped by sed) the
; copy is one zero-filling cp.async. By default (lowering=auto) the copy is
; staged through registers (REG; the model aside).
; RUN: %opt -passes='cuda-pipeline<lowering=cp.async>' -pass-remarks-missed=cuda-pipeline -pass-remarks-analysis=cuda-pipeline -S %s -o %t.after.ll 2>&1 | FileCheck %s
; RUN: %opt -passes=verify -S %s -o %t.before.ll
; RUN: diff %t.before.ll %t.after.ll
; CHECK: remark: <unknown>:0:0: loop not pipelined: the copy into tile 'tile' converts the loaded value
; CHECK: remark: <unknown>:0:0: loop not pipelined: the copy's zero-fill guard has more than 8 terms (PL_MAX_GUARD_TERMS), the most the pass reads as a guard
; RUN: sed -e 's/float %%s8, float 0.0/float %%s6, float 0.0/' %s > %t.eight.ll
; RUN: %opt -passes='cuda-pipeline<lowering=cp.async>' -pass-remarks=cuda-pipeline -pass-remarks-missed=cuda-pipeline -S %t.eight.ll -o - 2>&1 | FileCheck %s --check-prefix=EIGHT
; EIGHT: remark: <unknown>:0:0: pipelined loop with 3 stages: tile 'tile' 1024 -> 3072 bytes; 1 cp.async copy of 4 bytes
; EIGHT: call void @llvm.nvvm.cp.async.ca.shared.global.4.s(
; RUN: %opt -passes='cuda-pipeline<profitability=off>' -pass-remarks=cuda-pipeline -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REG
; REG: remark: <unknown>:0:0: pipelined loop with 2 stages: {{.*}}1 staged through 1 register
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
@tile = internal addrspace(3) global [256 x float] undef, align 4
define void @kernel(ptr noalias %src, ptr noalias %dst, i32 %n, i32 %h, i32 %w, i32 %c) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext i32 %tid to i64
  %mine = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %tid64
  %nb = xor i32 %tid, 1
  %nb64 = zext i32 %nb to i64
  %cin = icmp ult i32 %c, %w
  %guard = icmp sgt i32 %n, 0
  br i1 %guard, label %preheader, label %exit
preheader:
  br label %loop
loop:
  %i = phi i32 [ 0, %preheader ], [ %i.next, %latch ]
  %acc = phi float [ 0.0, %preheader ], [ %acc.next, %latch ]
  %r = add i32 %i, %tid
  %rin = icmp ult i32 %r, %h
  %rw = mul i32 %r, %w
  %idx = add i32 %rw, %c
  %idx64 = zext i32 %idx to i64
  %p = getelementptr inbounds float, ptr %src, i64 %idx64
  %v = load float, ptr %p, align 4
  %rk0 = add i32 %r, 0
  %c0 = icmp ult i32 %rk0, %h
  %rk1 = add i32 %r, 1
  %c1 = icmp ult i32 %rk1, %h
  %rk2 = add i32 %r, 2
  %c2 = icmp ult i32 %rk2, %h
  %rk3 = add i32 %r, 3
  %c3 = icmp ult i32 %rk3, %h
  %rk4 = add i32 %r, 4
  %c4 = icmp ult i32 %rk4, %h
  %rk5 = add i32 %r, 5
  %c5 = icmp ult i32 %rk5, %h
  %rk6 = add i32 %r, 6
  %c6 = icmp ult i32 %rk6, %h
  %rk7 = add i32 %r, 7
  %c7 = icmp ult i32 %rk7, %h
  %rk8 = add i32 %r, 8
  %c8 = icmp ult i32 %rk8, %h
  %s0 = select i1 %c0, float %v, float 0.0
  %s1 = select i1 %c1, float %s0, float 0.0
  %s2 = select i1 %c2, float %s1, float 0.0
  %s3 = select i1 %c3, float %s2, float 0.0
  %s4 = select i1 %c4, float %s3, float 0.0
  %s5 = select i1 %c5, float %s4, float 0.0
  %s6 = select i1 %c6, float %s5, float 0.0
  %s7 = select i1 %c7, float %s6, float 0.0
  %s8 = select i1 %c8, float %s7, float 0.0
  %x = select i1 %cin, float %s8, float 0.0
  store float %x, ptr %mine, align 4
  call void @llvm.nvvm.barrier0()
  %q = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %nb64
  %y = load float, ptr %q, align 4
  %acc.next = fadd float %acc, %y
  br label %latch
latch:
  call void @llvm.nvvm.barrier0()
  %i.next = add nuw nsw i32 %i, 1
  %cmp = icmp slt i32 %i.next, %n
  br i1 %cmp, label %loop, label %exit
exit:
  %res = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %o = getelementptr inbounds float, ptr %dst, i64 %tid64
  store float %res, ptr %o, align 4
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
attributes #0 = { "target-cpu"="sm_80" }
!nvvm.annotations = !{!0}
!0 = !{ptr @kernel, !"kernel", i32 1}
