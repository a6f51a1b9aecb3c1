; Near misses of a copy loop `for (j = 0; j < n; ++j) tile[32 * j + tid] =
; A[j * K + k0 + tid]` as clang -O3 leaves it, unrolled at run time into a
; main loop of four copies per iteration and a remainder loop that goes on
; from the main loop's last j (test/realworld/copyloop_runtime_unrolled.cu
; pipelines that form). Each is edited so that one thread writes a row twice:
; @restart's remainder starts at the main loop's last j instead of the one
; after it, @restartAtZero's at 0 after the main loop ran, and
; @fourthCopyAhead's fourth copy writes row j + 4, which the next iteration's
; first copy writes too. Each is declined OverlappingCopies, its IR unchanged.
; (From `clang++ -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -O3`.)
; RUN: %opt -passes='cuda-pipeline<profitability=off>' -pass-remarks-missed=cuda-pipeline -pass-remarks-output=%t.yaml -S %s -o %t.after.ll 2>&1 | FileCheck %s
; RUN: %opt -passes=verify -S %s -o %t.before.ll
; RUN: diff %t.before.ll %t.after.ll
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; CHECK: remark: <unknown>:0:0: loop not pipelined: copies into tile 'tile' in different loops of the copy stage (or in a loop and outside it) may write the same bytes
; CHECK: remark: <unknown>:0:0: loop not pipelined: copies into tile 'tile' in different loops of the copy stage (or in a loop and outside it) may write the same bytes
; CHECK: remark: <unknown>:0:0: loop not pipelined: the copy loop into tile 'tile' may write the same bytes on two of its iterations (its destination may step by less than the 516 bytes it writes)
; YAML-COUNT-3: Name: OverlappingCopies

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal unnamed_addr addrspace(3) global [2048 x float] undef, align 4

define void @restart(ptr noalias nocapture noundef readonly %0, ptr noalias nocapture noundef writeonly %1, i32 noundef %2, i32 noundef %3) #0 {
  %5 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %6 = icmp sgt i32 %2, 0
  br i1 %6, label %7, label %24

7:                                                ; preds = %4
  %8 = icmp sgt i32 %3, 0
  %9 = zext nneg i32 %5 to i64
  %10 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %9
  %11 = mul nuw nsw i32 %5, 7
  %12 = and i32 %11, 2047
  %13 = zext nneg i32 %12 to i64
  %14 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %13
  %15 = and i32 %3, 3
  %16 = icmp ult i32 %3, 4
  %17 = and i32 %3, 2147483644
  %18 = icmp eq i32 %15, 0
  br label %19

19:                                               ; preds = %7, %48
  %20 = phi i32 [ 0, %7 ], [ %53, %48 ]
  %21 = phi float [ 0.000000e+00, %7 ], [ %52, %48 ]
  br i1 %8, label %22, label %48

22:                                               ; preds = %19
  %23 = add nuw i32 %20, %5
  br i1 %16, label %31, label %55

24:                                               ; preds = %48, %4
  %25 = phi float [ 0.000000e+00, %4 ], [ %52, %48 ]
  %26 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %27 = shl i32 %26, 5
  %28 = add i32 %27, %5
  %29 = zext i32 %28 to i64
  %30 = getelementptr inbounds float, ptr %1, i64 %29
  store float %25, ptr %30, align 4
  ret void

31:                                               ; preds = %55, %22
  %32 = phi i32 [ 0, %22 ], [ %56, %55 ]
  br i1 %18, label %48, label %33

33:                                               ; preds = %31, %33
  %34 = phi i32 [ %45, %33 ], [ %32, %31 ]
  %35 = phi i32 [ %46, %33 ], [ 0, %31 ]
  %36 = mul nuw nsw i32 %34, %2
  %37 = add i32 %23, %36
  %38 = sext i32 %37 to i64
  %39 = getelementptr inbounds float, ptr %0, i64 %38
  %40 = load float, ptr %39, align 4
  %41 = shl nsw i32 %34, 5
  %42 = add nuw nsw i32 %41, %5
  %43 = zext nneg i32 %42 to i64
  %44 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %43
  store float %40, ptr %44, align 4
  %45 = add nuw nsw i32 %34, 1
  %46 = add i32 %35, 1
  %47 = icmp eq i32 %46, %15
  br i1 %47, label %48, label %33

48:                                               ; preds = %31, %33, %19
  tail call void @llvm.nvvm.barrier0()
  %49 = load float, ptr %10, align 4
  %50 = load float, ptr %14, align 4
  %51 = fmul contract float %49, %50
  %52 = fadd contract float %21, %51
  tail call void @llvm.nvvm.barrier0()
  %53 = add nuw nsw i32 %20, 32
  %54 = icmp slt i32 %53, %2
  br i1 %54, label %19, label %24

