; A copy under two nested per-thread branches, `if (tid < 192) if (tid % 2
; == 0) tile[tid] = src[i * 192 + tid]`: its predicate has two invariant
; terms, the copy runs when tid < 192 holds and tid % 2 does not. Each
; lowering issues the next iteration's copy under both terms, with their
; own polarity.
; RUN: %opt -passes='cuda-pipeline<profitability=off>' -pass-remarks=cuda-pipeline -S %s -o %t.cp.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: %opt -passes=verify -disable-output %t.cp.ll
; RUN: FileCheck %s --check-prefix=CPASYNC < %t.cp.ll
; RUN: %opt -passes='cuda-pipeline<profitability=off;lowering=registers>' -S %s -o %t.regs.ll
; RUN: %opt -passes=verify -disable-output %t.regs.ll
; RUN: FileCheck %s --check-prefix=REGS < %t.regs.ll
; REMARK: remark: <unknown>:0:0: pipelined loop with {{[0-9]}} stages: tile 'tile'
; Every cp.async runs under mine.ok and not odd (recomputed as tid's low
; bit), each term frozen before the conjunction takes it.
; CPASYNC: [[OK:%pl.term[0-9]*]] = freeze i1 %mine.ok
; CPASYNC: [[T:%pl.term[0-9]*]] = freeze i1 %{{[0-9]+}}
; CPASYNC-NEXT: [[NOT:%pl.pred[0-9]*]] = xor i1 [[T]], true
; CPASYNC-NEXT: [[BOTH:%pl.pred[0-9]*]] = and i1 [[OK]], [[NOT]]
; CPASYNC: br i1 [[BOTH]], label
; CPASYNC: call void @llvm.nvvm.cp.async.ca.shared.global.4(
; The staged load of the steady state reads only where both terms hold.
; REGS: [[OK:%pl.term[0-9]*]] = freeze i1 %mine.ok
; REGS: [[R0:%pl.read[0-9]*]] = and i1 %pl.exists, [[OK]]
; REGS-NEXT: [[T:%pl.term[0-9]*]] = freeze i1 %{{[0-9]+}}
; REGS-NEXT: [[RN:%pl.pred[0-9]*]] = xor i1 [[T]], true
; REGS-NEXT: %pl.read{{[0-9]*}} = and i1 [[R0]], [[RN]]

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [192 x float] undef, align 4

define void @kernel(ptr noalias %src, ptr noalias %dst, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext i32 %tid to i64
  %mine = getelementptr inbounds [192 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %tid64
  %mine.ok = icmp ult i32 %tid, 192
  %nb = urem i32 %tid, 192
  %nb64 = zext i32 %nb to i64
  %guard = icmp sgt i32 %n, 0
  br i1 %guard, label %preheader, label %exit

preheader:
  br label %loop

loop:
  %i = phi i32 [ 0, %preheader ], [ %i.next, %latch ]
  %acc = phi float [ 0.0, %preheader ], [ %acc.next, %latch ]
  br i1 %mine.ok, label %even.test, label %copied

even.test:
  %odd = trunc i32 %tid to i1
  br i1 %odd, label %copied, label %docopy

docopy:
  %base = mul i32 %i, 192
  %idx = add i32 %base, %tid
  %idx64 = zext i32 %idx to i64
  %p = getelementptr inbounds float, ptr %src, i64 %idx64
  %v = load float, ptr %p, align 4
  store float %v, ptr %mine, align 4
  br label %copied

copied:
  call void @llvm.nvvm.barrier0()
  %q = getelementptr inbounds [192 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %nb64
  %w = load float, ptr %q, align 4
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
