; ldmatrix reads of a tile: each lane hands in the address of one 16-byte
; row (PTX ISA, "ldmatrix"). The plugin cannot see which lane reads which
; row, so under layout=auto a tile read only by ldmatrix keeps its layout
; (and no remark is made: nothing shows a conflict). Its accesses can be
; rewritten, though: under layout=padded the ring has rows of 80 bytes and
; each lane's address is row * 80 + column bytes, the row split into its
; warp part ((w % 4) * 16 rows: 1280 bytes) and its lane part (l % 16 rows
; of 80), the column (l / 16) * 8 halves = 16 bytes (plus the 16 bytes
; read, within the row of 64).
; RUN: %opt -passes='cuda-pipeline<profitability=off>' -pass-remarks=cuda-pipeline -pass-remarks-analysis=cuda-pipeline -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=AUTO
; RUN: FileCheck %s --check-prefix=AUTO-IR < %t.ll
; RUN: %opt -passes='cuda-pipeline<profitability=off;layout=padded>' -pass-remarks=cuda-pipeline -S %s -o %t.p.ll 2>&1 | FileCheck %s --check-prefix=PADDED
; RUN: FileCheck %s --check-prefix=PADDED-IR < %t.p.ll
; RUN: llc -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -mattr=+ptx70 %t.p.ll -o %t.ptx
; RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}

; AUTO: remark: <unknown>:0:0: pipelined loop with 3 stages: tile 'Ts' 4096 -> 12288 bytes; 1 cp.async copy of 16 bytes; removed the second barrier; cp.async
; AUTO-NOT: RingLayout
; AUTO-NOT: keeps its rows
; AUTO-IR: @Ts.ring = internal unnamed_addr addrspace(3) global [12288 x i8] undef, align 16

; PADDED: remark: <unknown>:0:0: pipelined loop with 3 stages: tile 'Ts' 4096 -> 15360 bytes; 1 cp.async copy of 16 bytes; removed the second barrier; tile 'Ts' rows padded from 64 to 80 bytes; cp.async
; PADDED-IR: @Ts.ring = internal unnamed_addr addrspace(3) global [15360 x i8] undef, align 16
; PADDED-IR: %[[W:.*]] = sext i32 %wm to i64
; PADDED-IR-NEXT: mul i64 %[[W]], 1280
; PADDED-IR: %[[L:.*]] = sext i32 %l16 to i64
; PADDED-IR-NEXT: mul i64 %[[L]], 80
; PADDED-IR: %[[C:.*]] = sext i32 %lh to i64
; PADDED-IR-NEXT: mul i64 %[[C]], 16
; PADDED-IR: call { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16.p3(ptr addrspace(3)

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@Ts = internal addrspace(3) global [64 x [32 x half]] undef, align 16

define void @kernel(ptr %A, ptr %C, i32 %ktiles) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ar = lshr i32 %tid, 2
  %arow = zext nneg i32 %ar to i64
  %t8 = shl i32 %tid, 3
  %ac = and i32 %t8, 24
  %acol = zext nneg i32 %ac to i64
  %dst = getelementptr inbounds [64 x [32 x half]], ptr addrspacecast (ptr addrspace(3) @Ts to ptr), i64 0, i64 %arow, i64 %acol
  ; lane l of warp w hands in row (w % 4) * 16 + l % 16, column (l / 16) * 8
  %lane = and i32 %tid, 31
  %warp = lshr i32 %tid, 5
  %wm = and i32 %warp, 3
  %wr = shl nuw nsw i32 %wm, 4
  %l16 = and i32 %lane, 15
  %r = or disjoint i32 %wr, %l16
  %lrow = zext nneg i32 %r to i64
  %lh = lshr i32 %lane, 4
  %c = shl nuw nsw i32 %lh, 3
  %lcol = zext nneg i32 %c to i64
  %src.t = getelementptr inbounds i8, ptr %A, i32 %t8
  %go = icmp sgt i32 %ktiles, 0
  br i1 %go, label %loop, label %exit

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %off = shl i32 %k, 12
  %src = getelementptr inbounds i8, ptr %src.t, i32 %off
  %v = load <4 x i32>, ptr %src, align 16
  store <4 x i32> %v, ptr %dst, align 16
  call void @llvm.nvvm.barrier0()
  %la = getelementptr inbounds [64 x [32 x half]], ptr addrspacecast (ptr addrspace(3) @Ts to ptr), i64 0, i64 %lrow, i64 %lcol
  %x = call { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16.p0(ptr %la)
  %x0 = extractvalue { i32, i32, i32, i32 } %x, 0
  %x3 = extractvalue { i32, i32, i32, i32 } %x, 3
  %s = xor i32 %x0, %x3
  %acc.next = add i32 %acc, %s
  call void @llvm.nvvm.barrier0()
  %k.next = add nuw nsw i32 %k, 1
  %more = icmp slt i32 %k.next, %ktiles
  br i1 %more, label %loop, label %exit

exit:
  %res = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %o = getelementptr inbounds i32, ptr %C, i32 %tid
  store i32 %res, ptr %o, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
declare { i32, i32, i32, i32 } @llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16.p0(ptr)

attributes #0 = { "target-cpu"="sm_80" }

!nvvm.annotations = !{!0}
!0 = !{ptr @kernel, !"kernel", i32 1}