55:                                               ; preds = %22, %55
  %56 = phi i32 [ %97, %55 ], [ 0, %22 ]
  %57 = phi i32 [ %98, %55 ], [ 0, %22 ]
  %58 = mul nuw nsw i32 %56, %2
  %59 = add i32 %23, %58
  %60 = sext i32 %59 to i64
  %61 = getelementptr inbounds float, ptr %0, i64 %60
  %62 = load float, ptr %61, align 4
  %63 = shl nsw i32 %56, 5
  %64 = add nuw nsw i32 %63, %5
  %65 = zext nneg i32 %64 to i64
  %66 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %65
  store float %62, ptr %66, align 4
  %67 = or disjoint i32 %56, 1
  %68 = mul nuw nsw i32 %67, %2
  %69 = add i32 %23, %68
  %70 = sext i32 %69 to i64
  %71 = getelementptr inbounds float, ptr %0, i64 %70
  %72 = load float, ptr %71, align 4
  %73 = shl nsw i32 %67, 5
  %74 = add nuw nsw i32 %73, %5
  %75 = zext nneg i32 %74 to i64
  %76 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %75
  store float %72, ptr %76, align 4
  %77 = or disjoint i32 %56, 2
  %78 = mul nuw nsw i32 %77, %2
  %79 = add i32 %23, %78
  %80 = sext i32 %79 to i64
  %81 = getelementptr inbounds float, ptr %0, i64 %80
  %82 = load float, ptr %81, align 4
  %83 = shl nsw i32 %77, 5
  %84 = add nuw nsw i32 %83, %5
  %85 = zext nneg i32 %84 to i64
  %86 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %85
  store float %82, ptr %86, align 4
  %87 = or disjoint i32 %56, 3
  %88 = mul nuw nsw i32 %87, %2
  %89 = add i32 %23, %88
  %90 = sext i32 %89 to i64
  %91 = getelementptr inbounds float, ptr %0, i64 %90
  %92 = load float, ptr %91, align 4
  %93 = shl nsw i32 %87, 5
  %94 = add nuw nsw i32 %93, %5
  %95 = zext nneg i32 %94 to i64
  %96 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %95
  store float %92, ptr %96, align 4
  %97 = add nuw nsw i32 %56, 4
  %98 = add i32 %57, 4
  %99 = icmp eq i32 %98, %17
  br i1 %99, label %31, label %55
}

; Function Attrs: convergent nocallback nounwind

define void @restartAtZero(ptr noalias nocapture noundef readonly %0, ptr noalias nocapture noundef writeonly %1, i32 noundef %2, i32 noundef %3) #0 {
  %5 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %6 = icmp sgt i32 %2, 0
  br i1 %6, label %7, label %24

7:                                                ; preds = %4
  %8 = icmp sgt i32 %3, 0
  %9 = zext nneg i32 %5 to i64
  %10 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %9
  %11 = mul nuw nsw i32 %5, 7
  %12 = and i32 %11, 2047
  %13 = zext nneg i32 %12 to i64
  %14 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %13
  %15 = and i32 %3, 3
  %16 = icmp ult i32 %3, 4
  %17 = and i32 %3, 2147483644
  %18 = icmp eq i32 %15, 0
  br label %19

19:                                               ; preds = %7, %48
  %20 = phi i32 [ 0, %7 ], [ %53, %48 ]
  %21 = phi float [ 0.000000e+00, %7 ], [ %52, %48 ]
  br i1 %8, label %22, label %48

22:                                               ; preds = %19
  %23 = add nuw i32 %20, %5
  br i1 %16, label %31, label %55

24:                                               ; preds = %48, %4
  %25 = phi float [ 0.000000e+00, %4 ], [ %52, %48 ]
  %26 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %27 = shl i32 %26, 5
  %28 = add i32 %27, %5
  %29 = zext i32 %28 to i64
  %30 = getelementptr inbounds float, ptr %1, i64 %29
  store float %25, ptr %30, align 4
  ret void

31:                                               ; preds = %55, %22
  %32 = phi i32 [ 0, %22 ], [ 0, %55 ]
  br i1 %18, label %48, label %33

