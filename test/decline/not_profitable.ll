; The cost model declines a 16x16 tiled SGEMM: without launch bounds it
; assumes 256 threads per block (8 blocks, 64 warps per SM on sm_90), whose
; 77 instructions per iteration already cover the load latency, while a
; ring would add 31. The missed remark gives the figures; the IR is
; unchanged. stages=N forces a ring whatever the model says.
; RUN: %opt -passes='cuda-pipeline<ptxas=off>' -pass-remarks-missed=cuda-pipeline -pass-remarks-analysis=cuda-pipeline -pass-remarks-output=%t.yaml -S %s -o %t.after.ll 2>&1 | FileCheck %s
; RUN: %opt -passes=verify -S %s -o %t.before.ll
; RUN: diff %t.before.ll %t.after.ll
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; RUN: %opt -passes='cuda-pipeline<stages=2;ptxas=off>' -pass-remarks=cuda-pipeline -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=FORCED
; RUN: %opt -passes='cuda-pipeline<profitability=off;ptxas=off>' -pass-remarks=cuda-pipeline -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
; CHECK: remark: <unknown>:0:0: loop not pipelined: on sm_90 8 resident blocks of 8 warps and 77 instructions per iteration already cover an estimated 1000-cycle load latency; a ring would add 31 instructions (predicted 0.903x)
; CHECK: remark: <unknown>:0:0: loop not pipelined: cost model on sm_90: 256 threads per block (assumed: no launch bounds; add __launch_bounds__), about {{[0-9]+}} registers (estimated from {{[0-9]+}} words live at once{{.*}}), 2176 bytes of tiles and 0 of other __shared__ arrays; per warp and iteration 77 instructions (32 tile loads, 32 math); 256 busy cycles per block-iteration, 1792 more covered by the other blocks
; YAML: --- !Missed
; YAML-NEXT: Pass: cuda-pipeline
; YAML-NEXT: Name: NotProfitable
; FORCED: remark: <unknown>:0:0: pipelined loop with 2 stages: tile 'As' 1088 -> 2176 bytes, tile 'Bs' 1088 -> 2176 bytes; 2 cp.async copies of 4 bytes; removed the second barrier; cp.async [sm_{{[0-9]+}}, kernel '{{.*}}']{{$}}
; OFF: remark: <unknown>:0:0: pipelined loop with 3 stages: {{.*}}removed the second barrier; cp.async [sm_{{[0-9]+}}, kernel '{{.*}}']{{$}}

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ6matmuliPKfS0_PfE2As = internal unnamed_addr addrspace(3) global [16 x [17 x float]] undef, align 4
@_ZZ6matmuliPKfS0_PfE2Bs = internal unnamed_addr addrspace(3) global [16 x [17 x float]] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @_Z6matmuliPKfS0_Pf(i32 noundef %0, ptr noalias nocapture noundef readonly %1, ptr noalias nocapture noundef readonly %2, ptr noalias nocapture noundef writeonly %3) local_unnamed_addr #0 {
  %5 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %6 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %7 = tail call noundef range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %8 = shl nuw nsw i32 %7, 4
  %9 = add nuw nsw i32 %8, %6
  %10 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %11 = shl i32 %10, 4
  %12 = add i32 %11, %5
  %13 = icmp sgt i32 %0, 0
  %14 = mul nsw i32 %9, %0
  br i1 %13, label %15, label %53

