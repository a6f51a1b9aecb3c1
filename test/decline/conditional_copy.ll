; The copy is skipped on some iterations without writing zeros: a ring slot
; would keep data from S iterations earlier. The rewrite would move the slot
; before's bytes into the skipped ones, but the guard reads a thread index
; the copy's destination does not (threadIdx.y), so threads that write the
; same bytes might disagree on a skip: the loop is declined as a ring.
; RUN: %opt -passes='cuda-pipeline<in-place=off>' -pass-remarks-missed=cuda-pipeline -pass-remarks-output=%t.yaml -S %s -o %t.after.ll 2>&1 | FileCheck %s
; RUN: %opt -passes=verify -S %s -o %t.before.ll
; RUN: diff %t.before.ll %t.after.ll
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; In place (in-place=on, the default) the store stays under its condition, in
; its iteration: where the condition fails the tile keeps what it held, as
; written; only the load, under the next iteration's condition, moves ahead.
; RUN: %opt -passes=cuda-pipeline -pass-remarks=cuda-pipeline -S %s -o %t.inplace.ll 2>&1 | FileCheck %s --check-prefix=IN-PLACE
; RUN: %opt -passes=verify -disable-output %t.inplace.ll
; RUN: FileCheck %s --check-prefix=IN-PLACE-IR < %t.inplace.ll
; IN-PLACE: remark: {{.*}}pipelined loop in place (1 slot, the tiles and both barriers kept): tile 'tile'; 1 copy loaded one iteration ahead into 1 register; no ring: the copy into tile 'tile' runs under a condition that changes
; IN-PLACE-IR: pl.ahead.cur = phi
; IN-PLACE-IR: [[SYNC]]
; IN-PLACE-IR: %pl.ahead.cond = and i1 %pl.exists
; IN-PLACE-IR: select i1 %pl.ahead.cond, ptr addrspace(1) {{.*}}, ptr addrspace(1) @pl.zeros.16
; CHECK: remark: <unknown>:0:0: loop not pipelined: the copy into tile 'tile' runs under a condition that changes from iteration to iteration and writes no zeros otherwise, so a slot would keep stale data; write zeros in the other branch (x = c ? A[i] : 0)
; YAML: --- !Missed
; YAML-NEXT: Pass: cuda-pipeline
; YAML-NEXT: Name: ConditionalCopy

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x float] undef, align 4

define void @kernel(ptr %src, ptr %dst, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %tid64 = zext i32 %tid to i64
  %mine = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %tid64
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
  %row = add i32 %base, %ty
  %inb = icmp ult i32 %row, 4096
  br i1 %inb, label %docopy, label %copied

docopy:
  %v = load float, ptr %p, align 4
  store float %v, ptr %mine, align 4
  br label %copied

copied:
  call void @llvm.nvvm.barrier0()
  %q = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %nb64
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
