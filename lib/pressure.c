/*===- lib/pressure.c - registers per thread, estimated from the IR -----===*\
 *
 * SSA liveness over the blocks (a backward dataflow to a fixed point),
 * then a backward walk of each block that keeps the words of the live
 * set and their maximum. See pressure.h.
\*===----------------------------------------------------------------------===*/
#include "pressure.h"

#include "alloc.h"
#include "host_memory.h"
#include "ir.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* GEPs of one key compared before a GEP takes a register of its own. */
#define PL_PRESSURE_TRIES 4u

/* The most words one value counts: a value larger than a thread's whole
 * register file (255) lives in local memory whatever its size. */
#define PL_PRESSURE_MAX_WORDS 1024u

/* Whether `i` folds into its users and holds no register of its own:
 * what pl_folds_into_users says, and extractvalue (a part of a struct
 * already held). */
static int folds_always(LLVMValueRef i) {
  return pl_folds_into_users(i) || LLVMGetInstructionOpcode(i) == LLVMExtractValue;
}

/* Whether integer `v` is used only as an index of GEPs (through casts):
 * its arithmetic becomes the address's, which the GEP's register holds. */
static int only_indexes(LLVMValueRef v, unsigned depth) {
  int any = 0;
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user))
      return 0;
    LLVMOpcode op = LLVMGetInstructionOpcode(user);
    if (op == LLVMGetElementPtr && LLVMGetOperand(user, 0) != v)
      any = 1;
    else if ((op == LLVMZExt || op == LLVMSExt || op == LLVMTrunc) && depth < 4 &&
             only_indexes(user, depth + 1))
      any = 1;
    else
      return 0;
  }
  return any;
}

/* Whether `i` holds no register: it folds always, or it is integer
 * arithmetic that only addresses (only_indexes). */
static int folds(LLVMValueRef i) {
  if (folds_always(i))
    return 1;
  LLVMTypeRef t = LLVMTypeOf(i);
  if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind || LLVMIsAPHINode(i) || LLVMIsACallInst(i) ||
      LLVMIsALoadInst(i))
    return 0;
  return only_indexes(i, 0);
}

/* 32-bit words the register of instruction `i` takes; 0 for none. */
static unsigned words_of(LLVMModuleRef m, LLVMValueRef i) {
  LLVMTypeRef t = LLVMTypeOf(i);
  LLVMTypeKind k = LLVMGetTypeKind(t);
  if (k == LLVMVoidTypeKind || k == LLVMLabelTypeKind || k == LLVMTokenTypeKind ||
      k == LLVMMetadataTypeKind || LLVMIsAAllocaInst(i))
    return 0;
  if (k == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 1)
    return 0; /* a predicate */
  if (k == LLVMScalableVectorTypeKind)
    return 0; /* not NVPTX's, and of no fixed size */
  if (k == LLVMPointerTypeKind) {
    LLVMValueRef o = pl_underlying_object(i);
    if (LLVMGetPointerAddressSpace(t) == PL_AS_SHARED || (o && pl_is_shared_global(o)))
      return 1;
  }
  uint64_t b = pl_type_store_size(m, t);
  return b > 4u * PL_PRESSURE_MAX_WORDS ? PL_PRESSURE_MAX_WORDS : (unsigned)((b + 3) / 4);
}

typedef struct {
  LLVMModuleRef m;
  pl_vmap index;        /* value -> its number + 1; block -> its index + 1 */
  unsigned *words;      /* per number */
  size_t nvals, nwords; /* values; 64-bit words of a set */
  LLVMBasicBlockRef *blocks;
  size_t nblocks;
  LLVMValueRef *vals;      /* per number: the value that holds the register */
  uint64_t *in;            /* live-in sets, nblocks * nwords */
  uint64_t *phis;          /* the phis each block defines, nblocks * nwords */
  size_t *edge_start;      /* per block: where its edge values start in edge_vals */
  LLVMValueRef *edge_vals; /* the values successors' phis take from a block */
} liveness;

