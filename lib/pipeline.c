/*===- lib/pipeline.c - the cuda-pipeline pass driver -------------------===*/
#include "pipeline.h"

#include "candidate.h"
#include "legality.h"
#include "plan.h"
#include "recognize.h"
#include "remarks.h"
#include "rewrite.h"
#include "shared_space.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is_optnone(LLVMValueRef fn) {
  unsigned kind = LLVMGetEnumAttributeKindForName("optnone", 7);
  return LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind) != NULL;
}

/* A loop without a preheader gets one only now, when it is sure to be
 * pipelined, so that a declined loop keeps its IR: the stages before
 * worked on the blocks entering it (recognition checked that one can be
 * made). */
static int ensure_preheader(pl_host *host, pl_candidate *c, pl_fail *f) {
  if (!c->preheader)
    c->preheader = pl_loop_ensure_preheader(host, c->loop);
  return c->preheader ? 1 : pl_failf(f, PL_R_NO_PREHEADER, NULL, "the loop has no preheader");
}

/* One loop through the stages: recognize, legality, plan, rewrite,
 * remark. Returns nonzero when it was rewritten. */
static int run_loop(pl_host *host, pl_loop_ref loop, LLVMValueRef fn, int kernel,
                    LLVMValueRef hand_pipelined, const pl_options *opts) {
  pl_fail f = {0};
  if (!kernel) {
    if (pl_loop_has_barrier(loop, fn)) {
      pl_failf(&f, PL_R_NOT_KERNEL, NULL,
               "the loop is not in a kernel, so its pointer arguments may not "
               "point to global memory; it is pipelined where it is inlined into a "
               "kernel");
      pl_remark_declined(host, loop, &f);
      pl_fail_clear(&f);
    }
    return 0;
  }
  pl_candidate c = {0};
  pl_plan plan = {0};
  int changed = 0;
  if (pl_recognize(host, loop, fn, hand_pipelined, &c, &f) &&
      pl_check_legality(host, &c, opts, &f) && pl_make_plan(host, &c, opts, &plan, &f) &&
      ensure_preheader(host, &c, &f)) {
    unsigned copies = pl_rewrite(host, &c, &plan);
    pl_remark_pipelined(host, &c, &plan, copies);
    changed = 1;
  } else {
    pl_remark_declined(host, loop, &f);
  }
  pl_fail_clear(&f);
  pl_plan_free(&plan);
  pl_candidate_free(&c);
  return changed;
}

/* The worklist is built once: the loop headers, outermost first. A rewrite
 * invalidates the analyses, so each loop is found again by its header,
 * which the rewrite of another loop never changes. */
static int run_function(pl_module_host *mh, LLVMValueRef fn, const pl_options *opts) {
  pl_host *host = pl_host_for_function(mh, fn);
  int kernel = pl_is_kernel(fn);
  size_t n = pl_loops_preorder(host, NULL, 0);
  pl_loop_ref *loops = malloc((n ? n : 1) * sizeof *loops);
  LLVMBasicBlockRef *headers = malloc((n ? n : 1) * sizeof *headers);
  if (!loops || !headers) {
    free(loops);
    free(headers);
    return 0;
  }
  pl_loops_preorder(host, loops, n);
  for (size_t i = 0; i < n; ++i)
    headers[i] = pl_loop_header(loops[i]);
  free(loops);
  /* Looked for once, before our own cp.async appear. */
  LLVMValueRef hand_pipelined = pl_find_async_copy_machinery(fn);
  int changed = 0;
  for (size_t i = 0; i < n; ++i) {
    pl_loop_ref loop = pl_loop_for_header(host, headers[i]);
    if (loop && run_loop(host, loop, fn, kernel, hand_pipelined, opts)) {
      changed = 1;
      pl_host_invalidate(host);
    }
  }
  free(headers);
  /* After the loops, so that the reads of rings are found too. */
  if (!opts->generic_tile_reads) {
    pl_shared_space_counts sc = pl_shared_space_reads(host, fn);
    if (sc.first) {
      pl_remark_shared_space(host, &sc);
      pl_host_invalidate(host);
      changed = 1;
    }
  }
  if (changed && opts->verify) {
    char *why = pl_verify_function(fn);
    if (why) {
      size_t len = 0;
      const char *name = LLVMGetValueName2(fn, &len);
      char *dm = pl_demangle(name ? name : "");
      char *msg = pl_strdupf("libpipeline: the IR of '%s' does not verify after pipelining: %s",
                             dm ? dm : "", why);
      pl_report_error(fn, msg);
      free(msg);
      free(dm);
      free(why);
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
    changed |= run_function(mh, fn, opts);
  }
  return changed;
}
