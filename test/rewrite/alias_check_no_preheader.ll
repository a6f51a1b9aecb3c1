; A loop without a preheader (two blocks outside it branch to its header)
; whose store through %dst may write what the copies read, with both ranges
; known at loop entry: the preheader is made, the check goes into it, and
; the loop is versioned (test/rewrite/alias_check.ll has the details).
; RUN: %opt -passes='cuda-pipeline<profitability=off;verify>' -pass-remarks=cuda-pipeline -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll
; REMARK: pipelined loop with 3 stages: {{.*}}; with a runtime alias check; cp.async
; CHECK: pre.a:
; CHECK-NEXT: br i1 %odd, label %[[PH:.*]], label %pre.b
; CHECK: pre.b:
; CHECK-NEXT: br label %[[PH]]
; CHECK: [[PH]]:
; CHECK: [[SYNC]]
; CHECK: atomicrmw umin
; CHECK: atomicrmw umax
; CHECK: [[SYNC]]
; CHECK: = call {{i32|i1}} @[[SYNC_OR]](
; CHECK: br i1 %pl.alias.conflict, label %{{.*}}.pl.orig, label %
; CHECK: loop.pl.orig:
; CHECK: call void @llvm.nvvm.cp.async.wait.group(i32 1)

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
  %odd = trunc i32 %tid to i1
  br i1 %guard, label %pre.a, label %exit

pre.a:
  br i1 %odd, label %loop, label %pre.b

pre.b:
  br label %loop

loop:
  %i = phi i32 [ 0, %pre.a ], [ 0, %pre.b ], [ %i.next, %latch ]
  %acc = phi float [ 0.0, %pre.a ], [ 0.0, %pre.b ], [ %acc.next, %latch ]
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
  %o.loop = getelementptr inbounds float, ptr %dst, i64 %tid64
  store float %acc.next, ptr %o.loop, align 4
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