/* The kinds of instruction a liveness walk tells apart. */
enum { NO_REGISTER, FOLDED, SAME_REGISTER, OWN_REGISTER };

/* What the index maps a folded instruction to. */
#define FOLDED_MARK ((uintptr_t)-1)

static size_t number_of(const liveness *l, LLVMValueRef v) {
  uintptr_t n = v ? (uintptr_t)pl_vmap_get(&l->index, v) : 0;
  return n == FOLDED_MARK ? 0 : (size_t)n;
}

/* `v` less the constants added to it: X for `add X, C`, `or X, C`, `sub X,
 * C` and casts of them. */
static LLVMValueRef strip_offset(LLVMValueRef v) {
  for (unsigned d = 0; d < 8 && v && LLVMIsAInstruction(v); ++d) {
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    if (op == LLVMZExt || op == LLVMSExt || op == LLVMTrunc)
      v = LLVMGetOperand(v, 0);
    else if ((op == LLVMAdd || op == LLVMOr || op == LLVMSub) &&
             LLVMIsAConstantInt(LLVMGetOperand(v, 1)))
      v = LLVMGetOperand(v, 0);
    else if (op == LLVMAdd && LLVMIsAConstantInt(LLVMGetOperand(v, 0)))
      v = LLVMGetOperand(v, 1);
    else
      break;
  }
  return v;
}

/* The value whose register `v` is: through folded instructions. */
static LLVMValueRef holder(LLVMValueRef v) {
  for (unsigned d = 0; d < 8 && v && LLVMIsAInstruction(v) && folds(v) && LLVMGetNumOperands(v) > 0;
       ++d)
    v = LLVMGetOperand(v, 0);
  return v;
}

/* The value holding the register of `v`'s address base: the numbered
 * value it maps to, else `v` through folded instructions. */
static LLVMValueRef base_register(const liveness *l, LLVMValueRef v) {
  v = holder(v);
  size_t n = number_of(l, v);
  return n ? l->vals[n - 1] : v;
}

/* Whether GEPs `a` and `b` address one base plus the same variable indices,
 * so that they differ by a constant: their indices equal once the constants
 * added to them are taken off, or both constant. */
static int same_but_constants(const liveness *l, LLVMValueRef a, LLVMValueRef b) {
  unsigned n = (unsigned)LLVMGetNumOperands(a);
  if ((unsigned)LLVMGetNumOperands(b) != n ||
      LLVMGetGEPSourceElementType(a) != LLVMGetGEPSourceElementType(b) ||
      base_register(l, LLVMGetOperand(a, 0)) != base_register(l, LLVMGetOperand(b, 0)))
    return 0;
  for (unsigned k = 1; k < n; ++k) {
    LLVMValueRef x = LLVMGetOperand(a, k), y = LLVMGetOperand(b, k);
    int cx = LLVMIsAConstant(x) != NULL, cy = LLVMIsAConstant(y) != NULL;
    if (cx != cy || (!cx && strip_offset(x) != strip_offset(y)))
      return 0;
  }
  return 1;
}

/* A hash of what same_but_constants compares. */
static uint64_t gep_key(const liveness *l, LLVMValueRef g) {
  uint64_t h = (uint64_t)(uintptr_t)base_register(l, LLVMGetOperand(g, 0)) * 0x9E3779B97F4A7C15u;
  h ^= (uint64_t)(uintptr_t)LLVMGetGEPSourceElementType(g);
  for (unsigned k = 1; k < (unsigned)LLVMGetNumOperands(g); ++k) {
    LLVMValueRef x = LLVMGetOperand(g, k);
    uint64_t e = LLVMIsAConstant(x) ? 1 : (uint64_t)(uintptr_t)strip_offset(x);
    h = (h ^ e) * 0x100000001B3u;
  }
  return h | 1;
}

/* The earlier GEP whose register `i` is, plus an immediate: one base and
 * the same variable indices, as ptxas folds base + offset into one address
 * operand (PTX ISA, "Addresses as Operands": [reg+imm]). 0 for none. The
 * last PL_PRESSURE_TRIES GEPs of the same key are compared. */
