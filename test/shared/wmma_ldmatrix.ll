; Matrix loads and stores of __shared__ memory move to the shared state
; space: each llvm.nvvm.wmma.*.load/store.*.p0 and llvm.nvvm.ldmatrix.*.p0
; whose address is derived (GEPs, casts) from an addrspace(3) value becomes
; the .p3 variant of the same intrinsic, its address cast back to
; addrspace(3); the NVPTX backend then folds the cast away (no cvta) and
; prints the `.shared` form. A matrix load from global memory, or through a
; phi of two tiles (getUnderlyingObject stops there), stays generic. This
; function has no loop at all: the step runs on every function.
; RUN: %opt -passes=cuda-pipeline -S %s -o %t.ll -pass-remarks-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll
; RUN: llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -mattr=+ptx70 %t.ll -o %t.ptx
; RUN: FileCheck %s --check-prefix=PTX < %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
; The option generic-tile-reads leaves them as they are:
; RUN: %opt -passes=verify -S %s -o %t.before.ll
; RUN: %opt -passes='cuda-pipeline<generic-tile-reads>' -S %s -o %t.generic.ll
; RUN: diff %t.before.ll %t.generic.ll

; REMARK: remark: <unknown>:0:0: 3 tile reads use the shared state space; 1 tile write

; CHECK-LABEL: define {{(ptx_kernel )?}}void @kernel(
; CHECK: %[[A3:.*]] = addrspacecast ptr %a to ptr addrspace(3)
; CHECK-NEXT: %fa = call { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p3(ptr addrspace(3) %[[A3]], i32 32)
; CHECK: @llvm.nvvm.wmma.m16n16k16.load.b.row.stride.f16.p3(ptr addrspace(3)
; CHECK: @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16.p3(ptr addrspace(3)
; CHECK: @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p0(ptr %g, i32 32)
; CHECK: @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p0(ptr %either, i32 32)
; CHECK: call void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p3(ptr addrspace(3)
; CHECK: call void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p0(ptr %out,

; PTX-LABEL: .entry kernel(
; PTX-NOT: cvta.to.shared
; PTX: wmma.load.a.sync.aligned.row.m16n16k16.shared.f16
; PTX: wmma.load.b.sync.aligned.row.m16n16k16.shared.f16
; PTX: ldmatrix.sync.aligned.m8n8.x4.shared.b16
; PTX: wmma.load.a.sync.aligned.row.m16n16k16.f16
; PTX: wmma.load.a.sync.aligned.row.m16n16k16.f16
; PTX: wmma.store.d.sync.aligned.row.m16n16k16.shared.f32
; PTX: wmma.store.d.sync.aligned.row.m16n16k16.f32

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@As = internal addrspace(3) global [64 x [32 x half]] undef, align 16
@Bs = internal addrspace(3) global [32 x [64 x half]] undef, align 16
@Cs = internal addrspace(3) global [16 x [16 x float]] undef, align 16

define void @kernel(ptr %g, ptr %out, i1 %c) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %row = zext i32 %tid to i64
  %a = getelementptr inbounds [64 x [32 x half]], ptr addrspacecast (ptr addrspace(3) @As to ptr), i64 0, i64 %row, i64 0
  %fa = call { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p0(ptr %a, i32 32)
  %b3 = getelementptr inbounds [32 x [64 x half]], ptr addrspace(3) @Bs, i64 0, i64 16, i64 %row
  %b = addrspacecast ptr addrspace(3) %b3 to ptr
  %fb = call { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.b.row.stride.f16.p0(ptr %b, i32 64)
  %lm = getelementptr inbounds i8, ptr %b, i64 256
  %x4 = call { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16.p0(ptr %lm)
  %fg = call { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p0(ptr %g, i32 32)
  br i1 %c, label %then, label %join
then:
  br label %join
join:
  %either = phi ptr [ %a, %entry ], [ %b, %then ]
  %fe = call { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p0(ptr %either, i32 32)
  %a0 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fa, 0
  %b0 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fb, 0
  %g0 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fg, 0
  %e0 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %fe, 0
  %s1 = fadd <2 x half> %a0, %b0
  %s2 = fadd <2 x half> %g0, %e0
  %s = fadd <2 x half> %s1, %s2
  %f = extractelement <2 x half> %s, i32 0
  %x = extractvalue { i32, i32, i32, i32 } %x4, 0
  %xf = sitofp i32 %x to float
  %h = fpext half %f to float
  %v = fadd float %h, %xf
  call void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p0(ptr addrspacecast (ptr addrspace(3) @Cs to ptr), float %v, float %v, float %v, float %v, float %v, float %v, float %v, float %v, i32 16)
  call void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p0(ptr %out, float %v, float %v, float %v, float %v, float %v, float %v, float %v, float %v, i32 16)
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p0(ptr, i32)
declare { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.b.row.stride.f16.p0(ptr, i32)
declare { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16.p0(ptr)
declare void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p0(ptr, float, float, float, float, float, float, float, float, i32)

attributes #0 = { "target-cpu"="sm_80" }

!nvvm.annotations = !{!0}
!0 = !{ptr @kernel, !"kernel", i32 1}
