; Forced stage counts 2, 3 and 4 (opt pass parameters): the ring holds S
; slots, the prologue issues S-1 iterations with one commit each, and the
; steady state waits with wait_group S-2.
; RUN: %opt -passes='cuda-pipeline<stages=2>' -S %s | FileCheck %s --check-prefix=S2
; RUN: %opt -passes='cuda-pipeline<stages=3>' -S %s | FileCheck %s --check-prefix=S3
; RUN: %opt -passes='cuda-pipeline<stages=4>' -S %s | FileCheck %s --check-prefix=S4
; RUN: %opt -passes='cuda-pipeline<stages=4>' -S %s | FileCheck %s --check-prefix=S4G
; Prologue guards with 4 stages: iteration 0 always, 1 and 2 when they exist.
; S4G: preheader:
; S4G-NOT: icmp ule i32 0,
; S4G: icmp ule i32 1, %[[BTC:.*]]
; S4G: icmp ule i32 2, %[[BTC]]
; S4G-NOT: icmp ule i32 3,
; S4G: br label %loop
; S2: @tile.ring = {{.*}} addrspace(3) global [2048 x i8] undef, align 16
; S2: preheader:
; S2-COUNT-1: call void @llvm.nvvm.cp.async.commit.group()
; S2-NEXT: br label %loop
; S2: call void @llvm.nvvm.cp.async.wait.group(i32 0)
; S2-NEXT: [[SYNC]]
; S2: select i1 %{{.*}}, i32 1, i32 %{{.*}}
; S2: icmp eq i32 %{{.*}}, 2
; S3: @tile.ring = {{.*}} addrspace(3) global [3072 x i8] undef, align 16
; S3: preheader:
; S3-COUNT-2: call void @llvm.nvvm.cp.async.commit.group()
; S3-NEXT: br label %loop
; S3: call void @llvm.nvvm.cp.async.wait.group(i32 1)
; S4: @tile.ring = {{.*}} addrspace(3) global [4096 x i8] undef, align 16
; S4: preheader:
; S4-COUNT-3: call void @llvm.nvvm.cp.async.commit.group()
; S4-NEXT: br label %loop
; S4: call void @llvm.nvvm.cp.async.wait.group(i32 2)
; S4-NEXT: [[SYNC]]
; S4: select i1 %{{.*}}, i32 3, i32 %{{.*}}
; S4: icmp uge i32 %{{.*}}, 3

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
  %v = load float, ptr %p, align 4
  store float %v, ptr %mine, align 4
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
