; A compound guard with a fill other than zero (`v = -INFINITY; if (r < h)
; if (c < w) v = src[..]`): under the default lowering=auto the copy is
; staged through registers; the load reads only where every guard term
; holds (and the iteration exists), and the store takes the fill elsewhere.
; Under lowering=cp.async it is declined (decline/non_zero_fill.ll).
; RUN: %opt -passes=cuda-pipeline -pass-remarks=cuda-pipeline -S %s -o - 2>&1 | FileCheck %s
; CHECK: remark: <unknown>:0:0: pipelined loop with 2 stages: tile 'tile' 1024 -> 2048 bytes; 1 copy of 4 bytes, 1 staged through 1 register; removed the second barrier (sm_80: predicted {{[0-9.]+}}x; {{.*}}); registers [sm_80, kernel 'kernel']
; CHECK: %[[CIN0:pl.term[0-9]*]] = freeze i1 %cin
; CHECK: %pl.guard = and i1 %[[CIN0]],
; CHECK: select i1 %pl.guard, i32 %pl.staged, i32 -8388608
; CHECK: %[[CIN1:pl.term[0-9]*]] = freeze i1 %cin
; CHECK: %pl.guard{{[0-9]+}} = and i1 %pl.exists, %[[CIN1]]
; CHECK: %[[G3:pl.guard[0-9]+]] = and i1 %pl.guard{{[0-9]+}},
; CHECK: select i1 %[[G3]], ptr addrspace(1) %{{.*}}, ptr addrspace(1) @pl.zeros.16
; CHECK: select i1 %[[G3]], i32 %pl.staged{{[0-9]+}}, i32 -8388608

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
