/*===- lib/facts.c - what is known of one loop, computed once --------------===*/
#include "facts.h"

#include "access.h"
#include "control.h"
#include "host_cfg.h"
#include "host_loops.h"
#include "host_memory.h"
#include "ir.h"
#include "nvvm.h"
#include "pressure.h"
#include "tile_uses.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

void pl_facts_init(pl_loop_facts *facts, pl_host *host, const pl_candidate *c,
                   const pl_options *opts, const pl_loop_table *table) {
  assert(host && c && c->loop && c->ntiles && "facts are those of a recognized loop");
  memset(facts, 0, sizeof *facts);
  facts->host = host;
  facts->c = c;
  facts->opts = opts;
  facts->table = table;
  facts->tiles = pl_xcalloc(c->ntiles, sizeof *facts->tiles);
}

void pl_facts_free(pl_loop_facts *facts) {
  pl_fail_clear(&facts->no_trip);
  free(facts->writes);
  free(facts->write_copy);
  if (facts->bounds)
    pl_access_bounds_free(facts->bounds);
  free(facts->read_index);
  free(facts->write_index);
  for (size_t t = 0; facts->tiles && t < facts->c->ntiles; ++t)
    pl_fail_clear(&facts->tiles[t].fail);
  free(facts->tiles);
  free(facts->spaces);
  memset(facts, 0, sizeof *facts);
}

/* The trip strategy, once. */
static void find_trip(pl_loop_facts *facts) {
  if (facts->trip_done)
    return;
  facts->trip_done = 1;
  ++facts->runs.trip;
  facts->has_trip = pl_find_trip(facts->host, facts->c, &facts->trip, &facts->no_trip);
}

unsigned pl_facts_const_trip(pl_loop_facts *facts) {
  if (!facts->const_trip_done) {
    facts->const_trip_done = 1;
    facts->const_trip = pl_loop_const_trip_count(facts->host, facts->c->loop);
  }
  return facts->const_trip;
}

/* Whether `i` keeps ptxas from unrolling the loop or from moving loads
 * above it (the SASS of ptxas 11.8 and 13.0, docs/design.md "The plain
 * loop's batch"): a call that is not an intrinsic (printf, a noinline
 * function), volatile inline assembly, a fence or a clock read, and the divisions
 * ptxas expands into a subroutine call or a long sequence (a float division
 * without `arcp`, an integer one by a variable). */
static int stops_unrolling(LLVMValueRef i) {
  LLVMOpcode op = LLVMGetInstructionOpcode(i);
  if (op == LLVMFence)
    return 1;
  if (op == LLVMFDiv)
    return !(LLVMGetFastMathFlags(i) & LLVMFastMathAllowReciprocal);
  if (op == LLVMSDiv || op == LLVMUDiv || op == LLVMSRem || op == LLVMURem)
    return !LLVMIsAConstantInt(LLVMGetOperand(i, 1));
  if (op != LLVMCall)
    return 0;
  LLVMValueRef callee = LLVMGetCalledValue(i);
  if (callee && LLVMIsAInlineAsm(callee)) /* volatile: clock reads, fences, sleeps */
    return LLVMGetInlineAsmHasSideEffects(callee);
  if (!callee || !LLVMIsAFunction(callee) || !LLVMGetIntrinsicID(callee))
    return 1; /* an indirect call, a function */
  const char *n = pl_callee_name(i);
  return n && (strstr(n, "membar") || strstr(n, "fence") || strstr(n, "clock") ||
               strstr(n, "readcyclecounter") || strstr(n, "globaltimer"));
}

int pl_facts_unrollable(pl_loop_facts *facts) {
  if (!facts->unrollable_done) {
    facts->unrollable_done = 1;
    const pl_candidate *c = facts->c;
    LLVMBasicBlockRef latch = pl_loop_latch(c->loop);
    /* `#pragma unroll 1`: NVPTX writes .pragma "nounroll", which ptxas obeys */
    facts->unrollable =
        latch && pl_loop_unroll_pragma(LLVMGetBasicBlockTerminator(latch)) != PL_UNROLL_DISABLED;
    for (size_t k = 0; k < c->nblocks && facts->unrollable; ++k)
      for (LLVMValueRef i = LLVMGetFirstInstruction(c->blocks[k]); i && facts->unrollable;
           i = LLVMGetNextInstruction(i))
        facts->unrollable = !stops_unrolling(i);
    /* A branch in the compute stage (`if (tid + 1 < T) s += t[tid] *
     * t[tid + 1]`), other than the latch's: ptxas 11.8 kept such a loop
     * rolled, plain and register-staged alike, where the same loop with
     * the condition folded into the index was unrolled by 4 with its
     * loads batched (bench rowreduce against stream, docs/design.md "The
     * plain loop's batch"). */
    LLVMBasicBlockRef sync = c->first_barrier ? LLVMGetInstructionParent(c->first_barrier) : NULL;
    for (size_t k = 0; k < c->nblocks && facts->unrollable && sync; ++k) {
      LLVMValueRef t = LLVMGetBasicBlockTerminator(c->blocks[k]);
      int branches = t && ((LLVMIsABranchInst(t) && LLVMIsConditional(t)) || LLVMIsASwitchInst(t));
      facts->unrollable =
          !(branches && c->blocks[k] != latch && pl_dominates(facts->host, sync, c->blocks[k]));
    }
  }
  return facts->unrollable;
}

