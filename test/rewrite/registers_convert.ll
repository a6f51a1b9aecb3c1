; Copies cp.async cannot do, on sm_80 under the default lowering=auto:
;   @convert  half -> float on the way into the tile: staged as a half, the
;             fpext cloned after the compute, next to the store
;   @fill     a ragged tile filled with -INF (`idx < len ? A[idx] : -INF`):
;             where the guard is false the load reads our zero constant,
;             and the store writes the fill, `select guard, x, -INF`
;   @mixed    two tiles in one loop: the float copied unchanged stays a
;             cp.async, the int8 weight dequantized with a zero point and a
;             per-column scale goes through registers; the shape is the
;             two-slot one (wait_group 0 before the kept barrier)
; RUN: %opt -passes='cuda-pipeline<ptxas=off;profitability=off>' -pass-remarks=cuda-pipeline -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %opt -passes='cuda-pipeline<ptxas=off;profitability=off>,verify' -disable-output %s
; REMARK: pipelined loop with 2 stages: tile 'htile' 1024 -> 2048 bytes; 1 copy of 4 bytes, 1 staged through 1 register; removed the second barrier; registers [sm_80
; REMARK: pipelined loop with 2 stages: tile 'ftile' 1024 -> 2048 bytes; 1 copy of 4 bytes, 1 staged through 1 register; removed the second barrier; registers [sm_80
; REMARK: pipelined loop with 2 stages: tile 'ptile' 1024 -> 2048 bytes, tile 'wtile' 512 -> 1024 bytes; 2 copies of 2 to 4 bytes, 1 staged through 1 register; removed the second barrier; cp.async+registers [sm_80

; CHECK-LABEL: define {{(ptx_kernel )?}}void @convert(
; CHECK: preheader:
; CHECK: %[[H0:.*]] = load half, ptr addrspace(1) %{{.*}}, align 2
; CHECK-NEXT: %[[F0:.*]] = fpext half %[[H0]] to float
; CHECK: store float %[[F0]], ptr addrspace(3)
; CHECK: loop:
; CHECK: [[SYNC]]
; CHECK: %[[SRC:.*]] = select i1 %pl.exists, ptr addrspace(1) %{{.*}}, ptr addrspace(1) @pl.zeros.16
; CHECK-NEXT: %[[H:.*]] = load half, ptr addrspace(1) %[[SRC]], align 2
; CHECK: %acc.next = fadd float %acc, %w
; CHECK: %[[F:.*]] = fpext half %[[H]] to float
; CHECK: store float %[[F]], ptr addrspace(3) %{{.*}}, align 4
; CHECK-NEXT: br i1 %cmp
; CHECK-NOT: cp.async
; CHECK-NOT: [[SYNC_NAME]]
; CHECK: ret void

; CHECK-LABEL: define {{(ptx_kernel )?}}void @fill(
; CHECK: preheader:
; CHECK: %[[SRCP:.*]] = select i1 %[[OK0:.*]], ptr addrspace(1) %{{.*}}, ptr addrspace(1) @pl.zeros.16
; CHECK-NEXT: %[[R0:.*]] = load i32, ptr addrspace(1) %[[SRCP]], align 4
; CHECK-NEXT: %[[V0:.*]] = select i1 %[[OK0]], i32 %[[R0]], i32 -8388608
; CHECK: store i32 %[[V0]], ptr addrspace(3)
; CHECK: loop:
; CHECK: %[[G:pl.guard.*]] = and i1 %pl.exists, %{{.*}}
; CHECK: %[[SRCL:.*]] = select i1 %[[G]], ptr addrspace(1) %{{.*}}, ptr addrspace(1) @pl.zeros.16
; CHECK-NEXT: %[[R:.*]] = load i32, ptr addrspace(1) %[[SRCL]], align 4
; CHECK: call float @llvm.maxnum.f32
; CHECK: %[[V:.*]] = select i1 %[[G]], i32 %[[R]], i32 -8388608
; CHECK: store i32 %[[V]], ptr addrspace(3) %{{.*}}, align 4
; CHECK-NEXT: br i1 %cmp

; CHECK-LABEL: define {{(ptx_kernel )?}}void @mixed(
; CHECK: preheader:
; CHECK: call void @llvm.nvvm.cp.async.ca.shared.global.4(
; CHECK: %[[B0:.*]] = load i8, ptr addrspace(1)
; CHECK: fptrunc float %{{.*}} to half
; CHECK: store half
; CHECK: call void @llvm.nvvm.cp.async.commit.group()
; CHECK: loop:
; CHECK: call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK-NEXT: [[SYNC]]
; CHECK: call void @llvm.nvvm.cp.async.ca.shared.global.4.s(
; CHECK: %[[B:.*]] = load i8, ptr addrspace(1)
; CHECK-NEXT: call void @llvm.nvvm.cp.async.commit.group()
; CHECK: %acc.next = fadd float %acc, %xy
; CHECK: %[[BF:.*]] = sitofp i8 %[[B]] to float
; CHECK-NEXT: %[[BZ:.*]] = fsub float %[[BF]], %zp
; CHECK-NEXT: %[[BS:.*]] = fmul float %[[BZ]], %s
; CHECK-NEXT: %[[BH:.*]] = fptrunc float %[[BS]] to half
; CHECK: store half %[[BH]], ptr addrspace(3)
; CHECK-NEXT: br i1 %cmp
; The cp.async in flight are drained on the exit edge.
; CHECK: call void @llvm.nvvm.cp.async.wait.group(i32 0)
; CHECK: ret void

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@htile = internal addrspace(3) global [256 x float] undef, align 4
@ftile = internal addrspace(3) global [256 x float] undef, align 4
@ptile = internal addrspace(3) global [256 x float] undef, align 4
@qtile = internal addrspace(3) global [256 x half] undef, align 4
@wtile = internal addrspace(3) global [256 x half] undef, align 4

; half -> float on the way into the tile.
define void @convert(ptr noalias %src, ptr noalias %dst, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext i32 %tid to i64
  %mine = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @htile to ptr), i64 0, i64 %tid64
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
  %p = getelementptr inbounds half, ptr %src, i64 %idx64
  %h = load half, ptr %p, align 2
  %v = fpext half %h to float
  store float %v, ptr %mine, align 4
  call void @llvm.nvvm.barrier0()
  %q = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @htile to ptr), i64 0, i64 %nb64
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

; A ragged max-reduction tile: x = idx < len ? A[idx] : -INF.
define void @fill(ptr noalias %src, ptr noalias %dst, i32 %n, i32 %len) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext i32 %tid to i64
  %mine = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @ftile to ptr), i64 0, i64 %tid64
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
  %ok = icmp slt i32 %idx, %len
  %idx64 = zext i32 %idx to i64
  %p = getelementptr inbounds float, ptr %src, i64 %idx64
  %a = load float, ptr %p, align 4
  %v = select i1 %ok, float %a, float 0xFFF0000000000000
  store float %v, ptr %mine, align 4
  call void @llvm.nvvm.barrier0()
  %q = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @ftile to ptr), i64 0, i64 %nb64
  %w = load float, ptr %q, align 4
  %acc.next = call float @llvm.maxnum.f32(float %acc, float %w)
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

; Two tiles: a float copied unchanged (cp.async) and an int8 weight
; dequantized with a zero point and a per-column scale into half (registers).
define void @mixed(ptr noalias %a, ptr noalias %wq, ptr noalias %scale, ptr noalias %dst, i32 %n, float %zp) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tid64 = zext i32 %tid to i64
  %sp = getelementptr inbounds float, ptr %scale, i64 %tid64
  %s = load float, ptr %sp, align 4
  %pmine = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @ptile to ptr), i64 0, i64 %tid64
  %wmine = getelementptr inbounds [256 x half], ptr addrspacecast (ptr addrspace(3) @wtile to ptr), i64 0, i64 %tid64
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
  %pa = getelementptr inbounds float, ptr %a, i64 %idx64
  %va = load float, ptr %pa, align 4
  store float %va, ptr %pmine, align 4
  %pw = getelementptr inbounds i8, ptr %wq, i64 %idx64
  %b = load i8, ptr %pw, align 1
  %bf = sitofp i8 %b to float
  %bz = fsub float %bf, %zp
  %bs = fmul float %bz, %s
  %bh = fptrunc float %bs to half
  store half %bh, ptr %wmine, align 2
  call void @llvm.nvvm.barrier0()
  %q = getelementptr inbounds [256 x float], ptr addrspacecast (ptr addrspace(3) @ptile to ptr), i64 0, i64 %nb64
  %x = load float, ptr %q, align 4
  %qw = getelementptr inbounds [256 x half], ptr addrspacecast (ptr addrspace(3) @wtile to ptr), i64 0, i64 %nb64
  %yh = load half, ptr %qw, align 2
  %y = fpext half %yh to float
  %xy = fmul float %x, %y
  %acc.next = fadd float %acc, %xy
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
declare float @llvm.maxnum.f32(float, float)

attributes #0 = { "target-cpu"="sm_80" }

!nvvm.annotations = !{!0, !1, !2}
!0 = !{ptr @convert, !"kernel", i32 1}
!1 = !{ptr @fill, !"kernel", i32 1}
!2 = !{ptr @mixed, !"kernel", i32 1}
