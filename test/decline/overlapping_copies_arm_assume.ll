; Two copies into one tile, one of them split (`if (x < W) t[tx + s] =
; A[x]; else t[tx + s] = 0`) with an llvm.assume that bit 0 of tx + s is
; 1 inside the loading arm only; the other copy writes t[2 * tx]. Its
; known bits hold only where the load runs, but the ring's cp.async of a
; split copy also writes (zeros) where the guard fails: with W = 0, s = 1
; and tx = 1 both copies write t[2]. Known bits are taken where the copy
; is issued (its branch), which proves nothing: declined
; OverlappingCopies, IR unchanged. (Found by a break-it session.)
; RUN: %opt -passes='cuda-pipeline<profitability=off;in-place=off>' -pass-remarks-missed=cuda-pipeline -pass-remarks-output=%t.yaml -S %s -o %t.after.ll 2>&1 | FileCheck %s
; RUN: %opt -passes=verify -S %s -o %t.before.ll
; RUN: diff %t.before.ll %t.after.ll
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; CHECK: remark: <unknown>:0:0: loop not pipelined: two copies into tile 't' may write the same bytes
; YAML: Name: OverlappingCopies

; ModuleID = 'x.cu'
source_filename = "x.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ1kPKfS0_PfiiiE1t = internal unnamed_addr addrspace(3) global [512 x float] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @_Z1kPKfS0_Pfiii(ptr noalias nocapture noundef readonly %0, ptr noalias nocapture noundef readonly %1, ptr noalias nocapture noundef writeonly %2, i32 noundef %3, i32 noundef %4, i32 noundef %5) local_unnamed_addr #0 !dbg !11 {
  %7 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = icmp sgt i32 %3, 0
  br i1 %8, label %9, label %22

9:                                                ; preds = %6
  %10 = add nsw i32 %7, %5
  %11 = sext i32 %10 to i64
  %12 = getelementptr inbounds [512 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ1kPKfS0_PfiiiE1t to ptr), i64 0, i64 %11
  %13 = and i32 %10, 1
  %14 = icmp ne i32 %13, 0
  %15 = shl nuw nsw i32 %7, 1
  %16 = zext nneg i32 %15 to i64
  %17 = getelementptr inbounds [512 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ1kPKfS0_PfiiiE1t to ptr), i64 0, i64 %16
  %18 = mul nuw nsw i32 %7, 3
  %19 = and i32 %18, 511
  %20 = zext nneg i32 %19 to i64
  %21 = getelementptr inbounds [512 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ1kPKfS0_PfiiiE1t to ptr), i64 0, i64 %20
  br label %26

22:                                               ; preds = %36, %6
  %23 = phi float [ 0.000000e+00, %6 ], [ %41, %36 ]
  %24 = zext nneg i32 %7 to i64
  %25 = getelementptr inbounds float, ptr %2, i64 %24
  store float %23, ptr %25, align 4
  ret void

26:                                               ; preds = %9, %36
  %27 = phi float [ 0.000000e+00, %9 ], [ %41, %36 ]
  %28 = phi i32 [ 0, %9 ], [ %42, %36 ]
  %29 = shl nsw i32 %28, 7
  %30 = add nuw nsw i32 %29, %7
  %31 = icmp slt i32 %30, %4
  %32 = zext nneg i32 %30 to i64
  br i1 %31, label %33, label %fill

33:                                               ; preds = %26
  tail call void @llvm.assume(i1 %14)
  %34 = getelementptr inbounds float, ptr %0, i64 %32
  %35 = load float, ptr %34, align 4
  store float %35, ptr %12, align 4
  br label %36

fill:
  store float 0.000000e+00, ptr %12, align 4
  br label %36

36:                                               ; preds = %fill, %33
  %38 = getelementptr inbounds float, ptr %1, i64 %32
  %39 = load float, ptr %38, align 4
  store float %39, ptr %17, align 4
  tail call void @llvm.nvvm.barrier0()
  %40 = load float, ptr %21, align 4
  %41 = fadd contract float %27, %40
  tail call void @llvm.nvvm.barrier0()
  %42 = add nuw nsw i32 %28, 1
  %43 = icmp eq i32 %42, %3
  br i1 %43, label %22, label %26
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write)
declare void @llvm.assume(i1 noundef) #1

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx78,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write) }
attributes #2 = { convergent nocallback nounwind }
attributes #3 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3, !4}
!llvm.dbg.cu = !{!5}
!nvvm.annotations = !{!7, !8}
!llvm.ident = !{!9, !10}

!0 = !{i32 2, !"SDK Version", [2 x i32] [i32 11, i32 8]}
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = !{i32 1, !"wchar_size", i32 4}
!3 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!4 = !{i32 7, !"frame-pointer", i32 2}
!5 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !6, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: NoDebug, splitDebugInlining: false, nameTableKind: None)
!6 = !DIFile(filename: "x.cu", directory: "/tmp/breakit/bits_assume")
!7 = !{ptr @_Z1kPKfS0_Pfiii, !"kernel", i32 1}
!8 = !{ptr @_Z1kPKfS0_Pfiii, !"maxntidx", i32 128}
!9 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!10 = !{!"clang version 3.8.0 (tags/RELEASE_380/final)"}
!11 = distinct !DISubprogram(name: "k", scope: !6, file: !6, line: 4, type: !12, scopeLine: 5, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !5)
!12 = !DISubroutineType(types: !13)
!13 = !{}
!14 = !DILocation(line: 53, column: 3, scope: !15, inlinedAt: !17)
!15 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !16, file: !16, line: 53, type: !12, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !5)
!16 = !DIFile(filename: "/usr/lib/llvm-19/lib/clang/19/include/__clang_cuda_builtin_vars.h", directory: "")
!17 = distinct !DILocation(line: 8, column: 18, scope: !11)
!18 = !DILocation(line: 11, column: 21, scope: !11)
!19 = !DILocation(line: 11, column: 3, scope: !11)
!20 = !DILocation(line: 9, column: 21, scope: !11)
!21 = !DILocation(line: 0, scope: !11)
!22 = !DILocation(line: 24, column: 3, scope: !11)
!23 = !DILocation(line: 24, column: 11, scope: !11)
!24 = !{!25, !25, i64 0}
!25 = !{!"float", !26, i64 0}
!26 = !{!"omnipotent char", !27, i64 0}
!27 = !{!"Simple C++ TBAA"}
!28 = !DILocation(line: 25, column: 1, scope: !11)
!29 = !DILocation(line: 12, column: 21, scope: !11)
!30 = !DILocation(line: 12, column: 27, scope: !11)
!31 = !DILocation(line: 13, column: 11, scope: !11)
!32 = !DILocation(line: 13, column: 9, scope: !11)
!33 = !DILocation(line: 14, column: 7, scope: !11)
!34 = !DILocation(line: 15, column: 15, scope: !11)
!35 = !DILocation(line: 16, column: 5, scope: !11)
!36 = !DILocation(line: 19, column: 17, scope: !11)
!37 = !DILocation(line: 19, column: 15, scope: !11)
!38 = !DILocation(line: 20, column: 5, scope: !11)
!39 = !DILocation(line: 21, column: 12, scope: !11)
!40 = !DILocation(line: 21, column: 9, scope: !11)
!41 = !DILocation(line: 22, column: 5, scope: !11)
!42 = !DILocation(line: 11, column: 27, scope: !11)
!43 = distinct !{!43, !19, !44, !45, !46}
!44 = !DILocation(line: 23, column: 3, scope: !11)
!45 = !{!"llvm.loop.mustprogress"}
!46 = !{!"llvm.loop.unroll.disable"}