unsigned pl_facts_pressure(pl_loop_facts *facts) {
  if (!facts->pressure_done) {
    facts->pressure_done = 1;
    facts->pressure = pl_register_pressure(facts->c->module, facts->c->function);
  }
  return facts->pressure;
}

const pl_trip *pl_facts_trip(pl_loop_facts *facts, pl_fail *f) {
  find_trip(facts);
  if (facts->has_trip)
    return &facts->trip;
  pl_fail_copy(f, &facts->no_trip);
  return NULL;
}

size_t pl_facts_writes(pl_loop_facts *facts, LLVMValueRef const **writes, int const **copy) {
  const pl_candidate *c = facts->c;
  if (!facts->writes_done) {
    facts->writes_done = 1;
    ++facts->runs.writes;
    for (size_t k = 0; k < c->nblocks; ++k)
      for (LLVMValueRef i = LLVMGetFirstInstruction(c->blocks[k]); i;
           i = LLVMGetNextInstruction(i)) {
        int j = pl_writes_copy_source(facts->host, c, i);
        if (j < 0)
          continue;
        facts->writes = pl_append(facts->writes, facts->nwrites, sizeof *facts->writes);
        facts->write_copy = pl_append(facts->write_copy, facts->nwrites, sizeof *facts->write_copy);
        facts->writes[facts->nwrites] = i;
        facts->write_copy[facts->nwrites++] = j;
      }
  }
  if (writes)
    *writes = facts->writes;
  if (copy)
    *copy = facts->write_copy;
  return facts->nwrites;
}

size_t pl_facts_space_checks(pl_loop_facts *facts, LLVMValueRef const **objs) {
  const pl_candidate *c = facts->c;
  if (!facts->spaces_done) {
    facts->spaces_done = 1;
    for (size_t i = 0; i < c->ncopies; ++i) {
      LLVMValueRef obj = pl_source_object(c, c->copies[i].src);
      int seen = pl_is_global_object(obj) || !pl_space_checkable(c, obj);
      for (size_t k = 0; k < facts->nspaces && !seen; ++k)
        seen = facts->spaces[k] == obj;
      if (seen)
        continue;
      facts->spaces = pl_append(facts->spaces, facts->nspaces, sizeof *facts->spaces);
      facts->spaces[facts->nspaces++] = obj;
    }
  }
  if (objs)
    *objs = facts->spaces;
  return facts->nspaces;
}

/* The blocks outside the loop from which it is entered: from which the
 * preheader can be reached, or, for a loop that has none yet, any block
 * entering it (malloc'ed, *n of them). */
static LLVMBasicBlockRef *blocks_before(pl_host *host, const pl_candidate *c, size_t *n) {
  size_t nroots = c->preheader ? 1 : pl_entering_blocks(c, NULL, 0);
  LLVMBasicBlockRef *roots = pl_xcalloc(nroots, sizeof *roots);
  if (c->preheader)
    roots[0] = c->preheader;
  else
    pl_entering_blocks(c, roots, nroots);
  LLVMBasicBlockRef *all = NULL;
  *n = 0;
  for (size_t r = 0; r < nroots; ++r) {
    size_t m = pl_blocks_reaching(host, roots[r], c->loop, NULL, 0);
    LLVMBasicBlockRef *some = pl_xcalloc(m, sizeof *some);
    pl_blocks_reaching(host, roots[r], c->loop, some, m);
    for (size_t k = 0; k < m; ++k) {
      int dup = 0;
      for (size_t j = 0; j < *n && !dup; ++j)
        dup = all[j] == some[k];
      if (!dup) {
        all = pl_append(all, *n, sizeof *all);
        all[(*n)++] = some[k];
      }
    }
    free(some);
  }
  free(roots);
  return all ? all : pl_xcalloc(1, sizeof *all);
}

LLVMValueRef pl_facts_write_before(pl_loop_facts *facts) {
  if (facts->before_done)
    return facts->before;
  facts->before_done = 1;
  pl_host *host = facts->host;
  const pl_candidate *c = facts->c;
  size_t n;
  LLVMBasicBlockRef *before = blocks_before(host, c, &n);
  for (size_t k = 0; k < n && !facts->before; ++k)
    for (LLVMValueRef i = LLVMGetFirstInstruction(before[k]); i && !facts->before;
         i = LLVMGetNextInstruction(i)) {
      /* cp.async machinery an earlier loop's rewrite left here writes
       * only shared memory (cp.async's source is read-only,
       * IntrinsicsNVVM.td) or nothing (commit, wait) */
      if (!pl_touches_memory(i) || LLVMIsALoadInst(i) || pl_is_any_barrier(i) ||
          pl_writes_only_shared(i) || pl_is_own_cp_async(i))
        continue;
      for (size_t j = 0; j < c->ncopies && !facts->before; ++j)
        if (pl_copy_mod_ref(host, i, pl_source_object(c, c->copies[j].src)) & PL_MOD)
          facts->before = i;
    }
  free(before);
  return facts->before;
}

