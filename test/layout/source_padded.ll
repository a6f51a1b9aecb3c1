; Tiles padded in the source (half As[64][40], Bs[32][72]: rows of 80 and
; 144 bytes, row / 16 odd) read conflict-free already: the plan keeps
; them as they are, with no remark about the layout. layout=padded pads
; them once more (for measurement), to 96 and 160 bytes.
; RUN: %opt -passes='cuda-pipeline<profitability=off>' -pass-remarks=cuda-pipeline -pass-remarks-analysis=cuda-pipeline -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll
; RUN: %opt -passes='cuda-pipeline<profitability=off;layout=padded>' -pass-remarks=cuda-pipeline -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=FORCED

; REMARK: remark: <unknown>:0:0: pipelined loop with 3 stages: tile 'As' 5120 -> 15360 bytes, tile 'Bs' 4608 -> 13824 bytes; 2 cp.async copies of 16 bytes; removed the second barrier; cp.async [sm_80, kernel 'kernel']
; REMARK-NOT: RingLayout
; REMARK-NOT: keeps its rows
; FORCED: tile 'As' rows padded from 80 to 96 bytes; tile 'Bs' rows padded from 144 to 160 bytes; cp.async

; CHECK: @As.ring = internal unnamed_addr addrspace(3) global [15360 x i8] undef, align 16
; CHECK: @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p3(ptr addrspace(3) %{{.*}}, i32 40)
; CHECK: @llvm.nvvm.wmma.m16n16k16.load.b.row.stride.f16.p3(ptr addrspace(3) %{{.*}}, i32 72)

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@As = internal addrspace(3) global [64 x [40 x half]] undef, align 16
@Bs = internal addrspace(3) global [32 x [72 x half]] undef, align 16

define void @kernel(ptr %A, ptr %B, ptr %C, i32 %ktiles) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  ; copies: thread t moves 16 bytes of As[t / 4][(t % 4) * 8] and of
  ; Bs[t / 8][(t % 8) * 8]
  %ar = lshr i32 %tid, 2
  %arow = zext nneg i32 %ar to i64
  %t8 = shl i32 %tid, 3
  %ac = and i32 %t8, 24
  %acol = zext nneg i32 %ac to i64
  %adst = getelementptr inbounds [64 x [40 x half]], ptr addrspacecast (ptr addrspace(3) @As to ptr), i64 0, i64 %arow, i64 %acol
  %br = lshr i32 %tid, 3
  %brow = zext nneg i32 %br to i64
  %bc = and i32 %t8, 56
  %bcol = zext nneg i32 %bc to i64
  %bdst = getelementptr inbounds [32 x [72 x half]], ptr addrspacecast (ptr addrspace(3) @Bs to ptr), i64 0, i64 %brow, i64 %bcol
  ; fragments: warp w reads As rows (w % 4) * 16, Bs columns (w / 4) * 16
  %warp = lshr i32 %tid, 5
  %wm = and i32 %warp, 3
  %wr = shl nuw nsw i32 %wm, 4
  %wrow = zext nneg i32 %wr to i64
  %wn = lshr i32 %warp, 2
  %wn1 = and i32 %wn, 1
  %wc = shl nuw nsw i32 %wn1, 4
  %wcol = zext nneg i32 %wc to i64
  %fa0 = getelementptr inbounds [64 x [40 x half]], ptr addrspacecast (ptr addrspace(3) @As to ptr), i64 0, i64 %wrow, i64 0
  %fa1 = getelementptr inbounds [64 x [40 x half]], ptr addrspacecast (ptr addrspace(3) @As to ptr), i64 0, i64 %wrow, i64 16
  %fb0 = getelementptr inbounds [32 x [72 x half]], ptr addrspacecast (ptr addrspace(3) @Bs to ptr), i64 0, i64 0, i64 %wcol
  %fb1 = getelementptr inbounds [32 x [72 x half]], ptr addrspacecast (ptr addrspace(3) @Bs to ptr), i64 0, i64 16, i64 %wcol
  %srcA.t = getelementptr inbounds i8, ptr %A, i32 %t8
  %srcB.t = getelementptr inbounds i8, ptr %B, i32 %t8
  %go = icmp sgt i32 %ktiles, 0
  br i1 %go, label %loop, label %exit

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi <2 x half> [ zeroinitializer, %entry ], [ %acc.next, %loop ]
  %off = shl i32 %k, 12
  %srcA = getelementptr inbounds i8, ptr %srcA.t, i32 %off
  %srcB = getelementptr inbounds i8, ptr %srcB.t, i32 %off
  %va = load <4 x i32>, ptr %srcA, align 16
  store <4 x i32> %va, ptr %adst, align 16
  %vb = load <4 x i32>, ptr %srcB, align 16
  store <4 x i32> %vb, ptr %bdst, align 16
  call void @llvm.nvvm.barrier0()
  %a0 = call { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p0(ptr %fa0, i32 40)
  %b0 = call { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.b.row.stride.f16.p0(ptr %fb0, i32 72)
  %a1 = call { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p0(ptr %fa1, i32 40)
  %b1 = call { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.b.row.stride.f16.p0(ptr %fb1, i32 72)
  %x0 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %a0, 0
  %y0 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %b0, 7
  %x1 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %a1, 3
  %y1 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %b1, 5
  %s0 = fadd <2 x half> %x0, %y0
  %s1 = fadd <2 x half> %x1, %y1
  %s = fadd <2 x half> %s0, %s1
  %acc.next = fadd <2 x half> %acc, %s
  call void @llvm.nvvm.barrier0()
  %k.next = add nuw nsw i32 %k, 1
  %more = icmp slt i32 %k.next, %ktiles
  br i1 %more, label %loop, label %exit

exit:
  %r = phi <2 x half> [ zeroinitializer, %entry ], [ %acc.next, %loop ]
  %o = getelementptr inbounds <2 x half>, ptr %C, i32 %tid
  store <2 x half> %r, ptr %o, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
declare { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p0(ptr, i32)
declare { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.b.row.stride.f16.p0(ptr, i32)

attributes #0 = { "target-cpu"="sm_80" }

!nvvm.annotations = !{!0}
!0 = !{ptr @kernel, !"kernel", i32 1}
