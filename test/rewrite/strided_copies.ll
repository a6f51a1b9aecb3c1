; One thread copies four elements into one tile, rows 2*j apart: the copy
; loop `for (off = 0; off < 8; off += 2) Bs[(row + off) * 128 + col] = ...`
; with row = tid / 128 and col = tid % 128, unrolled. Instcombine folds the
; first destination to `tid` and writes the others with a mask, so the pairs
; look nothing alike; ScalarEvolution proves every pair a constant distance
; (1024 bytes and more) apart, reading `tid & 127` as tid - 128 * (tid / 128)
; and using the ranges of the thread indices (clang marks them) to show that
; no sum wraps. The loop is pipelined with four 4-byte copies per stage.
; RUN: %opt -passes=cuda-pipeline -pass-remarks=cuda-pipeline -S %s 2>&1 | FileCheck %s
; CHECK: remark: <unknown>:0:0: pipelined loop with 3 stages: tile 'tile' 4096 -> 12288 bytes; 4 cp.async copies of 4 bytes
; CHECK-LABEL: loop:
; CHECK: [[SYNC]]
; CHECK-COUNT-4: call void @llvm.nvvm.cp.async.ca.shared.global.4.s(
; CHECK: call void @llvm.nvvm.cp.async.commit.group()

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [1024 x float] undef, align 4

define void @kernel(ptr noalias %src, ptr noalias %dst, i32 %n) #0 {
entry:
  %ty = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %tx = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty32 = shl nuw nsw i32 %ty, 5
  %tid = add nuw nsw i32 %ty32, %tx
  %row = lshr i32 %tid, 7
  %col = and i32 %tid, 127
  %d0 = zext nneg i32 %tid to i64
  %r1 = add nuw nsw i32 %row, 2
  %e1 = shl nuw nsw i32 %r1, 7
  %f1 = or disjoint i32 %e1, %col
  %d1 = zext nneg i32 %f1 to i64
  %r2 = add nuw nsw i32 %row, 4
  %e2 = shl nuw nsw i32 %r2, 7
  %f2 = or disjoint i32 %e2, %col
  %d2 = zext nneg i32 %f2 to i64
  %r3 = add nuw nsw i32 %row, 6
  %e3 = shl nuw nsw i32 %r3, 7
  %f3 = or disjoint i32 %e3, %col
  %d3 = zext nneg i32 %f3 to i64
  %t0 = getelementptr inbounds [1024 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %d0
  %t1 = getelementptr inbounds [1024 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %d1
  %t2 = getelementptr inbounds [1024 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %d2
  %t3 = getelementptr inbounds [1024 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %d3
  %tid64 = zext nneg i32 %tid to i64
  %nb64 = xor i64 %tid64, 1
  %guard = icmp sgt i32 %n, 0
  br i1 %guard, label %preheader, label %exit

preheader:
  br label %loop

loop:
  %i = phi i32 [ 0, %preheader ], [ %i.next, %latch ]
  %acc = phi float [ 0.0, %preheader ], [ %acc.next, %latch ]
  %base = shl i32 %i, 10
  %base64 = zext i32 %base to i64
  %s = getelementptr inbounds float, ptr %src, i64 %base64
  %s0 = getelementptr inbounds float, ptr %s, i64 %d0
  %v0 = load float, ptr %s0, align 4
  store float %v0, ptr %t0, align 4
  %s1 = getelementptr inbounds float, ptr %s, i64 %d1
  %v1 = load float, ptr %s1, align 4
  store float %v1, ptr %t1, align 4
  %s2 = getelementptr inbounds float, ptr %s, i64 %d2
  %v2 = load float, ptr %s2, align 4
  store float %v2, ptr %t2, align 4
  %s3 = getelementptr inbounds float, ptr %s, i64 %d3
  %v3 = load float, ptr %s3, align 4
  store float %v3, ptr %t3, align 4
  call void @llvm.nvvm.barrier0()
  %q = getelementptr inbounds [1024 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %nb64
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
  %out = getelementptr inbounds float, ptr %dst, i64 %tid64
  store float %r, ptr %out, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare void @llvm.nvvm.barrier0()

attributes #0 = { "target-cpu"="sm_80" }

!nvvm.annotations = !{!0}
!0 = !{ptr @kernel, !"kernel", i32 1}
