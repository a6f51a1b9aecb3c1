; A copy loop `for (i = tid; i < 324; i += blockDim.x) tile[(short)i %
; -2] = A[i]` as clang leaves it, in 16 bits: `srem i16 (trunc i), -2` is
; i % 2 (the divisor's sign does not count), not a digit of i with divisor
; 65534. Every iteration of a thread writes tile[0] or tile[1]: declined
; OverlappingCopies, IR unchanged. (Found by a break-it session; hand-edited
; from clang's IR of `tile[i % 18]`.)
; RUN: %opt -passes='cuda-pipeline<profitability=off>' -pass-remarks-missed=cuda-pipeline -pass-remarks-output=%t.yaml -S %s -o %t.after.ll 2>&1 | FileCheck %s
; RUN: %opt -passes=verify -S %s -o %t.before.ll
; RUN: diff %t.before.ll %t.after.ll
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; CHECK: remark: {{.*}}loop not pipelined: the copy loop into tile 'tile' may write the same bytes on two of its iterations
; YAML: Name: OverlappingCopies

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ1kPKfPfiE4tile = internal unnamed_addr addrspace(3) global [1024 x float] undef, align 4

define dso_local void @_Z1kPKfPfi(ptr noalias nocapture noundef readonly %0, ptr noalias nocapture noundef writeonly %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %5 = icmp sgt i32 %2, 0
  br i1 %5, label %8, label %6

6:                                                ; preds = %3
  %7 = tail call noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %20

8:                                                ; preds = %3
  %9 = icmp ult i32 %4, 324
  %10 = tail call range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %11 = mul nuw nsw i32 %4, 7
  %12 = and i32 %11, 1023
  %13 = zext nneg i32 %12 to i64
  %14 = getelementptr inbounds [1024 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ1kPKfPfiE4tile to ptr), i64 0, i64 %13
  br label %15

15:                                               ; preds = %8, %28
  %16 = phi i32 [ 0, %8 ], [ %31, %28 ]
  %17 = phi float [ 0.000000e+00, %8 ], [ %30, %28 ]
  br i1 %9, label %18, label %28

18:                                               ; preds = %15
  %19 = shl nsw i32 %16, 10
  br label %33

20:                                               ; preds = %28, %6
  %21 = phi i32 [ %7, %6 ], [ %10, %28 ]
  %22 = phi float [ 0.000000e+00, %6 ], [ %30, %28 ]
  %23 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %24 = mul i32 %23, %21
  %25 = add i32 %24, %4
  %26 = zext i32 %25 to i64
  %27 = getelementptr inbounds float, ptr %1, i64 %26
  store float %22, ptr %27, align 4
  ret void

28:                                               ; preds = %33, %15
  tail call void @llvm.nvvm.barrier0()
  %29 = load float, ptr %14, align 4
  %30 = fadd contract float %17, %29
  tail call void @llvm.nvvm.barrier0()
  %31 = add nuw nsw i32 %16, 1
  %32 = icmp eq i32 %31, %2
  br i1 %32, label %20, label %15

33:                                               ; preds = %18, %33
  %34 = phi i32 [ %4, %18 ], [ %47, %33 ]
  %35 = add nuw nsw i32 %34, %19
  %36 = zext nneg i32 %35 to i64
  %37 = getelementptr inbounds float, ptr %0, i64 %36
  %38 = load float, ptr %37, align 4
  %39 = trunc i32 %34 to i16
  %40 = srem i16 %39, -2
  %45 = zext nneg i16 %40 to i64
  %46 = getelementptr inbounds [1024 x float], ptr addrspacecast (ptr addrspace(3) @_ZZ1kPKfPfiE4tile to ptr), i64 0, i64 %45
  store float %38, ptr %46, align 4
  %47 = add nuw nsw i32 %34, %10
  %48 = icmp ult i32 %47, 324
  br i1 %48, label %33, label %28
}

declare void @llvm.nvvm.barrier0() #1

declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2

declare noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #2

declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

attributes #0 = { convergent mustprogress norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx78,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!0 = !{ptr @_Z1kPKfPfi, !"kernel", i32 1}