15:                                               ; preds = %4
  %16 = add nuw i32 %14, %5
  %17 = zext nneg i32 %6 to i64
  %18 = zext nneg i32 %5 to i64
  %19 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2As to ptr), i64 0, i64 %17, i64 %18
  %20 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2Bs to ptr), i64 0, i64 %17, i64 %18
  %21 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2As to ptr), i64 0, i64 %17, i64 0
  %22 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2Bs to ptr), i64 0, i64 0, i64 %18
  %23 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2As to ptr), i64 0, i64 %17, i64 1
  %24 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2Bs to ptr), i64 0, i64 1, i64 %18
  %25 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2As to ptr), i64 0, i64 %17, i64 2
  %26 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2Bs to ptr), i64 0, i64 2, i64 %18
  %27 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2As to ptr), i64 0, i64 %17, i64 3
  %28 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2Bs to ptr), i64 0, i64 3, i64 %18
  %29 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2As to ptr), i64 0, i64 %17, i64 4
  %30 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2Bs to ptr), i64 0, i64 4, i64 %18
  %31 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2As to ptr), i64 0, i64 %17, i64 5
  %32 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2Bs to ptr), i64 0, i64 5, i64 %18
  %33 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2As to ptr), i64 0, i64 %17, i64 6
  %34 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2Bs to ptr), i64 0, i64 6, i64 %18
  %35 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2As to ptr), i64 0, i64 %17, i64 7
  %36 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2Bs to ptr), i64 0, i64 7, i64 %18
  %37 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2As to ptr), i64 0, i64 %17, i64 8
  %38 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2Bs to ptr), i64 0, i64 8, i64 %18
  %39 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2As to ptr), i64 0, i64 %17, i64 9
  %40 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2Bs to ptr), i64 0, i64 9, i64 %18
  %41 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2As to ptr), i64 0, i64 %17, i64 10
  %42 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2Bs to ptr), i64 0, i64 10, i64 %18
  %43 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2As to ptr), i64 0, i64 %17, i64 11
  %44 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2Bs to ptr), i64 0, i64 11, i64 %18
  %45 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2As to ptr), i64 0, i64 %17, i64 12
  %46 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2Bs to ptr), i64 0, i64 12, i64 %18
  %47 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2As to ptr), i64 0, i64 %17, i64 13
  %48 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2Bs to ptr), i64 0, i64 13, i64 %18
  %49 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2As to ptr), i64 0, i64 %17, i64 14
  %50 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2Bs to ptr), i64 0, i64 14, i64 %18
  %51 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2As to ptr), i64 0, i64 %17, i64 15
  %52 = getelementptr inbounds [16 x [17 x float]], ptr addrspacecast (ptr addrspace(3) @_ZZ6matmuliPKfS0_PfE2Bs to ptr), i64 0, i64 15, i64 %18
  br label %58

53:                                               ; preds = %58, %4
  %54 = phi float [ 0.000000e+00, %4 ], [ %134, %58 ]
  %55 = add nsw i32 %14, %12
  %56 = sext i32 %55 to i64
  %57 = getelementptr inbounds float, ptr %3, i64 %56
  store float %54, ptr %57, align 4, !tbaa !7
  ret void

