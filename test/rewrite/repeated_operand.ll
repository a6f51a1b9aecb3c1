; Robustness: a copy whose source index uses one instruction twice,
; x = it >> 1; A[(x * x) % 5 * 32 + tid] (kernel dup), and a small DAG of
; such uses, y = x ^ 3; A[(y * x) % 5 * 32 + tid] (kernel dag). Removing the
; synchronous copy erases its dead address chain; erasing an operand that
; appears twice, or that an earlier operand's chain already erased, used
; freed memory and crashed the pass at every stage count. The IR is clang's
; -O3 output for that source, as the pass sees it.
; RUN: %opt -passes='cuda-pipeline<stages=2>',verify -pass-remarks=cuda-pipeline -S %s -o /dev/null 2>&1 | FileCheck %s
; RUN: %opt -passes='cuda-pipeline<stages=3>',verify -pass-remarks=cuda-pipeline -S %s -o /dev/null 2>&1 | FileCheck %s
; RUN: %opt -passes='cuda-pipeline<stages=4>',verify -pass-remarks=cuda-pipeline -S %s -o /dev/null 2>&1 | FileCheck %s
; CHECK-COUNT-2: remark: <unknown>:0:0: pipelined loop with

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.S = type { [2 x [2 x [2 x [2 x [2 x [2 x [2 x [2 x [2 x [2 x [2 x [2 x [2 x [2 x [2 x [2 x [2 x [4 x float]]]]]]]]]]]]]]]]]] }

@_ZZ3dupiPKfPfE4tile = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@_ZZ3dagiPKfPfE4tile = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @_Z3dupiPKfPf(i32 noundef %0, ptr noalias nocapture noundef readonly %1, ptr noalias nocapture noundef writeonly %2) local_unnamed_addr #0 {
  %4 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = icmp sgt i32 %0, 0
  br i1 %5, label %6, label %13

6:                                                ; preds = %3
  %7 = zext nneg i32 %4 to i64
  %8 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3dupiPKfPfE4tile to ptr), i64 0, i64 %7
  %9 = add nuw nsw i32 %4, 1
  %10 = and i32 %9, 255
  %11 = zext nneg i32 %10 to i64
  %12 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3dupiPKfPfE4tile to ptr), i64 0, i64 %11
  br label %20

13:                                               ; preds = %20, %3
  %14 = phi float [ 0.000000e+00, %3 ], [ %32, %20 ]
  %15 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %16 = shl i32 %15, 8
  %17 = add i32 %16, %4
  %18 = zext i32 %17 to i64
  %19 = getelementptr inbounds float, ptr %2, i64 %18
  store float %14, ptr %19, align 4, !tbaa !9
  ret void

20:                                               ; preds = %6, %20
  %21 = phi float [ 0.000000e+00, %6 ], [ %32, %20 ]
  %22 = phi i32 [ 0, %6 ], [ %33, %20 ]
  %23 = lshr i32 %22, 1
  %24 = mul nuw nsw i32 %23, %23
  %25 = urem i32 %24, 5
  %26 = shl nuw nsw i32 %25, 5
  %27 = add nuw nsw i32 %26, %4
  %28 = zext nneg i32 %27 to i64
  %29 = getelementptr inbounds float, ptr %1, i64 %28
  %30 = load float, ptr %29, align 4, !tbaa !9
  store float %30, ptr %8, align 4, !tbaa !9
  tail call void @llvm.nvvm.barrier0()
  %31 = load float, ptr %12, align 4, !tbaa !9
  %32 = fadd contract float %21, %31
  tail call void @llvm.nvvm.barrier0()
  %33 = add nuw nsw i32 %22, 1
  %34 = icmp eq i32 %33, %0
  br i1 %34, label %13, label %20, !llvm.loop !13
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @_Z3dagiPKfPf(i32 noundef %0, ptr noalias nocapture noundef readonly %1, ptr noalias nocapture noundef writeonly %2) local_unnamed_addr #0 {
  %4 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = icmp sgt i32 %0, 0
  br i1 %5, label %6, label %13

6:                                                ; preds = %3
  %7 = zext nneg i32 %4 to i64
  %8 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3dagiPKfPfE4tile to ptr), i64 0, i64 %7
  %9 = add nuw nsw i32 %4, 1
  %10 = and i32 %9, 255
  %11 = zext nneg i32 %10 to i64
  %12 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ3dagiPKfPfE4tile to ptr), i64 0, i64 %11
  br label %20

13:                                               ; preds = %20, %3
  %14 = phi float [ 0.000000e+00, %3 ], [ %33, %20 ]
  %15 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %16 = shl i32 %15, 8
  %17 = add i32 %16, %4
  %18 = zext i32 %17 to i64
  %19 = getelementptr inbounds float, ptr %2, i64 %18
  store float %14, ptr %19, align 4, !tbaa !9
  ret void

20:                                               ; preds = %6, %20
  %21 = phi float [ 0.000000e+00, %6 ], [ %33, %20 ]
  %22 = phi i32 [ 0, %6 ], [ %34, %20 ]
  %23 = lshr i32 %22, 1
  %24 = xor i32 %23, 3
  %25 = mul nuw nsw i32 %24, %23
  %26 = urem i32 %25, 5
  %27 = shl nuw nsw i32 %26, 5
  %28 = add nuw nsw i32 %27, %4
  %29 = zext nneg i32 %28 to i64
  %30 = getelementptr inbounds float, ptr %1, i64 %29
  %31 = load float, ptr %30, align 4, !tbaa !9
  store float %31, ptr %8, align 4, !tbaa !9
  tail call void @llvm.nvvm.barrier0()
  %32 = load float, ptr %12, align 4, !tbaa !9
  %33 = fadd contract float %21, %32
  tail call void @llvm.nvvm.barrier0()
  %34 = add nuw nsw i32 %22, 1
  %35 = icmp eq i32 %34, %0
  br i1 %35, label %13, label %20, !llvm.loop !15
}

; Function Attrs: convergent mustprogress norecurse nounwind

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3}
!nvvm.annotations = !{!4, !5}
!llvm.ident = !{!7, !8}

!0 = !{i32 2, !"SDK Version", [2 x i32] [i32 11, i32 8]}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{ptr @_Z3dupiPKfPf, !"kernel", i32 1}
!5 = !{ptr @_Z3dagiPKfPf, !"kernel", i32 1}
!7 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!8 = !{!"clang version 3.8.0 (tags/RELEASE_380/final)"}
!9 = !{!10, !10, i64 0}
!10 = !{!"float", !11, i64 0}
!11 = !{!"omnipotent char", !12, i64 0}
!12 = !{!"Simple C++ TBAA"}
!13 = distinct !{!13, !14}
!14 = !{!"llvm.loop.mustprogress"}
!15 = distinct !{!15, !14}
!16 = distinct !{!16, !14}
