/*===- lib/pipeline.c - the cuda-pipeline pass driver -------------------===*/
#include "pipeline.h"

#include "candidate.h"
#include "legality.h"
#include "plan.h"
#include "recognize.h"
#include "rewrite.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/** Most loops considered per function. */
#define PL_MAX_LOOPS 256

/* Kernels: listed in !nvvm.annotations as {fn, !"kernel", i32 1}, or
 * using the ptx_kernel calling convention (71). */
static int is_kernel(LLVMModuleRef m, LLVMValueRef fn) {
  if (LLVMGetFunctionCallConv(fn) == 71)
    return 1;
  unsigned n = LLVMGetNamedMetadataNumOperands(m, "nvvm.annotations");
  if (!n)
    return 0;
  LLVMValueRef *nodes = malloc(n * sizeof *nodes);
  if (!nodes)
    return 0;
  LLVMGetNamedMetadataOperands(m, "nvvm.annotations", nodes);
  int found = 0;
  for (unsigned i = 0; i < n; ++i) {
    unsigned k = LLVMGetMDNodeNumOperands(nodes[i]);
    if (k < 3 || k > 64)
      continue;
    LLVMValueRef ops[64];
    LLVMGetMDNodeOperands(nodes[i], ops);
    for (unsigned j = 1; j + 1 < k; j += 2) {
      unsigned len = 0;
      const char *s = ops[j] ? LLVMGetMDString(ops[j], &len) : NULL;
      if (ops[0] == fn && s && len == 6 && memcmp(s, "kernel", 6) == 0 &&
          LLVMIsAConstantInt(ops[j + 1]) && LLVMConstIntGetZExtValue(ops[j + 1]) == 1)
        found = 1;
    }
  }
  free(nodes);
  return found;
}

static int is_optnone(LLVMValueRef fn) {
  unsigned kind = LLVMGetEnumAttributeKindForName("optnone", 7);
  return LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind) != NULL;
}

/* The failure helper's output: one missed remark with the reason, and an
 * analysis remark with the details when there are any. */
static void emit_decline(pl_host *host, pl_loop_ref loop, const pl_fail *f) {
  char msg[800];
  snprintf(msg, sizeof msg, "loop not pipelined: %s", f->message);
  pl_remark(host, PL_REMARK_MISSED, pl_reason_name(f->reason), loop, NULL, msg);
  if (f->detail[0] || f->inst) {
    snprintf(msg, sizeof msg, "loop not pipelined: %s", f->detail[0] ? f->detail : f->message);
    pl_remark(host, PL_REMARK_ANALYSIS, pl_reason_name(f->reason), loop, f->inst, msg);
  }
}

static void emit_success(pl_host *host, const pl_candidate *c, const pl_plan *plan,
                         const pl_options *opts, unsigned copies) {
  char msg[1024];
  size_t n = (size_t)snprintf(msg, sizeof msg, "pipelined loop with %u stages:", plan->stages);
  for (size_t t = 0; t < c->ntiles && n < sizeof msg; ++t)
    n += (size_t)snprintf(msg + n, sizeof msg - n, "%s tile '%s' %llu -> %llu bytes", t ? "," : "",
                          c->tiles[t].name, (unsigned long long)c->tiles[t].bytes,
                          (unsigned long long)(plan->stride[t] * plan->stages));
  if (n < sizeof msg) {
    if (plan->min_bytes == plan->max_bytes)
      n += (size_t)snprintf(msg + n, sizeof msg - n, "; %zu cp.async cop%s of %u bytes", c->ncopies,
                            c->ncopies == 1 ? "y" : "ies", plan->min_bytes);
    else
      n += (size_t)snprintf(msg + n, sizeof msg - n, "; %zu cp.async copies of %u to %u bytes",
                            c->ncopies, plan->min_bytes, plan->max_bytes);
  }
  if (n < sizeof msg)
    n += (size_t)snprintf(msg + n, sizeof msg - n, "; removed the second barrier");
  if (plan->stages != plan->requested && n < sizeof msg)
    snprintf(msg + n, sizeof msg - n, " (%u stages requested; %u fit the %llu-byte budget)",
             plan->requested, plan->stages, (unsigned long long)opts->max_shared);
  pl_remark(host, PL_REMARK_PASSED, "Pipelined", c->loop, NULL, msg);
  snprintf(msg, sizeof msg,
           "ring of %u stages takes %llu bytes of shared memory (%llu more in other "
           "__shared__ arrays); the prologue issues %u iterations; steady state "
           "waits with cp.async.wait_group %u; %u cp.async emitted",
           plan->stages, (unsigned long long)plan->ring_bytes,
           (unsigned long long)plan->other_shared, plan->stages - 1, plan->stages - 2, copies);
  pl_remark(host, PL_REMARK_ANALYSIS, "Pipelined", c->loop, NULL, msg);
}

