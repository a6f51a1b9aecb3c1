; A WMMA tile loop with unpadded tiles: As is [64 x [32 x half]] (rows of
; 64 bytes, wmma.load ldm 32) and Bs is [32 x [64 x half]] (rows of 128
; bytes, ldm 64). Rows 64 or 128 bytes apart put the 8 rows of a matrix
; read into the same banks, so the plan pads each row by 16 bytes (80 and
; 144: row / 16 odd). Every address moves: the copies' destinations (a
; row index times 80 or 144 plus the column bytes), the WMMA loads'
; addresses, and their ldm (40 and 72 halves), and a constant address. The slots are 64 x 80 =
; 5120 and 32 x 144 = 4608 bytes, 32-byte aligned; 3 stages fit.
; RUN: %opt -passes='cuda-pipeline<profitability=off>' -pass-remarks=cuda-pipeline -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=CONST < %t.ll
; RUN: llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -mattr=+ptx70 %t.ll -o %t.ptx
; RUN: FileCheck %s --check-prefix=PTX < %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
; The register lowering stores into the same padded slots (2 of them):
; RUN: %opt -passes='cuda-pipeline<lowering=registers>' -pass-remarks=cuda-pipeline -S %s -o %t.r.ll 2>&1 | FileCheck %s --check-prefix=REGS-REMARK
; RUN: FileCheck %s --check-prefix=REGS < %t.r.ll
; REGS-REMARK: pipelined loop with 2 stages: tile 'As' 4096 -> 10240 bytes, tile 'Bs' 4096 -> 9216 bytes; 2 copies of 16 bytes, 2 staged through 8 registers; removed the second barrier{{.*}}; tile 'As' rows padded from 64 to 80 bytes: WMMA reads conflict-free; tile 'Bs' rows padded from 128 to 144 bytes: WMMA reads conflict-free
; REGS: @As.ring = internal unnamed_addr addrspace(3) global [10240 x i8] undef, align 32
; REGS: store <4 x i32> %pl.staged, ptr addrspace(3) %pl.dst, align 16
; REGS: load.a.row.stride.f16.p3(ptr addrspace(3) %{{.*}}, i32 40)
; layout=unpadded keeps the tiles' rows:
; RUN: %opt -passes='cuda-pipeline<profitability=off;layout=unpadded>' -pass-remarks=cuda-pipeline -S %s -o %t.u.ll 2>&1 | FileCheck %s --check-prefix=UNPADDED-REMARK
; RUN: FileCheck %s --check-prefix=UNPADDED < %t.u.ll

; REMARK: remark: <unknown>:0:0: pipelined loop with 3 stages: tile 'As' 4096 -> 15360 bytes, tile 'Bs' 4096 -> 13824 bytes; 2 cp.async copies of 16 bytes; removed the second barrier; tile 'As' rows padded from 64 to 80 bytes: WMMA reads conflict-free; tile 'Bs' rows padded from 128 to 144 bytes: WMMA reads conflict-free; cp.async [sm_80, kernel 'kernel']
; UNPADDED-REMARK: remark: <unknown>:0:0: pipelined loop with 3 stages: tile 'As' 4096 -> 12288 bytes, tile 'Bs' 4096 -> 12288 bytes; 2 cp.async copies of 16 bytes; removed the second barrier; cp.async [sm_80, kernel 'kernel']

