; A sync-first loop (barrier; copy; barrier; compute) with a store before
; the top barrier and a load of the same memory between the two barriers:
; the top barrier, which the ring removes, ordered them among all threads,
; so the loop is declined and the IR is unchanged.
; RUN: %opt -passes='cuda-pipeline<in-place=off>' -pass-remarks-missed=cuda-pipeline -pass-remarks-output=%t.yaml -S %s -o %t.after.ll 2>&1 | FileCheck %s
; RUN: %opt -passes=verify -S %s -o %t.before.ll
; RUN: diff %t.before.ll %t.after.ll
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; The loop takes no ring, and the in-place shape serves it (in-place=on, the default; the model
; aside):
; the tiles and both barriers stay, the copy's load goes one iteration ahead.
; RUN: %opt -passes='cuda-pipeline<profitability=off>' -pass-remarks=cuda-pipeline -S %s -o %t.inplace.ll 2>&1 | FileCheck %s --check-prefix=IN-PLACE
; RUN: %opt -passes=verify -disable-output %t.inplace.ll
; RUN: FileCheck %s --check-prefix=IN-PLACE-IR < %t.inplace.ll
; IN-PLACE: remark: {{.*}}pipelined loop in place (1 slot, the tiles and both barriers kept)
; IN-PLACE-IR: pl.ahead.cur = phi
; IN-PLACE-IR: [[SYNC]]
; IN-PLACE-IR: [[SYNC]]
; IN-PLACE-IR: select i1 {{.*}} @pl.zeros.16
; IN-PLACE-IR-NEXT: load {{.*}} %pl.ahead.src
; CHECK: remark: <unknown>:0:0: loop not pipelined: a memory access before the top barrier may conflict with one between the two barriers, which the removed top barrier ordered
; YAML: --- !Missed
; YAML-NEXT: Pass: cuda-pipeline
; YAML-NEXT: Name: UnorderedAccess

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x float] undef, align 4

define void @kernel(ptr noalias %src, ptr noalias %dst, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext i32 %tid to i64
  %mine = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %tid64
  %nb64 = xor i64 %tid64, 1
  %flag = getelementptr inbounds float, ptr %dst, i64 %tid64
  %other = getelementptr inbounds float, ptr %dst, i64 %nb64
  %guard = icmp sgt i32 %n, 0
  br i1 %guard, label %preheader, label %exit

preheader:
  br label %loop

loop:
  %i = phi i32 [ 0, %preheader ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %preheader ], [ %acc.next, %loop ]
  store float %acc, ptr %flag, align 4
  call void @llvm.nvvm.barrier0()
  %seen = load float, ptr %other, align 4
  %base = shl i32 %i, 8
  %idx = add i32 %base, %tid
  %idx64 = zext i32 %idx to i64
  %p = getelementptr inbounds float, ptr %src, i64 %idx64
  %v = load float, ptr %p, align 4
  store float %v, ptr %mine, align 4
  call void @llvm.nvvm.barrier0()
  %q = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %nb64
  %w = load float, ptr %q, align 4
  %sum = fadd float %w, %seen
  %acc.next = fadd float %acc, %sum
  %i.next = add nuw nsw i32 %i, 1
  %cmp = icmp slt i32 %i.next, %n
  br i1 %cmp, label %loop, label %exit

exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

attributes #0 = { "target-cpu"="sm_80" }

!nvvm.annotations = !{!0}
!0 = !{ptr @kernel, !"kernel", i32 1}
