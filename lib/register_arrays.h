/*===- lib/register_arrays.h - private arrays kept in registers ---------===*\
 *
 * FILE: lib/register_arrays.h
 * DESCRIPTION:
 *   A register-blocked kernel keeps each thread's results in a private
 *   array (`float acc[TM * TN]`) and indexes it with the counters of small
 *   loops. SROA turns such an array into registers only when every index is
 *   a constant, that is when every loop indexing it was fully unrolled. clang
 *   unrolls a loop of a known trip count only within its size threshold, so
 *   one large loop (the write-back of an 8x8 result with alpha and beta)
 *   leaves the whole array in local memory, in the compute loop too, where
 *   nvcc keeps it in registers.
 *
 *   pl_register_arrays finds, in a kernel with a CTA barrier, each private
 *   array (an alloca of PL_REGISTER_ARRAY_MIN_BYTES to
 *   PL_REGISTER_ARRAY_MAX_BYTES) that is only loaded from, stored to and
 *   filled (memset, memcpy of constant length, lifetime markers) and whose
 *   every non-constant address is ScalarEvolution's function of constants
 *   and loop counters only (pl_scev_counter_offset); when each such loop
 *   has a known trip count of at most PL_REGISTER_ARRAY_MAX_TRIP, holds no
 *   barrier, no loop the indices do not name (each trip would copy it), and
 *   no unroll pragma of the user's, the array is not accessed as volatile
 *   or atomic, and the loops unrolled come to at most
 *   PL_REGISTER_ARRAY_MAX_UNROLLED instructions, at most
 *   PL_REGISTER_ARRAY_MAX_PER_ACCESS per access to the array, and the
 *   kernel's blocks are known to have at most PL_REGISTER_ARRAY_MAX_THREADS
 *   threads (launch bounds, or constant launches in its file: more
 *   registers must neither stop a block from launching nor be spilled),
 *   it asks for each of them to be fully unrolled (llvm.loop.unroll.full,
 *   what `#pragma unroll` asks), with a passed remark `UnrolledForRegisters`
 *   at each. An array indexed at run time that stays in local memory for a
 *   reason here gets an analysis remark `ArrayInLocalMemory` saying which,
 *   where the source has a line for it (not libdevice's arrays).
 *
 *   The companion function pass (plugin/pass.cpp, `cuda-pipeline-registers`)
 *   calls it at the VectorizerStart extension point: after inlining and the
 *   function simplification pipeline, before LoopUnrollPass and the SROA
 *   that follows it (LLVM 19 and 22's buildModuleOptimizationPipeline),
 *   which do the unrolling and the promotion.
 * USAGE:
 *   pl_register_arrays(host, opts); // in a function pass, per function
\*===----------------------------------------------------------------------===*/
#ifndef PL_REGISTER_ARRAYS_H
#define PL_REGISTER_ARRAYS_H

#include "host.h"
#include "options.h"

/** Smallest private array looked at, in bytes: two words (smaller ones are
 * one register whatever their index). */
#define PL_REGISTER_ARRAY_MIN_BYTES 8u

/** Largest private array looked at, in bytes: 255 32-bit registers, what a
 * thread can have (CUDA C++ Programming Guide, "Technical Specifications
 * per Compute Capability"); a larger one would spill anyway. */
#define PL_REGISTER_ARRAY_MAX_BYTES 1020u

/** Largest block, in threads, of a kernel without launch bounds whose
 * arrays are put in registers: 256 threads may use 255 registers each (the
 * most a thread has), so no count ptxas gives stops such a block from
 * launching (CUDA C++ Programming Guide, "Technical Specifications per
 * Compute Capability": 64 K registers per SM). */
#define PL_REGISTER_ARRAY_MAX_THREADS 256u

/** Most trips of a loop unrolled for an array: the TM, TN and BK of
 * register-blocked GEMMs are 4 to 16. */
#define PL_REGISTER_ARRAY_MAX_TRIP 64u

/** Most instructions the loops unrolled for one array come to, once
 * unrolled (each instruction counted once per trip of every loop around it
 * that is unrolled): an eighth of LoopUnrollPass's default
 * -pragma-unroll-threshold (16 * 1024), so that the unroll it is asked for
 * is done, not warned about, and the code grows by a bounded amount (loops
 * with inlined expf bodies grew the PTX tenfold at 4096). */
#define PL_REGISTER_ARRAY_MAX_UNROLLED 2048u

/** Most instructions the loops unrolled for an array may hold per access
 * to it (both counted once per trip, as PL_REGISTER_ARRAY_MAX_UNROLLED
 * counts): where a loop's work is mostly other than the array (an expf
 * per element), its local-memory accesses cost little and its unrolled
 * copies much (tenfold PTX). The write-back of an 8x8 register block does
 * about 6 instructions per access. */
#define PL_REGISTER_ARRAY_MAX_PER_ACCESS 16u

/** Nonzero when a block of `loop`, in the function `fn`, holds a barrier
 * of any kind (pl_is_any_barrier). */
int pl_loop_has_barrier(LLVMValueRef fn, pl_loop_ref loop);

/** Nonzero when the function `fn` holds a CTA barrier (pl_is_cta_barrier). */
int pl_has_cta_barrier(LLVMValueRef fn);

/** Nonzero when the user left the kernel `fn` out of the plugin's work:
 * PL_NO_PIPELINE, or the only=/exclude= arguments of `opts` (an annotation
 * error is the pipeline pass's to report). */
int pl_kernel_left_out(LLVMValueRef fn, const pl_options *opts);

/** Nonzero when the registers the array takes have room: the kernel's
 * launch bounds allow PL_REGISTER_ARRAY_MAX_THREADS threads or fewer per
 * block (times minctasm blocks), or, without launch bounds, every launch of
 * it in the translation unit has a constant block that small
 * (lib/launch_shapes.h). Such a block may use all the registers a thread
 * can have. Otherwise, with launch bounds, ptxas keeps to fewer registers
 * and spills the array to the stack (no gain: measured, 1024-thread blocks
 * spilled a 32-byte array at 64 registers); without them, a block of 1024
 * threads launched from another file fails to launch above 64 registers
 * ("too many resources requested"), where the plain kernel, its array in
 * local memory, fit. Used alike for the unrolled compute
 * (lib/compute_unroll.h), whose registers grow the same way. */
int pl_register_block_fits(LLVMValueRef fn);

/** For the function `host` analyses: asks for the loops that keep its
 * private arrays in local memory to be fully unrolled (above), with a
 * remark for each loop and for each array left in local memory. Does
 * nothing when `opts` disables the pass or register_arrays, when the
 * function is not a kernel with a CTA barrier, or when the user left the
 * kernel out (PL_NO_PIPELINE, only=, exclude=). Returns the number of loops
 * marked. Changes loop metadata only. */
unsigned pl_register_arrays(pl_host *host, const pl_options *opts);

#endif /* PL_REGISTER_ARRAYS_H */
