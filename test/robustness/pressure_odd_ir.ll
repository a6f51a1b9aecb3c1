; The register estimate (lib/pressure.c) on IR clang does not write but the
; verifier accepts: a GEP of itself in a block nothing branches to (SSA
; allows it only there), and scalable vectors (no fixed size; not NVPTX's).
; Unreachable blocks hold nothing live and are not walked; a scalable
; vector counts no words. The pass ends and decides (it hung on the first,
; and stopped with "Invalid size request on a scalable vector" on the
; second).
; RUN: %opt -passes=cuda-pipeline -pass-remarks=cuda-pipeline -pass-remarks-missed=cuda-pipeline -pass-remarks-analysis=cuda-pipeline -S %s -o %t.ll 2>&1 | FileCheck %s
; RUN: %opt -passes=verify -disable-output %t.ll
; CHECK: remark: <unknown>:0:0: {{pipelined loop with [0-9] stages|loop not pipelined: on sm_90}}
; CHECK: remark: <unknown>:0:0: {{(loop not pipelined: )?}}cost model on sm_90: 256 threads per block, about {{[0-9]+}} registers (estimated from {{[0-9]+}} words live at once
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ9streamSumiPKfPfE4tile = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4

define dso_local void @_Z9streamSumiPKfPf(i32 noundef %0, ptr noalias nocapture noundef readonly %1, ptr noalias nocapture noundef writeonly %2) local_unnamed_addr #0 {
  %4 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %5 = zext nneg i32 %4 to i64
  %6 = zext i32 %0 to i64
  %7 = mul nuw nsw i64 %6, %5
  %8 = icmp sgt i32 %0, 0
  %9 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %10 = zext nneg i32 %9 to i64
  br i1 %8, label %11, label %18

11:                                               ; preds = %3
  %12 = getelementptr float, ptr %1, i64 %10
  %13 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ9streamSumiPKfPfE4tile to ptr), i64 0, i64 %10
  %14 = add nuw nsw i32 %9, 1
  %15 = and i32 %14, 255
  %16 = zext nneg i32 %15 to i64
  %17 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ9streamSumiPKfPfE4tile to ptr), i64 0, i64 %16
  br label %23

18:                                               ; preds = %23, %3
  %19 = phi float [ 0.000000e+00, %3 ], [ %35, %23 ]
  %20 = shl nuw nsw i64 %5, 10
  %21 = getelementptr inbounds i8, ptr %2, i64 %20
  %22 = getelementptr inbounds float, ptr %21, i64 %10
  store float %19, ptr %22, align 4, !tbaa !8
  %sv = load <vscale x 4 x float>, ptr %2, align 16
  %sv2 = fadd <vscale x 4 x float> %sv, %sv
  store <vscale x 4 x float> %sv2, ptr %22, align 16
  ret void

23:                                               ; preds = %11, %23
  %24 = phi i32 [ 0, %11 ], [ %36, %23 ]
  %25 = phi float [ 0.000000e+00, %11 ], [ %35, %23 ]
  %26 = zext nneg i32 %24 to i64
  %27 = add nuw nsw i64 %7, %26
  %28 = shl i64 %27, 10
  %29 = getelementptr i8, ptr %12, i64 %28
  %30 = load float, ptr %29, align 4, !tbaa !8
  store float %30, ptr %13, align 4, !tbaa !8
  tail call void @llvm.nvvm.barrier0()
  %31 = load float, ptr %13, align 4, !tbaa !8
  %32 = load float, ptr %17, align 4, !tbaa !8
  %33 = fmul contract float %32, 5.000000e-01
  %34 = fadd contract float %31, %33
  %35 = fadd contract float %25, %34
  tail call void @llvm.nvvm.barrier0()
  %36 = add nuw nsw i32 %24, 1
  %37 = icmp eq i32 %36, %0
  br i1 %37, label %18, label %23, !llvm.loop !12

dead:                                             ; no predecessors
  %d1 = getelementptr i8, ptr %d1, i64 4
  unreachable
}

declare void @llvm.nvvm.barrier0() #1

declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx78,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!4, !5}

!0 = !{i32 2, !"SDK Version", [2 x i32] [i32 11, i32 8]}
!4 = !{ptr @_Z9streamSumiPKfPf, !"kernel", i32 1}
!5 = !{ptr @_Z9streamSumiPKfPf, !"maxntidx", i32 256}
!6 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!8 = !{!9, !9, i64 0}
!9 = !{!"float", !10, i64 0}
!10 = !{!"omnipotent char", !11, i64 0}
!11 = !{!"Simple C++ TBAA"}
!12 = distinct !{!12, !13}
!13 = !{!"llvm.loop.mustprogress"}
