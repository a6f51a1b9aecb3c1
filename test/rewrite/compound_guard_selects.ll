; A halo copy as a chain of selects over a load that may be
; speculated (`rin ? (cin ? src[..] : 0) : 0`, as instcombine leaves a
; clamped-index halo load): each select adds its condition to the guard;
; the copy is one cp.async whose src-size is 0 unless both hold.
; RUN: %opt -passes=cuda-pipeline -pass-remarks=cuda-pipeline -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %opt -passes=cuda-pipeline,verify -disable-output %s
; REMARK: remark: <unknown>:0:0: pipelined loop with 3 stages: tile 'tile' 1024 -> 3072 bytes; 1 cp.async copy of 4 bytes

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x float] undef, align 4

define void @kernel(ptr noalias %src, ptr noalias %dst, i32 %n, i32 %h, i32 %w, i32 %c) #0 {
; CHECK-LABEL: define {{(ptx_kernel )?}}void @kernel(
; CHECK: preheader:
; CHECK: %[[ROW0:.*]] = icmp ult i32 %{{.*}}, %h
; CHECK: %[[ROW0F:.*]] = freeze i1 %[[ROW0]]
; CHECK: %[[CIN0:.*]] = freeze i1 %cin
; CHECK: %[[G0:.*]] = and i1 %[[ROW0F]], %[[CIN0]]
; CHECK: %[[SZ0:.*]] = select i1 %[[G0]], i32 4, i32 0
; CHECK-NEXT: call void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3) %{{.*}}, ptr addrspace(1) %{{.*}}, i32 %[[SZ0]])
; CHECK: loop:
; CHECK: call void @llvm.nvvm.cp.async.wait.group(i32 1)
; CHECK: [[SYNC]]
; CHECK: %[[ROW:.*]] = icmp ult i32 %{{.*}}, %h
; CHECK: %[[ROWF:.*]] = freeze i1 %[[ROW]]
; CHECK: %[[E:.*]] = and i1 %pl.exists{{.*}}, %[[ROWF]]
; CHECK: %[[CIN:.*]] = freeze i1 %cin
; CHECK: %[[G:.*]] = and i1 %[[E]], %[[CIN]]
; CHECK: %[[SZ:.*]] = select i1 %[[G]], i32 4, i32 0
; CHECK-NEXT: call void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3) %{{.*}}, ptr addrspace(1) %{{.*}}, i32 %[[SZ]])
; CHECK-NOT: load float, ptr %p
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext i32 %tid to i64
  %mine = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %tid64
  %nb = xor i32 %tid, 1
  %nb64 = zext i32 %nb to i64
  %cin = icmp ult i32 %c, %w
  %guard = icmp sgt i32 %n, 0
  br i1 %guard, label %preheader, label %exit

preheader:
  br label %loop

loop:
  %i = phi i32 [ 0, %preheader ], [ %i.next, %latch ]
  %acc = phi float [ 0.0, %preheader ], [ %acc.next, %latch ]
  %r = add i32 %i, %tid
  %rin = icmp ult i32 %r, %h
  %rw = mul i32 %r, %w
  %idx = add i32 %rw, %c
  %idx64 = zext i32 %idx to i64
  %p = getelementptr inbounds float, ptr %src, i64 %idx64
  %v = load float, ptr %p, align 4
  %inner = select i1 %cin, float %v, float 0.0
  %x = select i1 %rin, float %inner, float 0.0
  store float %x, ptr %mine, align 4
  call void @llvm.nvvm.barrier0()
  %q = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %nb64
  %y = load float, ptr %q, align 4
  %acc.next = fadd float %acc, %y
  br label %latch

latch:
  call void @llvm.nvvm.barrier0()
  %i.next = add nuw nsw i32 %i, 1
  %cmp = icmp slt i32 %i.next, %n
  br i1 %cmp, label %loop, label %exit

exit:
  %res = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %o = getelementptr inbounds float, ptr %dst, i64 %tid64
  store float %res, ptr %o, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

attributes #0 = { "target-cpu"="sm_80" }

!nvvm.annotations = !{!0}
!0 = !{ptr @kernel, !"kernel", i32 1}
