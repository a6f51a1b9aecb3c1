; Shape 1 of the real-world issue: a tile that is not an internal global.
; A __shared__ array of a template kernel or of an inline __device__ helper
; is linkonce_odr in the device IR, and one at namespace scope is external.
; Without -fgpu-rdc the device module is the whole device program, so such
; a tile is as private as a static one. Here two kernels use the same
; linkonce_odr tile (a helper inlined into both): each kernel gets a ring of
; its own; the tile survives the first rewrite, which leaves the other
; kernel's uses alone, and is gone after the second.
; RUN: %opt -passes=cuda-pipeline -pass-remarks=cuda-pipeline -S %s -o - 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; REMARK: remark: <unknown>:0:0: pipelined loop with 3 stages: tile 'tile' 1024 -> 3072 bytes
; REMARK: remark: <unknown>:0:0: pipelined loop with 3 stages: tile 'tile' 1024 -> 3072 bytes

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = linkonce_odr addrspace(3) global [256 x float] undef, align 4

; CHECK-NOT: @tile =
; CHECK: @tile.ring = internal unnamed_addr addrspace(3) global [3072 x i8] undef, align 16
; CHECK: @tile.ring1 = internal unnamed_addr addrspace(3) global [3072 x i8] undef, align 16
; CHECK-NOT: @tile =
; CHECK-LABEL: define {{(ptx_kernel )?}}void @kernel(
; CHECK: cp.async.wait.group(i32 1)
; CHECK-NOT: @tile,
; CHECK-LABEL: define {{(ptx_kernel )?}}void @other(
; CHECK: cp.async.wait.group(i32 1)
; CHECK-NOT: @tile,
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
  %i = phi i32 [ 0, %preheader ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %preheader ], [ %acc.next, %loop ]
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
  call void @llvm.nvvm.barrier0()
  %i.next = add nuw nsw i32 %i, 1
  %cmp = icmp slt i32 %i.next, %n
  br i1 %cmp, label %loop, label %exit

exit:
  %r = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %o = getelementptr inbounds float, ptr %dst, i64 %tid64
  store float %r, ptr %o, align 4
  ret void
}


define void @other(ptr %src, ptr %dst, i32 %n) #0 {
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
  %i = phi i32 [ 0, %preheader ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %preheader ], [ %acc.next, %loop ]
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
  call void @llvm.nvvm.barrier0()
  %i.next = add nuw nsw i32 %i, 1
  %cmp = icmp slt i32 %i.next, %n
  br i1 %cmp, label %loop, label %exit

exit:
  %r = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %o = getelementptr inbounds float, ptr %dst, i64 %tid64
  store float %r, ptr %o, align 4
  ret void
}


declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

attributes #0 = { "target-cpu"="sm_80" }

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @kernel, !"kernel", i32 1}
!1 = !{ptr @other, !"kernel", i32 1}
