; A 32 KiB tile: two stages need 64 KiB, over the default 48 KiB budget of
; static shared memory, so the loop is declined. The default is the most
; ptxas accepts, so the remark asks for smaller tiles only; under a lower
; budget (LOW, max-shared=32K) it also suggests raising it.
; RUN: %opt -passes='cuda-pipeline<in-place=off>' -pass-remarks-missed=cuda-pipeline -pass-remarks-output=%t.yaml -S %s -o %t.after.ll 2>&1 | FileCheck %s
; RUN: %opt -passes=verify -S %s -o %t.before.ll
; RUN: diff %t.before.ll %t.after.ll
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; CHECK: remark: <unknown>:0:0: loop not pipelined: a ring of 2 stages needs 65536 bytes of shared memory, over the budget of 49152 bytes; use smaller tiles (max-shared is at its maximum, the 48 KiB of static shared memory ptxas accepts)
; RUN: %opt -passes='cuda-pipeline<max-shared=32K;in-place=off>' -pass-remarks-missed=cuda-pipeline -disable-output %s 2>&1 | FileCheck %s --check-prefix=LOW
; LOW: remark: <unknown>:0:0: loop not pipelined: a ring of 2 stages needs 65536 bytes of shared memory, over the budget of 32768 bytes; raise max-shared or use smaller tiles
; Where the ring does not fit, the in-place shape is weighed (in-place=on, the
; default): it needs no more shared memory, but DRAM bandwidth bounds the loop
; on sm_80 with or without loading ahead, the model finds it too close to
; call, and the IR stays as it was.
; RUN: %opt -passes=cuda-pipeline -pass-remarks-missed=cuda-pipeline -S %s -o %t.inplace.ll 2>&1 | FileCheck %s --check-prefix=IN-PLACE
; RUN: diff %t.before.ll %t.inplace.ll
; IN-PLACE: remark: <unknown>:0:0: loop not pipelined: no ring (a ring of 2 stages needs 65536 bytes of shared memory, over the budget of 49152 bytes; {{.*}}), and on sm_80 loading each next tile into registers in place is predicted 1.000x, DRAM bandwidth bounding the loop either way, within 1.0% of plain, too close to call: it keeps both barriers
; YAML: --- !Missed
; YAML-NEXT: Pass: cuda-pipeline
; YAML-NEXT: Name: SharedMemoryBudget

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [8192 x float] undef, align 4

define void @kernel(ptr %src, ptr %dst, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext i32 %tid to i64
  %mine = getelementptr inbounds [8192 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %tid64
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
  %v = load float, ptr %p, align 4
  store float %v, ptr %mine, align 4
  call void @llvm.nvvm.barrier0()
  %q = getelementptr inbounds [8192 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %nb64
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
