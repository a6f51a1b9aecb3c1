/*===- lib/ir.h - small llvm-c helpers shared by the stages --------------===*\
 *
 * Pointer provenance, intrinsic recognition, a value map and dead-code
 * removal. Nothing here decides anything about pipelining.
\*===----------------------------------------------------------------------===*/
#ifndef PL_IR_H
#define PL_IR_H

#include "host.h"
#include "nvvm.h"

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <stddef.h>
#include <stdint.h>

/** Address spaces of the NVPTX backend (NVPTX usage guide, "Address
 * Spaces"): 0 generic, 1 global, 3 shared. */
enum { PL_AS_GENERIC = 0, PL_AS_GLOBAL = 1, PL_AS_SHARED = 3 };

/** An open-addressing map from value to value (keys are never NULL).
 * Owned by whoever called pl_vmap_init; release with pl_vmap_free. */
typedef struct pl_vmap {
  LLVMValueRef *keys, *vals;
  size_t cap, len;
} pl_vmap;
void pl_vmap_init(pl_vmap *m);
void pl_vmap_free(pl_vmap *m);
/** Value mapped to `k`, or NULL. */
LLVMValueRef pl_vmap_get(const pl_vmap *m, LLVMValueRef k);
void pl_vmap_put(pl_vmap *m, LLVMValueRef k, LLVMValueRef v);

/** A growable array of values (owned; free with pl_vec_free). */
typedef struct pl_vec {
  LLVMValueRef *v;
  size_t len, cap;
} pl_vec;
void pl_vec_push(pl_vec *a, LLVMValueRef x);
int pl_vec_has(const pl_vec *a, LLVMValueRef x);
void pl_vec_free(pl_vec *a);

/** Name of the function `call` calls directly, or "" (never NULL). */
const char *pl_callee_name(LLVMValueRef call);
/** Intrinsic ID of the function `inst` calls directly (LLVMGetIntrinsicID),
 * or 0 when `inst` is not a call of an intrinsic. */
unsigned pl_intrinsic_id(LLVMValueRef inst);
/** Nonzero when `inst` calls the intrinsic named `name` (its base name,
 * without overload suffixes, e.g. "llvm.memcpy"). */
int pl_is_intrinsic(LLVMValueRef inst, const char *name);
/** Nonzero for a value a copy may load: a plain (non-volatile,
 * non-atomic) load, or LLVM 19's __ldg, llvm.nvvm.ldg.global.* (a read through the
 * read-only data cache: PTX ISA, "ld.global.nc"). */
int pl_is_copy_load(LLVMValueRef v);
/** Nonzero for a plain (non-volatile, non-atomic) store. */
int pl_is_plain_store(LLVMValueRef inst);
/** Nonzero for a constant whose bytes are known: not undef, poison or a
 * constant expression (a fill value, zeros included). */
int pl_is_plain_constant(LLVMValueRef v);
/** Alignment in bytes that the IR states for such a load. */
unsigned pl_load_alignment(LLVMValueRef v);
/** Nonzero when the instructions `x` and `y` do the same operation: one
 * opcode, one result type, as many operands, and for a GEP the same source
 * element type, for a compare the same predicate, for an alloca the same
 * type, for an extractvalue or insertvalue the same indices, for a
 * shufflevector the same mask (their operands not compared; what else an
 * instruction holds -- flags, metadata, a call's attributes -- neither:
 * callers that need it exclude such instructions). */
int pl_same_operation(LLVMValueRef x, LLVMValueRef y);

/** Nonzero for an llvm.memcpy (or llvm.memcpy.inline) call. */
int pl_is_memcpy(LLVMValueRef inst);
/** Nonzero for an llvm.memset (or llvm.memset.inline) call. */
int pl_is_memset(LLVMValueRef inst);
/** Nonzero for an llvm.lifetime.start or llvm.lifetime.end call: a marker
 * of a stack object's lifetime, which reads and writes nothing another
 * instruction sees (LLVM Language Reference, "llvm.lifetime.start"). */
int pl_is_lifetime_marker(LLVMValueRef inst);
/** Nonzero for a call of a CUDA device-runtime function that reads its
 * pointer arguments and writes no memory the program can see:
 *   vprintf       device printf (CUDA C++ Programming Guide, "Formatted
 *                 Output": the output goes to a buffer that the host
 *                 prints after the kernel; the call reads the format string
 *                 and the argument buffer it is given)
 *   __assertfail  the failing branch of assert() (CUDA C++ Programming
 *                 Guide, "Assertion": prints the message, then stops the
 *                 kernel with a trap; it reads the strings it is given)
 * Only these names are matched, and only as external declarations: their
 * declarations carry no memory attributes LLVM could use instead. */
int pl_is_reading_runtime_call(LLVMValueRef inst);

