; A split copy of an int2 halo (lanes stored one by one where the guard
; holds, an 8-byte store of zeros where it fails) whose fill arm also
; stores 7 into the .y lane before the zeros: the zeros overwrite the 7, so
; the tile holds {0, 0} where the guard fails. Read as two constant stores
; each taken by one lane, the .y lane would be filled with 7. The constants
; of a split copy must not overlap: declined TileStoreNotCopy, IR
; unchanged (in-place=off keeps the in-place shape out). (Found by a
; break-it session.)
; RUN: %opt -passes='cuda-pipeline<profitability=off;in-place=off>' -pass-remarks-missed=cuda-pipeline -pass-remarks-output=%t.yaml -S %s -o %t.after.ll 2>&1 | FileCheck %s
; RUN: %opt -passes=verify -S %s -o %t.before.ll
; RUN: diff %t.before.ll %t.after.ll
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; CHECK: remark: <unknown>:0:0: loop not pipelined: {{.*}}a store into tile 't' writes the constant {{[0-9]+}} on one way of a branch whose other way copies into the tile, but not to the same bytes
; YAML: Name: TileStoreNotCopy

; ModuleID = 'x.cu'
source_filename = "x.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.int2 = type { i32, i32 }

@_ZZ12haloRowsInt2PK4int2PfiiiiE1t = internal unnamed_addr addrspace(3) global [2 x [128 x %struct.int2]] undef, align 16
@_ZZ8fillRowsPKdPdiiE1t = internal unnamed_addr addrspace(3) global [4 x [64 x double]] undef, align 8

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @_Z12haloRowsInt2PK4int2Pfiiii(ptr noalias nocapture noundef readonly %0, ptr noalias nocapture noundef writeonly %1, i32 noundef %2, i32 noundef %3, i32 noundef %4, i32 noundef %5) local_unnamed_addr #0 !dbg !13 {
  %7 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %8 = getelementptr i8, ptr %0, i64 -8
  %9 = icmp sgt i32 %2, 0
  %10 = tail call noundef range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  br i1 %9, label %11, label %43

11:                                               ; preds = %6
  %12 = shl nuw nsw i32 %10, 1
  %13 = sext i32 %5 to i64
  %14 = zext nneg i32 %7 to i64
  %15 = getelementptr inbounds [128 x %struct.int2], ptr addrspacecast (ptr addrspace(3) @_ZZ12haloRowsInt2PK4int2PfiiiiE1t to ptr), i64 0, i64 %14
  %16 = getelementptr inbounds i8, ptr %15, i64 4
  %17 = add nuw nsw i32 %7, 1
  %18 = and i32 %17, 127
  %19 = zext nneg i32 %18 to i64
  %20 = getelementptr inbounds [128 x %struct.int2], ptr getelementptr inbounds (i8, ptr addrspacecast (ptr addrspace(3) @_ZZ12haloRowsInt2PK4int2PfiiiiE1t to ptr), i64 1024), i64 0, i64 %19
  %21 = getelementptr inbounds i8, ptr %20, i64 4
  %22 = icmp sge i32 %12, %3
  %23 = zext nneg i32 %12 to i64
  %24 = mul nsw i64 %23, %13
  %25 = or disjoint i32 %12, 1
  %26 = icmp sge i32 %25, %3
  %27 = zext nneg i32 %25 to i64
  %28 = mul nsw i64 %27, %13
  %29 = getelementptr inbounds [2 x [128 x %struct.int2]], ptr addrspacecast (ptr addrspace(3) @_ZZ12haloRowsInt2PK4int2PfiiiiE1t to ptr), i64 0, i64 1, i64 %14
  %30 = getelementptr inbounds i8, ptr %29, i64 4
  %31 = getelementptr inbounds [2 x [128 x %struct.int2]], ptr addrspacecast (ptr addrspace(3) @_ZZ12haloRowsInt2PK4int2PfiiiiE1t to ptr), i64 0, i64 1, i64 %14
  br label %32

32:                                               ; preds = %11, %63
  %33 = phi float [ 0.000000e+00, %11 ], [ %74, %63 ]
  %34 = phi i32 [ 0, %11 ], [ %75, %63 ]
  %35 = shl nsw i32 %34, 7
  %36 = add nuw nsw i32 %35, %7
  %37 = icmp eq i32 %36, 0
  %38 = icmp sgt i32 %36, %4
  %39 = or i1 %37, %38
  %40 = zext nneg i32 %36 to i64
  %41 = getelementptr %struct.int2, ptr %8, i64 %40
  %42 = select i1 %22, i1 true, i1 %39
  br i1 %42, label %54, label %49

43:                                               ; preds = %63, %6
  %44 = phi float [ 0.000000e+00, %6 ], [ %74, %63 ]
  %45 = shl nuw nsw i32 %10, 7
  %46 = add nuw nsw i32 %45, %7
  %47 = zext nneg i32 %46 to i64
  %48 = getelementptr inbounds float, ptr %1, i64 %47
  store float %44, ptr %48, align 4
  ret void

