; Two copies into t[zext(tid)] and t[zext(tid) | 2^32] under 32-bit shared
; pointers (p3:32:32, as -fcuda-short-ptr gives): the indices differ in bit
; 32, but the offsets wrap at 2^32 bytes and both copies write the same 4
; bytes. Known bits prove distinct bytes only below the pointer's width:
; declined OverlappingCopies, IR unchanged. (Found by a break-it session.)
; RUN: %opt -passes='cuda-pipeline<profitability=off;in-place=off>' -pass-remarks-missed=cuda-pipeline -pass-remarks-output=%t.yaml -S %s -o %t.after.ll 2>&1 | FileCheck %s
; RUN: %opt -passes=verify -S %s -o %t.before.ll
; RUN: diff %t.before.ll %t.after.ll
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; CHECK: remark: <unknown>:0:0: loop not pipelined: two copies into tile 't' may write the same bytes
; YAML: Name: OverlappingCopies

target datalayout = "e-p3:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@t = internal addrspace(3) global [512 x float] undef, align 4

define void @k(ptr noalias readonly %A, ptr noalias readonly %B, ptr noalias %out, i32 %nt) #0 {
entry:
  %tid = call range(i32 0, 128) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tz = zext i32 %tid to i64
  %i1 = or i64 %tz, 4294967296
  %pa = getelementptr [512 x float], ptr addrspace(3) @t, i64 0, i64 %tz
  %pb = getelementptr [512 x float], ptr addrspace(3) @t, i64 0, i64 %i1
  %m3 = mul nuw nsw i32 %tid, 3
  %r = and i32 %m3, 511
  %rz = zext i32 %r to i64
  %pr = getelementptr inbounds [512 x float], ptr addrspace(3) @t, i64 0, i64 %rz
  %cmp = icmp sgt i32 %nt, 0
  br i1 %cmp, label %loop, label %exit

loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc1, %loop ]
  %x = shl nuw nsw i32 %k, 7
  %xi = add nuw nsw i32 %x, %tid
  %xz = zext i32 %xi to i64
  %ga = getelementptr inbounds float, ptr %A, i64 %xz
  %va = load float, ptr %ga, align 4
  store float %va, ptr addrspace(3) %pa, align 4
  %gb = getelementptr inbounds float, ptr %B, i64 %xz
  %vb = load float, ptr %gb, align 4
  store float %vb, ptr addrspace(3) %pb, align 4
  call void @llvm.nvvm.barrier0()
  %v = load float, ptr addrspace(3) %pr, align 4
  %acc1 = fadd float %acc, %v
  call void @llvm.nvvm.barrier0()
  %k1 = add nuw nsw i32 %k, 1
  %c = icmp eq i32 %k1, %nt
  br i1 %c, label %exit, label %loop

exit:
  %a = phi float [ 0.0, %entry ], [ %acc1, %loop ]
  %go = getelementptr inbounds float, ptr %out, i64 %tz
  store float %a, ptr %go, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0() #1

attributes #0 = { "target-cpu"="sm_90" "target-features"="+ptx78,+sm_90" }
attributes #1 = { convergent nounwind }

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