/** Nonzero for a piece of hand-written asynchronous-copy machinery: a call
 * of an llvm.nvvm.cp.async.* (cp.async, its groups, bulk and tensor
 * copies) or llvm.nvvm.mbarrier.* intrinsic, or inline asm that names
 * cp.async, mbarrier or a bulk copy (what __pipeline_memcpy_async,
 * cuda::memcpy_async and cooperative groups' memcpy_async expand to; PTX
 * ISA, "Data Movement and Conversion Instructions: cp.async"). */
int pl_is_async_copy_machinery(LLVMValueRef inst);

/** Nonzero when the instruction `inst` orders memory accesses between
 * threads beyond its own address: a fence; a load or store with acquire,
 * release or sequentially consistent ordering; a read-modify-write with
 * acquire or release ordering (clang writes CUDA's atomicAdd and atomicCAS
 * as seq_cst ones, although CUDA makes them relaxed: CUDA C++ Programming
 * Guide, "Atomic Functions"); an
 * llvm.nvvm.*membar* or *fence* intrinsic (what __threadfence() is); or
 * inline asm that names fence, membar, or an .acquire, .release or .acq_rel
 * qualifier (what cooperative groups' grid.sync() and cuda::atomic_ref are
 * on sm_70 and later in CUDA 12; PTX ISA, "Memory Consistency Model":
 * release and acquire patterns, fences). Relaxed and volatile accesses do
 * not, nor do a block-scoped intrinsic or asm (.cta: __threadfence_block),
 * which order only what threads of the same block see. A call of a
 * function orders where one of its instructions does (through calls
 * PL_MAX_CALL_DEPTH deep), unless it is `nosync` or a device-runtime call
 * that only reads; an indirect call does not count here (it declines the
 * loop elsewhere). */
int pl_is_memory_ordering(LLVMValueRef inst);

/** Answers of pl_memory_ordering. */
enum { PL_MAY_ORDER = 1, PL_ORDERS = 2 };

/** PL_ORDERS where pl_is_memory_ordering(inst); else PL_MAY_ORDER where
 * `inst` calls, directly or through calls with bodies, an external
 * declaration that may write memory and is neither `nosync` nor a
 * device-runtime call that only reads (code the pass cannot see, which may
 * hold a fence), or calls deeper than PL_MAX_CALL_DEPTH; else 0. */
int pl_memory_ordering(LLVMValueRef inst);

/** Nonzero when the function parameter `arg` carries the enum attribute
 * named `kind` ("noalias", "byval", ...). */
int pl_param_has_attribute(LLVMValueRef arg, const char *kind);

/** Nonzero when the instruction `inst` may read or write memory, by LLVM's
 * own account (pl_memory_effects: the opcode, and a callee's memory
 * attributes). Special-register reads and arithmetic intrinsics do not. */
int pl_touches_memory(LLVMValueRef inst);

/** Writes the pointer operands of a memory instruction (load, store,
 * atomic, or an intrinsic call's pointer arguments) to `out` (at most
 * `cap`) and returns how many; returns -1 for a call whose memory is not
 * reached through its arguments (a non-intrinsic call, inline asm). */
int pl_pointer_operands(LLVMValueRef inst, LLVMValueRef *out, int cap);

/** Sets *op to the opcode of an instruction or constant expression `v` and
 * returns 1; returns 0 for anything else. */
int pl_opcode(LLVMValueRef v, LLVMOpcode *op);

/** The two-way branch of block `p` that leads to its child `x` (whose only
 * predecessor p is): sets *cond and *negated (x runs when cond is false).
 * 0 when p ends otherwise. */
int pl_branch_to(LLVMBasicBlockRef p, LLVMBasicBlockRef x, LLVMValueRef *cond, int *negated);

/** Nonzero for a global variable in the shared address space. */
int pl_is_shared_global(LLVMValueRef v);
/** Address space of the pointer `v` (its type's). */
unsigned pl_addrspace(LLVMValueRef v);

/** Nonzero for a constant expression that refers to `g` (directly or
 * through nested constant expressions). */
int pl_const_refers_to(LLVMValueRef c, LLVMValueRef g);

/** First instruction of `bb` that is not a phi. */
LLVMValueRef pl_first_non_phi(LLVMBasicBlockRef bb);
/** Store size in bytes of `ty` under the module's data layout. */
uint64_t pl_type_store_size(LLVMModuleRef m, LLVMTypeRef ty);

/** Bytes of the global `g`'s value type (a static __shared__ array or a
 * ring), its store size in the module's data layout. */
uint64_t pl_global_bytes(LLVMValueRef g);

/** Allocation size in bytes of `ty` under the module's data layout. */
uint64_t pl_type_alloc_size(LLVMModuleRef m, LLVMTypeRef ty);

