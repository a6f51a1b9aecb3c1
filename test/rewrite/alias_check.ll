; The loop stores through %dst, which may alias the copied
; %src (no __restrict__), but both ranges are known at loop entry: %src +
; [4*tid, 4*tid + 1024*(n-1) + 4) and %dst + [4*tid, 4*tid + 4). The loop is
; versioned. The preheader folds every thread's write range into a block-wide
; range (thread 0 initializes a __shared__ scratch, barrier, atomic umin/umax,
; barrier), tests this thread's read range against it and the no-wrap
; predicate of the i32 index, and __syncthreads_or (barrier0.or) makes the
; choice the same for the block: the original loop where ranges overlap, the
; pipelined loop where they do not.
; RUN: %opt -passes='cuda-pipeline<profitability=off;verify>' -pass-remarks=cuda-pipeline -pass-remarks-output=%t.yaml -S %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; RUN: FileCheck %s --check-prefixes=CHECK,%if llvm-19 %{L19%} %else %{L22%} < %t.ll
; RUN: FileCheck %s --check-prefix=YAML < %t.yaml
; RUN: %opt -passes='cuda-pipeline<profitability=off>' -pass-remarks-analysis=cuda-pipeline -disable-output %s 2>&1 | FileCheck %s --check-prefix=ANALYSIS
; ANALYSIS: remark: <unknown>:0:0: runtime alias check before the loop, once per block: each thread's 1 copied range against the block's union of 1 written range (3 barriers, 2 shared atomics per thread); where they may overlap, the original loop runs [sm_80, kernel 'kernel']
; ANALYSIS: ring of 3 stages takes 3072 bytes of shared memory (16 more in other __shared__ arrays)
; REMARK: remark: <unknown>:0:0: pipelined loop with 3 stages: tile 'tile' 1024 -> 3072 bytes; 1 cp.async copy of 4 bytes; removed the second barrier; with a runtime alias check; cp.async [sm_80, kernel 'kernel']
; YAML: Name: Pipelined
; YAML: - AliasCheck: runtime
;
; The scratch, and the tile gone: the original loop uses the ring's slot 0.
; CHECK: @pl.alias.scratch = internal addrspace(3) global [2 x i64] undef, align 8
; CHECK-NOT: @tile =
; CHECK-LABEL: define {{(ptx_kernel )?}}void @kernel(
; CHECK: entry:
; CHECK: addrspacecast ptr addrspace(3) @tile.ring to ptr
; The check, in the old preheader: the ranges, the predicate, the vote.
; CHECK: preheader:
; CHECK: %[[RLO:[0-9]+]] = ptrtoint ptr %scevgep to i64
; CHECK: %[[RHI:[0-9]+]] = ptrtoint ptr %scevgep1 to i64
; CHECK: %[[WLO:[0-9]+]] = ptrtoint ptr %scevgep2 to i64
; CHECK: %[[WHI:[0-9]+]] = ptrtoint ptr %scevgep3 to i64
; CHECK: call { i32, i1 } @llvm.umul.with.overflow.i32(i32 256,
; CHECK: %pl.alias.first = icmp eq i32 %{{[0-9]+}}, 0
; CHECK-NEXT: br i1 %pl.alias.first, label %[[INIT:[0-9]+]], label %[[VOTE:[0-9]+]]
; CHECK: [[INIT]]:
; CHECK-NEXT: store i64 -1, ptr addrspace(3) @pl.alias.scratch, align 8
; CHECK-NEXT: store i64 0, ptr addrspace(3) getelementptr inbounds (i64, ptr addrspace(3) @pl.alias.scratch, i64 1), align 8
; CHECK: [[VOTE]]:
; CHECK-NEXT: [[SYNC]]
; CHECK-NEXT: atomicrmw umin ptr addrspace(3) @pl.alias.scratch, i64 %[[WLO]] monotonic
; CHECK-NEXT: atomicrmw umax ptr addrspace(3) getelementptr inbounds (i64, ptr addrspace(3) @pl.alias.scratch, i64 1), i64 %[[WHI]] monotonic
; CHECK-NEXT: [[SYNC]]
; CHECK-NEXT: %pl.alias.block.lo = load i64
; CHECK-NEXT: %pl.alias.block.hi = load i64
; CHECK-NEXT: icmp ult i64 %[[RLO]], %pl.alias.block.hi
; CHECK-NEXT: icmp ult i64 %pl.alias.block.lo, %[[RHI]]
; CHECK-NEXT: %pl.alias.overlap = and i1
; CHECK-NEXT: or i1
; LLVM 19's __syncthreads_or counts in an i32, LLVM 22's returns an i1:
; L19-NEXT: zext i1
; L19-NEXT: %pl.alias.any = call i32 @[[SYNC_OR]](i32
; L19-NEXT: %pl.alias.conflict = icmp ne i32 %pl.alias.any, 0
; L22-NEXT: %pl.alias.conflict = call i1 @[[SYNC_OR]](i32 0, i1
; CHECK-NEXT: br i1 %pl.alias.conflict, label %.pl.ph.pl.orig, label %.pl.ph
; The original loop, both barriers kept, synchronous copy into slot 0.
; CHECK: loop.pl.orig:
; CHECK: %v.pl.orig = load float, ptr %p.pl.orig
; CHECK-NEXT: store float %v.pl.orig, ptr %mine
; CHECK-NEXT: [[SYNC]]
; CHECK: store float %acc.next.pl.orig, ptr %side.pl.orig
; CHECK: latch.pl.orig:
; CHECK-NEXT: [[SYNC]]
; CHECK: br i1 %cmp.pl.orig, label %loop.pl.orig, label %[[JOIN:[a-z_.]+]]
; The pipelined loop: prologue in its own preheader, one barrier.
; CHECK: .pl.ph:
; CHECK: call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK: loop:
; CHECK: call void @llvm.nvvm.cp.async.wait.group(i32 1)
; CHECK-NEXT: [[SYNC]]
; CHECK: latch:
; CHECK-NOT: [[SYNC_NAME]]
; CHECK: br i1 %cmp, label %loop
; The versions meet; the value used after the loop comes from either.
; CHECK: [[JOIN]]:
; CHECK-NEXT: %split = phi float [ %{{.*}}, %{{.*}} ], [ %acc.next.pl.orig, %latch.pl.orig ]

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x float] undef, align 4

define void @kernel(ptr %src, ptr %dst, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext i32 %tid to i64
  %mine = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %tid64
  %nb64 = xor i64 %tid64, 1
  %guard = icmp sgt i32 %n, 0
  br i1 %guard, label %preheader, label %exit

preheader:
  br label %loop

loop:
  %i = phi i32 [ 0, %preheader ], [ %i.next, %latch ]
  %acc = phi float [ 0.0, %preheader ], [ %acc.next, %latch ]
  %base = shl i32 %i, 8
  %idx = add i32 %base, %tid
  %idx64 = zext i32 %idx to i64
  %p = getelementptr inbounds float, ptr %src, i64 %idx64
  %v = load float, ptr %p, align 4
  store float %v, ptr %mine, align 4
  call void @llvm.nvvm.barrier0()
  %q = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %nb64
  %w = load float, ptr %q, align 4
  %acc.next = fadd float %acc, %w
  %side = getelementptr inbounds float, ptr %dst, i64 %tid64
  store float %acc.next, ptr %side, align 4
  br label %latch

latch:
  call void @llvm.nvvm.barrier0()
  %i.next = add nuw nsw i32 %i, 1
  %cmp = icmp slt i32 %i.next, %n
  br i1 %cmp, label %loop, label %exit

exit:
  %r = phi float [ 0.0, %entry ], [ %acc.next, %latch ]
  %o = getelementptr inbounds float, ptr %dst, i64 %tid64
  store float %r, ptr %o, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

attributes #0 = { "target-cpu"="sm_80" }

!nvvm.annotations = !{!0}
!0 = !{ptr @kernel, !"kernel", i32 1}
