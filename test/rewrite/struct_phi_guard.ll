; A float4 loaded with __ldg under a bounds guard and merged with zeros as a
; whole struct (`xv = ok ? __ldg(p) : make_float4(0, 0, 0, 0)`): the inliner
; may leave `phi %struct.float4 [insertvalue chain, L], [zeroinitializer,
; P]` with each field extracted and stored, instead of one phi per field;
; which form clang's -O3 gives depends on the rest of the translation unit.
; Each field is a lane of the __ldg under the branch's condition: the four
; stores become one zero-filling 16-byte cp.async.
; RUN: %opt -passes='cuda-pipeline<profitability=off>' -pass-remarks=cuda-pipeline -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %opt -passes='cuda-pipeline<profitability=off>',verify -disable-output %s
; REMARK: remark: <unknown>:0:0: pipelined loop with 3 stages: tile 'tile' 1024 -> 3072 bytes; 1 cp.async copy of 16 bytes
; CHECK-LABEL: define {{(ptx_kernel )?}}void @kernel(
; CHECK: loop:
; CHECK: [[SYNC]]
; CHECK: %[[G:.*]] = and i1 %pl.exists{{.*}}, %{{.*}}
; CHECK: %[[SZ:.*]] = select i1 %[[G]], i32 16, i32 0
; CHECK: call void @llvm.nvvm.cp.async.cg.shared.global.16.s(ptr addrspace(3) %{{.*}}, ptr addrspace(1) %{{.*}}, i32 %[[SZ]])
; CHECK-NOT: phi %struct.float4
; CHECK: exit:

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.float4 = type { float, float, float, float }

@tile = internal addrspace(3) global [256 x float] undef, align 16

define void @kernel(ptr noalias %src, ptr noalias %dst, i32 %n, i32 %m) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %q4 = and i32 %tid, 63
  %lane = shl nuw nsw i32 %q4, 2
  %lane64 = zext i32 %lane to i64
  %d0 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %lane64
  %d1 = getelementptr inbounds i8, ptr %d0, i64 4
  %d2 = getelementptr inbounds i8, ptr %d0, i64 8
  %d3 = getelementptr inbounds i8, ptr %d0, i64 12
  %rd = xor i64 %lane64, 4
  %r = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %rd
  %guard = icmp sgt i32 %n, 0
  br i1 %guard, label %preheader, label %exit

preheader:
  br label %loop

loop:
  %i = phi i32 [ 0, %preheader ], [ %i.next, %latch ]
  %acc = phi float [ 0.0, %preheader ], [ %acc.next, %latch ]
  %base = shl i32 %i, 8
  %idx = add i32 %base, %lane
  %ok = icmp slt i32 %idx, %m
  br i1 %ok, label %load, label %merge

load:
  %idx64 = zext i32 %idx to i64
  %p = getelementptr float, ptr %src, i64 %idx64
  %v = call <4 x float> @llvm.nvvm.ldg.global.f.v4f32.p0(ptr %p, i32 16)
  %e0 = extractelement <4 x float> %v, i64 0
  %e1 = extractelement <4 x float> %v, i64 1
  %e2 = extractelement <4 x float> %v, i64 2
  %e3 = extractelement <4 x float> %v, i64 3
  %s0 = insertvalue %struct.float4 poison, float %e0, 0
  %s1 = insertvalue %struct.float4 %s0, float %e1, 1
  %s2 = insertvalue %struct.float4 %s1, float %e2, 2
  %s3 = insertvalue %struct.float4 %s2, float %e3, 3
  br label %merge

merge:
  %xv = phi %struct.float4 [ %s3, %load ], [ zeroinitializer, %loop ]
  %x3 = phi float [ %e3, %load ], [ 0.0, %loop ]
  %x2 = extractvalue %struct.float4 %xv, 2
  %x1 = extractvalue %struct.float4 %xv, 1
  %x0 = extractvalue %struct.float4 %xv, 0
  store float %x0, ptr %d0, align 16
  store float %x1, ptr %d1, align 4
  store float %x2, ptr %d2, align 8
  store float %x3, ptr %d3, align 4
  call void @llvm.nvvm.barrier0()
  %w = load float, ptr %r, align 4
  %acc.next = fadd float %acc, %w
  br label %latch

latch:
  call void @llvm.nvvm.barrier0()
  %i.next = add nuw nsw i32 %i, 1
  %cmp = icmp slt i32 %i.next, %n
  br i1 %cmp, label %loop, label %exit

exit:
  %res = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %o = getelementptr inbounds float, ptr %dst, i32 %tid
  store float %res, ptr %o, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
declare <4 x float> @llvm.nvvm.ldg.global.f.v4f32.p0(ptr, i32)

attributes #0 = { "target-cpu"="sm_80" }
!nvvm.annotations = !{!0}
!0 = !{ptr @kernel, !"kernel", i32 1}
