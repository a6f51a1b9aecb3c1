; FullyUnrolled. A tile loop with a constant trip count
; (4) is recorded by the companion pass (cuda-pipeline-note, which runs at
; LateLoopOptimizations, right before LoopFullUnrollPass), fully unrolled,
; and reported by the pass at its line. The IR is exactly what the
; unroller makes without the plugin: the record (!pl.tile.loops) is
; erased by the pass.
; RUN: %opt -passes='function(loop(cuda-pipeline-note,loop-unroll-full)),cuda-pipeline' -pass-remarks-missed=cuda-pipeline -pass-remarks-output=%t.yaml -S %s -o %t.after.ll 2>&1 | FileCheck %s
; RUN: %opt -passes='loop(loop-unroll-full)' -S %s -o %t.before.ll
; RUN: diff %t.before.ll %t.after.ll
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; RUN: FileCheck %s --check-prefix=IR < %t.after.ll
; A loop of one trip (ONE, the exit compare made `== 1` by sed) gets no
; advice to keep it rolled: one tile has nothing to overlap.
; RUN: sed -e 's/icmp eq i32 %%29, 4,/icmp eq i32 %%29, 1,/' %s > %t.one.ll
; RUN: %opt -passes='function(loop(cuda-pipeline-note,loop-unroll-full)),cuda-pipeline' -pass-remarks-missed=cuda-pipeline -disable-output %t.one.ll 2>&1 | FileCheck %s --check-prefix=ONE
; ONE: remark: fully_unrolled.cu:4:3: loop not pipelined: the loop runs once (constant trip count 1) and was removed before the pass ran; with one tile there is no later tile to load while it is used, so there is nothing to pipeline [sm_80, kernel 'kernel(float const*, float*)']
; ONE-NOT: pragma unroll
; The record alone, before the unroller:
; RUN: %opt -passes='loop(cuda-pipeline-note)' -S %s | FileCheck %s --check-prefix=RECORD
; CHECK: remark: fully_unrolled.cu:4:3: loop not pipelined: the loop was fully unrolled (constant trip count 4) before the pass ran; write '#pragma unroll 1' before it to keep it a loop that can be pipelined [sm_80, kernel 'kernel(float const*, float*)']
; YAML: --- !Missed
; YAML-NEXT: Pass: cuda-pipeline
; YAML-NEXT: Name: FullyUnrolled
; YAML-NEXT: DebugLoc: { File: fully_unrolled.cu, Line: 4, Column: 3 }
; IR-NOT: pl.tile.loops
; IR-COUNT-8: [[SYNC]]
; RECORD: !pl.tile.loops = !{![[R:[0-9]+]]}
; RECORD: ![[R]] = !{!"_Z6kernelPKfPf", ![[LOC:[0-9]+]], i32 4, i32 0, i1 false}
; RECORD: ![[LOC]] = !DILocation(line: 4, column: 3,

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ6kernelPKfPfE4tile = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @_Z6kernelPKfPf(ptr noalias nocapture noundef readonly %0, ptr noalias nocapture noundef writeonly %1) local_unnamed_addr #0 !dbg !12 {
  %3 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %4 = shl i32 %3, 10
  %5 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %6 = or disjoint i32 %4, %5
  %7 = zext nneg i32 %5 to i64
  %8 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ6kernelPKfPfE4tile to ptr), i64 0, i64 %7
  %9 = sub nsw i32 255, %5
  %10 = zext i32 %9 to i64
  %11 = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ6kernelPKfPfE4tile to ptr), i64 0, i64 %10
  br label %17, !dbg !15

12:                                               ; preds = %17
  %13 = shl i32 %3, 8, !dbg !16
  %14 = add i32 %13, %5, !dbg !17
  %15 = zext i32 %14 to i64, !dbg !18
  %16 = getelementptr inbounds float, ptr %1, i64 %15, !dbg !18
  store float %28, ptr %16, align 4, !dbg !19, !tbaa !20
  ret void, !dbg !24

