; With ptxas=on the cost model compiles a copy of the module with LLVM's NVPTX
; back end to ask ptxas for the plain kernels' registers. That copy lives in a context of
; its own: the back end's own remarks (GVN's, for one) do not reach the
; user's optimization record, which holds only what the passes the user ran
; said.
; REQUIRES: ptxas
; RUN: %opt -passes='cuda-pipeline<ptxas=on>' -pass-remarks-output=%t.yaml -disable-output %s
; RUN: grep '^Pass:' %t.yaml | sort -u | FileCheck %s
; RUN: FileCheck %s --check-prefix=ASKED < %t.yaml
; CHECK: Pass: cuda-pipeline
; CHECK-NOT: Pass:
; ASKED: RegistersFrom: ptxas

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x float] undef, align 4

; The tile global is gone; a 16-byte aligned ring of 3 slots replaces it.

define void @kernel(ptr %src, ptr %dst, i32 %n) #0 {
; Prologue, in the preheader. The hoisted destination is re-based once on
; slot 0 of the ring (at the end of the preheader, which dominates the
; loop); then iteration 0 goes into slot 0 with no guard.
; Iteration 1 into slot 1 (byte 1024), zero-filled unless it exists.
;
; The synchronous copy is gone.
; Issue iteration i+2 into slot (s+2) mod 3 = s-1, or 2 when s is 0.
; The address of iteration i+2: the induction variable advanced by 2 steps.
; The compute reads the current slot.
; One barrier per iteration: the second is gone.
; Drain on the exit edge; nothing shared follows, so no barrier.
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext i32 %tid to i64
  %mine = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %tid64
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
  %idx64 = zext i32 %idx to i64
  %p = getelementptr inbounds float, ptr %src, i64 %idx64
  %v = load float, ptr %p, align 4
  store float %v, ptr %mine, align 4
  call void @llvm.nvvm.barrier0()
  %q = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %nb64
  %w = load float, ptr %q, align 4
  %acc.next = fadd float %acc, %w
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

attributes #0 = { "target-cpu"="sm_80" }

!nvvm.annotations = !{!0}
!0 = !{ptr @kernel, !"kernel", i32 1}
