/*===- lib/plan_cache.c - the cache operator of each copy ----------------===*\
 *
 * Which 16-byte cp.async copies go through L1 (.ca) rather than around it
 * (.cg): those that take part in source bytes read on two successive
 * iterations of the tile loop. The bytes come from a sample
 * (pl_scev_sample_offsets, which evaluates each copy's source address);
 * the sample's values and what its bytes decide are this file's.
 *
 * A rule of this project, and a heuristic for a cache hint, not a proof:
 * the block is block (1, 1, 1) of a 64 x 64 x 64 grid, and every
 * loop-invariant integer argument or loaded size is 65536, larger than any
 * tile's row in bytes, so that rows apart stay apart in the sample
 * (docs/design.md, "The cache operator").
\*===----------------------------------------------------------------------===*/
#include "plan_cache.h"

#include "alloc.h"
#include "cost.h"
#include "host_scev.h"

#include <stdint.h>
#include <stdlib.h>

/* The sample's fixed values (see the file's comment). */
enum { SAMPLE_CTAID = 1, SAMPLE_NCTAID = 64, SAMPLE_VALUE = 65536 };
/* The most source offsets one loop's sample evaluates, over all its
 * copies and both iterations. */
enum { SAMPLE_BUDGET = 1 << 16 };
enum { TERMS = 2 * PL_MAX_GUARD_TERMS };

/* Bytes [lo, end) of one pointer base. */
typedef struct span {
  int64_t lo, end;
} span;

/* One copy's sample: the base its offsets are from, and the bytes it reads
 * on iterations 0 and 1 of the tile loop. */
typedef struct copy_bytes {
  LLVMValueRef base;
  span *on[2];
  size_t n[2];
} copy_bytes;

/* Copy `cp` as the sample reads it: its source, and the terms of its
 * predicate and its guard into `terms` and `negated` (room for TERMS). */
static pl_sample_read sample_read(const pl_copy *cp, LLVMValueRef *terms, unsigned char *negated) {
  pl_sample_read r = {cp->src, terms, negated, 0};
  for (unsigned t = 0; t < pl_pred_terms(cp); ++t) {
    int neg = 0;
    terms[r.nterms] = pl_pred_term(cp, t, &neg);
    negated[r.nterms++] = (unsigned char)neg;
  }
  if (cp->guard) {
    terms[r.nterms] = cp->guard;
    negated[r.nterms++] = (unsigned char)cp->guard_negated;
  }
  for (unsigned t = 0; t < cp->nmore_guards; ++t) {
    terms[r.nterms] = cp->more_guards[t];
    negated[r.nterms++] = cp->more_negated[t];
  }
  return r;
}

/* The bytes copy `cp` reads on both iterations into *out, from `offsets`
 * (room for *budget, which shrinks by what it uses). A lane of a vector
 * load reads from its offset the bytes before it and its own. 0 where the
 * sample cannot evaluate the copy. */
static int sample_copy(pl_host *host, const pl_candidate *c, const pl_sample_env *env,
                       const pl_copy *cp, int64_t *offsets, size_t *budget, copy_bytes *out) {
  LLVMValueRef terms[TERMS];
  unsigned char negated[TERMS];
  pl_sample_read r = sample_read(cp, terms, negated);
  int64_t size = (int64_t)cp->offset + cp->bytes;
  for (unsigned it = 0; it < 2; ++it) {
    LLVMValueRef base = NULL;
    long n = pl_scev_sample_offsets(host, c->loop, &r, it, env, offsets, *budget, &base);
    if (n < 0 || (it && base != out->base))
      return 0;
    out->base = base;
    out->n[it] = (size_t)n;
    out->on[it] = pl_xcalloc(n ? (size_t)n : 1, sizeof(span));
    for (long k = 0; k < n; ++k)
      out->on[it][k] = (span){offsets[k], offsets[k] + size};
    *budget -= (size_t)n;
  }
  return 1;
}

static int span_order(const void *a, const void *b) {
  const span *x = a, *y = b;
  return x->lo < y->lo ? -1 : x->lo > y->lo ? 1 : (x->end > y->end) - (x->end < y->end);
}

/* The bytes of iteration `it` of every copy of `base` in `bytes` (n of
 * them), sorted, the overlapping spans merged; their count in *count. */
