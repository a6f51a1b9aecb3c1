/*===- lib/pipeline.c - the cuda-pipeline pass driver -------------------===*/
#include "pipeline.h"

#include "advice.h"
#include "alias_check.h"
#include "candidate.h"
#include "control.h"
#include "layout.h"
#include "legality.h"
#include "plan.h"
#include "ptxas.h"
#include "recognize.h"
#include "remarks.h"
#include "report.h"
#include "rewrite.h"
#include "shared_space.h"
#include "unrolled.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Why a kernel was not looked at, for the PL_PIPELINE error. */
#define PL_WHY_DISABLED "the pass is disabled (-fplugin-arg-pipeline-disable)"
#define PL_WHY_NO_OPTIMIZATION                                                                     \
  "the device side is compiled without optimization (-O0, clang's default when no -O is "          \
  "given); add -O2 or -O3"
#define PL_WHY_OPTNONE "the kernel is compiled without optimization (optnone)"

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

/* A loop of a function that is not a kernel. A tile loop there is declined
 * (its pointer arguments need not be global), as a missed remark where
 * the function may still be called, and as an analysis remark where it
 * is only the leftover copy of a function inlined into the kernels that
 * call it: those copies are reported once, each in its kernel (issue 9,
 * part 6). Loops without a barrier get no remark, as before. */
static void decline_not_kernel(pl_host *host, pl_loop_ref loop, LLVMValueRef fn,
                               const pl_options *opts, pl_report *report) {
  if (!pl_loop_has_barrier(loop, fn))
    return;
  pl_fail f = {0};
  if (pl_function_may_be_called(fn, opts->rdc)) {
    pl_failf(&f, PL_R_NOT_KERNEL, NULL,
             "the loop is not in a kernel, so its pointer arguments may not "
             "point to global memory; it is pipelined where it is inlined into a "
             "kernel");
    pl_remark_declined(host, loop, &f);
  } else {
    pl_failf(&f, PL_R_NOT_KERNEL, NULL,
             "the loop is not in a kernel, and no code calls this copy of its "
             "function; the copies inlined into kernels have remarks of their own");
    pl_remark_declined_analysis(host, loop, &f);
  }
  pl_report_declined(report, host, fn, loop, &f);
  pl_fail_clear(&f);
}

/* One loop through the stages: recognize, legality, plan, rewrite,
 * remark. Returns nonzero when it was rewritten. */
/* The user's controls, checked before the loop's shape: a kernel the
 * user excluded (`skip`, PL_OK when none, with its message) or a loop under
 * `#pragma clang loop pipeline(disable)`. Returns 0 with the reason in `f`
 * when one applies. */
static int user_allows(pl_loop_ref loop, pl_reason skip, const char *skip_message, pl_fail *f) {
  if (skip != PL_OK)
    return pl_failf(f, skip, NULL, "%s", skip_message);
  LLVMBasicBlockRef latch = pl_loop_latch(loop);
  if (latch && pl_loop_pipeline_disabled(LLVMGetBasicBlockTerminator(latch)))
    return pl_failf(f, PL_R_DISABLED_BY_PRAGMA, NULL,
                    "the loop is marked '#pragma clang loop pipeline(disable)'");
  return 1;
}