; CHECK: @As.ring = internal unnamed_addr addrspace(3) global [15360 x i8] undef, align 32
; CHECK: @Bs.ring = internal unnamed_addr addrspace(3) global [13824 x i8] undef, align 32
; CHECK-LABEL: define {{(ptx_kernel )?}}void @kernel(
; The copy destinations: row * 80 + column bytes, row * 144 + column bytes
; (the rows and columns before their zext nneg, which GEP's sign extension
; of the index passes through).
; CHECK: %[[AR:.*]] = sext i32 %ar to i64
; CHECK-NEXT: mul i64 %[[AR]], 80
; CHECK: %[[AC:.*]] = sext i32 %ac to i64
; CHECK-NEXT: mul i64 %[[AC]], 2
; CHECK: %[[BR:.*]] = sext i32 %br to i64
; CHECK-NEXT: mul i64 %[[BR]], 144
; The fragment addresses: warp row (w % 4) * 16 rows of 80 bytes = 1280,
; the second k step 16 halves (32 bytes) on; Bs's second k step 16 rows of
; 144 bytes = 2304 on.
; CHECK: mul i64 %{{.*}}, 1280
; CHECK: add i64 %{{.*}}, 32
; CHECK: mul i64 %{{.*}}, 32
; CHECK: add i64 %{{.*}}, 2304
; CHECK-LABEL: loop:
; CHECK: call void @llvm.nvvm.cp.async.cg.shared.global.16.s(
; CHECK: call void @llvm.nvvm.cp.async.cg.shared.global.16.s(
; CHECK: @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p3(ptr addrspace(3) %{{.*}}, i32 40)
; CHECK: @llvm.nvvm.wmma.m16n16k16.load.b.row.stride.f16.p3(ptr addrspace(3) %{{.*}}, i32 72)
; CHECK: @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p3(ptr addrspace(3) %{{.*}}, i32 40)
; CHECK: @llvm.nvvm.wmma.m16n16k16.load.b.row.stride.f16.p3(ptr addrspace(3) %{{.*}}, i32 72)
; CHECK-NOT: i32 32)
; CHECK-NOT: i32 64)
; A constant address, As[1][2]: row 1 at 80 bytes, column 4 bytes.
; CONST: %[[C:.*]] = getelementptr i8, ptr %{{.*}}, i64 84
; CONST: %cx = load <2 x half>, ptr %[[C]], align 4

; UNPADDED: @As.ring = internal unnamed_addr addrspace(3) global [12288 x i8] undef, align 16
; UNPADDED: @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p3(ptr addrspace(3) %{{.*}}, i32 32)
; UNPADDED: @llvm.nvvm.wmma.m16n16k16.load.b.row.stride.f16.p3(ptr addrspace(3) %{{.*}}, i32 64)

; PTX: wmma.load.a.sync.aligned.row.m16n16k16.shared.f16
; PTX: wmma.load.b.sync.aligned.row.m16n16k16.shared.f16

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@As = internal addrspace(3) global [64 x [32 x half]] undef, align 16
@Bs = internal addrspace(3) global [32 x [64 x half]] undef, align 16

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
  %adst = getelementptr inbounds [64 x [32 x half]], ptr addrspacecast (ptr addrspace(3) @As to ptr), i64 0, i64 %arow, i64 %acol
  %br = lshr i32 %tid, 3
  %brow = zext nneg i32 %br to i64
  %bc = and i32 %t8, 56
  %bcol = zext nneg i32 %bc to i64
  %bdst = getelementptr inbounds [32 x [64 x half]], ptr addrspacecast (ptr addrspace(3) @Bs to ptr), i64 0, i64 %brow, i64 %bcol
  ; fragments: warp w reads As rows (w % 4) * 16, Bs columns (w / 4) * 16
  %warp = lshr i32 %tid, 5
  %wm = and i32 %warp, 3
  %wr = shl nuw nsw i32 %wm, 4
  %wrow = zext nneg i32 %wr to i64
  %wn = lshr i32 %warp, 2
  %wn1 = and i32 %wn, 1
  %wc = shl nuw nsw i32 %wn1, 4
  %wcol = zext nneg i32 %wc to i64
  %fa0 = getelementptr inbounds [64 x [32 x half]], ptr addrspacecast (ptr addrspace(3) @As to ptr), i64 0, i64 %wrow, i64 0
  %fa1 = getelementptr inbounds [64 x [32 x half]], ptr addrspacecast (ptr addrspace(3) @As to ptr), i64 0, i64 %wrow, i64 16
  %fb0 = getelementptr inbounds [32 x [64 x half]], ptr addrspacecast (ptr addrspace(3) @Bs to ptr), i64 0, i64 0, i64 %wcol
  %fb1 = getelementptr inbounds [32 x [64 x half]], ptr addrspacecast (ptr addrspace(3) @Bs to ptr), i64 0, i64 16, i64 %wcol
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
  %a0 = call { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p0(ptr %fa0, i32 32)
  %b0 = call { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.b.row.stride.f16.p0(ptr %fb0, i32 64)
  %a1 = call { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p0(ptr %fa1, i32 32)
  %b1 = call { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } @llvm.nvvm.wmma.m16n16k16.load.b.row.stride.f16.p0(ptr %fb1, i32 64)
  %x0 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %a0, 0
  %y0 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %b0, 7
  %x1 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %a1, 3
  %y1 = extractvalue { <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half>, <2 x half> } %b1, 5
  %s0 = fadd <2 x half> %x0, %y0
  %s1 = fadd <2 x half> %x1, %y1
  %cx = load <2 x half>, ptr getelementptr inbounds ([64 x [32 x half]], ptr addrspacecast (ptr addrspace(3) @As to ptr), i64 0, i64 1, i64 2), align 4
  %s2 = fadd <2 x half> %s0, %s1
  %s = fadd <2 x half> %s2, %cx
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