static span *union_of(const copy_bytes *bytes, size_t n, LLVMValueRef base, unsigned it,
                      size_t *count) {
  size_t total = 0, m = 0;
  for (size_t i = 0; i < n; ++i)
    total += bytes[i].base == base ? bytes[i].n[it] : 0;
  span *all = pl_xcalloc(total ? total : 1, sizeof *all);
  for (size_t i = 0; i < n; ++i)
    for (size_t k = 0; bytes[i].base == base && k < bytes[i].n[it]; ++k)
      all[m++] = bytes[i].on[it][k];
  qsort(all, total, sizeof *all, span_order);
  m = 0;
  for (size_t k = 0; k < total; ++k)
    if (m && all[k].lo <= all[m - 1].end)
      all[m - 1].end = all[k].end > all[m - 1].end ? all[k].end : all[m - 1].end;
    else
      all[m++] = all[k];
  *count = m;
  return all;
}

/* Whether one of the `n` spans `of` meets one of the sorted, disjoint
 * spans `set` (`count` of them). */
static int meets(const span *set, size_t count, const span *of, size_t n) {
  for (size_t k = 0; k < n; ++k) {
    size_t lo = 0, hi = count; /* the first span of `set` starting after of[k].lo */
    while (lo < hi) {
      size_t mid = lo + (hi - lo) / 2;
      if (set[mid].lo <= of[k].lo)
        lo = mid + 1;
      else
        hi = mid;
    }
    if ((lo && set[lo - 1].end > of[k].lo) || (lo < count && set[lo].lo < of[k].end))
      return 1;
  }
  return 0;
}

/* Marks in `reread` each copy, of the n in `bytes`, whose bytes of
 * iteration 1 meet the bytes of iteration 0 of the copies from its base
 * (it reads again), or whose bytes of iteration 0 meet theirs of
 * iteration 1 (it loads what the next tile reads again). */
static void mark_rereads(const copy_bytes *bytes, size_t n, unsigned char *reread) {
  unsigned char *done = pl_xcalloc(n ? n : 1, 1);
  for (size_t i = 0; i < n; ++i) {
    if (done[i])
      continue;
    size_t nbefore, nafter;
    span *before = union_of(bytes, n, bytes[i].base, 0, &nbefore);
    span *after = union_of(bytes, n, bytes[i].base, 1, &nafter);
    for (size_t j = i; j < n; ++j)
      if (bytes[j].base == bytes[i].base) {
        done[j] = 1;
        reread[j] = (unsigned char)(meets(before, nbefore, bytes[j].on[1], bytes[j].n[1]) ||
                                    meets(after, nafter, bytes[j].on[0], bytes[j].n[0]));
      }
    free(before);
    free(after);
  }
  free(done);
}

void pl_plan_cache_operator(pl_host *host, const pl_candidate *c, pl_plan *plan) {
  size_t n = plan->ncopies;
  plan->l1_copies = pl_xcalloc(n ? n : 1, 1);
  plan->nl1_copies = 0;
  int any = 0;
  for (size_t i = 0; i < n; ++i)
    any |= plan->copies[i].bytes == 16 && plan->copy_lowering[i] == PL_LOWERING_CP_ASYNC;
  pl_sample_env env = {{0, 0, 0}, SAMPLE_CTAID, SAMPLE_NCTAID, SAMPLE_VALUE};
  if (!any || !pl_cost_block_shape(host, c, env.block))
    return;
  copy_bytes *bytes = pl_xcalloc(n, sizeof *bytes);
  int64_t *offsets = pl_xcalloc(SAMPLE_BUDGET, sizeof *offsets);
  size_t budget = SAMPLE_BUDGET, sampled = 0;
  while (sampled < n &&
         sample_copy(host, c, &env, &plan->copies[sampled], offsets, &budget, &bytes[sampled]))
    ++sampled;
  if (sampled == n) {
    unsigned char *reread = pl_xcalloc(n, 1);
    mark_rereads(bytes, n, reread);
    for (size_t i = 0; i < n; ++i)
      if (reread[i] && plan->copies[i].bytes == 16 &&
          plan->copy_lowering[i] == PL_LOWERING_CP_ASYNC) {
        plan->l1_copies[i] = 1;
        ++plan->nl1_copies;
      }
    free(reread);
  }
  for (size_t i = 0; i < n; ++i) {
    free(bytes[i].on[0]);
    free(bytes[i].on[1]);
  }
  free(bytes);
  free(offsets);
}