static int run_loop(pl_host *host, pl_loop_ref loop, LLVMValueRef fn, int kernel,
                    LLVMValueRef hand_pipelined, const pl_options *opts, pl_reason skip,
                    const char *skip_message, pl_report *report) {
  pl_fail f = {0};
  if (!kernel) {
    decline_not_kernel(host, loop, fn, opts, report);
    return 0;
  }
  /* A loop with no barrier and no __shared__ store is no tile loop: said
   * under -Rpass-analysis only, so -Rpass-missed lists the loops that
   * matter. */
  if (!pl_loop_is_tile_like(loop, fn)) {
    pl_failf(&f, PL_R_NOT_TILE_LOOP, NULL,
             "not a tile loop: the loop has no barrier and stores nothing into __shared__ "
             "memory");
    pl_remark_declined_analysis(host, loop, &f);
    pl_report_declined(report, host, fn, loop, &f);
    pl_fail_clear(&f);
    return 0;
  }
  /* A loop without a barrier inside a loop with barriers (a copy loop, a
   * compute loop storing into a tile) is a part of that tile loop, whose
   * own remark covers it: under -Rpass-analysis only, as NotTileLoop. */
  if (!pl_loop_has_barrier(loop, fn)) {
    for (pl_loop_ref p = pl_loop_parent(loop); p; p = pl_loop_parent(p))
      if (pl_loop_has_barrier(p, fn)) {
        pl_failf(&f, PL_R_NOT_TILE_LOOP, NULL,
                 "not a tile loop: the loop has no barrier and is a part (a copy or compute "
                 "loop) of the enclosing tile loop, which has a remark of its own");
        pl_remark_declined_analysis(host, loop, &f);
        pl_report_declined(report, host, fn, loop, &f);
        pl_fail_clear(&f);
        return 0;
      }
  }
  pl_candidate c = {0};
  pl_plan plan = {0};
  int changed = 0;
  if (user_allows(loop, skip, skip_message, &f) &&
      pl_recognize(host, loop, fn, hand_pipelined, &c, &f) &&
      pl_check_legality(host, &c, opts, &f) && pl_make_plan(host, &c, opts, &plan, &f) &&
      ensure_preheader(host, &c, &f) && (!plan.alias_check || pl_emit_alias_check(host, &c, &f))) {
    /* the original version uses slot 0 of a ring another loop shares
     * (pl_rewrite keeps the tile instead only where another loop keeps it) */
    int orig_in_shared_ring = 0;
    for (size_t t = 0; plan.alias_check && t < c.ntiles; ++t)
      if (plan.share_ring && plan.share_ring[t] && !(plan.tile_kept && plan.tile_kept[t]))
        orig_in_shared_ring = 1;
    if (orig_in_shared_ring)
      pl_alias_check_exit_barrier(host, &c);
    pl_report_pipelined(report, host, &c, &plan);
    pl_remark_kept_layout(host, &c, &plan);
    for (size_t t = 0; t < c.ntiles; ++t)
      if (plan.rings[t].pad)
        pl_layout_apply(&c, t, plan.rings[t].row, plan.rings[t].pad, plan.rings[t].elem, c.copies,
                        c.ncopies, plan.copies, plan.ncopies);
    pl_loop_pin_location(host, loop);
    unsigned copies = pl_rewrite(host, &c, &plan);
    pl_remark_pipelined(host, &c, &plan, copies);
    changed = 1;
  } else {
    pl_remark_declined(host, loop, &f);
    pl_report_declined(report, host, fn, loop, &f);
  }
  pl_fail_clear(&f);
  pl_plan_free(&plan);
  pl_candidate_free(&c);
  return changed;
}

/* The worklist is built once: the loop headers, outermost first. A rewrite
 * invalidates the analyses, so each loop is found again by its header,
 * which the rewrite of another loop never changes. */
static int run_loops(pl_host *host, LLVMValueRef fn, int kernel, const pl_options *opts,
                     pl_reason skip, const char *skip_message, pl_report *report);

/* The kernel assertion (annotate("pipeline")): an error naming the kernel
 * and each of its loops' reasons unless one of them, recorded in `report`
 * from index `first` on, was pipelined. */
static void check_assertion(LLVMValueRef fn, const char *name, const pl_report *report,
                            size_t first) {
  char arch[32];
  pl_target_sm(fn, arch, sizeof arch);
  char *msg = pl_strdupf("libpipeline: kernel '%s' is marked PL_PIPELINE (annotate(\"pipeline\")) "
                         "but no loop of it is pipelined for %s",
                         name, arch);
  if (first == report->n) {
    char *more = pl_strdupf("%s: it has no candidate loop", msg);
    free(msg);
    msg = more;
  }
  for (size_t i = first; i < report->n; ++i) {
    const pl_decision *d = &report->v[i];
    if (d->pipelined) {
      free(msg);
      return;
    }
    const char *file = strrchr(d->file, '/');
    char *where =
        d->line ? pl_strdupf("%s:%u", file ? file + 1 : d->file, d->line) : pl_strdupf("a loop");
    char *more = pl_strdupf("%s%s %s: %s (%s)", msg, i == first ? ":" : ";", where, d->message,
                            pl_reason_name(d->reason));
    free(where);
    free(msg);
    msg = more;
  }
  pl_report_error(fn, msg);
  free(msg);
}