static size_t same_register(liveness *l, LLVMValueRef i, uint64_t *keys) {
  keys[l->nvals] = 0;
  if (!LLVMIsAGetElementPtrInst(i))
    return 0;
  uint64_t key = gep_key(l, i);
  keys[l->nvals] = key;
  unsigned tries = PL_PRESSURE_TRIES;
  for (size_t n = l->nvals; n-- > 0 && tries > 0;)
    if (keys[n] == key) {
      --tries;
      if (same_but_constants(l, i, l->vals[n]))
        return n + 1;
    }
  return 0;
}

static size_t block_number(const liveness *l, LLVMBasicBlockRef bb);

/* Fills l->phis and the edge values: for each block, the values the phis
 * of its successors take when entered from it, gathered once (a phi with
 * an edge from each of N blocks is read N times, not N^2). */
static void index_phis(liveness *l) {
  l->phis = pl_xcalloc(l->nblocks * l->nwords + 1, sizeof *l->phis);
  l->edge_start = pl_xcalloc(l->nblocks + 1, sizeof *l->edge_start);
  for (int pass = 0; pass < 2; ++pass) {
    size_t *fill = pass ? pl_xcalloc(l->nblocks + 1, sizeof *fill) : NULL;
    for (size_t b = 0; b < l->nblocks; ++b)
      for (LLVMValueRef i = LLVMGetFirstInstruction(l->blocks[b]); i && LLVMIsAPHINode(i);
           i = LLVMGetNextInstruction(i)) {
        size_t n = (size_t)(uintptr_t)pl_vmap_get(&l->index, i);
        if (!pass && n && n != FOLDED_MARK && l->vals[n - 1] == i)
          l->phis[b * l->nwords + (n - 1) / 64] |= (uint64_t)1 << ((n - 1) % 64);
        for (unsigned p = 0; p < LLVMCountIncoming(i); ++p) {
          size_t pred = block_number(l, LLVMGetIncomingBlock(i, p));
          if (pred == l->nblocks)
            continue;
          if (pass)
            l->edge_vals[l->edge_start[pred] + fill[pred]++] = LLVMGetIncomingValue(i, p);
          else
            ++l->edge_start[pred + 1];
        }
      }
    if (!pass) {
      for (size_t b = 0; b < l->nblocks; ++b)
        l->edge_start[b + 1] += l->edge_start[b];
      l->edge_vals = pl_xcalloc(l->edge_start[l->nblocks] + 1, sizeof *l->edge_vals);
    }
    free(fill);
  }
}

/* l->blocks: the blocks reachable from the entry, in postorder (each after
 * its successors but along back edges), the order in which a backward
 * dataflow settles in the fewest rounds. Unreachable blocks hold nothing
 * live (and may hold what SSA allows only there: a GEP of itself). */
static void postorder(liveness *l, LLVMValueRef fn) {
  size_t n = LLVMCountBasicBlocks(fn), depth = 0;
  l->blocks = pl_xcalloc(n + 1, sizeof *l->blocks);
  l->nblocks = 0;
  LLVMBasicBlockRef *stack = pl_xcalloc(n + 1, sizeof *stack);
  unsigned *next = pl_xcalloc(n + 1, sizeof *next);
  pl_vmap seen;
  pl_vmap_init(&seen);
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
  pl_vmap_put(&seen, LLVMBasicBlockAsValue(entry), LLVMBasicBlockAsValue(entry));
  stack[depth++] = entry;
  while (depth) {
    LLVMBasicBlockRef bb = stack[depth - 1];
    LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
    unsigned nsucc = term ? LLVMGetNumSuccessors(term) : 0;
    if (next[depth - 1] < nsucc) {
      LLVMBasicBlockRef succ = LLVMGetSuccessor(term, next[depth - 1]++);
      if (!pl_vmap_get(&seen, LLVMBasicBlockAsValue(succ))) {
        pl_vmap_put(&seen, LLVMBasicBlockAsValue(succ), LLVMBasicBlockAsValue(succ));
        next[depth] = 0;
        stack[depth++] = succ;
      }
      continue;
    }
    l->blocks[l->nblocks++] = bb;
    --depth;
  }
  pl_vmap_free(&seen);
  free(stack);
  free(next);
  for (size_t b = 0; b < l->nblocks; ++b)
    pl_vmap_put(&l->index, LLVMBasicBlockAsValue(l->blocks[b]), (LLVMValueRef)(uintptr_t)(b + 1));
}

