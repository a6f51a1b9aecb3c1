; A copy loop `for (x = 0; x < d; ++x) Kj[ty*d + x] = K[(j + ty)*d + x]` as
; clang -O3 leaves it: unrolled at run time into a main
; loop of 8 copies per iteration and a remainder loop, each under a guard on
; d. The copies of the two loops are proven safe together because their
; destination and source indices move in lockstep (where two meet, they
; carry the same value). Each issue point clones both loops: 9 cp.async per
; stage, the prologue's iteration 0 without src-size, iteration 1 and the
; steady state zero-filling; one wait, one barrier per iteration.
; (From `clang++ -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -O3`.)
; RUN: %opt -passes='cuda-pipeline<profitability=off;verify>' -pass-remarks=cuda-pipeline -S %s -o - 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.err
; REMARK: remark: <unknown>:0:0: pipelined loop with 3 stages: tile 'Kj' 8192 -> 24576 bytes; 9 cp.async copies of 4 bytes

; CHECK-LABEL: define dso_local {{(ptx_kernel )?}}void @_Z4attnPKfS0_Pfii
; CHECK: call void @llvm.nvvm.cp.async.commit.group()
; CHECK: call void @llvm.nvvm.cp.async.commit.group()
; CHECK: call void @llvm.nvvm.cp.async.wait.group(i32 1)
; CHECK-NEXT: {{(tail )?}}[[SYNC]]
; CHECK: call void @llvm.nvvm.cp.async.commit.group()
; CHECK-NOT: [[SYNC]]
; CHECK: call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-COUNT-9: call void @llvm.nvvm.cp.async.ca.shared.global.4(ptr addrspace(3)
; CHECK-COUNT-18: call void @llvm.nvvm.cp.async.ca.shared.global.4.s(ptr addrspace(3)
; CHECK-NOT: call void @llvm.nvvm.cp.async.ca
; CHECK: }

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ4attnPKfS0_PfiiE2Kj = internal unnamed_addr addrspace(3) global [2048 x float] undef, align 4

; Function Attrs: convergent mustprogress norecurse nounwind
define dso_local void @_Z4attnPKfS0_Pfii(ptr noalias nocapture noundef readonly %0, ptr noalias nocapture noundef readonly %1, ptr noalias nocapture noundef writeonly %2, i32 noundef %3, i32 noundef %4) local_unnamed_addr #0 {
  %6 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %7 = icmp sgt i32 %3, 0
  br i1 %7, label %8, label %27

8:                                                ; preds = %5
  %9 = icmp sgt i32 %4, 0
  %10 = mul nsw i32 %6, %4
  %11 = xor i32 %6, 1
  %12 = mul nsw i32 %11, %4
  %13 = and i32 %4, 7
  %14 = icmp ult i32 %4, 8
  %15 = and i32 %4, 2147483640
  %16 = icmp eq i32 %13, 0
  %17 = and i32 %4, 3
  %18 = icmp ult i32 %4, 4
  %19 = and i32 %4, 2147483644
  %20 = icmp eq i32 %17, 0
  br label %21

21:                                               ; preds = %8, %137
  %22 = phi i32 [ 0, %8 ], [ %139, %137 ]
  %23 = phi float [ 0.000000e+00, %8 ], [ %138, %137 ]
  br i1 %9, label %24, label %46

24:                                               ; preds = %21
  %25 = add nuw nsw i32 %22, %6
  %26 = mul nuw nsw i32 %25, %4
  br i1 %14, label %31, label %48

27:                                               ; preds = %137, %5
  %28 = phi float [ 0.000000e+00, %5 ], [ %138, %137 ]
  %29 = zext nneg i32 %6 to i64
  %30 = getelementptr inbounds float, ptr %2, i64 %29
  store float %28, ptr %30, align 4, !tbaa !7
  ret void

31:                                               ; preds = %48, %24
  %32 = phi i32 [ 0, %24 ], [ %114, %48 ]
  br i1 %16, label %46, label %33

33:                                               ; preds = %31, %33
  %34 = phi i32 [ %43, %33 ], [ %32, %31 ]
  %35 = phi i32 [ %44, %33 ], [ 0, %31 ]
  %36 = add nuw nsw i32 %34, %26
  %37 = zext nneg i32 %36 to i64
  %38 = getelementptr inbounds float, ptr %1, i64 %37
  %39 = load float, ptr %38, align 4, !tbaa !7
  %40 = add nuw nsw i32 %34, %10
  %41 = zext nneg i32 %40 to i64
  %42 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ4attnPKfS0_PfiiE2Kj to ptr), i64 0, i64 %41
  store float %39, ptr %42, align 4, !tbaa !7
  %43 = add nuw nsw i32 %34, 1
  %44 = add i32 %35, 1
  %45 = icmp eq i32 %44, %13
  br i1 %45, label %46, label %33, !llvm.loop !11

46:                                               ; preds = %31, %33, %21
  tail call void @llvm.nvvm.barrier0()
  br i1 %9, label %47, label %137

47:                                               ; preds = %46
  br i1 %18, label %117, label %141

