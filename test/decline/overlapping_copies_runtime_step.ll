; A copy loop `for (o = 0; o < 16; o += blockDim.x / 64) tile[(o + row) * 64
; + col] = src[(o + row) * n + col]` in a function that is not `mustprogress`: its step is zero
; below 64 threads, and then the loop never ends while it writes the same
; bytes, which such a function may do. Its destinations are distinct only
; where the step is positive: declined. (The same loop in a `mustprogress`
; function is pipelined: test/rewrite/copy_loop_runtime_step.ll.)
; RUN: %opt -passes='cuda-pipeline<profitability=off>' -pass-remarks-missed=cuda-pipeline -pass-remarks-output=%t.yaml -S %s -o %t.after.ll 2>&1 | FileCheck %s
; RUN: %opt -passes=verify -S %s -o %t.before.ll
; RUN: diff %t.before.ll %t.after.ll
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; CHECK: remark: <unknown>:0:0: loop not pipelined: the copy loop into tile 'tile' may write the same bytes on two of its iterations (its destination may step by less than the 4 bytes it writes), and cp.async gives them no order
; YAML: --- !Missed
; YAML-NEXT: Pass: cuda-pipeline
; YAML-NEXT: Name: OverlappingCopies

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [2048 x float] undef, align 4

define void @kernel(ptr %src, ptr %dst, i32 %n) #0 {
entry:
  %tid = call range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %step = lshr i32 %ntid, 6
  %row = lshr i32 %tid, 6
  %col = and i32 %tid, 63
  %tid64 = zext i32 %tid to i64
  %guard = icmp sgt i32 %n, 0
  br i1 %guard, label %preheader, label %exit

preheader:
  br label %loop

loop:
  %i = phi i32 [ 0, %preheader ], [ %i.next, %latch ]
  %acc = phi float [ 0.0, %preheader ], [ %acc.next, %latch ]
  %base = shl i32 %i, 11
  br label %copy

copy:
  %o = phi i32 [ 0, %loop ], [ %o.next, %copy ]
  %r = add nuw nsw i32 %o, %row
  %ro = shl nuw nsw i32 %r, 6
  %d = or disjoint i32 %ro, %col
  %d64 = zext nneg i32 %d to i64
  %rn = mul i32 %r, %n
  %rc = add i32 %rn, %col
  %s = add i32 %base, %rc
  %s64 = zext i32 %s to i64
  %p = getelementptr inbounds float, ptr %src, i64 %s64
  %v = load float, ptr %p, align 4
  %slot = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %d64
  store float %v, ptr %slot, align 4
  %o.next = add nuw nsw i32 %o, %step
  %oc = icmp ult i32 %o.next, 16
  br i1 %oc, label %copy, label %copied

copied:
  call void @llvm.nvvm.barrier0()
  %q = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %tid64
  %w = load float, ptr %q, align 4
  %acc.next = fadd float %acc, %w
  br label %latch

latch:
  call void @llvm.nvvm.barrier0()
  %i.next = add nuw nsw i32 %i, 1
  %cmp = icmp slt i32 %i.next, %n
  br i1 %cmp, label %loop, label %exit

exit:
  %res = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %out = getelementptr inbounds float, ptr %dst, i64 %tid64
  store float %res, ptr %out, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier0()

!nvvm.annotations = !{!0}
!0 = !{ptr @kernel, !"kernel", i32 1}
attributes #0 = { "target-cpu"="sm_80" }
