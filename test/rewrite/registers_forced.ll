; The 16-byte memcpy of rewrite/memcpy16.ll forced through registers
; (lowering=registers), as when comparing the two lowerings on one GPU: the
; bytes are staged as <4 x i32> with the proven 16-byte alignments, one
; ld.global.v4 and one st.shared.v4. The stage count is two, whatever
; stages= asks: the register shape has two slots.
; RUN: %opt -passes='cuda-pipeline<lowering=registers;stages=4>' -pass-remarks=cuda-pipeline -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %opt -passes='cuda-pipeline<lowering=registers>',verify -disable-output %s
; REMARK: pipelined loop with 2 stages: tile 'tile' 4096 -> 8192 bytes; 1 copy of 16 bytes, 1 staged through 4 registers; removed the second barrier (4 stages requested; the register lowering has 2 slots); registers [sm_80
; CHECK-LABEL: define {{(ptx_kernel )?}}void @kernel(
; CHECK: %[[R0:.*]] = load <4 x i32>, ptr addrspace(1) %{{.*}}, align 16
; CHECK: store <4 x i32> %[[R0]], ptr addrspace(3) %{{.*}}, align 16
; CHECK: %[[R:.*]] = load <4 x i32>, ptr addrspace(1) %{{.*}}, align 16
; CHECK: store <4 x i32> %[[R]], ptr addrspace(3) %{{.*}}, align 16
; CHECK-NOT: cp.async
; CHECK-NOT: call void @llvm.memcpy.p0

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x <4 x float>] undef, align 16

define void @kernel(ptr %src, ptr %dst, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext i32 %tid to i64
  %mine = getelementptr inbounds [256 x <4 x float>], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %tid64
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
  %p = getelementptr inbounds <4 x float>, ptr %src, i64 %idx64
  call void @llvm.memcpy.p0.p0.i64(ptr align 2 %mine, ptr align 16 %p, i64 16, i1 false)
  call void @llvm.nvvm.barrier0()
  %q = getelementptr inbounds [256 x <4 x float>], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %nb64
  %wv = load <4 x float>, ptr %q, align 16
  %w = extractelement <4 x float> %wv, i32 0
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
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
attributes #0 = { "target-cpu"="sm_80" }

!nvvm.annotations = !{!0}
!0 = !{ptr @kernel, !"kernel", i32 1}
