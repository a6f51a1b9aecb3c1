; Regression test from adversarial testing: several hoisted tile addresses
; derive from one hoisted base (struct fields of ta[63 - tid]). The slot-0
; clones used to be placed after whichever derived address was re-based
; first, so a clone could use its base clone before its definition
; ("Instruction does not dominate all uses!"), depending on use-list order,
; which this file pins (clang -emit-llvm-uselists). opt verifies its output.
; RUN: %opt -passes='cuda-pipeline<profitability=off>' -S %s -o - | FileCheck %s
; CHECK: call void @llvm.nvvm.cp.async.wait.group(i32 1)
; CHECK: call void @llvm.nvvm.cp.async.wait.group(i32 0)

; ModuleID = 'k4.cu'
source_filename = "k4.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.S8 = type { float, float, float, float, float, float, float, float }

@_ZZ6k_rowsPKfPfiiE2ta = internal unnamed_addr addrspace(3) global [64 x %struct.S8] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @_Z6k_rowsPKfPfii(ptr noalias nocapture noundef readonly %0, ptr noalias nocapture noundef writeonly %1, i32 noundef %2, i32 noundef %3) local_unnamed_addr #0 {
  %5 = icmp slt i32 %2, %3
  %6 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %7 = zext nneg i32 %6 to i64
  br i1 %5, label %8, label %23

8:                                                ; preds = %4
  %9 = getelementptr inbounds [64 x %struct.S8], ptr addrspacecast (ptr addrspace(3) @_ZZ6k_rowsPKfPfiiE2ta to ptr), i64 0, i64 %7
  %10 = sub nsw i32 63, %6
  %11 = zext i32 %10 to i64
  %12 = getelementptr inbounds [64 x %struct.S8], ptr addrspacecast (ptr addrspace(3) @_ZZ6k_rowsPKfPfiiE2ta to ptr), i64 0, i64 %11
  %13 = getelementptr inbounds i8, ptr %12, i64 24
  %14 = getelementptr inbounds i8, ptr %12, i64 4
  %15 = getelementptr inbounds i8, ptr %12, i64 16
  %16 = getelementptr inbounds i8, ptr %9, i64 4
  %17 = getelementptr inbounds i8, ptr %9, i64 8
  %18 = getelementptr inbounds i8, ptr %9, i64 12
  %19 = getelementptr inbounds i8, ptr %9, i64 16
  %20 = getelementptr inbounds i8, ptr %9, i64 20
  %21 = getelementptr inbounds i8, ptr %9, i64 24
  %22 = getelementptr inbounds i8, ptr %9, i64 28
  br label %26

23:                                               ; preds = %26, %4
  %24 = phi float [ 0.000000e+00, %4 ], [ %78, %26 ]
  %25 = getelementptr inbounds float, ptr %1, i64 %7
  store float %24, ptr %25, align 4, !tbaa !7
  ret void