33:                                               ; preds = %31, %33
  %34 = phi i32 [ %45, %33 ], [ %32, %31 ]
  %35 = phi i32 [ %46, %33 ], [ 0, %31 ]
  %36 = mul nuw nsw i32 %34, %2
  %37 = add i32 %23, %36
  %38 = sext i32 %37 to i64
  %39 = getelementptr inbounds float, ptr %0, i64 %38
  %40 = load float, ptr %39, align 4
  %41 = shl nsw i32 %34, 5
  %42 = add nuw nsw i32 %41, %5
  %43 = zext nneg i32 %42 to i64
  %44 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %43
  store float %40, ptr %44, align 4
  %45 = add nuw nsw i32 %34, 1
  %46 = add i32 %35, 1
  %47 = icmp eq i32 %46, %15
  br i1 %47, label %48, label %33

48:                                               ; preds = %31, %33, %19
  tail call void @llvm.nvvm.barrier0()
  %49 = load float, ptr %10, align 4
  %50 = load float, ptr %14, align 4
  %51 = fmul contract float %49, %50
  %52 = fadd contract float %21, %51
  tail call void @llvm.nvvm.barrier0()
  %53 = add nuw nsw i32 %20, 32
  %54 = icmp slt i32 %53, %2
  br i1 %54, label %19, label %24

55:                                               ; preds = %22, %55
  %56 = phi i32 [ %97, %55 ], [ 0, %22 ]
  %57 = phi i32 [ %98, %55 ], [ 0, %22 ]
  %58 = mul nuw nsw i32 %56, %2
  %59 = add i32 %23, %58
  %60 = sext i32 %59 to i64
  %61 = getelementptr inbounds float, ptr %0, i64 %60
  %62 = load float, ptr %61, align 4
  %63 = shl nsw i32 %56, 5
  %64 = add nuw nsw i32 %63, %5
  %65 = zext nneg i32 %64 to i64
  %66 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %65
  store float %62, ptr %66, align 4
  %67 = or disjoint i32 %56, 1
  %68 = mul nuw nsw i32 %67, %2
  %69 = add i32 %23, %68
  %70 = sext i32 %69 to i64
  %71 = getelementptr inbounds float, ptr %0, i64 %70
  %72 = load float, ptr %71, align 4
  %73 = shl nsw i32 %67, 5
  %74 = add nuw nsw i32 %73, %5
  %75 = zext nneg i32 %74 to i64
  %76 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %75
  store float %72, ptr %76, align 4
  %77 = or disjoint i32 %56, 2
  %78 = mul nuw nsw i32 %77, %2
  %79 = add i32 %23, %78
  %80 = sext i32 %79 to i64
  %81 = getelementptr inbounds float, ptr %0, i64 %80
  %82 = load float, ptr %81, align 4
  %83 = shl nsw i32 %77, 5
  %84 = add nuw nsw i32 %83, %5
  %85 = zext nneg i32 %84 to i64
  %86 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %85
  store float %82, ptr %86, align 4
  %87 = or disjoint i32 %56, 3
  %88 = mul nuw nsw i32 %87, %2
  %89 = add i32 %23, %88
  %90 = sext i32 %89 to i64
  %91 = getelementptr inbounds float, ptr %0, i64 %90
  %92 = load float, ptr %91, align 4
  %93 = shl nsw i32 %87, 5
  %94 = add nuw nsw i32 %93, %5
  %95 = zext nneg i32 %94 to i64
  %96 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %95
  store float %92, ptr %96, align 4
  %97 = add nuw nsw i32 %56, 4
  %98 = add i32 %57, 4
  %99 = icmp eq i32 %98, %17
  br i1 %99, label %31, label %55
}

; Function Attrs: convergent nocallback nounwind

define void @fourthCopyAhead(ptr noalias nocapture noundef readonly %0, ptr noalias nocapture noundef writeonly %1, i32 noundef %2, i32 noundef %3) #0 {
  %5 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %6 = icmp sgt i32 %2, 0
  br i1 %6, label %7, label %24

7:                                                ; preds = %4
  %8 = icmp sgt i32 %3, 0
  %9 = zext nneg i32 %5 to i64
  %10 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %9
  %11 = mul nuw nsw i32 %5, 7
  %12 = and i32 %11, 2047
  %13 = zext nneg i32 %12 to i64
  %14 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %13
  %15 = and i32 %3, 3
  %16 = icmp ult i32 %3, 4
  %17 = and i32 %3, 2147483644
  %18 = icmp eq i32 %15, 0
  br label %19

19:                                               ; preds = %7, %48
  %20 = phi i32 [ 0, %7 ], [ %53, %48 ]
  %21 = phi float [ 0.000000e+00, %7 ], [ %52, %48 ]
  br i1 %8, label %22, label %48

22:                                               ; preds = %19
  %23 = add nuw i32 %20, %5
  br i1 %16, label %31, label %55