49:                                               ; preds = %32
  %50 = getelementptr %struct.int2, ptr %41, i64 %24
  %51 = tail call <2 x i32> @llvm.nvvm.ldg.global.i.v2i32.p0(ptr %50, i32 8)
  %52 = extractelement <2 x i32> %51, i64 0
  %53 = extractelement <2 x i32> %51, i64 1
  store i32 %52, ptr %15, align 8
  store i32 %53, ptr %16, align 4
  br label %55

54:                                               ; preds = %32
  store i32 7, ptr %16, align 4
  store i64 0, ptr %15, align 8
  br label %55

55:                                               ; preds = %54, %49
  %56 = select i1 %26, i1 true, i1 %39
  br i1 %56, label %62, label %57

57:                                               ; preds = %55
  %58 = getelementptr %struct.int2, ptr %41, i64 %28
  %59 = tail call <2 x i32> @llvm.nvvm.ldg.global.i.v2i32.p0(ptr %58, i32 8)
  %60 = extractelement <2 x i32> %59, i64 0
  %61 = extractelement <2 x i32> %59, i64 1
  store i32 %60, ptr %29, align 8
  store i32 %61, ptr %30, align 4
  br label %63

62:                                               ; preds = %55
  store i64 0, ptr %31, align 8
  br label %63

63:                                               ; preds = %62, %57
  tail call void @llvm.nvvm.barrier0()
  %64 = load i32, ptr %15, align 8
  %65 = load i32, ptr %16, align 4
  %66 = load i32, ptr %20, align 8
  %67 = load i32, ptr %21, align 4
  %68 = sub nsw i32 %64, %67
  %69 = sitofp i32 %68 to float
  %70 = fmul contract float %69, 5.000000e-01
  %71 = add nsw i32 %66, %65
  %72 = sitofp i32 %71 to float
  %73 = fadd contract float %70, %72
  %74 = fadd contract float %33, %73
  tail call void @llvm.nvvm.barrier0()
  %75 = add nuw nsw i32 %34, 1
  %76 = icmp eq i32 %75, %2
  br i1 %76, label %43, label %32
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #1


; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #2

; Function Attrs: nocallback nofree nounwind memory(argmem: read)
declare <2 x i32> @llvm.nvvm.ldg.global.i.v2i32.p0(ptr nocapture, i32) #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx78,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { nocallback nofree nounwind memory(argmem: read) }

!llvm.module.flags = !{!0, !1, !2, !3, !4}
!llvm.dbg.cu = !{!5}
!nvvm.annotations = !{!7, !8}
!llvm.ident = !{!11, !12}

