; A copy under two nested branches (`if (ty == 0) if (i % 2 == 0) ...`):
; its predicate has two terms, and the inner one changes from iteration to
; iteration without writing zeros, so a ring slot would keep stale data;
; the outer one reads a thread index the destination does not (threadIdx.y),
; so no fix-up from the slot before can serve (threads that write the same
; bytes might disagree on a skip): as a ring it is declined, and the IR is
; unchanged. (With `tid < 192` outside, rewrite/straight_skips.cu.)
; RUN: %opt -passes='cuda-pipeline<in-place=off>' -pass-remarks-missed=cuda-pipeline -pass-remarks-output=%t.yaml -S %s -o %t.after.ll 2>&1 | FileCheck %s
; RUN: %opt -passes=verify -S %s -o %t.before.ll
; RUN: diff %t.before.ll %t.after.ll
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; CHECK: remark: <unknown>:0:0: loop not pipelined: the copy into tile 'tile' runs under a condition that changes from iteration to iteration and writes no zeros otherwise
; YAML: --- !Missed
; YAML-NEXT: Pass: cuda-pipeline
; YAML-NEXT: Name: ConditionalCopy
; In place (the default) the store stays under both conditions in its own
; iteration, and the load of iteration i+1 runs where both hold for i+1.
; RUN: %opt -passes=cuda-pipeline -pass-remarks=cuda-pipeline -S %s -o %t.inplace.ll 2>&1 | FileCheck %s --check-prefix=IN-PLACE
; RUN: %opt -passes=verify -disable-output %t.inplace.ll
; RUN: FileCheck %s --check-prefix=IN-PLACE-IR < %t.inplace.ll
; IN-PLACE: remark: {{.*}}pipelined loop in place (1 slot, the tiles and both barriers kept): tile 'tile'; 1 copy loaded one iteration ahead into 1 register; no ring: the copy into tile 'tile' runs under a condition that changes
; IN-PLACE-IR: %[[OK:pl.term[0-9]*]] = freeze i1 %mine.ok
; IN-PLACE-IR: pl.ahead.cond{{[0-9]*}} = and i1 %[[OK]]
; IN-PLACE-IR: pl.ahead.cur = phi

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [192 x float] undef, align 4

define void @kernel(ptr noalias %src, ptr noalias %dst, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext i32 %tid to i64
  %mine = getelementptr inbounds [192 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %tid64
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %mine.ok = icmp eq i32 %ty, 0
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
  %odd = trunc i32 %i to i1
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
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare void @llvm.nvvm.barrier0()

attributes #0 = { "target-cpu"="sm_80" }

!nvvm.annotations = !{!0}
!0 = !{ptr @kernel, !"kernel", i32 1}
