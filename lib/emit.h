/*===- lib/emit.h - values of a later iteration, in a given slot --------===*\
 *
 * The rewrite issues the copies of iteration i+k (k < S) in the preheader
 * or in iteration i, into the ring slot that iteration owns. An emitter is
 * that context: a builder and what each original value of the loop stands
 * for there. Induction variables map to their value k iterations on; the
 * tiles map to the slot; every other loop value is cloned on demand, with
 * poison-generating flags dropped (its operands may now be out of range
 * for an iteration that does not exist, whose copy zero-fills).
 * A tile address the original loop hoisted out of it stays hoisted: it is
 * cloned once over slot 0 and offset by the slot's byte offset.
\*===----------------------------------------------------------------------===*/
#ifndef PL_EMIT_H
#define PL_EMIT_H

#include "candidate.h"

typedef struct pl_emitter {
  const pl_candidate *c;
  LLVMBuilderRef b;
  pl_vmap map;             /**< original -> value at that iteration */
  LLVMValueRef *tile_base; /**< per tile: the slot replacing the tile global */
  /** Per tile: byte offset of the slot from slot 0; with it, an address the
   * original loop hoisted out of the loop is cloned once over slot 0 (by
   * `slot0`) and offset here with one GEP. NULL: clone. */
  LLVMValueRef *tile_off;
  struct pl_emitter *slot0;
  /** When set, the offset GEP of a hoisted address is built right before
   * this instruction and not remembered: a short live range, so the ring
   * costs no registers over the original loop. */
  LLVMValueRef use_point;
  int clone_loop; /**< clone in-loop instructions (issue) or keep them */
  int drop_flags; /**< drop poison-generating flags on clones */
  /** Per IV of the candidate: its step materialized in the preheader when
   * it is a runtime value (pl_iv.runtime_step), else NULL. Borrowed. */
  LLVMValueRef *iv_steps;
  /** Set by pl_emit_map_ivs: the iteration IVs with a runtime step are
   * mapped to when first used (their value costs a multiply). */
  int ivs_mapped, iv_from_start;
  int64_t iv_k;
} pl_emitter;

/** Initializes `e` for `c` emitting with `b`; frees with pl_emitter_free. */
void pl_emitter_init(pl_emitter *e, const pl_candidate *c, LLVMBuilderRef b);
void pl_emitter_free(pl_emitter *e);
/** The value `v` stands for in the context of `e` (emitting what it needs). */
LLVMValueRef pl_emit_remap(pl_emitter *e, LLVMValueRef v);
/** Maps every IV to its value `k` iterations after its phi (from_start 0)
 * or after its start value (from_start 1). */
void pl_emit_map_ivs(pl_emitter *e, int from_start, int64_t k);
/** Emits the value of IV number `iv` of the candidate `k` iterations after
 * its phi (from_start 0) or its start (from_start 1): base + k * step, in
 * the IV's own wrapping arithmetic (a byte GEP for pointers), with no
 * poison-generating flags. Returns the base itself when k is 0. */
LLVMValueRef pl_emit_iv(pl_emitter *e, size_t iv, int from_start, int64_t k);
/** `cond && term` (`cond && !term` when `negated`) at the builder of `e`,
 * the term remapped to the iteration `e` describes and frozen
 * (pl_emit_frozen_term); `cond` NULL: the term alone. The negation is named
 * `not_name`, the conjunction `and_name`. */
LLVMValueRef pl_emit_and_term(pl_emitter *e, LLVMValueRef cond, LLVMValueRef term, int negated,
                              const char *not_name, const char *and_name);
/** The guard or predicate term `term` remapped to the iteration `e`
 * describes, frozen where it is an instruction (a constant or an argument
 * is what it is). A term is computed on every
 * path, though the original computes an inner term of a compound guard
 * only where the outer ones hold, and for an iteration that may not exist:
 * there it may be poison (`1 << s` with s past the width), and `and` would
 * carry the poison into the copy's size. Frozen, it is some value there,
 * where another term or the iteration's existence makes the conjunction
 * false; where every term runs in the original, it is that value (the
 * original branched on it, so it was no poison). LangRef, freeze. */
LLVMValueRef pl_emit_frozen_term(pl_emitter *e, LLVMValueRef term);
/** Calls the argument-less intrinsic `name` at the builder. */
void pl_emit_call0(const pl_candidate *c, LLVMBuilderRef b, const char *name);
/** Declaration of the (non-overloaded) intrinsic `name`; its type in *fty. */
LLVMValueRef pl_emit_intrinsic(const pl_candidate *c, const char *name, LLVMTypeRef *fty);

#endif /* PL_EMIT_H */