!0 = !{i32 2, !"SDK Version", [2 x i32] [i32 11, i32 8]}
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = !{i32 1, !"wchar_size", i32 4}
!3 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!4 = !{i32 7, !"frame-pointer", i32 2}
!5 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !6, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: NoDebug, splitDebugInlining: false, nameTableKind: None)
!6 = !DIFile(filename: "x.cu", directory: "/tmp/breakit/base")
!7 = !{ptr @_Z12haloRowsInt2PK4int2Pfiiii, !"kernel", i32 1}
!8 = !{ptr @_Z12haloRowsInt2PK4int2Pfiiii, !"maxntidx", i32 128}
!9 = !{i32 0}
!10 = !{i32 0}
!11 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!12 = !{!"clang version 3.8.0 (tags/RELEASE_380/final)"}
!13 = distinct !DISubprogram(name: "haloRowsInt2", scope: !14, file: !14, line: 15, type: !15, scopeLine: 16, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !5)
!14 = !DIFile(filename: "./split_copies.cuh", directory: "/tmp/breakit/base")
!15 = !DISubroutineType(types: !16)
!16 = !{}
!17 = !DILocation(line: 53, column: 3, scope: !18, inlinedAt: !20)
!18 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !19, file: !19, line: 53, type: !15, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !5)
!19 = !DIFile(filename: "/usr/lib/llvm-19/lib/clang/19/include/__clang_cuda_builtin_vars.h", directory: "")
!20 = distinct !DILocation(line: 19, column: 18, scope: !13)
!21 = !DILocation(line: 20, column: 8, scope: !13)
!22 = !DILocation(line: 20, column: 21, scope: !13)
!23 = !DILocation(line: 20, column: 3, scope: !13)
!24 = !DILocation(line: 22, column: 5, scope: !13)
!25 = !DILocation(line: 24, column: 17, scope: !13)
!26 = !DILocation(line: 0, scope: !13)
!27 = !DILocation(line: 34, column: 18, scope: !13)
!28 = !DILocation(line: 34, column: 24, scope: !13)
!29 = !DILocation(line: 34, column: 3, scope: !13)
!30 = !DILocation(line: 34, column: 30, scope: !13)
!31 = !{!32, !32, i64 0}
!32 = !{!"float", !33, i64 0}
!33 = !{!"omnipotent char", !34, i64 0}
!34 = !{!"Simple C++ TBAA"}
!35 = !DILocation(line: 35, column: 1, scope: !13)
!36 = !DILocation(line: 25, column: 27, scope: !13)
!37 = !DILocation(line: 331, column: 11, scope: !38, inlinedAt: !40)
!38 = distinct !DISubprogram(name: "__ldg", scope: !39, file: !39, line: 329, type: !15, scopeLine: 329, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !5)
!39 = !DIFile(filename: "/usr/lib/llvm-19/lib/clang/19/include/__clang_cuda_intrinsics.h", directory: "")
!40 = distinct !DILocation(line: 25, column: 20, scope: !13)
!41 = !DILocation(line: 333, column: 11, scope: !38, inlinedAt: !40)
!42 = !DILocation(line: 334, column: 11, scope: !38, inlinedAt: !40)
!43 = !DILocation(line: 25, column: 18, scope: !13)
!44 = !{!45, !45, i64 0}
!45 = !{!"int", !33, i64 0}
!46 = !DILocation(line: 25, column: 9, scope: !13)
!47 = !DILocation(line: 27, column: 18, scope: !13)
!48 = !DILocation(line: 29, column: 5, scope: !13)
!49 = !DILocation(line: 30, column: 20, scope: !13)
!50 = !DILocation(line: 30, column: 34, scope: !13)
!51 = !DILocation(line: 31, column: 24, scope: !13)
!52 = !DILocation(line: 31, column: 19, scope: !13)
!53 = !DILocation(line: 31, column: 31, scope: !13)
!54 = !DILocation(line: 31, column: 52, scope: !13)
!55 = !DILocation(line: 31, column: 47, scope: !13)
!56 = !DILocation(line: 31, column: 38, scope: !13)
!57 = !DILocation(line: 31, column: 9, scope: !13)
!58 = !DILocation(line: 32, column: 5, scope: !13)
!59 = !DILocation(line: 20, column: 27, scope: !13)
!60 = distinct !{!60, !23, !61, !62}
!61 = !DILocation(line: 33, column: 3, scope: !13)
!62 = !{!"llvm.loop.mustprogress"}
!63 = distinct !DISubprogram(name: "fillRows", scope: !14, file: !14, line: 38, type: !15, scopeLine: 38, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !5)
!64 = !DILocation(line: 53, column: 3, scope: !18, inlinedAt: !65)
!65 = distinct !DILocation(line: 40, column: 18, scope: !63)
!66 = !DILocation(line: 40, column: 30, scope: !63)
!67 = !DILocation(line: 42, column: 21, scope: !63)
!68 = !DILocation(line: 42, column: 3, scope: !63)
!69 = !DILocation(line: 40, column: 53, scope: !63)
!70 = !DILocation(line: 0, scope: !63)
!71 = !DILocation(line: 66, column: 3, scope: !72, inlinedAt: !73)
!72 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !19, file: !19, line: 66, type: !15, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !5)
!73 = distinct !DILocation(line: 59, column: 7, scope: !63)
!74 = !DILocation(line: 59, column: 18, scope: !63)
!75 = !DILocation(line: 59, column: 24, scope: !63)
!76 = !DILocation(line: 59, column: 3, scope: !63)
!77 = !DILocation(line: 59, column: 39, scope: !63)
!78 = !{!79, !79, i64 0}
!79 = !{!"double", !33, i64 0}
!80 = !DILocation(line: 60, column: 1, scope: !63)
!81 = !DILocation(line: 43, column: 21, scope: !63)
!82 = !DILocation(line: 43, column: 26, scope: !63)
!83 = !DILocation(line: 44, column: 11, scope: !63)
!84 = !DILocation(line: 44, column: 9, scope: !63)
!85 = !DILocation(line: 45, column: 18, scope: !63)
!86 = !DILocation(line: 45, column: 16, scope: !63)
!87 = !DILocation(line: 46, column: 23, scope: !63)
!88 = !DILocation(line: 46, column: 18, scope: !63)
!89 = !DILocation(line: 46, column: 16, scope: !63)
!90 = !DILocation(line: 47, column: 27, scope: !63)
!91 = !DILocation(line: 47, column: 18, scope: !63)
!92 = !DILocation(line: 47, column: 16, scope: !63)
!93 = !DILocation(line: 48, column: 27, scope: !63)
!94 = !DILocation(line: 48, column: 18, scope: !63)
!95 = !DILocation(line: 49, column: 5, scope: !63)
!96 = !DILocation(line: 50, column: 16, scope: !63)
!97 = !DILocation(line: 51, column: 16, scope: !63)
!98 = !DILocation(line: 52, column: 16, scope: !63)
!99 = !DILocation(line: 55, column: 5, scope: !63)
!100 = !DILocation(line: 56, column: 12, scope: !63)
!101 = !DILocation(line: 56, column: 24, scope: !63)
!102 = !DILocation(line: 56, column: 22, scope: !63)
!103 = !DILocation(line: 56, column: 9, scope: !63)
!104 = !DILocation(line: 57, column: 5, scope: !63)
!105 = !DILocation(line: 42, column: 38, scope: !63)
!106 = distinct !{!106, !68, !107, !62}
!107 = !DILocation(line: 58, column: 3, scope: !63)