/* A function the pass does not look at (`why`: -O0, `disable`, optnone):
 * when it is a kernel, its annotations are still read, so that a bad one
 * is an error and PL_PIPELINE fails the compile, naming the kernel and
 * `why`, as it would for a kernel none of whose loops is pipelined. */
static void check_unexamined(LLVMValueRef fn, const char *why) {
  if (!pl_is_kernel(fn))
    return;
  size_t len = 0;
  const char *mangled = LLVMGetValueName2(fn, &len);
  char *name = pl_demangle(mangled ? mangled : "");
  pl_kernel_marks marks = {0};
  char *err = pl_kernel_marks_read(fn, name ? name : "", &marks);
  if (!err && marks.assert_pipelined) {
    char arch[32];
    pl_target_sm(fn, arch, sizeof arch);
    err = pl_strdupf("libpipeline: kernel '%s' is marked PL_PIPELINE (annotate(\"pipeline\")) "
                     "but no loop of it is pipelined for %s: %s",
                     name ? name : "", arch, why);
  }
  if (err)
    pl_report_error(fn, err);
  free(err);
  free(name);
}

static int run_function(pl_module_host *mh, LLVMValueRef fn, const pl_options *module_opts,
                        pl_report *report) {
  pl_host *host = pl_host_for_function(mh, fn);
  int kernel = pl_is_kernel(fn);
  pl_options kopts = *module_opts;
  const pl_options *opts = &kopts;
  pl_kernel_marks marks = {0};
  pl_reason skip = PL_OK;
  char *skip_message = NULL;
  char *name = NULL;
  size_t first = report->n;
  if (kernel) {
    size_t len = 0;
    const char *mangled = LLVMGetValueName2(fn, &len);
    name = pl_demangle(mangled ? mangled : "");
    char *err = pl_kernel_marks_read(fn, name ? name : "", &marks);
    if (err) {
      pl_report_error(fn, err);
      free(err);
      free(name);
      return 0;
    }
    if (marks.stages)
      kopts.stages = marks.stages;
    if (marks.disabled) {
      skip = PL_R_DISABLED_BY_ATTRIBUTE;
      skip_message = pl_strdupf("the kernel is marked PL_NO_PIPELINE "
                                "(annotate(\"pipeline.disable\"))");
    } else if (name && !pl_options_kernel_selected(opts, name)) {
      skip = PL_R_EXCLUDED_BY_FILTER;
      skip_message = pl_strdupf("the kernel is left out by the only=/exclude= arguments");
    }
  }
  /* Tile loops fully unrolled before the pass: one remark each, at their
   * line (issue 9, part 1). Before the rewrite changes the loops. */
  pl_unrolled_remarks(host, fn, opts, skip, skip_message, report);
  int changed = run_loops(host, fn, kernel, opts, skip, skip_message, report);
  if (marks.assert_pipelined)
    check_assertion(fn, name ? name : "", report, first);
  free(skip_message);
  free(name);
  return changed;
}

