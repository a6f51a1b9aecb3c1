; A halo copy padded with two different values: `v = 0; if (r < h) { v =
; -INFINITY; if (c < w) v = src[..]; }`, the rows past the image zeros and
; the columns -INFINITY. Each of cp.async and the register lowering writes
; one value where a copy's guard fails (zeros, or one constant:
; rewrite/cp_async_fill.ll), so the loop is declined with a remark naming
; the fill value, and its IR is unchanged.
; RUN: %opt -passes=cuda-pipeline -pass-remarks-missed=cuda-pipeline -pass-remarks-output=%t.yaml -S %s -o %t.after.ll 2>&1 | FileCheck %s
; RUN: %opt -passes=verify -S %s -o %t.before.ll
; RUN: diff %t.before.ll %t.after.ll
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; CHECK: remark: <unknown>:0:0: loop not pipelined: the copy into tile 'tile' writes -INFINITY on some paths where it loads nothing and another constant on others; a copy may write one value where its guard fails; write the same value on every such path
; YAML: --- !Missed
; YAML-NEXT: Pass: cuda-pipeline
; YAML-NEXT: Name: NonZeroFill

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
  br i1 %rin, label %colcheck, label %merge

colcheck:
  br i1 %cin, label %load, label %merge

load:
  %rw = mul i32 %r, %w
  %idx = add i32 %rw, %c
  %idx64 = zext i32 %idx to i64
  %p = getelementptr inbounds float, ptr %src, i64 %idx64
  %v = load float, ptr %p, align 4
  br label %merge

merge:
  %x = phi float [ 0.0, %loop ], [ 0xFFF0000000000000, %colcheck ], [ %v, %load ]
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
