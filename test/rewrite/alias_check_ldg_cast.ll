; An __ldg as LLVM 22 writes it: a load marked !invariant.load through an
; addrspacecast of the generic address to the global space (LLVM 19 wrote
; llvm.nvvm.ldg.global.f of the generic address). The loop also stores
; through %dst, which may alias %src, so the loop is pipelined only behind
; the runtime alias check, which needs the copy's range at loop entry:
; ScalarEvolution does not see through the cast, so the range is the generic
; address's under it (pl_access_bounds_add). The pipelined loop reads %src
; with cp.async; the original keeps the non-coherent load.
; RUN: %opt -passes='cuda-pipeline<profitability=off;verify>' -pass-remarks=cuda-pipeline -pass-remarks-missed=cuda-pipeline -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll
; REMARK: remark: <unknown>:0:0: pipelined loop with 3 stages: {{.*}}with a runtime alias check
; REMARK-NOT: remark:
; CHECK-LABEL: define {{(ptx_kernel )?}}void @kernel(
; CHECK: = call {{i32|i1}} @[[SYNC_OR]](
; CHECK: loop.pl.orig:
; CHECK: load float, ptr addrspace(1) %{{.*}}, align 4, !invariant.load
; CHECK: .pl.ph:
; CHECK: call void @llvm.nvvm.cp.async.ca.shared.global.4(

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x float] undef, align 4

define void @kernel(ptr %src, ptr %dst, i32 %n) #0 {
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
  %i = phi i32 [ 0, %preheader ], [ %i.next, %latch ]
  %acc = phi float [ 0.0, %preheader ], [ %acc.next, %latch ]
  %base = shl i32 %i, 8
  %idx = add i32 %base, %tid
  %idx64 = zext i32 %idx to i64
  %p = getelementptr inbounds float, ptr %src, i64 %idx64
  %pg = addrspacecast ptr %p to ptr addrspace(1)
  %v = load float, ptr addrspace(1) %pg, align 4, !invariant.load !1
  store float %v, ptr %mine, align 4
  call void @llvm.nvvm.barrier0()
  %q = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %nb64
  %w = load float, ptr %q, align 4
  %acc.next = fadd float %acc, %w
  %side = getelementptr inbounds float, ptr %dst, i64 %tid64
  store float %acc.next, ptr %side, align 4
  br label %latch

latch:
  call void @llvm.nvvm.barrier0()
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
!1 = !{}
