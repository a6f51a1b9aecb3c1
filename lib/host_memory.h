/*===- lib/host_memory.h - memory and value facts --------------------------===*\
 *
 * FILE: lib/host_memory.h (implemented by plugin/memory.cpp)
 * DESCRIPTION:
 *   What an instruction may do to memory (its effects, alias analysis),
 *   the object a pointer is based on, and what is known of a value's bits
 *   and range (ValueTracking, LazyValueInfo); and the two rewrites of
 *   values and memory LLVM provides that the pass uses: dropping an
 *   instruction's poison-generating flags, promoting allocas to registers.
 *   Each function forwards to one LLVM facility and decides nothing,
 *   unless its comment says which rule it holds.
\*===----------------------------------------------------------------------===*/
#ifndef PL_HOST_MEMORY_H
#define PL_HOST_MEMORY_H

#include "host.h"

#include <llvm-c/Core.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Bits of pl_mod_ref's and pl_memory_effects's answers. */
enum { PL_REF = 1, PL_MOD = 2 };

/** What `inst` may do to memory, from its opcode and, for calls, the
 * callee's memory attributes (Instruction::mayReadFromMemory and
 * mayWriteToMemory): PL_REF, PL_MOD, both, or 0 for none. */
unsigned pl_memory_effects(LLVMValueRef inst);

/** Nonzero when `inst` may have side effects (Instruction::
 * mayHaveSideEffects: writes memory, may throw or may not return). */
int pl_may_have_side_effects(LLVMValueRef inst);

/** Nonzero when the instruction `inst` is unused and may be deleted with
 * no effect on the program (llvm::isInstructionTriviallyDead). */
int pl_is_trivially_dead(LLVMValueRef inst);

/** Nonzero when the value `v` is not poison in any execution that reaches
 * the instruction `ctx` (of the host's function) without undefined
 * behaviour: ValueTracking's isGuaranteedNotToBePoison(v) at `ctx`, or,
 * for an instruction, programUndefinedIfPoison (a poison `v` reaches an
 * instruction that is then sure to run and is undefined on poison, such
 * as the branch of a loop's exit test on it). 0 when not known. */
int pl_not_poison(pl_host *host, LLVMValueRef v, LLVMValueRef ctx);

/** Drops every flag of `inst` that can make its result poison where the
 * operation without it has a value (Instruction::dropPoisonGeneratingFlags:
 * nuw, nsw, exact, disjoint, nneg, a GEP's inbounds/nusw/nuw, a trunc's
 * nuw/nsw, nnan/ninf), for a clone computed where the original's flags
 * need not hold. Changes nothing else. */
void pl_drop_poison_flags(LLVMValueRef inst);

/** Keeps of the flags of `inst` those that `other`, an instruction of the
 * same opcode, has too (Instruction::andIRFlags: nuw, nsw, exact,
 * disjoint, nneg, a GEP's inbounds/nusw/nuw, fast-math flags), for one
 * instruction computed in place of the two. Changes nothing else. */
void pl_keep_common_flags(LLVMValueRef inst, LLVMValueRef other);

/** The constant of type `ty` whose bytes at offsets[k] are those of the
 * constant pieces[k] (k < n), every other byte zero: the value a vector's
 * lanes stored one by one make (`make_short4(1, 1, 1, 1)` as two `<2 x
 * i16>` stores). Reads each piece's bytes and reinterprets the whole with
 * ConstantFoldLoadFromConst under the module's data layout. NULL when `ty`
 * is not sized or wider than 64 bytes, a piece lies past its end or
 * cannot be read as bytes, or the layout is big-endian. */
LLVMValueRef pl_constant_from_pieces(LLVMModuleRef m, LLVMTypeRef ty, const LLVMValueRef *pieces,
                                     const uint64_t *offsets, size_t n);

/** The alignment, in bytes, an llvm.memcpy, llvm.memmove or llvm.memset
 * call `call` states for its destination (`source` 0) or its source
 * (`source` 1, transfers only): MemIntrinsic::getDestAlign,
 * MemTransferInst::getSourceAlign. 1 where it states none. */
unsigned pl_mem_align(LLVMValueRef call, int source);

/** Promotes to SSA registers those of the `n` allocas `allocas` whose
 * every use is a load, a store of another value into it, or a lifetime
 * marker (llvm::isAllocaPromotable), inserting phis where the CFG merges
 * (llvm::PromoteMemToReg, with the host's dominator tree; the CFG is
 * unchanged). Returns how many were promoted; the others are unchanged. */
size_t pl_promote_allocas(pl_host *host, LLVMValueRef *allocas, size_t n);