17:                                               ; preds = %2, %17
  %18 = phi i32 [ 0, %2 ], [ %29, %17 ]
  %19 = phi float [ 0.000000e+00, %2 ], [ %28, %17 ]
  %20 = shl nuw nsw i32 %18, 8, !dbg !25
  %21 = add i32 %6, %20, !dbg !26
  %22 = zext i32 %21 to i64, !dbg !27
  %23 = getelementptr inbounds float, ptr %0, i64 %22, !dbg !27
  %24 = load float, ptr %23, align 4, !dbg !27, !tbaa !20
  store float %24, ptr %8, align 4, !dbg !28, !tbaa !20
  tail call void @llvm.nvvm.barrier0(), !dbg !29
  %25 = load float, ptr %8, align 4, !dbg !30, !tbaa !20
  %26 = load float, ptr %11, align 4, !dbg !31, !tbaa !20
  %27 = fmul contract float %25, %26, !dbg !32
  %28 = fadd contract float %19, %27, !dbg !33
  tail call void @llvm.nvvm.barrier0(), !dbg !34
  %29 = add nuw nsw i32 %18, 1, !dbg !35
  %30 = icmp eq i32 %29, 4, !dbg !36
  br i1 %30, label %12, label %17, !dbg !15, !llvm.loop !37
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3, !4, !5}
!llvm.dbg.cu = !{!6}
!nvvm.annotations = !{!8, !9}
!llvm.ident = !{!10, !11}

!0 = !{i32 2, !"SDK Version", [2 x i32] [i32 11, i32 8]}
!1 = !{i32 7, !"Dwarf Version", i32 2}
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 1, !"wchar_size", i32 4}
!4 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!5 = !{i32 7, !"frame-pointer", i32 2}
!6 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !7, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!7 = !DIFile(filename: "fully_unrolled.cu", directory: ".")
!8 = !{ptr @_Z6kernelPKfPf, !"kernel", i32 1}
!9 = !{ptr @_Z6kernelPKfPf, !"maxntidx", i32 256}
!10 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!11 = !{!"clang version 3.8.0 (tags/RELEASE_380/final)"}
!12 = distinct !DISubprogram(name: "kernel", scope: !7, file: !7, line: 1, type: !13, scopeLine: 1, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!13 = !DISubroutineType(types: !14)
!14 = !{}
!15 = !DILocation(line: 4, column: 3, scope: !12)
!16 = !DILocation(line: 10, column: 18, scope: !12)
!17 = !DILocation(line: 10, column: 24, scope: !12)
!18 = !DILocation(line: 10, column: 3, scope: !12)
!19 = !DILocation(line: 10, column: 39, scope: !12)
!20 = !{!21, !21, i64 0}
!21 = !{!"float", !22, i64 0}
!22 = !{!"omnipotent char", !23, i64 0}
!23 = !{!"Simple C++ TBAA"}
!24 = !DILocation(line: 11, column: 1, scope: !12)
!25 = !DILocation(line: 5, column: 48, scope: !12)
!26 = !DILocation(line: 5, column: 54, scope: !12)
!27 = !DILocation(line: 5, column: 25, scope: !12)
!28 = !DILocation(line: 5, column: 23, scope: !12)
!29 = !DILocation(line: 6, column: 5, scope: !12)
!30 = !DILocation(line: 7, column: 12, scope: !12)
!31 = !DILocation(line: 7, column: 32, scope: !12)
!32 = !DILocation(line: 7, column: 30, scope: !12)
!33 = !DILocation(line: 7, column: 9, scope: !12)
!34 = !DILocation(line: 8, column: 5, scope: !12)
!35 = !DILocation(line: 4, column: 26, scope: !12)
!36 = !DILocation(line: 4, column: 21, scope: !12)
!37 = distinct !{!37, !15, !38, !39}
!38 = !DILocation(line: 9, column: 3, scope: !12)
!39 = !{!"llvm.loop.mustprogress"}