24:                                               ; preds = %48, %4
  %25 = phi float [ 0.000000e+00, %4 ], [ %52, %48 ]
  %26 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %27 = shl i32 %26, 5
  %28 = add i32 %27, %5
  %29 = zext i32 %28 to i64
  %30 = getelementptr inbounds float, ptr %1, i64 %29
  store float %25, ptr %30, align 4
  ret void

31:                                               ; preds = %55, %22
  %32 = phi i32 [ 0, %22 ], [ %97, %55 ]
  br i1 %18, label %48, label %33

33:                                               ; preds = %31, %33
  %34 = phi i32 [ %45, %33 ], [ %32, %31 ]
  %35 = phi i32 [ %46, %33 ], [ 0, %31 ]
  %36 = mul nuw nsw i32 %34, %2
  %37 = add i32 %23, %36
  %38 = sext i32 %37 to i64
  %39 = getelementptr inbounds float, ptr %0, i64 %38
  %40 = load float, ptr %39, align 4
  %41 = shl nsw i32 %34, 5
  %42 = add nuw nsw i32 %41, %5
  %43 = zext nneg i32 %42 to i64
  %44 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %43
  store float %40, ptr %44, align 4
  %45 = add nuw nsw i32 %34, 1
  %46 = add i32 %35, 1
  %47 = icmp eq i32 %46, %15
  br i1 %47, label %48, label %33

48:                                               ; preds = %31, %33, %19
  tail call void @llvm.nvvm.barrier0()
  %49 = load float, ptr %10, align 4
  %50 = load float, ptr %14, align 4
  %51 = fmul contract float %49, %50
  %52 = fadd contract float %21, %51
  tail call void @llvm.nvvm.barrier0()
  %53 = add nuw nsw i32 %20, 32
  %54 = icmp slt i32 %53, %2
  br i1 %54, label %19, label %24

55:                                               ; preds = %22, %55
  %56 = phi i32 [ %97, %55 ], [ 0, %22 ]
  %57 = phi i32 [ %98, %55 ], [ 0, %22 ]
  %58 = mul nuw nsw i32 %56, %2
  %59 = add i32 %23, %58
  %60 = sext i32 %59 to i64
  %61 = getelementptr inbounds float, ptr %0, i64 %60
  %62 = load float, ptr %61, align 4
  %63 = shl nsw i32 %56, 5
  %64 = add nuw nsw i32 %63, %5
  %65 = zext nneg i32 %64 to i64
  %66 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %65
  store float %62, ptr %66, align 4
  %67 = or disjoint i32 %56, 1
  %68 = mul nuw nsw i32 %67, %2
  %69 = add i32 %23, %68
  %70 = sext i32 %69 to i64
  %71 = getelementptr inbounds float, ptr %0, i64 %70
  %72 = load float, ptr %71, align 4
  %73 = shl nsw i32 %67, 5
  %74 = add nuw nsw i32 %73, %5
  %75 = zext nneg i32 %74 to i64
  %76 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %75
  store float %72, ptr %76, align 4
  %77 = or disjoint i32 %56, 2
  %78 = mul nuw nsw i32 %77, %2
  %79 = add i32 %23, %78
  %80 = sext i32 %79 to i64
  %81 = getelementptr inbounds float, ptr %0, i64 %80
  %82 = load float, ptr %81, align 4
  %83 = shl nsw i32 %77, 5
  %84 = add nuw nsw i32 %83, %5
  %85 = zext nneg i32 %84 to i64
  %86 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %85
  store float %82, ptr %86, align 4
  %87 = add nuw nsw i32 %56, 4
  %88 = mul nuw nsw i32 %87, %2
  %89 = add i32 %23, %88
  %90 = sext i32 %89 to i64
  %91 = getelementptr inbounds float, ptr %0, i64 %90
  %92 = load float, ptr %91, align 4
  %93 = shl nsw i32 %87, 5
  %94 = add nuw nsw i32 %93, %5
  %95 = zext nneg i32 %94 to i64
  %96 = getelementptr inbounds [2048 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %95
  store float %92, ptr %96, align 4
  %97 = add nuw nsw i32 %56, 4
  %98 = add i32 %57, 4
  %99 = icmp eq i32 %98, %17
  br i1 %99, label %31, label %55
}

; Function Attrs: convergent nocallback nounwind

declare void @llvm.nvvm.barrier0() #1
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

!nvvm.annotations = !{!0, !1, !2}
!0 = !{ptr @restart, !"kernel", i32 1}
!1 = !{ptr @restartAtZero, !"kernel", i32 1}
!2 = !{ptr @fourthCopyAhead, !"kernel", i32 1}
attributes #0 = { convergent mustprogress norecurse nounwind "target-cpu"="sm_80" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
