; The smallest tile loop on sm_75, where cp.async does not exist: the
; register lowering (lib/lower_registers.c). Two slots; the prologue loads
; iteration 0 and stores it into slot 0; iteration i, after its kept
; barrier, loads iteration i+1 into registers -- from the source when
; iteration i+1 exists, from a zero constant of our own otherwise (a select
; of the address, no branch) -- computes on slot i mod 2, and at the end of
; its body stores the registers into slot (i+1) mod 2, the slot iteration
; i-1 computed on. The second barrier is gone; nothing of cp.async remains.
; RUN: %opt -passes=cuda-pipeline -pass-remarks=cuda-pipeline -pass-remarks-analysis=cuda-pipeline -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %opt -passes=cuda-pipeline,verify -disable-output %s
; REMARK: remark: <unknown>:0:0: pipelined loop with 2 stages: tile 'tile' 1024 -> 2048 bytes; 1 copy of 4 bytes, 1 staged through 1 register; removed the second barrier (sm_75: predicted {{[0-9.]+}}x; {{.*}}); registers [sm_75
; REMARK: remark: <unknown>:0:0: ring of 2 stages takes 2048 bytes of shared memory (0 more in other __shared__ arrays); the prologue issues 1 iteration; iteration i loads iteration i+1 into registers before its compute and stores them into the other slot after it; one barrier per iteration; 2 copy instructions emitted [sm_75, kernel 'kernel']
; The same loop forced to cp.async on sm_75 is declined (decline/unsupported_target.ll).

; CHECK: @tile.ring = internal unnamed_addr addrspace(3) global [2048 x i8] undef, align 16
; CHECK: @pl.zeros.16 = internal unnamed_addr addrspace(1) constant [16 x i8] zeroinitializer, align 16
; CHECK-NOT: cp.async
; CHECK-LABEL: define {{(ptx_kernel )?}}void @kernel(
; Prologue: iteration 0 exists; load it and store it into slot 0.
; CHECK: preheader:
; CHECK: %[[SRC0:.*]] = addrspacecast ptr %{{.*}} to ptr addrspace(1)
; CHECK-NEXT: %[[R0:.*]] = load i32, ptr addrspace(1) %[[SRC0]], align 4
; CHECK: store i32 %[[R0]], ptr addrspace(3) %{{.*}}, align 4
; CHECK-NEXT: br label %loop
; CHECK: loop:
; CHECK: %[[SLOT:pl.slot.idx]] = phi i32 [ 0, %preheader ], [ %pl.slot.rot, %loop ]
; The kept barrier, then the loads of iteration i+1, guarded by its existence.
; CHECK: [[SYNC]]
; CHECK-NEXT: %[[IS0:.*]] = icmp eq i32 %[[SLOT]], 0
; CHECK-NEXT: %[[PREV:.*]] = sub i32 %[[SLOT]], 1
; CHECK-NEXT: %[[NEXT:.*]] = select i1 %[[IS0]], i32 1, i32 %[[PREV]]
; CHECK: %[[EX:.*]] = icmp uge i32 %pl.left, 1
; CHECK: %[[SRC:.*]] = select i1 %[[EX]], ptr addrspace(1) %{{.*}}, ptr addrspace(1) @pl.zeros.16
; CHECK-NEXT: %[[R:.*]] = load i32, ptr addrspace(1) %[[SRC]], align 4
; The compute on slot i mod 2, with the loads in flight.
; CHECK: %w = load float
; CHECK: %acc.next = fadd float %acc, %w
; The store after the compute, into the slot of iteration i+1.
; CHECK: %[[OFF:.*]] = mul i32 %[[NEXT]], 1024
; CHECK: %[[AT:.*]] = getelementptr i8, ptr %{{.*}}, i32 %[[OFF]]
; CHECK-NEXT: %[[DST:.*]] = addrspacecast ptr %[[AT]] to ptr addrspace(3)
; CHECK-NEXT: store i32 %[[R]], ptr addrspace(3) %[[DST]], align 4
; CHECK-NEXT: br i1 %cmp, label %loop
; One barrier per iteration: the second one is gone, and there is nothing to
; drain on the exit edge.
; CHECK-NOT: [[SYNC]]
; CHECK: ret void


target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x float] undef, align 4


define void @kernel(ptr %src, ptr %dst, i32 %n) #0 {
;
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
  %i = phi i32 [ 0, %preheader ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %preheader ], [ %acc.next, %loop ]
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
  call void @llvm.nvvm.barrier0()
  %i.next = add nuw nsw i32 %i, 1
  %cmp = icmp slt i32 %i.next, %n
  br i1 %cmp, label %loop, label %exit

exit:
  %r = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %o = getelementptr inbounds float, ptr %dst, i64 %tid64
  store float %r, ptr %o, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()

attributes #0 = { "target-cpu"="sm_75" }

!nvvm.annotations = !{!0}
!0 = !{ptr @kernel, !"kernel", i32 1}