/** The object `ptr` is based on, through GEPs, casts and aliases, as
 * instructions or constant expressions (llvm::getUnderlyingObject, with no
 * lookup limit). */
LLVMValueRef pl_underlying_object(LLVMValueRef ptr);

/** Nonzero when every object the pointer `ptr` may be based on
 * (llvm::getUnderlyingObjects, through phis and selects) is a pointer
 * parameter of the function `fn` that is `noalias` and only read (`const T
 * *__restrict__`), or a constant global; 0 otherwise. */
int pl_based_on_read_only_objects(LLVMValueRef ptr, LLVMValueRef fn);

/** Alias analysis: whether `inst` may read (PL_REF) and/or write (PL_MOD)
 * any byte of the object `ptr` points into (AAResults::getModRefInfo with
 * a location of unknown size around `ptr`). Returns 0 when it touches none
 * of it. */
unsigned pl_mod_ref(pl_host *host, LLVMValueRef inst, LLVMValueRef ptr);

/** A size for pl_may_alias: any bytes before or after the pointer, within
 * the object it is based on (MemoryLocation::getBeforeOrAfter). */
#define PL_SIZE_UNKNOWN UINT64_MAX

/** Alias analysis: nonzero unless the `size_a` bytes at `a` and the
 * `size_b` bytes at `b` are proven disjoint (AAResults::alias != NoAlias),
 * both taken at the same point of the same iteration. A size may be
 * PL_SIZE_UNKNOWN. */
int pl_may_alias(pl_host *host, LLVMValueRef a, uint64_t size_a, LLVMValueRef b, uint64_t size_b);

/** Known bits: the largest power of two (bytes, capped at 4096) that
 * provably divides the address `ptr` when `ctx` executes
 * (llvm::computeKnownBits). */
unsigned pl_known_alignment(pl_host *host, LLVMValueRef ptr, LLVMValueRef ctx);

/** Known bits of the integer value `v` (at most 64 bits wide) where `ctx`
 * executes (NULL: anywhere): sets *zero and *one to the bits
 * llvm::computeKnownBits proves 0 and 1 (bit i of the value is bit i of
 * the masks). Returns 0, with both masks 0, when `v` is not an integer of
 * at most 64 bits. */
int pl_known_bits(pl_host *host, LLVMValueRef v, LLVMValueRef ctx, uint64_t *zero, uint64_t *one);

/** The unsigned range of the integer value `v` (at most 64 bits wide) where
 * instruction `ctx` executes, as llvm::LazyValueInfo proves it -- from range
 * metadata, assumes, and the conditions of the branches on every path to
 * `ctx`: an `assert(blockDim.x == 32)` makes the value 32 after it --
 * within ScalarEvolution's unsigned range of it (which bounds a loop's
 * counter by the loop's trip count wherever the counter is), or, for a phi
 * ScalarEvolution does not read, of its incoming values. Sets
 * *lo and *hi (inclusive; 0 and UINT64_MAX when nothing is known). Returns
 * 1 when the range is narrower than the type's, else 0 (also for a value
 * that is not such an integer, or a `ctx` outside the host's function). */
int pl_value_range(pl_host *host, LLVMValueRef v, LLVMValueRef ctx, uint64_t *lo, uint64_t *hi);

/** How many of the values 0 to n - 1 satisfy `cmp`, an integer compare of
 * a value with a constant of at most 64 bits on its right (its inverse
 * where `negated`): the size of llvm::ConstantRange::makeExactICmpRegion
 * within [0, n), the constant read in the compare's width. Returns
 * UINT64_MAX where `cmp` is no such compare. Changes nothing. */
uint64_t pl_icmp_count_below(LLVMValueRef cmp, int negated, uint64_t n);

/** At the builder `b`: `mask ? *ptr : pass_through` for a value of the
 * vector type `ty`, reading only the lanes whose `mask` bit (a vector of i1
 * of ty's length) is set, `align` bytes aligned: llvm.masked.load
 * (IRBuilder::CreateMaskedLoad; its operands differ between LLVM 19 and
 * LLVM 22, which carries the alignment as an attribute). The backend turns
 * it into a load behind a branch where the target has no masked loads
 * (ScalarizeMaskedMemIntrin; NVPTX). Returns the call. */
LLVMValueRef pl_build_masked_load(LLVMBuilderRef b, LLVMTypeRef ty, LLVMValueRef ptr,
                                  unsigned align, LLVMValueRef mask, LLVMValueRef pass_through,
                                  const char *name);

#ifdef __cplusplus
}
#endif

#endif /* PL_HOST_MEMORY_H */