26:                                               ; preds = %8, %26
  %27 = phi float [ 0.000000e+00, %8 ], [ %78, %26 ]
  %28 = phi i32 [ %2, %8 ], [ %79, %26 ]
  %29 = shl nsw i32 %28, 9
  %30 = add i32 %29, %6
  %31 = and i32 %30, 4095
  %32 = zext nneg i32 %31 to i64
  %33 = getelementptr inbounds float, ptr %0, i64 %32
  %34 = load float, ptr %33, align 4, !tbaa !7
  store float %34, ptr %9, align 4, !tbaa !7
  %35 = add i32 %30, 64
  %36 = and i32 %35, 4095
  %37 = zext nneg i32 %36 to i64
  %38 = getelementptr inbounds float, ptr %0, i64 %37
  %39 = load float, ptr %38, align 4, !tbaa !7
  store float %39, ptr %16, align 4, !tbaa !7
  %40 = add i32 %30, 128
  %41 = and i32 %40, 4095
  %42 = zext nneg i32 %41 to i64
  %43 = getelementptr inbounds float, ptr %0, i64 %42
  %44 = load float, ptr %43, align 4, !tbaa !7
  store float %44, ptr %17, align 4, !tbaa !7
  %45 = add i32 %30, 192
  %46 = and i32 %45, 4095
  %47 = zext nneg i32 %46 to i64
  %48 = getelementptr inbounds float, ptr %0, i64 %47
  %49 = load float, ptr %48, align 4, !tbaa !7
  store float %49, ptr %18, align 4, !tbaa !7
  %50 = add i32 %30, 256
  %51 = and i32 %50, 4095
  %52 = zext nneg i32 %51 to i64
  %53 = getelementptr inbounds float, ptr %0, i64 %52
  %54 = load float, ptr %53, align 4, !tbaa !7
  store float %54, ptr %19, align 4, !tbaa !7
  %55 = add i32 %30, 320
  %56 = and i32 %55, 4095
  %57 = zext nneg i32 %56 to i64
  %58 = getelementptr inbounds float, ptr %0, i64 %57
  %59 = load float, ptr %58, align 4, !tbaa !7
  store float %59, ptr %20, align 4, !tbaa !7
  %60 = add i32 %30, 384
  %61 = and i32 %60, 4095
  %62 = zext nneg i32 %61 to i64
  %63 = getelementptr inbounds float, ptr %0, i64 %62
  %64 = load float, ptr %63, align 4, !tbaa !7
  store float %64, ptr %21, align 4, !tbaa !7
  %65 = add i32 %30, 448
  %66 = and i32 %65, 4095
  %67 = zext nneg i32 %66 to i64
  %68 = getelementptr inbounds float, ptr %0, i64 %67
  %69 = load float, ptr %68, align 4, !tbaa !7
  store float %69, ptr %22, align 4, !tbaa !7
  tail call void @llvm.nvvm.barrier0()
  %70 = fmul contract float %27, 5.000000e-01
  %71 = load float, ptr %13, align 4, !tbaa !11
  %72 = fadd contract float %70, %71
  %73 = load float, ptr %14, align 4, !tbaa !13
  %74 = fmul contract float %73, 2.000000e+00
  %75 = fadd contract float %72, %74
  %76 = load float, ptr %15, align 4, !tbaa !14
  %77 = fmul contract float %76, 3.000000e+00
  %78 = fadd contract float %75, %77
  tail call void @llvm.nvvm.barrier0()
  %79 = add i32 %28, 1
  %80 = icmp eq i32 %79, %3
  br i1 %80, label %23, label %26, !llvm.loop !15

; uselistorder directives
  uselistorder ptr %9, { 7, 0, 1, 2, 3, 4, 5, 6 }
  uselistorder label %26, { 1, 0 }
  uselistorder i32 %30, { 1, 2, 3, 4, 5, 6, 7, 0 }
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; uselistorder directives
uselistorder float 0.000000e+00, { 1, 0 }
uselistorder ptr @llvm.nvvm.barrier0, { 1, 0 }

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx78,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3}
!nvvm.annotations = !{!4}
!llvm.ident = !{!5, !6}

!0 = !{i32 2, !"SDK Version", [2 x i32] [i32 11, i32 8]}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{ptr @_Z6k_rowsPKfPfii, !"kernel", i32 1}
!5 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!6 = !{!"clang version 3.8.0 (tags/RELEASE_380/final)"}
!7 = !{!8, !8, i64 0}
!8 = !{!"float", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C++ TBAA"}
!11 = !{!12, !8, i64 24}
!12 = !{!"_ZTS2S8", !8, i64 0, !8, i64 4, !8, i64 8, !8, i64 12, !8, i64 16, !8, i64 20, !8, i64 24, !8, i64 28}
!13 = !{!12, !8, i64 4}
!14 = !{!12, !8, i64 16}
!15 = distinct !{!15, !16}
!16 = !{!"llvm.loop.mustprogress"}
