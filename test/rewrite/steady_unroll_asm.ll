; The steady-state unroll (lib/steady_unroll.h) takes `convergent` off the
; loop's inline-assembly calls during the unroll and gives it back to
; those calls and their copies alone: the module's one InlineAsm constant
; is also called, without the attribute, by the kernel `other`, whose call
; must stay as it was. The module says CUDA 12.3 (its SDK Version), whose
; ptxas keeps tile loops rolled, so the register ring of `loopk` is
; unrolled 4 times (5 conversions: 4 in the main loop, 1 in the remainder,
; beside the prologue's).
; RUN: %opt -passes=cuda-pipeline -S %s | FileCheck %s
; CHECK-LABEL: define {{.*}} @_Z5loopkiiPKfPf(
; CHECK-COUNT-6: asm "cvt.rn.f16.f32 $0, $1;", "=h,f"(float %{{[^)]*}}) #[[CONV:[0-9]+]]
; CHECK-NOT: pl.unroll
; CHECK-LABEL: define {{.*}} @_Z5otherPKfPt(
; CHECK: asm "cvt.rn.f16.f32 $0, $1;", "=h,f"(float %{{[0-9]+}}) #[[PLAIN:[0-9]+]]
; CHECK-NOT: pl.unroll
; CHECK-DAG: attributes #[[CONV]] = { convergent nounwind memory(none) }
; CHECK-DAG: attributes #[[PLAIN]] = { nounwind memory(none) }

; ModuleID = 'steady_unroll_asm.cu'
source_filename = "steady_unroll_asm.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ5loopkiiPKfPfE4tile = internal unnamed_addr addrspace(3) global [256 x i16] undef, align 2

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @_Z5loopkiiPKfPf(i32 noundef %0, i32 noundef %1, ptr noalias nocapture noundef readonly %2, ptr noalias nocapture noundef writeonly %3) local_unnamed_addr #0 {
  %5 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %6 = zext nneg i32 %5 to i64
  %7 = zext i32 %1 to i64
  %8 = mul nuw nsw i64 %7, %6
  %9 = icmp sgt i32 %1, 0
  %10 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %11 = zext nneg i32 %10 to i64
  br i1 %9, label %12, label %19

12:                                               ; preds = %4
  %13 = sext i32 %0 to i64
  %14 = getelementptr inbounds [256 x i16], ptr addrspacecast (ptr addrspace(3) @_ZZ5loopkiiPKfPfE4tile to ptr), i64 0, i64 %11
  %15 = add nuw nsw i32 %10, 1
  %16 = and i32 %15, 255
  %17 = zext nneg i32 %16 to i64
  %18 = getelementptr inbounds [256 x i16], ptr addrspacecast (ptr addrspace(3) @_ZZ5loopkiiPKfPfE4tile to ptr), i64 0, i64 %17
  br label %24

19:                                               ; preds = %35, %4
  %20 = phi float [ 0.000000e+00, %4 ], [ %44, %35 ]
  %21 = shl nuw nsw i64 %6, 10
  %22 = getelementptr inbounds i8, ptr %3, i64 %21
  %23 = getelementptr inbounds float, ptr %22, i64 %11
  store float %20, ptr %23, align 4, !tbaa !9
  ret void

24:                                               ; preds = %12, %35
  %25 = phi float [ 0.000000e+00, %12 ], [ %44, %35 ]
  %26 = phi i32 [ 0, %12 ], [ %45, %35 ]
  %27 = zext nneg i32 %26 to i64
  %28 = add nuw nsw i64 %8, %27
  %29 = shl i64 %28, 8
  %30 = add i64 %29, %11
  %31 = icmp ult i64 %30, %13
  br i1 %31, label %32, label %35

32:                                               ; preds = %24
  %33 = getelementptr inbounds float, ptr %2, i64 %30
  %34 = load float, ptr %33, align 4, !tbaa !9
  br label %35

35:                                               ; preds = %24, %32
  %36 = phi contract float [ %34, %32 ], [ 0.000000e+00, %24 ]
  %37 = tail call noundef i16 asm "cvt.rn.f16.f32 $0, $1;", "=h,f"(float %36) #4, !srcloc !13
  store i16 %37, ptr %14, align 2, !tbaa !14
  tail call void @llvm.nvvm.barrier0()
  %38 = load i16, ptr %14, align 2, !tbaa !14
  %39 = tail call contract noundef float asm "cvt.f32.f16 $0, $1;", "=f,h"(i16 %38) #4, !srcloc !16
  %40 = load i16, ptr %18, align 2, !tbaa !14
  %41 = tail call contract noundef float asm "cvt.f32.f16 $0, $1;", "=f,h"(i16 %40) #4, !srcloc !16
  %42 = fmul contract float %41, 5.000000e-01
  %43 = fadd contract float %39, %42
  %44 = fadd contract float %25, %43
  tail call void @llvm.nvvm.barrier0()
  %45 = add nuw nsw i32 %26, 1
  %46 = icmp eq i32 %45, %1
  br i1 %46, label %19, label %24, !llvm.loop !17
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: convergent mustprogress norecurse nounwind memory(argmem: readwrite)
define dso_local void @_Z5otherPKfPt(ptr nocapture noundef readonly %0, ptr nocapture noundef writeonly %1) local_unnamed_addr #2 {
  %3 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %4 = zext nneg i32 %3 to i64
  %5 = getelementptr inbounds float, ptr %0, i64 %4
  %6 = load float, ptr %5, align 4, !tbaa !9
  %7 = tail call i16 asm "cvt.rn.f16.f32 $0, $1;", "=h,f"(float %6) #9, !srcloc !19
  %8 = getelementptr inbounds i16, ptr %1, i64 %4
  store i16 %7, ptr %8, align 2, !tbaa !14
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx78,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { convergent mustprogress norecurse nounwind memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx78,+sm_90" "uniform-work-group-size"="true" }
attributes #3 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #4 = { convergent nounwind memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3}
!nvvm.annotations = !{!4, !5, !6}
!llvm.ident = !{!7, !8}

!0 = !{i32 2, !"SDK Version", [2 x i32] [i32 12, i32 3]}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{ptr @_Z5loopkiiPKfPf, !"kernel", i32 1}
!5 = !{ptr @_Z5loopkiiPKfPf, !"maxntidx", i32 256}
!6 = !{ptr @_Z5otherPKfPt, !"kernel", i32 1}
!7 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!8 = !{!"clang version 3.8.0 (tags/RELEASE_380/final)"}
!9 = !{!10, !10, i64 0}
!10 = !{!"float", !11, i64 0}
!11 = !{!"omnipotent char", !12, i64 0}
!12 = !{!"Simple C++ TBAA"}
!13 = !{i64 236}
!14 = !{!15, !15, i64 0}
!15 = !{!"short", !11, i64 0}
!16 = !{i64 377}
!17 = distinct !{!17, !18}
!18 = !{!"llvm.loop.mustprogress"}
!19 = !{i64 1110}
attributes #9 = { nounwind memory(none) }
