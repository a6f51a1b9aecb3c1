/*===- lib/nvvm.h - NVVM intrinsics whose spelling differs by release --===*\
 *
 * FILE: lib/nvvm.h
 * DESCRIPTION:
 *   The NVVM intrinsics libpipeline recognizes or emits that LLVM 20
 *   renamed or removed, in one place for the LLVM releases the plugin
 *   builds against (19 and 22; docs/toolchain.md):
 *   - __syncthreads is llvm.nvvm.barrier0 in LLVM 19 and
 *     llvm.nvvm.barrier.cta.sync.aligned.all(i32 0) in LLVM 22;
 *     cooperative groups' sync() is llvm.nvvm.barrier.sync(i32 0) in 19 and
 *     llvm.nvvm.barrier.cta.sync.all(i32 0) in 22;
 *   - __syncthreads_or is i32 llvm.nvvm.barrier0.or(i32) in LLVM 19 and
 *     i1 llvm.nvvm.barrier.cta.red.or.aligned.all(i32 0, i1) in LLVM 22;
 *   - __launch_bounds__ and reqntid are !nvvm.annotations entries in LLVM
 *     19 ({fn, !"maxntidx", i32 256, ...}; NVPTX usage guide, "Kernel
 *     metadata") and function attributes in LLVM 22
 *     ("nvvm.maxntid"="256", "nvvm.reqntid"="16,16", "nvvm.minctasm"="2");
 *     a kernel is marked by the ptx_kernel calling convention in LLVM 22
 *     and by an annotation in LLVM 19 (pl_is_kernel reads both);
 *   - __ldg is llvm.nvvm.ldg.global.* in LLVM 19 and, from LLVM 20, a load
 *     from addrspace(1) marked !invariant.load (which lib/ reads as a
 *     plain load).
 *   Recognition accepts every spelling: LLVMLookupIntrinsicID gives 0 for
 *   a name the loaded LLVM does not know, which matches no call. Emission
 *   asks the loaded LLVM which spelling it knows. Nothing here depends on
 *   the headers the plugin was compiled with.
 *   Sources: LLVM's IntrinsicsNVPTX.td of each release and its
 *   AutoUpgrade.cpp (the old spellings read from bitcode or text are
 *   upgraded to the new ones); PTX ISA, "bar, barrier".
\*===----------------------------------------------------------------------===*/
#ifndef PL_NVVM_H
#define PL_NVVM_H

#include <llvm-c/Core.h>

/** Nonzero for a CTA-wide barrier that every thread must reach, with
 * barrier id 0: __syncthreads or cooperative groups' sync(), in either
 * LLVM's spelling (PTX ISA, "bar, barrier"). */
int pl_is_cta_barrier(LLVMValueRef inst);

/** Nonzero for any barrier intrinsic of either LLVM: bar.sync and
 * barrier.sync variants with or without a thread count, __syncthreads_and,
 * _or and _count, named barriers, warp and cluster barriers. */
int pl_is_any_barrier(LLVMValueRef inst);

/** Nonzero when `inst` calls LLVM 19's __ldg intrinsic
 * llvm.nvvm.ldg.global.{i,f,p}: (ptr, i32 alignment). */
int pl_is_ldg_intrinsic(LLVMValueRef inst);

/** Nonzero when the NVPTX back end will read the global memory that the
 * load `inst` reads with `ld.global.nc`, the non-coherent read-only path
 * whose loads ptxas may move across barriers: `inst` is an __ldg (LLVM
 * 19's intrinsic, or a load marked !invariant.load as LLVM 20 writes it),
 * or a load in a kernel whose address is based only on read-only objects
 * (pl_based_on_read_only_objects: `const T *__restrict__` parameters,
 * constant globals). The rule of
 * NVPTXDAGToDAGISel::tryLoad (canLowerToLDG, LLVM 19 and 22). 0 for
 * anything else: volatile and atomic loads, calls, memcpy (whose expansion
 * LLVM 22 does not select as ld.global.nc). */
int pl_reads_non_coherent(LLVMValueRef inst);

/** Nonzero when `fn` is a kernel: the PTX kernel calling convention
 * (LLVM 22, and LLVM 19 where the IR says so), or listed in
 * !nvvm.annotations as {fn, !"kernel", i32 1} (LLVM 19; NVPTX usage guide,
 * "Marking Functions as Kernels"). */
int pl_is_kernel(LLVMValueRef fn);

/** Lists, for pl_is_kernel and pl_launch_bounds, the kernels and launch
 * bounds !nvvm.annotations gives in module `m` once, until
 * pl_nvvm_module_end (on this thread): the pass calls it when it starts on
 * a module, whose annotations it does not change. */
void pl_nvvm_module_begin(LLVMModuleRef m);

/** Forgets the list of pl_nvvm_module_begin; pl_is_kernel reads the
 * annotations again. */
void pl_nvvm_module_end(void);

/** The launch bounds of kernel `fn`, in either LLVM's form: *threads is the
 * product of reqntid's dimensions, else of maxntid's, else 0 (unknown);
 * *min_blocks is minctasm, else 0. A malformed attribute counts as
 * absent. */
void pl_launch_bounds(LLVMValueRef fn, unsigned *threads, unsigned *min_blocks);

/** Emits __syncthreads at the builder `b` in module `m`, in the spelling
 * the loaded LLVM knows. */
void pl_emit_cta_barrier(LLVMModuleRef m, LLVMBuilderRef b);

/** Emits __syncthreads_or(`vote`) at the builder `b` in module `m`: every
 * thread waits at the barrier, and the result (an i1 named `name`) is
 * true in every thread when `vote` (an i1) is true in any of them. Where
 * the barrier returns an i32 count (LLVM 19), that is named `any_name`. */
LLVMValueRef pl_emit_cta_barrier_or(LLVMModuleRef m, LLVMBuilderRef b, LLVMValueRef vote,
                                    const char *any_name, const char *name);

#endif /* PL_NVVM_H */
