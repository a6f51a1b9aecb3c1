; A halo copy whose padding is -INFINITY (a max-plus or
; max-pooling kernel): `v = -INFINITY; if (r < h) if (c < w) v = src[..]`.
; cp.async's src-size form fills zeros only; under lowering=cp.async the
; copy reads its fill from a constant global the pass adds (pl.fill, 16-byte
; aligned, in the global state space), the guard selecting the source, so
; the one asynchronous copy writes the slot either way; a later iteration
; that may not exist still uses src-size 0. (The default lowering stages
; this straight-line copy through registers:
; rewrite/registers_compound_fill.ll; copy loops, which only cp.async can
; issue, use the fill global at the default:
; realworld/copy_loop_guard_forms.cu.)
; RUN: %opt -passes='cuda-pipeline<lowering=cp.async>' -pass-remarks=cuda-pipeline -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %opt -passes='cuda-pipeline<lowering=cp.async>,verify' -disable-output %s
; REMARK: remark: <unknown>:0:0: pipelined loop with 3 stages: tile 'tile' 1024 -> 3072 bytes; 1 cp.async copy of 4 bytes
; CHECK: @pl.fill = internal unnamed_addr addrspace(1) constant float 0xFFF0000000000000, align 16
; CHECK-NOT: @pl.fill{{.*}} = internal
; CHECK-LABEL: define {{.*}}void @kernel(
; The prologue's copy of iteration 0, which exists:
; CHECK: %[[SRC0:.*]] = select i1 %{{.*}}, ptr addrspace(1) %{{.*}}, ptr addrspace(1) @pl.fill
; CHECK-NEXT: call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3) %{{.*}}, ptr addrspace(1) %[[SRC0]])
; Iteration 1 may not exist: src-size 0 there, the fill's source otherwise.
; CHECK: %[[SRC1:.*]] = select i1 %{{.*}}, ptr addrspace(1) %{{.*}}, ptr addrspace(1) @pl.fill
; CHECK: %[[SIZE1:.*]] = select i1 %{{.*}}, i32 4, i32 0
; CHECK-NEXT: call void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3) %{{.*}}, ptr addrspace(1) %[[SRC1]], i32 %[[SIZE1]])
; The steady state's copy, the same:
; CHECK: select i1 %{{.*}}, ptr addrspace(1) %{{.*}}, ptr addrspace(1) @pl.fill
; CHECK: call void @llvm.nvvm.cp.async.ca.shared.global.4.s(

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x float] undef, align 4

define void @kernel(ptr noalias %src, ptr noalias %dst, i32 %n, i32 %h, i32 %w, i32 %c) #0 {
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
  br i1 %rin, label %colcheck, label %merge

colcheck:
  br i1 %cin, label %load, label %merge

load:
  %rw = mul i32 %r, %w
  %idx = add i32 %rw, %c
  %idx64 = zext i32 %idx to i64
  %p = getelementptr inbounds float, ptr %src, i64 %idx64
  %v = load float, ptr %p, align 4
  br label %merge

merge:
  %x = phi float [ 0xFFF0000000000000, %loop ], [ 0xFFF0000000000000, %colcheck ], [ %v, %load ]
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
