; A copy under nine nested per-thread branches (`if (tid < 1000) if (tid <
; 999) ...`): a predicate may have PL_MAX_GUARD_TERMS (8) terms, so the
; ninth is one too many: declined as a guard shape, the IR unchanged.
; RUN: %opt -passes='cuda-pipeline<profitability=off>' -pass-remarks-missed=cuda-pipeline -S %s -o %t.after.ll 2>&1 | FileCheck %s
; RUN: %opt -passes=verify -S %s -o %t.before.ll
; RUN: diff %t.before.ll %t.after.ll
; CHECK: remark: <unknown>:0:0: loop not pipelined: the copy into tile 'tile' runs under conditions that are not a chain of two-way branches
; Eight levels are one predicate of eight terms:
; RUN: sed -e 's/br i1 %c8, label %docopy, label %copied/br label %docopy/' %s | %opt -passes='cuda-pipeline<profitability=off>' -pass-remarks=cuda-pipeline -S -o %t.eight.ll 2>&1 | FileCheck %s --check-prefix=EIGHT
; RUN: %opt -passes=verify -disable-output %t.eight.ll
; EIGHT: remark: <unknown>:0:0: pipelined loop with {{[0-9]}} stages: tile 'tile'

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [1024 x float] undef, align 4

define void @kernel(ptr noalias %src, ptr noalias %dst, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext i32 %tid to i64
  %mine = getelementptr inbounds [1024 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %tid64
  %c0 = icmp ult i32 %tid, 1000
  %c1 = icmp ult i32 %tid, 999
  %c2 = icmp ult i32 %tid, 998
  %c3 = icmp ult i32 %tid, 997
  %c4 = icmp ult i32 %tid, 996
  %c5 = icmp ult i32 %tid, 995
  %c6 = icmp ult i32 %tid, 994
  %c7 = icmp ult i32 %tid, 993
  %c8 = icmp ult i32 %tid, 992
  %guard = icmp sgt i32 %n, 0
  br i1 %guard, label %preheader, label %exit

preheader:
  br label %loop

loop:
  %i = phi i32 [ 0, %preheader ], [ %i.next, %latch ]
  %acc = phi float [ 0.0, %preheader ], [ %acc.next, %latch ]
  br i1 %c0, label %l1, label %copied

l1:
  br i1 %c1, label %l2, label %copied

l2:
  br i1 %c2, label %l3, label %copied

l3:
  br i1 %c3, label %l4, label %copied

l4:
  br i1 %c4, label %l5, label %copied

l5:
  br i1 %c5, label %l6, label %copied

l6:
  br i1 %c6, label %l7, label %copied

l7:
  br i1 %c7, label %l8, label %copied

l8:
  br i1 %c8, label %docopy, label %copied

docopy:
  %base = mul i32 %i, 1024
  %idx = add i32 %base, %tid
  %idx64 = zext i32 %idx to i64
  %p = getelementptr inbounds float, ptr %src, i64 %idx64
  %v = load float, ptr %p, align 4
  store float %v, ptr %mine, align 4
  br label %copied

copied:
  call void @llvm.nvvm.barrier0()
  %w = load float, ptr %mine, align 4
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
