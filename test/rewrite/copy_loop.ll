; A copy stage that is a loop with a runtime trip count:
; `for (j = 0; j < n; ++j) tile[tid + j] = src[i*256 + tid + j]`. Each issue
; point -- the prologue's two stages and the steady state -- gets its own
; clone of the copy loop, a loop of cp.async with the trip count the program
; computes; one commit group per stage; the copies of iterations that may
; not exist zero-fill (src-size 0). The original loop is left unreachable.
; RUN: %opt -passes='cuda-pipeline<profitability=off;verify>' -pass-remarks=cuda-pipeline -S %s -o - 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; REMARK: remark: <unknown>:0:0: pipelined loop with 3 stages: tile 'tile' 1024 -> 3072 bytes; 1 cp.async copy of 4 bytes

; CHECK-LABEL: define {{(ptx_kernel )?}}void @kernel
; CHECK: preheader:
; CHECK-NEXT: add i32 %n, -1
; CHECK: br label %[[P0:pl.copy[0-9]*]]
; the prologue's first stage: iteration 0 surely exists
; CHECK: call void @llvm.nvvm.cp.async.commit.group()
; CHECK: loop:
; CHECK-NOT: [[SYNC]]
; CHECK: copied:
; CHECK-NEXT: call void @llvm.nvvm.cp.async.wait.group(i32 1)
; CHECK-NEXT: [[SYNC]]
; CHECK: %pl.iv = add i32 %i, 2
; CHECK: br label %[[S:pl.copy[0-9]+]]
; CHECK: call void @llvm.nvvm.cp.async.commit.group()
; CHECK: latch:
; CHECK-NOT: [[SYNC]]
; CHECK: br i1 %cmp
; CHECK: call void @llvm.nvvm.cp.async.wait.group(i32 0)
; the prologue's loop of iteration 0: no src-size
; CHECK: [[P0]]:
; CHECK: %pl.copy.phi = phi i32 [ 0, %pl.copy ], [ [[NEXT:%[0-9]+]], %pl.copy1 ]
; CHECK: call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %pl.dst, ptr addrspace(1) %pl.src)
; CHECK: [[NEXT]] = add i32 %pl.copy.phi, 1
; CHECK: icmp ult i32 [[NEXT]], %n
; iteration 1, zero-filled when it does not exist
; CHECK: call void @llvm.nvvm.cp.async.ca.shared.global.4.s(
; the steady state's loop, for iteration i+2
; CHECK: shl i32 %pl.iv, 8
; CHECK: %pl.srcsize{{[0-9]+}} = select i1 %pl.exists{{[0-9]+}}, i32 4, i32 0
; CHECK: call void @llvm.nvvm.cp.async.ca.shared.global.4.s(
; CHECK: br i1 %{{[0-9]+}}, label %pl.copy{{[0-9]+}}, label %pl.copy.after{{[0-9]+}}

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
  br label %copy

copy:
  %j = phi i32 [ 0, %loop ], [ %j.next, %copy ]
  %base = shl i32 %i, 8
  %idx0 = add i32 %base, %tid
  %idx = add i32 %idx0, %j
  %idx64 = zext i32 %idx to i64
  %p = getelementptr inbounds float, ptr %src, i64 %idx64
  %v = load float, ptr %p, align 4
  %jj = zext i32 %j to i64
  %slot = getelementptr inbounds float, ptr %mine, i64 %jj
  store float %v, ptr %slot, align 4
  %j.next = add nuw nsw i32 %j, 1
  %jc = icmp ult i32 %j.next, %n
  br i1 %jc, label %copy, label %copied

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
declare void @llvm.nvvm.barrier0()

attributes #0 = { "target-cpu"="sm_80" }

!nvvm.annotations = !{!0}
!0 = !{ptr @kernel, !"kernel", i32 1}