58:                                               ; preds = %15, %58
  %59 = phi i32 [ 0, %15 ], [ %135, %58 ]
  %60 = phi float [ 0.000000e+00, %15 ], [ %134, %58 ]
  %61 = add i32 %16, %59
  %62 = sext i32 %61 to i64
  %63 = getelementptr inbounds float, ptr %1, i64 %62
  %64 = load float, ptr %63, align 4, !tbaa !7
  store float %64, ptr %19, align 4, !tbaa !7
  %65 = add nuw nsw i32 %59, %6
  %66 = mul nuw nsw i32 %65, %0
  %67 = add nsw i32 %66, %12
  %68 = sext i32 %67 to i64
  %69 = getelementptr inbounds float, ptr %2, i64 %68
  %70 = load float, ptr %69, align 4, !tbaa !7
  store float %70, ptr %20, align 4, !tbaa !7
  tail call void @llvm.nvvm.barrier0()
  %71 = load float, ptr %21, align 4, !tbaa !7
  %72 = load float, ptr %22, align 4, !tbaa !7
  %73 = fmul contract float %71, %72
  %74 = fadd contract float %60, %73
  %75 = load float, ptr %23, align 4, !tbaa !7
  %76 = load float, ptr %24, align 4, !tbaa !7
  %77 = fmul contract float %75, %76
  %78 = fadd contract float %74, %77
  %79 = load float, ptr %25, align 4, !tbaa !7
  %80 = load float, ptr %26, align 4, !tbaa !7
  %81 = fmul contract float %79, %80
  %82 = fadd contract float %78, %81
  %83 = load float, ptr %27, align 4, !tbaa !7
  %84 = load float, ptr %28, align 4, !tbaa !7
  %85 = fmul contract float %83, %84
  %86 = fadd contract float %82, %85
  %87 = load float, ptr %29, align 4, !tbaa !7
  %88 = load float, ptr %30, align 4, !tbaa !7
  %89 = fmul contract float %87, %88
  %90 = fadd contract float %86, %89
  %91 = load float, ptr %31, align 4, !tbaa !7
  %92 = load float, ptr %32, align 4, !tbaa !7
  %93 = fmul contract float %91, %92
  %94 = fadd contract float %90, %93
  %95 = load float, ptr %33, align 4, !tbaa !7
  %96 = load float, ptr %34, align 4, !tbaa !7
  %97 = fmul contract float %95, %96
  %98 = fadd contract float %94, %97
  %99 = load float, ptr %35, align 4, !tbaa !7
  %100 = load float, ptr %36, align 4, !tbaa !7
  %101 = fmul contract float %99, %100
  %102 = fadd contract float %98, %101
  %103 = load float, ptr %37, align 4, !tbaa !7
  %104 = load float, ptr %38, align 4, !tbaa !7
  %105 = fmul contract float %103, %104
  %106 = fadd contract float %102, %105
  %107 = load float, ptr %39, align 4, !tbaa !7
  %108 = load float, ptr %40, align 4, !tbaa !7
  %109 = fmul contract float %107, %108
  %110 = fadd contract float %106, %109
  %111 = load float, ptr %41, align 4, !tbaa !7
  %112 = load float, ptr %42, align 4, !tbaa !7
  %113 = fmul contract float %111, %112
  %114 = fadd contract float %110, %113
  %115 = load float, ptr %43, align 4, !tbaa !7
  %116 = load float, ptr %44, align 4, !tbaa !7
  %117 = fmul contract float %115, %116
  %118 = fadd contract float %114, %117
  %119 = load float, ptr %45, align 4, !tbaa !7
  %120 = load float, ptr %46, align 4, !tbaa !7
  %121 = fmul contract float %119, %120
  %122 = fadd contract float %118, %121
  %123 = load float, ptr %47, align 4, !tbaa !7
  %124 = load float, ptr %48, align 4, !tbaa !7
  %125 = fmul contract float %123, %124
  %126 = fadd contract float %122, %125
  %127 = load float, ptr %49, align 4, !tbaa !7
  %128 = load float, ptr %50, align 4, !tbaa !7
  %129 = fmul contract float %127, %128
  %130 = fadd contract float %126, %129
  %131 = load float, ptr %51, align 4, !tbaa !7
  %132 = load float, ptr %52, align 4, !tbaa !7
  %133 = fmul contract float %131, %132
  %134 = fadd contract float %130, %133
  tail call void @llvm.nvvm.barrier0()
  %135 = add nuw nsw i32 %59, 16
  %136 = icmp slt i32 %135, %0
  br i1 %136, label %58, label %53, !llvm.loop !11
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx78,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!4}

!0 = !{i32 2, !"SDK Version", [2 x i32] [i32 11, i32 8]}
!4 = !{ptr @_Z6matmuliPKfS0_Pf, !"kernel", i32 1}
!5 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!7 = !{!8, !8, i64 0}
!8 = !{!"float", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C++ TBAA"}
!11 = distinct !{!11, !12}
!12 = !{!"llvm.loop.mustprogress"}
