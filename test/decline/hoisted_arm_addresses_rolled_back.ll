; The split copy of rewrite/hoisted_arm_addresses.ll, each arm computing
; its address, in a loop whose tile is read after the loop. The address is
; hoisted in a transaction; the loop then gets no ring (the tile is used
; outside the loop), so the hoist is rolled back: IR unchanged, the remark
; says what was tried and the reason as written. (The guard reads
; threadIdx.y, which the destination does not, so as written no fix-up from
; the slot before serves the skipped copy either.)
; RUN: %opt -passes='cuda-pipeline<profitability=off;in-place=off;last-slot=off>' -pass-remarks-missed=cuda-pipeline -pass-remarks-output=%t.yaml -S %s -o %t.after.ll 2>&1 | FileCheck %s
; RUN: %opt -passes=verify -S %s -o %t.before.ll
; RUN: diff %t.before.ll %t.after.ll
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; CHECK: remark: <unknown>:0:0: loop not pipelined: once the address both branches of a copy compute is computed before the branch, tile 't' is also used outside the loop: {{.*}}; as written, the copy into tile 't' runs under a condition that changes from iteration to iteration
; YAML: Name: TileUsedOutsideLoop

; ModuleID = 'x.cu'
source_filename = "x.cu"
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@t = internal unnamed_addr addrspace(3) global [512 x float] undef, align 4

define dso_local void @k(ptr noalias nocapture noundef readonly %a, ptr noalias nocapture noundef writeonly %out, i32 noundef %n, i32 noundef %w) local_unnamed_addr #0 {
entry:
  %tid = tail call noundef range(i32 0, 128) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = tail call noundef range(i32 0, 8) i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %pre, label %exit

pre:
  %r3 = mul nuw nsw i32 %tid, 3
  %r = and i32 %r3, 511
  %rz = zext nneg i32 %r to i64
  %rp = getelementptr inbounds [512 x float], ptr addrspacecast (ptr addrspace(3) @t to ptr), i64 0, i64 %rz
  br label %head

head:
  %acc = phi float [ 0.000000e+00, %pre ], [ %acc.next, %join ]
  %i = phi i32 [ 0, %pre ], [ %i.next, %join ]
  %col0 = shl nsw i32 %i, 7
  %col = add nuw nsw i32 %col0, %tid
  %row = add nuw nsw i32 %col0, %ty
  %in = icmp slt i32 %row, %w
  br i1 %in, label %copy, label %fill

copy:
  %cz = zext nneg i32 %col to i64
  %src = getelementptr inbounds float, ptr %a, i64 %cz
  %v = load float, ptr %src, align 4
  %tz = zext nneg i32 %tid to i64
  %dst = getelementptr inbounds [512 x float], ptr addrspacecast (ptr addrspace(3) @t to ptr), i64 0, i64 %tz
  store float %v, ptr %dst, align 4
  br label %join

fill:
  %fz = zext nneg i32 %tid to i64
  %fdst = getelementptr inbounds [512 x float], ptr addrspacecast (ptr addrspace(3) @t to ptr), i64 0, i64 %fz
  store float 0.000000e+00, ptr %fdst, align 4
  br label %join

join:
  tail call void @llvm.nvvm.barrier0()
  %x = load float, ptr %rp, align 4
  %acc.next = fadd contract float %acc, %x
  tail call void @llvm.nvvm.barrier0()
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %head

exit:
  %res = phi float [ 0.000000e+00, %entry ], [ %acc.next, %join ]
  %last = load float, ptr addrspacecast (ptr addrspace(3) @t to ptr), align 4
  %res2 = fadd float %res, %last
  %oz = zext nneg i32 %tid to i64
  %op = getelementptr inbounds float, ptr %out, i64 %oz
  store float %res, ptr %op, align 4
  ret void
}

declare void @llvm.nvvm.barrier0() #1
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #2
declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y() #2

attributes #0 = { convergent mustprogress norecurse nounwind "target-cpu"="sm_90" "target-features"="+ptx78,+sm_90" }
attributes #1 = { convergent nocallback nounwind }
attributes #2 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!nvvm.annotations = !{!0}
!0 = !{ptr @k, !"kernel", i32 1}