static void number_values(liveness *l, LLVMValueRef fn) {
  pl_vmap_init(&l->index);
  postorder(l, fn);
  size_t ninsts = 0;
  for (size_t b = 0; b < l->nblocks; ++b)
    for (LLVMValueRef i = LLVMGetFirstInstruction(l->blocks[b]); i; i = LLVMGetNextInstruction(i))
      ++ninsts;
  l->words = pl_xcalloc(ninsts + 1, sizeof *l->words);
  l->vals = pl_xcalloc(ninsts + 1, sizeof *l->vals);
  uint64_t *keys = pl_xcalloc(ninsts + 1, sizeof *keys); /* gep_key, 0 for others */
  for (size_t b = 0; b < l->nblocks; ++b)
    for (LLVMValueRef i = LLVMGetFirstInstruction(l->blocks[b]); i; i = LLVMGetNextInstruction(i)) {
      unsigned w = words_of(l->m, i);
      if (!w)
        continue;
      if (folds(i)) {
        pl_vmap_put(&l->index, i, (LLVMValueRef)FOLDED_MARK);
        continue;
      }
      size_t same = same_register(l, i, keys);
      if (same) {
        pl_vmap_put(&l->index, i, (LLVMValueRef)(uintptr_t)same);
        continue;
      }
      l->vals[l->nvals] = i;
      l->words[l->nvals++] = w;
      pl_vmap_put(&l->index, i, (LLVMValueRef)(uintptr_t)l->nvals);
    }
  free(keys);
  l->nwords = (l->nvals + 63) / 64;
  l->in = pl_xcalloc(l->nblocks * l->nwords + 1, sizeof *l->in);
  index_phis(l);
}

/* What instruction `i` holds (the enum above). */
static int kind_of(const liveness *l, LLVMValueRef i) {
  uintptr_t n = (uintptr_t)pl_vmap_get(&l->index, i);
  if (n == FOLDED_MARK)
    return FOLDED;
  if (n)
    return l->vals[n - 1] == i ? OWN_REGISTER : SAME_REGISTER;
  return NO_REGISTER;
}

/* A live set with a running count of its words. */
typedef struct {
  uint64_t *bits;
  unsigned words;
} live_set;

static void set_add(const liveness *l, live_set *s, size_t n) {
  if (!n--)
    return;
  if (!(s->bits[n / 64] >> (n % 64) & 1)) {
    s->bits[n / 64] |= (uint64_t)1 << (n % 64);
    s->words += l->words[n];
  }
}

static void set_remove(const liveness *l, live_set *s, size_t n) {
  if (!n--)
    return;
  if (s->bits[n / 64] >> (n % 64) & 1) {
    s->bits[n / 64] &= ~((uint64_t)1 << (n % 64));
    s->words -= l->words[n];
  }
}

/* Adds to `s` the registers a use of `v` reads: its own, or, for a value
 * that folds into its users or holds none (a predicate: its compare runs
 * where it is used), those of its operands. */
static void add_use(const liveness *l, live_set *s, LLVMValueRef v, unsigned depth) {
  if (!v || !LLVMIsAInstruction(v))
    return;
  int kind = kind_of(l, v);
  if (kind == OWN_REGISTER || kind == SAME_REGISTER)
    set_add(l, s, number_of(l, v));
  else if (depth < 8 && !LLVMIsAPHINode(v))
    for (int a = 0; a < LLVMGetNumOperands(v); ++a)
      add_use(l, s, LLVMGetOperand(v, (unsigned)a), depth + 1);
}