/* Every loop of `fn`, outermost first. */
static int run_loops(pl_host *host, LLVMValueRef fn, int kernel, const pl_options *opts,
                     pl_reason skip, const char *skip_message, pl_report *report) {
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
    if (loop &&
        run_loop(host, loop, fn, kernel, hand_pipelined, opts, skip, skip_message, report)) {
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

/* The architecture of the module's first defined function, for messages
 * about the whole module ("unknown" when none says). */
static void module_arch(LLVMModuleRef m, char *arch, size_t len) {
  snprintf(arch, len, "unknown");
  for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
    if (!LLVMIsDeclaration(fn)) {
      pl_target_sm(fn, arch, len);
      return;
    }
}

/* The only= and exclude= regexes, each when it matches none of the
 * module's kernels (and there are some): a warning naming a few of them. */
static void check_filters(LLVMModuleRef m, const pl_options *opts) {
  if (!opts->only[0] && !opts->exclude[0])
    return;
  size_t n = 0;
  char **names = NULL;
  int only_hit = 0, exclude_hit = 0;
  for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
    if (LLVMIsDeclaration(fn) || !pl_is_kernel(fn))
      continue;
    size_t len = 0;
    const char *mangled = LLVMGetValueName2(fn, &len);
    char *name = pl_demangle(mangled ? mangled : "");
    if (!name)
      continue;
    only_hit |= opts->only[0] && pl_options_regex_matches(opts->only, name);
    exclude_hit |= opts->exclude[0] && pl_options_regex_matches(opts->exclude, name);
    names = pl_append(names, n, sizeof *names);
    names[n++] = name;
  }
  char arch[32];
  module_arch(m, arch, sizeof arch);
  for (int k = 0; k < 2; ++k) {
    const char *re = k ? opts->exclude : opts->only;
    if (!re[0] || (k ? exclude_hit : only_hit))
      continue;
    char *msg = pl_advice_filter_unmatched(k ? "exclude" : "only", re, arch, n, names);
    if (msg)
      pl_report_warning(m, msg);
    free(msg);
  }
  for (size_t i = 0; i < n; ++i)
    free(names[i]);
  free(names);
}

int pl_run_module(pl_module_host *mh, LLVMModuleRef m, const pl_options *opts, unsigned opt_level) {
  if (!pl_wants_triple(LLVMGetTarget(m)))
    return 0;
  if (opts->disabled || opt_level == 0) {
    char arch[32];
    module_arch(m, arch, sizeof arch);
    char *msg = opts->disabled
                    ? NULL
                    : pl_advice_opt_level(opt_level, strcmp(arch, "unknown") ? arch : NULL);
    if (msg)
      pl_report_warning(m, msg);
    free(msg);
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
      if (!LLVMIsDeclaration(fn))
        check_unexamined(fn, opts->disabled ? PL_WHY_DISABLED : PL_WHY_NO_OPTIMIZATION);
    return 0;
  }
  check_filters(m, opts);
  int changed = 0;
  pl_report report = {0};
  /* The plain kernels' registers, from ptxas at the cost model's first
   * question (lib/ptxas.h): before any ring of this module. */
  pl_options mopts = *opts;
  mopts.registers =
      opts->ptxas[0] && opts->profitability && !opts->stages ? pl_ptxas_new(opts->ptxas) : NULL;
  for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
    if (LLVMIsDeclaration(fn))
      continue;
    if (is_optnone(fn))
      check_unexamined(fn, PL_WHY_OPTNONE);
    else
      changed |= run_function(mh, fn, &mopts, &report);
  }
  if (opts->ptxas_named) {
    /* the user named this ptxas: its failure is said once per device
     * compilation, not only in the analysis remarks */
    char arch[32];
    module_arch(m, arch, sizeof arch);
    char *msg = pl_ptxas_warning(mopts.registers, arch);
    if (msg)
      pl_report_warning(m, msg);
    free(msg);
  }
  pl_ptxas_free(mopts.registers);
  pl_unrolled_orphans(mh, m, opts, &report);
  /* forced stages the register lowering's two slots cut: said once per
   * device compilation, beyond each loop's passed remark */
  size_t cut = 0;
  unsigned most = 0;
  for (size_t i = 0; i < report.n; ++i)
    if (report.v[i].pipelined && report.v[i].slots_cut) {
      ++cut;
      if (report.v[i].slots_cut > most)
        most = report.v[i].slots_cut;
    }
  if (cut) {
    char arch[32];
    module_arch(m, arch, sizeof arch);
    char *msg = pl_advice_slots_cut(cut, most, arch);
    if (msg)
      pl_report_warning(m, msg);
    free(msg);
  }
  /* The marks that let a later loop over the same tiles share a ring
   * (plan.h, PL_RING_OF_MD) are of no use after the pass. */
  unsigned ring_of =
      LLVMGetMDKindIDInContext(LLVMGetModuleContext(m), PL_RING_OF_MD, sizeof PL_RING_OF_MD - 1);
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g))
    LLVMGlobalEraseMetadata(g, ring_of);
  if (opts->report[0]) {
    char *err = pl_report_write(&report, m, opts, opts->report);
    if (err)
      pl_report_module_error(m, err);
    free(err);
  }
  pl_report_free(&report);
  return changed;
}