/* Bytes a copy reads at its source: the whole loaded value (every lane of
 * a vector load), or the memcpy's size. */
static uint64_t read_bytes(const pl_candidate *c, const pl_copy *cp) {
  if (!cp->load)
    return cp->bytes;
  return LLVMStoreSizeOfType(LLVMGetModuleDataLayout(c->module), LLVMTypeOf(cp->load));
}

/* The bounds of every copy's source, then of every write that is a store
 * (only a store's range is known; a call or an atomic is not covered).
 * Where ScalarEvolution computes no trip count, with the latch compare's
 * (trip.h): exact in the latch form, which has its no-wrap flag; in the
 * chain form (no flag, as in `t += gridDim.x`) under a condition tested at
 * run time that no increment wraps. */
static void make_bounds(pl_loop_facts *facts) {
  const pl_candidate *c = facts->c;
  facts->bounds_done = 1;
  ++facts->runs.bounds;
  size_t nw = pl_facts_writes(facts, NULL, NULL);
  facts->read_index = pl_xcalloc(c->ncopies, sizeof *facts->read_index);
  facts->write_index = pl_xcalloc(nw, sizeof *facts->write_index);
  pl_access_bounds *b = facts->bounds = pl_access_bounds_create(facts->host, c->loop);
  pl_fail f = {0};
  const pl_trip *trip = pl_facts_trip(facts, &f);
  pl_fail_clear(&f);
  if (trip && !trip->use_scev)
    pl_access_bounds_set_latch_trip(b, c->ivs[trip->iv].phi, trip->bound, trip->pred, trip->lag,
                                    trip->chain);
  facts->reads_known = 1;
  int all = 1; /* every access added, with a range or a window */
  for (size_t i = 0; i < c->ncopies; ++i) {
    int k = pl_access_bounds_add(b, c->copies[i].src, read_bytes(c, &c->copies[i]));
    facts->read_index[i] = k;
    all &= k >= 0;
    facts->reads_known &= k >= 0 && pl_access_bounds_has_range(b, k);
  }
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(c->module);
  for (size_t j = 0; j < nw; ++j) {
    LLVMValueRef w = facts->writes[j];
    facts->write_index[j] =
        LLVMIsAStoreInst(w)
            ? pl_access_bounds_add(b, LLVMGetOperand(w, 1),
                                   LLVMStoreSizeOfType(td, LLVMTypeOf(LLVMGetOperand(w, 0))))
            : -1;
    all &= facts->write_index[j] >= 0;
  }
  facts->all_added = all;
}

int pl_facts_write_covered(pl_loop_facts *facts, size_t i) {
  if (!facts->bounds_done)
    make_bounds(facts);
  int k = facts->write_index[i];
  return (facts->reads_known && k >= 0 && pl_access_bounds_has_range(facts->bounds, k)) ||
         pl_facts_alias_windows(facts);
}

int pl_facts_alias_windows(pl_loop_facts *facts) {
  if (!facts->bounds_done)
    make_bounds(facts);
  if (!facts->windows_done) { /* on demand: the windows cost compile time */
    facts->windows_done = 1;
    facts->windows = facts->all_added && pl_access_bounds_windows(facts->bounds);
  }
  return facts->windows;
}

pl_access_bounds *pl_facts_bounds(pl_loop_facts *facts, int const **read_index,
                                  int const **write_index) {
  if (!facts->bounds_done)
    make_bounds(facts);
  *read_index = facts->read_index;
  *write_index = facts->write_index;
  return facts->bounds;
}

int pl_facts_tile(pl_loop_facts *facts, size_t t, pl_fail *f, pl_tile_verdict *v) {
  pl_tile_fact *tf = &facts->tiles[t];
  if (!tf->done) {
    tf->done = 1;
    ++facts->runs.tiles;
    pl_fail no_trip = {0};
    const pl_trip *trip = pl_facts_trip(facts, &no_trip);
    pl_fail_clear(&no_trip);
    tf->ok =
        pl_check_tile_uses(facts->host, facts->c, facts->table, t, facts->opts,
                           facts->opts->last_slot && trip && pl_trip_count_known(facts->c, trip),
                           &tf->fail, &tf->verdict);
  }
  if (!tf->ok)
    pl_fail_copy(f, &tf->fail);
  if (v)
    *v = tf->verdict;
  return tf->ok;
}