static size_t block_number(const liveness *l, LLVMBasicBlockRef bb) {
  size_t n = number_of(l, LLVMBasicBlockAsValue(bb));
  return n ? n - 1 : l->nblocks;
}

/* Adds to `s` what block `b` passes live to its successors: their
 * live-in sets without their phis, and the phis' values from `b`. */
static void block_live_out(const liveness *l, size_t b, live_set *s) {
  LLVMValueRef term = LLVMGetBasicBlockTerminator(l->blocks[b]);
  unsigned nsucc = term ? LLVMGetNumSuccessors(term) : 0;
  for (unsigned k = 0; k < nsucc; ++k) {
    size_t sb = block_number(l, LLVMGetSuccessor(term, k));
    if (sb == l->nblocks)
      continue;
    const uint64_t *in = l->in + sb * l->nwords, *phis = l->phis + sb * l->nwords;
    for (size_t w = 0; w < l->nwords; ++w)
      for (uint64_t add = in[w] & ~phis[w] & ~s->bits[w]; add; add &= add - 1)
        set_add(l, s, w * 64 + (size_t)__builtin_ctzll(add) + 1);
  }
  for (size_t e = l->edge_start[b]; e < l->edge_start[b + 1]; ++e)
    add_use(l, s, l->edge_vals[e], 0);
}

/* Walks block `bb` backwards from its live-out set `s`; leaves its
 * live-in set there and returns the most words live at once within it. */
static unsigned block_walk(const liveness *l, LLVMBasicBlockRef bb, live_set *s) {
  unsigned most = s->words;
  for (LLVMValueRef i = LLVMGetLastInstruction(bb); i; i = LLVMGetPreviousInstruction(i)) {
    int kind = kind_of(l, i);
    if (kind == FOLDED || kind == SAME_REGISTER)
      continue; /* read where used */
    if (kind == OWN_REGISTER) {
      size_t n = number_of(l, i);
      set_add(l, s, n); /* a value dead on arrival still takes a register */
      if (s->words > most)
        most = s->words;
      set_remove(l, s, n);
    }
    if (LLVMIsAPHINode(i))
      continue; /* its operands are read on the edges */
    for (int a = 0; a < LLVMGetNumOperands(i); ++a)
      add_use(l, s, LLVMGetOperand(i, (unsigned)a), 0);
    if (s->words > most)
      most = s->words;
  }
  return most;
}

unsigned pl_register_pressure(LLVMModuleRef m, LLVMValueRef fn) {
  if (!LLVMCountBasicBlocks(fn))
    return 0;
  liveness l;
  memset(&l, 0, sizeof l);
  l.m = m;
  number_values(&l, fn);
  live_set s = {pl_xcalloc(l.nwords + 1, sizeof *s.bits), 0};
  /* to a fixed point, the blocks in postorder (fewest rounds) */
  for (int changed = 1; changed;) {
    changed = 0;
    for (size_t b = 0; b < l.nblocks; ++b) {
      memset(s.bits, 0, l.nwords * sizeof *s.bits);
      s.words = 0;
      block_live_out(&l, b, &s);
      block_walk(&l, l.blocks[b], &s);
      if (memcmp(l.in + b * l.nwords, s.bits, l.nwords * sizeof *s.bits)) {
        memcpy(l.in + b * l.nwords, s.bits, l.nwords * sizeof *s.bits);
        changed = 1;
      }
    }
  }
  unsigned most = 0;
  for (size_t b = 0; b < l.nblocks; ++b) {
    memset(s.bits, 0, l.nwords * sizeof *s.bits);
    s.words = 0;
    block_live_out(&l, b, &s);
    unsigned w = block_walk(&l, l.blocks[b], &s);
    if (w > most)
      most = w;
  }
  free(s.bits);
  free(l.in);
  free(l.phis);
  free(l.edge_start);
  free(l.edge_vals);
  free(l.words);
  free(l.vals);
  free(l.blocks);
  pl_vmap_free(&l.index);
  return most;
}