48:                                               ; preds = %24, %48
  %49 = phi i32 [ %114, %48 ], [ 0, %24 ]
  %50 = phi i32 [ %115, %48 ], [ 0, %24 ]
  %51 = add nuw nsw i32 %49, %26
  %52 = zext nneg i32 %51 to i64
  %53 = getelementptr inbounds float, ptr %1, i64 %52
  %54 = load float, ptr %53, align 4, !tbaa !7
  %55 = add nuw nsw i32 %49, %10
  %56 = zext nneg i32 %55 to i64
  %57 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ4attnPKfS0_PfiiE2Kj to ptr), i64 0, i64 %56
  store float %54, ptr %57, align 4, !tbaa !7
  %58 = or disjoint i32 %49, 1
  %59 = add nuw nsw i32 %58, %26
  %60 = zext nneg i32 %59 to i64
  %61 = getelementptr inbounds float, ptr %1, i64 %60
  %62 = load float, ptr %61, align 4, !tbaa !7
  %63 = add nuw nsw i32 %58, %10
  %64 = zext nneg i32 %63 to i64
  %65 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ4attnPKfS0_PfiiE2Kj to ptr), i64 0, i64 %64
  store float %62, ptr %65, align 4, !tbaa !7
  %66 = or disjoint i32 %49, 2
  %67 = add nuw nsw i32 %66, %26
  %68 = zext nneg i32 %67 to i64
  %69 = getelementptr inbounds float, ptr %1, i64 %68
  %70 = load float, ptr %69, align 4, !tbaa !7
  %71 = add nuw nsw i32 %66, %10
  %72 = zext nneg i32 %71 to i64
  %73 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ4attnPKfS0_PfiiE2Kj to ptr), i64 0, i64 %72
  store float %70, ptr %73, align 4, !tbaa !7
  %74 = or disjoint i32 %49, 3
  %75 = add nuw nsw i32 %74, %26
  %76 = zext nneg i32 %75 to i64
  %77 = getelementptr inbounds float, ptr %1, i64 %76
  %78 = load float, ptr %77, align 4, !tbaa !7
  %79 = add nuw nsw i32 %74, %10
  %80 = zext nneg i32 %79 to i64
  %81 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ4attnPKfS0_PfiiE2Kj to ptr), i64 0, i64 %80
  store float %78, ptr %81, align 4, !tbaa !7
  %82 = or disjoint i32 %49, 4
  %83 = add nuw nsw i32 %82, %26
  %84 = zext nneg i32 %83 to i64
  %85 = getelementptr inbounds float, ptr %1, i64 %84
  %86 = load float, ptr %85, align 4, !tbaa !7
  %87 = add nuw nsw i32 %82, %10
  %88 = zext nneg i32 %87 to i64
  %89 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ4attnPKfS0_PfiiE2Kj to ptr), i64 0, i64 %88
  store float %86, ptr %89, align 4, !tbaa !7
  %90 = or disjoint i32 %49, 5
  %91 = add nuw nsw i32 %90, %26
  %92 = zext nneg i32 %91 to i64
  %93 = getelementptr inbounds float, ptr %1, i64 %92
  %94 = load float, ptr %93, align 4, !tbaa !7
  %95 = add nuw nsw i32 %90, %10
  %96 = zext nneg i32 %95 to i64
  %97 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ4attnPKfS0_PfiiE2Kj to ptr), i64 0, i64 %96
  store float %94, ptr %97, align 4, !tbaa !7
  %98 = or disjoint i32 %49, 6
  %99 = add nuw nsw i32 %98, %26
  %100 = zext nneg i32 %99 to i64
  %101 = getelementptr inbounds float, ptr %1, i64 %100
  %102 = load float, ptr %101, align 4, !tbaa !7
  %103 = add nuw nsw i32 %98, %10
  %104 = zext nneg i32 %103 to i64
  %105 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ4attnPKfS0_PfiiE2Kj to ptr), i64 0, i64 %104
  store float %102, ptr %105, align 4, !tbaa !7
  %106 = or disjoint i32 %49, 7
  %107 = add nuw nsw i32 %106, %26
  %108 = zext nneg i32 %107 to i64
  %109 = getelementptr inbounds float, ptr %1, i64 %108
  %110 = load float, ptr %109, align 4, !tbaa !7
  %111 = add nuw nsw i32 %106, %10
  %112 = zext nneg i32 %111 to i64
  %113 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ4attnPKfS0_PfiiE2Kj to ptr), i64 0, i64 %112
  store float %110, ptr %113, align 4, !tbaa !7
  %114 = add nuw nsw i32 %49, 8
  %115 = add i32 %50, 8
  %116 = icmp eq i32 %115, %15
  br i1 %116, label %31, label %48, !llvm.loop !13

117:                                              ; preds = %141, %47
  %118 = phi float [ poison, %47 ], [ %183, %141 ]
  %119 = phi i32 [ 0, %47 ], [ %184, %141 ]
  %120 = phi float [ %23, %47 ], [ %183, %141 ]
  br i1 %20, label %137, label %121

