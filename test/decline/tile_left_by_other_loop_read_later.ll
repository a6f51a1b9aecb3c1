; Near miss of two loops over one tile: the loop after the
; tile loop reads the tile without copying into it first, so it reads what
; the tile loop left there (the last tile); a ring private to the tile loop
; would leave the tile stale. The tile loop stays declined, the IR
; unchanged.
; RUN: %opt -passes='cuda-pipeline<in-place=off;last-slot=off>' -pass-remarks-missed=cuda-pipeline -pass-remarks-output=%t.yaml -S %s -o %t.after.ll 2>&1 | FileCheck %s
; RUN: %opt -passes=verify -S %s -o %t.before.ll
; RUN: diff %t.before.ll %t.after.ll
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; The loop takes no ring, and the in-place shape serves it (in-place=on, the default):
; the tiles and both barriers stay, the copy's load goes one iteration ahead.
; RUN: %opt -passes='cuda-pipeline<last-slot=off>' -pass-remarks=cuda-pipeline -S %s -o %t.inplace.ll 2>&1 | FileCheck %s --check-prefix=IN-PLACE
; RUN: %opt -passes=verify -disable-output %t.inplace.ll
; RUN: FileCheck %s --check-prefix=IN-PLACE-IR < %t.inplace.ll
; IN-PLACE: remark: {{.*}}pipelined loop in place (1 slot, the tiles and both barriers kept)
; IN-PLACE-IR: pl.ahead.cur = phi
; IN-PLACE-IR: [[SYNC]]
; IN-PLACE-IR: select i1 {{.*}} @pl.zeros.16
; IN-PLACE-IR-NEXT: load {{.*}} %pl.ahead.src
; IN-PLACE-IR: [[SYNC]]
; CHECK: remark: <unknown>:0:0: loop not pipelined: tile 'tile' is read by another loop, which does not copy into it first, so it reads what this loop leaves in the tile
; YAML: --- !Missed
; YAML-NEXT: Pass: cuda-pipeline
; YAML-NEXT: Name: TileLeftByOtherLoop

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x float] undef, align 4

define void @kernel(ptr noalias %src, ptr noalias %dst, i32 %full, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext i32 %tid to i64
  %mine = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %tid64
  %nb64 = xor i64 %tid64, 1
  %nb = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %nb64
  store float 0.0, ptr %mine, align 4
  call void @llvm.nvvm.barrier0()
  %any = icmp sgt i32 %full, 0
  br i1 %any, label %preheader, label %mid

preheader:
  br label %main

main:
  %i = phi i32 [ 0, %preheader ], [ %i.next, %main.latch ]
  %acc = phi float [ 0.0, %preheader ], [ %acc.next, %main.latch ]
  %base = shl i32 %i, 8
  %idx = add i32 %base, %tid
  %idx64 = zext i32 %idx to i64
  %p = getelementptr inbounds float, ptr %src, i64 %idx64
  %v = load float, ptr %p, align 4
  store float %v, ptr %mine, align 4
  call void @llvm.nvvm.barrier0()
  %w = load float, ptr %nb, align 4
  %acc.next = fadd float %acc, %w
  br label %main.latch

main.latch:
  call void @llvm.nvvm.barrier0()
  %i.next = add nuw nsw i32 %i, 1
  %cmp = icmp slt i32 %i.next, %full
  br i1 %cmp, label %main, label %mid

mid:
  %acc.mid = phi float [ 0.0, %entry ], [ %acc.next, %main.latch ]
  %j0 = phi i32 [ 0, %entry ], [ %full, %main.latch ]
  %more = icmp slt i32 %j0, %n
  br i1 %more, label %rem.preheader, label %done

rem.preheader:
  br label %rem

rem:
  %j = phi i32 [ %j0, %rem.preheader ], [ %j.next, %rem ]
  %acc2 = phi float [ %acc.mid, %rem.preheader ], [ %acc2.next, %rem ]
  %rw = load float, ptr %nb, align 4
  %acc2.next = fadd float %acc2, %rw
  %j.next = add nuw nsw i32 %j, 1
  %rcmp = icmp slt i32 %j.next, %n
  br i1 %rcmp, label %rem, label %done

done:
  %r = phi float [ %acc.mid, %mid ], [ %acc2.next, %rem ]
  %o = getelementptr inbounds float, ptr %dst, i64 %tid64
  store float %r, ptr %o, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

attributes #0 = { "target-cpu"="sm_80" }
!nvvm.annotations = !{!0}
!0 = !{ptr @kernel, !"kernel", i32 1}
