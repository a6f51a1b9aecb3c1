; Two tile loops one after the other over the same __shared__ tile:
; a main loop and a remainder loop whose copies write the same bytes
; (the remainder's under a zero-fill guard), after a zero-initialization of
; the tile that both loops' copies overwrite. The second loop's ring takes
; the storage of the first's (one ring, not two); the zero-initialization,
; which nothing can read any more, goes with the tile. Order: the first
; loop's drain (cp.async.wait_group 0, then a barrier, on its exit edge)
; comes before the second loop's prologue issues anything, and the second
; loop drains the same way.
; RUN: %opt -passes='cuda-pipeline<stages=3;verify>' -pass-remarks=cuda-pipeline -pass-remarks-missed=cuda-pipeline -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s < %t.ll
; A budget that gives the first loop 2 stages (the tile stays beside its
; ring while the second loop uses it) and the second 3: the shared ring
; grows to the second loop's size.
; RUN: %opt -passes='cuda-pipeline<stages=3;max-shared=3584;verify>' -pass-remarks=cuda-pipeline -S %s -o %t.grow.ll 2>&1 | FileCheck %s --check-prefix=GROW-REMARK
; RUN: FileCheck %s --check-prefix=GROW < %t.grow.ll
; REMARK: remark: <unknown>:0:0: pipelined loop with 3 stages: tile 'tile' 1024 -> 3072 bytes; 1 cp.async copy of 4 bytes; removed the second barrier; cp.async
; REMARK: remark: <unknown>:0:0: pipelined loop with 3 stages: tile 'tile' 1024 -> 3072 bytes; 1 cp.async copy of 4 bytes; removed the second barrier; shares the ring of an earlier loop over tile 'tile'; cp.async
; GROW-REMARK: pipelined loop with 2 stages: tile 'tile' 1024 -> 2048 bytes{{.*}}(3 stages requested; 2 fit the 3584-byte budget)
; GROW-REMARK: pipelined loop with 3 stages: tile 'tile' 1024 -> 3072 bytes{{.*}}shares the ring of an earlier loop over tile 'tile'
; GROW: @tile.ring = internal unnamed_addr addrspace(3) global [3072 x i8] undef, align 16{{$}}
; GROW-NOT: addrspace(3) global
; CHECK: @tile.ring = internal unnamed_addr addrspace(3) global [3072 x i8] undef, align 16{{$}}
; CHECK-NOT: addrspace(3) global
; CHECK-LABEL: define {{(ptx_kernel )?}}void @kernel
; CHECK-NOT: store float 0.0
; CHECK: preheader:
; CHECK: getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @tile.ring to ptr)
; CHECK: call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK: main:
; CHECK: call void @llvm.nvvm.cp.async.wait.group(i32 1)
; CHECK-NEXT: [[SYNC]]
; CHECK: getelementptr inbounds i8, ptr addrspace(3) @tile.ring,
; the first loop's drain, on its exit edge ...
; CHECK: main.latch.mid_crit_edge:
; CHECK: call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT: [[SYNC]]
; ... then the second loop's prologue, into the same ring
; CHECK: rem.preheader:
; CHECK: getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @tile.ring to ptr)
; CHECK: call void @llvm.nvvm.cp.async.ca.shared.global.4.s(
; CHECK: rem:
; CHECK: rem.join:
; CHECK-NEXT: call void @llvm.nvvm.cp.async.wait.group(i32 1)
; CHECK-NEXT: [[SYNC]]
; CHECK: getelementptr inbounds i8, ptr addrspace(3) @tile.ring,
; CHECK: rem.latch.done_crit_edge:
; CHECK: call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT: [[SYNC]]
; CHECK: done:

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
  %j = phi i32 [ %j0, %rem.preheader ], [ %j.next, %rem.latch ]
  %acc2 = phi float [ %acc.mid, %rem.preheader ], [ %acc2.next, %rem.latch ]
  %rbase = shl i32 %j, 8
  %ridx = add i32 %rbase, %tid
  %ok = icmp slt i32 %ridx, %n
  %ridx64 = zext i32 %ridx to i64
  %rp = getelementptr inbounds float, ptr %src, i64 %ridx64
  br i1 %ok, label %rem.load, label %rem.join

rem.load:
  %rv = load float, ptr %rp, align 4
  br label %rem.join

rem.join:
  %x = phi float [ %rv, %rem.load ], [ 0.0, %rem ]
  store float %x, ptr %mine, align 4
  call void @llvm.nvvm.barrier0()
  %rw = load float, ptr %nb, align 4
  %acc2.next = fadd float %acc2, %rw
  br label %rem.latch

rem.latch:
  call void @llvm.nvvm.barrier0()
  %j.next = add nuw nsw i32 %j, 1
  %rcmp = icmp slt i32 %j.next, %n
  br i1 %rcmp, label %rem, label %done

done:
  %r = phi float [ %acc.mid, %mid ], [ %acc2.next, %rem.latch ]
  %o = getelementptr inbounds float, ptr %dst, i64 %tid64
  store float %r, ptr %o, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

attributes #0 = { "target-cpu"="sm_80" }
!nvvm.annotations = !{!0}
!0 = !{ptr @kernel, !"kernel", i32 1}