/* One loop through the stages. Returns nonzero when it was rewritten. */
static int run_loop(pl_host *host, pl_loop_ref loop, LLVMValueRef fn, int kernel,
                    const pl_options *opts) {
  pl_fail f = {0};
  if (!kernel) {
    if (pl_loop_has_barrier(host, loop, fn)) {
      pl_failf(&f, PL_R_NOT_KERNEL, NULL,
               "the loop is not in a kernel, so its pointer arguments may not "
               "point to global memory");
      emit_decline(host, loop, &f);
    }
    return 0;
  }
  pl_candidate c = {0};
  pl_plan plan;
  int changed = 0;
  char target[32];
  unsigned sm = 0;
  if (!pl_recognize(host, loop, fn, &c, &f))
    goto declined;
  sm = pl_target_sm(fn, target, sizeof target);
  if (sm < 80) {
    pl_failf(&f, PL_R_TARGET, NULL, "cp.async needs sm_80 or newer, and the target is %s", target);
    goto declined;
  }
  if (!pl_check_legality(host, &c, &f) || !pl_make_plan(&c, opts, &plan, &f))
    goto declined;
  unsigned copies = pl_rewrite(host, &c, &plan);
  emit_success(host, &c, &plan, opts, copies);
  changed = 1;
  goto done;
declined:
  emit_decline(host, loop, &f);
done:
  pl_candidate_free(&c);
  return changed;
}

static int run_function(pl_module_host *mh, LLVMModuleRef m, LLVMValueRef fn,
                        const pl_options *opts) {
  pl_host *host = pl_host_for_function(mh, fn);
  int kernel = is_kernel(m, fn);
  int changed = 0;
  LLVMBasicBlockRef done[PL_MAX_LOOPS];
  size_t ndone = 0;
  pl_loop_ref loops[PL_MAX_LOOPS];
  while (ndone < PL_MAX_LOOPS) {
    size_t n = pl_loops_preorder(host, loops, PL_MAX_LOOPS);
    if (n > PL_MAX_LOOPS)
      n = PL_MAX_LOOPS;
    pl_loop_ref next = NULL;
    for (size_t i = 0; i < n && !next; ++i) {
      LLVMBasicBlockRef h = pl_loop_header(loops[i]);
      int seen = 0;
      for (size_t j = 0; j < ndone && !seen; ++j)
        seen = done[j] == h;
      if (!seen)
        next = loops[i];
    }
    if (!next)
      break;
    done[ndone++] = pl_loop_header(next);
    if (run_loop(host, next, fn, kernel, opts)) {
      changed = 1;
      pl_host_invalidate(host);
    }
  }
  return changed;
}

int pl_wants_triple(const char *triple) { return triple && strncmp(triple, "nvptx", 5) == 0; }

int pl_run_module(pl_module_host *mh, LLVMModuleRef m, const pl_options *opts, unsigned opt_level) {
  if (opts->disabled || opt_level == 0)
    return 0;
  if (!pl_wants_triple(LLVMGetTarget(m)))
    return 0;
  int changed = 0;
  for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
    if (LLVMIsDeclaration(fn) || is_optnone(fn))
      continue;
    changed |= run_function(mh, m, fn, opts);
  }
  return changed;
}