121:                                              ; preds = %117, %121
  %122 = phi i32 [ %134, %121 ], [ %119, %117 ]
  %123 = phi float [ %133, %121 ], [ %120, %117 ]
  %124 = phi i32 [ %135, %121 ], [ 0, %117 ]
  %125 = zext nneg i32 %122 to i64
  %126 = getelementptr inbounds float, ptr %0, i64 %125
  %127 = load float, ptr %126, align 4, !tbaa !7
  %128 = add nuw nsw i32 %122, %12
  %129 = zext nneg i32 %128 to i64
  %130 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ4attnPKfS0_PfiiE2Kj to ptr), i64 0, i64 %129
  %131 = load float, ptr %130, align 4, !tbaa !7
  %132 = fmul contract float %127, %131
  %133 = fadd contract float %123, %132
  %134 = add nuw nsw i32 %122, 1
  %135 = add i32 %124, 1
  %136 = icmp eq i32 %135, %17
  br i1 %136, label %137, label %121, !llvm.loop !15

137:                                              ; preds = %117, %121, %46
  %138 = phi float [ %23, %46 ], [ %118, %117 ], [ %133, %121 ]
  tail call void @llvm.nvvm.barrier0()
  %139 = add nuw nsw i32 %22, 32
  %140 = icmp slt i32 %139, %3
  br i1 %140, label %21, label %27, !llvm.loop !16

141:                                              ; preds = %47, %141
  %142 = phi i32 [ %184, %141 ], [ 0, %47 ]
  %143 = phi float [ %183, %141 ], [ %23, %47 ]
  %144 = phi i32 [ %185, %141 ], [ 0, %47 ]
  %145 = zext nneg i32 %142 to i64
  %146 = getelementptr inbounds float, ptr %0, i64 %145
  %147 = load float, ptr %146, align 4, !tbaa !7
  %148 = add nuw nsw i32 %142, %12
  %149 = zext nneg i32 %148 to i64
  %150 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ4attnPKfS0_PfiiE2Kj to ptr), i64 0, i64 %149
  %151 = load float, ptr %150, align 4, !tbaa !7
  %152 = fmul contract float %147, %151
  %153 = fadd contract float %143, %152
  %154 = or disjoint i32 %142, 1
  %155 = zext nneg i32 %154 to i64
  %156 = getelementptr inbounds float, ptr %0, i64 %155
  %157 = load float, ptr %156, align 4, !tbaa !7
  %158 = add nuw nsw i32 %154, %12
  %159 = zext nneg i32 %158 to i64
  %160 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ4attnPKfS0_PfiiE2Kj to ptr), i64 0, i64 %159
  %161 = load float, ptr %160, align 4, !tbaa !7
  %162 = fmul contract float %157, %161
  %163 = fadd contract float %153, %162
  %164 = or disjoint i32 %142, 2
  %165 = zext nneg i32 %164 to i64
  %166 = getelementptr inbounds float, ptr %0, i64 %165
  %167 = load float, ptr %166, align 4, !tbaa !7
  %168 = add nuw nsw i32 %164, %12
  %169 = zext nneg i32 %168 to i64
  %170 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ4attnPKfS0_PfiiE2Kj to ptr), i64 0, i64 %169
  %171 = load float, ptr %170, align 4, !tbaa !7
  %172 = fmul contract float %167, %171
  %173 = fadd contract float %163, %172
  %174 = or disjoint i32 %142, 3
  %175 = zext nneg i32 %174 to i64
  %176 = getelementptr inbounds float, ptr %0, i64 %175
  %177 = load float, ptr %176, align 4, !tbaa !7
  %178 = add nuw nsw i32 %174, %12
  %179 = zext nneg i32 %178 to i64
  %180 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ4attnPKfS0_PfiiE2Kj to ptr), i64 0, i64 %179
  %181 = load float, ptr %180, align 4, !tbaa !7
  %182 = fmul contract float %177, %181
  %183 = fadd contract float %173, %182
  %184 = add nuw nsw i32 %142, 4
  %185 = add i32 %144, 4
  %186 = icmp eq i32 %185, %19
  br i1 %186, label %117, label %141, !llvm.loop !17
}

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier0() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3}
!nvvm.annotations = !{!4}
!llvm.ident = !{!5, !6}

!0 = !{i32 2, !"SDK Version", [2 x i32] [i32 11, i32 8]}
!1 = !{i32 1, !"wchar_size", i32 4}
!2 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!3 = !{i32 7, !"frame-pointer", i32 2}
!4 = !{ptr @_Z4attnPKfS0_Pfii, !"kernel", i32 1}
!5 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!6 = !{!"clang version 3.8.0 (tags/RELEASE_380/final)"}
!7 = !{!8, !8, i64 0}
!8 = !{!"float", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C++ TBAA"}
!11 = distinct !{!11, !12}
!12 = !{!"llvm.loop.unroll.disable"}
!13 = distinct !{!13, !14}
!14 = !{!"llvm.loop.mustprogress"}
!15 = distinct !{!15, !12}
!16 = distinct !{!16, !14}
!17 = distinct !{!17, !14}
