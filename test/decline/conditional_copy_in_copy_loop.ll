; A copy loop whose copy runs under a condition on the tile loop's counter,
; with nothing written where it fails: `for (i = tid; i < 1024; i += 256) if
; (y0 + i / 256 < H) tile[i] = A[(y0 + i / 256) * 256 + i % 256]` -- after
; `tile[tid] = 0` before the loop. Where the condition fails the original
; keeps the last iteration's bytes, on the first iteration the zeros; a ring
; fixes skipped copies up from the slot before (rewrite/copy_loop_skipped.ll),
; which on the first iteration holds no zeros. Declined ConditionalCopy,
; naming the copy loop, the fix and why the fix-up cannot serve, and the IR
; is unchanged.
; (From `clang++ -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -O3`, with
; `#pragma unroll 1` on the copy loop.)
; RUN: %opt -passes='cuda-pipeline<profitability=off>' -pass-remarks-missed=cuda-pipeline -pass-remarks-analysis=cuda-pipeline -pass-remarks-output=%t.yaml -S %s -o %t.after.ll 2>&1 | FileCheck %s
; RUN: %opt -passes=verify -S %s -o %t.before.ll
; RUN: diff %t.before.ll %t.after.ll
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; CHECK: remark: <unknown>:0:0: loop not pipelined: a copy into tile 'tile' in a loop of the copy stage runs under a condition that changes from iteration to iteration and writes no zeros otherwise, so a slot would keep stale data; write zeros in the other branch (x = c ? A[i] : 0)
; CHECK: remark: <unknown>:0:0: loop not pipelined: a slot can take a skipped copy's bytes from the slot before only where the skip is safe to repeat, and here the tile may hold written bytes when the loop starts (the loop can run again, or the tile is written before it), which a skipped copy would keep
; YAML: Name: ConditionalCopy

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal unnamed_addr addrspace(3) global [1024 x float] undef, align 4

define void @rowsGuarded(ptr noalias nocapture noundef readonly %0, ptr noalias nocapture noundef writeonly %1, i32 noundef %2, i32 noundef %3) #0 {
  %5 = tail call noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %6 = shl nsw i32 %3, 2
  %7 = icmp sgt i32 %3, 0
  br i1 %7, label %8, label %18

8:                                                ; preds = %4
  %9 = zext nneg i32 %5 to i64
  %10 = getelementptr inbounds [1024 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %9
  store float 0.000000e+00, ptr %10, align 4
  %11 = xor i32 %5, 1023
  %12 = zext nneg i32 %11 to i64
  %13 = getelementptr inbounds [1024 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %12
  %14 = and i32 %5, 255
  br label %15

15:                                               ; preds = %8, %25
  %16 = phi i32 [ 0, %8 ], [ %30, %25 ]
  %17 = phi float [ 0.000000e+00, %8 ], [ %29, %25 ]
  br label %32

18:                                               ; preds = %25, %4
  %19 = phi float [ 0.000000e+00, %4 ], [ %29, %25 ]
  %20 = tail call noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %21 = shl i32 %20, 8
  %22 = add i32 %21, %5
  %23 = zext i32 %22 to i64
  %24 = getelementptr inbounds float, ptr %1, i64 %23
  store float %19, ptr %24, align 4
  ret void

25:                                               ; preds = %45
  tail call void @llvm.nvvm.barrier0()
  %26 = load float, ptr %10, align 4
  %27 = load float, ptr %13, align 4
  %28 = fmul contract float %26, %27
  %29 = fadd contract float %17, %28
  tail call void @llvm.nvvm.barrier0()
  %30 = add nuw nsw i32 %16, 4
  %31 = icmp slt i32 %30, %6
  br i1 %31, label %15, label %18

32:                                               ; preds = %15, %45
  %33 = phi i32 [ %5, %15 ], [ %46, %45 ]
  %34 = lshr i32 %33, 8
  %35 = or disjoint i32 %34, %16
  %36 = icmp slt i32 %35, %2
  br i1 %36, label %37, label %45

37:                                               ; preds = %32
  %38 = shl nsw i32 %35, 8
  %39 = or disjoint i32 %38, %14
  %40 = zext nneg i32 %39 to i64
  %41 = getelementptr inbounds float, ptr %0, i64 %40
  %42 = load float, ptr %41, align 4
  %43 = zext nneg i32 %33 to i64
  %44 = getelementptr inbounds [1024 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %43
  store float %42, ptr %44, align 4
  br label %45

45:                                               ; preds = %32, %37
  %46 = add nuw nsw i32 %33, 256
  %47 = icmp ult i32 %33, 768
  br i1 %47, label %32, label %25
}

declare void @llvm.nvvm.barrier0() #1
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2
declare noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #2

!nvvm.annotations = !{!0}
!0 = !{ptr @rowsGuarded, !"kernel", i32 1}
attributes #0 = { convergent mustprogress norecurse nounwind "target-cpu"="sm_80" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
