; opt's pass parameters go through the same parser as the plugin's
; arguments: a bad one is an error naming it, and opt fails.
; RUN: not %opt -passes='cuda-pipeline<stages=0>' -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STAGES
; RUN: not %opt -passes='cuda-pipeline<stages=3;bogus>' -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNKNOWN
; RUN: not %opt -passes='cuda-pipeline<max-shared=12x>' -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SHARED
; STAGES: error: cuda-pipeline: bad pass parameter 'stages=0': stages must be an integer from 2 to 8
; UNKNOWN: error: cuda-pipeline: bad pass parameter 'bogus': unknown argument (accepted: stages=N (N from 2 to 8), disable, max-shared=BYTES, rdc, verify, profitability=on|off, generic-tile-reads, help, only=REGEX, exclude=REGEX, report=DIR, lowering=auto|cp.async|registers, max-staged-regs=N (N from 1 to 255), copy-back, layout=auto|padded|unpadded, ptxas=off|on|PATH, in-place=on|off, ptxas-cache=on|off, register-arrays=on|off, dynamic-ring=on|off, last-slot=on|off, unroll-compute=on|off, predicated-loads=on|off)
; SHARED: error: cuda-pipeline: bad pass parameter 'max-shared=12x': max-shared must be a byte count
; RUN: not %opt -passes='cuda-pipeline<lowering=tma>' -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOWERING
; RUN: not %opt -passes='cuda-pipeline<max-staged-regs=0>' -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REGS
; LOWERING: error: cuda-pipeline: bad pass parameter 'lowering=tma': lowering must be auto, cp.async or registers
; REGS: error: cuda-pipeline: bad pass parameter 'max-staged-regs=0': max-staged-regs must be an integer from 1 to 255
; RUN: %opt -passes='cuda-pipeline<stages=2;max-shared=4K>' -S %s -o /dev/null
; RUN: %opt -passes='cuda-pipeline<lowering=registers;max-staged-regs=64>' -S %s -o /dev/null
; RUN: %opt -passes='cuda-pipeline<lowering=cp.async>' -S %s -o /dev/null
; RUN: %opt -passes='cuda-pipeline<lowering=auto>' -S %s -o /dev/null
; Above 48 KiB is an error: the rings are static __shared__ arrays.
; RUN: not %opt -passes='cuda-pipeline<max-shared=64K>' -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BIG
; BIG: error: cuda-pipeline: bad pass parameter 'max-shared=64K': max-shared=65536 is over 49152 (48 KiB): the rings are static __shared__ arrays, and ptxas rejects more than 48 KiB of static shared memory per kernel
; RUN: not %opt -passes='cuda-pipeline<profitability=maybe>' -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PROFIT
; PROFIT: error: cuda-pipeline: bad pass parameter 'profitability=maybe': profitability must be on or off
; RUN: %opt -passes='cuda-pipeline<profitability=off;profitability=on>' -S %s -o /dev/null
; RUN: not %opt -passes='cuda-pipeline<layout=swizzled>' -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LAYOUT
; LAYOUT: error: cuda-pipeline: bad pass parameter 'layout=swizzled': layout must be auto, padded or unpadded
; RUN: %opt -passes='cuda-pipeline<layout=auto;layout=padded;layout=unpadded>' -S %s -o /dev/null

target triple = "nvptx64-nvidia-cuda"