/** Erases each of the `n` values `roots` that is an unused instruction free
 * of effects (pl_is_trivially_dead, or an unused __ldg, which LLVM keeps
 * only because the intrinsic is not marked nounwind), then every operand
 * that becomes so, recursively. Entries that are not instructions, are
 * still used, or appear twice are fine: an instruction is erased once, and
 * a pointer to an erased one is never followed again. */
void pl_erase_dead(LLVMValueRef *roots, size_t n);

/** Writes a short printable form of `v` into `buf` (at most `len` bytes)
 * and returns it: "parameter 'A'" for a function argument whose source name
 * is known (pl_param_name), "parameter N" (from 1) otherwise, %name for a
 * named value, else its text. */
const char *pl_value_label(pl_host *host, LLVMValueRef v, char *buf, size_t len);

/** Nonzero when code other than `fn`'s own body may still run it: `fn` has
 * a use in its module (a call that was not inlined, or its address
 * taken), or `rdc` is nonzero (-fgpu-rdc: another translation unit may
 * call it) and `fn` is externally visible. Without -fgpu-rdc the device
 * module is the whole device program, so a function with no use is dead:
 * the copy left over after every call was inlined. */
int pl_function_may_be_called(LLVMValueRef fn, int rdc);

/** Parses the function's "target-cpu" (e.g. "sm_90a") into its SM number
 * (90), and writes the attribute's text (or "unknown") to `name` (at most
 * `len` bytes). Returns 0 when the attribute is missing or not sm_NN. */
unsigned pl_target_sm(LLVMValueRef fn, char *name, size_t len);

/** A word for the kind of instruction `inst` is, for messages: "phi",
 * "select", "ptrtoint", "call", "store", "comparison", "atomic", else
 * "instruction". */
const char *pl_opcode_word(LLVMValueRef inst);
/** The same word with its indefinite article ("a phi", "an atomic"). */
const char *pl_opcode_phrase(LLVMValueRef inst);

/** The integer predicate that holds exactly where `p` does not
 * (llvm::CmpInst::getInversePredicate): `slt` for `sge`, `ne` for `eq`. */
LLVMIntPredicate pl_icmp_inverse(LLVMIntPredicate p);

/** Kinds of side-effect-free instruction beyond integer arithmetic,
 * casts, compares, selects and freeze (pl_is_pure). */
enum {
  PL_PURE_FLOAT = 1,   /**< floating-point arithmetic and conversions */
  PL_PURE_VECTOR = 2,  /**< extractelement, insertelement, shufflevector */
  PL_PURE_POINTER = 4, /**< GEPs, addrspacecast, ptrtoint, inttoptr */
  PL_PURE_ASM = 8,     /**< inline asm that is neither volatile nor touches memory
                            (CUDA's fp16 headers convert with
                            `asm("cvt.rn.f16.f32 ...")`) */
  PL_PURE_ANY = 15,
};

/** Nonzero when the instruction `v` computes a value from its operands
 * only -- touches no memory, has no side effects, and cannot trap when
 * computed for an iteration that does not exist -- and is of the base
 * kinds or of the `kinds` (PL_PURE_*) asked for. The base: integer
 * arithmetic, casts between integers, compares, select, freeze, integer
 * division by a constant other than 0 and -1, and calls of intrinsics that
 * touch no memory and have no side effects. The one list of such
 * instructions: a converting copy, a copy loop's arithmetic and a copy's
 * recomputed address each take the kinds they allow. */
int pl_is_pure(LLVMValueRef v, unsigned kinds);

/** Nonzero when instruction `i` becomes no machine instruction of its own
 * on NVPTX because it folds into its users' operands: a cast (bitcast,
 * addrspacecast, ptrtoint, inttoptr, zext, sext, trunc), freeze, or a GEP
 * whose indices are all constants (an immediate offset: PTX ISA,
 * "Addresses as Operands"). An estimate, not a promise of the back end:
 * the one list the cost model's instruction count and its register
 * pressure (lib/pressure.h) share. */
int pl_folds_into_users(LLVMValueRef i);

/** X where {a, b} is {(X / d) * d, X - (X / d) * d}: clang's `i / d * d +
 * i % d` once DivRemPairs has written the remainder as a difference
 * (unsigned division by a constant d; both products of the one quotient
 * instruction). Their sum is X whatever their flags: (X / d) * d <= X, so
 * neither the product nor the difference wraps. NULL otherwise. */
LLVMValueRef pl_div_rem_sum(LLVMValueRef a, LLVMValueRef b);

/** Divisor d of the sub `v` when it is `x - (x / d) * d` (DivRemPairs'
 * form of x % d, unsigned division by a constant d > 1), with *x set;
 * 0 for anything else. */
uint64_t pl_rem_difference(LLVMValueRef v, LLVMValueRef *x);

/** The largest unsigned value of the integer `v`'s type (all ones; at
 * most 64 bits: UINT64_MAX for wider types). */
uint64_t pl_int_max(LLVMValueRef v);

#endif /* PL_IR_H */
