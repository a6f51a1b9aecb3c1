/*===- lib/pipeline.c - the cuda-pipeline pass driver -------------------===*/
#include "pipeline.h"

#include "advice.h"
#include "census.h"
#include "control.h"
#include "copy_loop_unroll.h"
#include "host_loops.h"
#include "launch_shapes.h"
#include "legality.h"
#include "nvvm.h"
#include "plan.h"
#include "ptxas.h"
#include "recognize.h"
#include "remarks.h"
#include "rewrite.h"
#include "ring_query.h"
#include "unmerge.h"
#include "unrolled.h"
#include "verify_fail.h"

#include <assert.h>
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

/* A loop of a function that is not a kernel. A tile loop there is declined
 * (its pointer arguments need not be global), as a missed remark where
 * the function may still be called, and as an analysis remark where it
 * is only the leftover copy of a function inlined into the kernels that
 * call it: those copies are reported once, each in its kernel. Loops
 * without a barrier get no remark. */
static void decline_not_kernel(pl_host *host, pl_loop_ref loop, LLVMValueRef fn,
                               const pl_options *opts, pl_report *report) {
  if (!pl_loop_census_of(loop, fn).barrier)
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

/* What the loops of one function share while the driver walks them. */
typedef struct fn_run {
  pl_host *host;
  LLVMValueRef fn;
  int kernel;
  LLVMValueRef hand_pipelined; /* looked for once, before our own cp.async */
  const pl_options *opts;
  pl_ptxas *registers; /* the module's, NULL when the model may not ask */
  pl_reason skip;      /* the user's exclusion of the kernel, PL_OK when none */
  const char *skip_message;
  pl_report *report;
  /* The worklist: the loop headers, outermost first, built once. A rewrite
   * invalidates the analyses, so each loop is found again by its header,
   * which the rewrite of another loop never changes; a rollback restores
   * the blocks, and the headers are mapped to the restored ones. */
  LLVMBasicBlockRef *headers;
  size_t nheaders;
  /* Every loop of the kernel, recognized (table.h); stale after the IR
   * changed (a rewrite or a rollback), rebuilt before its next use. */
  pl_loop_table table;
  int table_stale;
  unsigned copy_loop_trips, copy_loops; /* the copy loops unrolled, for the remark */
} fn_run;

/* Undoes the transaction of the loop at worklist index `i` and finds the
 * loop again in the restored body: the worklist's headers and the
 * instruction `f` names are mapped to their restored blocks. */
static pl_loop_ref roll_back(fn_run *r, pl_txn *txn, size_t i, pl_fail *f) {
  pl_txn_rollback(txn);
  for (size_t j = 0; j < r->nheaders; ++j) {
    LLVMValueRef bb = pl_txn_restored(txn, LLVMBasicBlockAsValue(r->headers[j]));
    r->headers[j] = bb ? LLVMValueAsBasicBlock(bb) : NULL;
  }
  if (f->inst)
    f->inst = pl_txn_restored(txn, f->inst);
  pl_host_invalidate(r->host);
  return r->headers[i] ? pl_loop_for_header(r->host, r->headers[i]) : NULL;
}

/* The changes of a loop that passed every check, as one transaction
 * (txn.h), all made by pl_rewrite: a preheader where it has none, the
 * runtime alias check, the rows' layout, the ring. Returns 1 when the
 * changed function verifies (committed; the remarks are emitted); else 0
 * with the reason in `f` and every change undone, `*loop` found again in
 * the restored body. */
static int transform(fn_run *r, size_t i, pl_loop_ref *loop, pl_candidate *c, pl_plan *plan,
                     pl_loop_facts *facts, pl_fail *f) {
  pl_txn *txn = pl_txn_begin(r->fn);
  pl_loop_pin_location(r->host, *loop);
  pl_report_pipelined(r->report, r->host, c, plan);
  pl_remark_kept_layout(r->host, c, plan);
  LLVMValueRef *rings = pl_xcalloc(c->ntiles, sizeof *rings);
  unsigned copies = pl_rewrite(r->host, c, plan, facts, txn, rings);
  if (r->opts->test_invalid_ir)
    pl_break_for_test(r->fn);
  char *why = pl_verify_function(r->fn);
  r->table_stale = 1;
  if (!why) {
    pl_txn_commit(txn);
    pl_txn_free(txn);
    /* a ring another loop may share: of a tile that loop still uses, not
     * one in dynamic shared memory, which is the launch's (each loop's
     * ring starts at its base) */
    for (size_t t = 0; t < c->ntiles; ++t)
      pl_table_set_ring(&r->table, c->tiles[t].global,
                        plan->tile_kept[t] && !plan->rings[t].dynamic ? rings[t] : NULL);
    free(rings);
    pl_remark_pipelined(r->host, c, plan, copies);
    return 1;
  }
  free(rings);
  *loop = roll_back(r, txn, i, f);
  pl_txn_free(txn);
  pl_internal_error(r->fn, r->opts, *loop, why, f);
  free(why);
  pl_report_drop_last(r->report); /* the pipelined record: declined instead */
  return 0;
}

/* Whether a ring the plan refused for `f` leaves the in-place shape to
 * try: a ring over the budget, a skipped copy the ring's lowering cannot
 * fix up (pl_plan_straight_skips; in place keeps the tile), or a ring in
 * dynamic shared memory the model predicts no gain from (in place needs no
 * launch of more bytes, and the model prices it on its own). */
static int in_place_after(const pl_loop_ctx *x, const pl_fail *f) {
  if (f->reason == PL_R_BUDGET || f->reason == PL_R_CONDITIONAL_COPY)
    return 1;
  if (f->reason != PL_R_NOT_PROFITABLE)
    return 0;
  for (size_t t = 0; t < x->c->ntiles; ++t)
    if (x->c->tiles[t].dynamic)
      return 1;
  return 0;
}

/* Legality, then the plan of the shape the loop may take (legality.h): a
 * ring; in place where no ring can serve, where the ring does not fit the
 * budget, or where a ring in dynamic shared memory does not pay. Returns 1
 * with `plan` made, else 0 with the reason in `f` (the caller frees `plan`
 * either way). `*ring_legal` (may be NULL) says whether legality allowed a
 * ring. */
static int plan_loop(const pl_loop_ctx *x, pl_plan *plan, pl_fail *f, int *ring_legal) {
  pl_legal legal = pl_check_legality(x, f);
  if (ring_legal)
    *ring_legal = legal == PL_LEGAL_RING;
  if (legal == PL_LEGAL_RING) {
    if (pl_make_plan(x, plan, f))
      return 1;
    const char *obstacle = in_place_after(x, f) ? pl_in_place_obstacle(x) : "";
    pl_fail_nor_in_place(f, obstacle);
    if (obstacle)
      return 0;
    if (f->reason == PL_R_NOT_PROFITABLE) { /* say which ring did not pay */
      char *m = pl_strdupf("a ring in dynamic shared memory is not predicted to pay: %s",
                           f->message ? f->message : "");
      free(f->message);
      f->message = m;
    }
    pl_plan_free(plan);
  } else if (legal != PL_LEGAL_IN_PLACE) {
    return 0;
  }
  pl_fail no_ring = *f;
  *f = (pl_fail){0};
  int ok = pl_make_in_place_plan(x, &no_ring, plan, f);
  pl_fail_clear(&no_ring);
  return ok;
}

/* Nonzero when a loop whose legality allowed a ring (`ring_legal`) was
 * declined only because its copy stage is a loop that cp.async cannot
 * issue (`f`), under a lowering that may stage through registers: its copy
 * loops are for copy_loop_unroll.h. */
static int copy_loops_next(const fn_run *r, int ring_legal, const pl_fail *f) {
  return ring_legal && f->reason == PL_R_COPY_LOOP_LOWERING &&
         r->opts->lowering != PL_CHOOSE_CP_ASYNC;
}

/* Nonzero where the cost model chooses the stages: such copy loops are not
 * unrolled (pl_fail_unroll_unpriced says why). */
static int model_decides(const fn_run *r) { return r->opts->profitability && !r->opts->stages; }

/* A change made inside run_changed's transaction: nonzero when it changed
 * the IR as it means to (what changed, for the remark), else 0 with the
 * reason, if it has one, in `why` (the IR may have changed all the same). */
typedef unsigned (*change_fn)(fn_run *r, pl_loop_ref loop, const void *arg, pl_fail *why);

/* Copies SimplifyCFG merged, or addresses both arms of a branch compute,
 * taken apart (unmerge.h). */
static unsigned unmerge_change(fn_run *r, pl_loop_ref loop, const void *arg, pl_fail *why) {
  (void)arg;
  (void)why;
  return pl_unmerge(r->host, loop);
}

/* The copy loops of the candidate `arg` unrolled completely for the
 * register lowering (copy_loop_unroll.h). */
static unsigned unroll_change(fn_run *r, pl_loop_ref loop, const void *arg, pl_fail *why) {
  (void)loop;
  r->copy_loops = pl_copy_loops_unroll(r->host, arg, &r->copy_loop_trips, why);
  return r->copy_loops;
}

/* The loop at worklist index `i`, changed, through the stages again:
 * the table rebuilt, legality, the plan, the rewrite. Returns 1 when it was
 * rewritten (*l the loop), -1 when its rewrite failed the verifier, else 0
 * with the reason in `f`; then `*again` (may be NULL) is its candidate
 * where only the copy loop's lowering declined it (legality passed), which
 * stays valid until the IR changes. */
static int attempt(fn_run *r, size_t i, pl_loop_ref *l, pl_fail *f, const pl_candidate **again) {
  pl_table_build(&r->table, r->host, r->fn, r->hand_pipelined);
  r->table_stale = 0;
  *l = pl_loop_for_header(r->host, r->headers[i]);
  pl_table_entry *e = *l ? pl_table_find(&r->table, r->headers[i]) : NULL;
  if (again)
    *again = NULL;
  if (e && !e->ok)
    pl_fail_copy(f, &e->fail);
  if (!e || !e->ok)
    return 0;
  pl_plan plan = {0};
  pl_loop_facts facts = {0};
  int done = 0, ring_legal = 0;
  pl_facts_init(&facts, r->host, &e->c, r->opts, &r->table);
  const pl_loop_ctx x = {r->host, r->opts, &e->c, &facts, &r->table, r->registers};
  if (plan_loop(&x, &plan, f, &ring_legal)) {
    plan.copy_loop_trips = r->copy_loop_trips;
    plan.copy_loops = r->copy_loops;
    if (!plan.in_place)
      done = transform(r, i, l, &e->c, &plan, &facts, f) ? 1 : -1;
    else
      pl_fail_copy(f, &plan.no_ring);
  }
  if (again && !done && copy_loops_next(r, ring_legal, f))
    *again = &e->c;
  pl_facts_free(&facts);
  pl_plan_free(&plan);
  return done;
}

/* The loop at worklist index `i` changed by `change` (with `arg`) in a
 * transaction, then through the stages again: the change is kept when the
 * loop then takes a ring and is rewritten; else it is rolled back, and
 * *loop found again, for the loop to be decided as written (in place, or
 * declined), with the reason the changed loop got no ring in `why`.
 * `*kinds` is what `change` answered (0: nothing was changed as meant).
 * Returns 1 when the loop was rewritten, 0 when it is to be decided as
 * written, -1 when its rewrite failed the verifier (`why` holds the
 * internal error; everything is undone and the loop stays as written).
 *
 * A failed rewrite is undone twice: `transform`'s own transaction maps the
 * worklist's headers to the blocks it restores, which this transaction
 * does not know; so they are set back to the blocks it began with (kept
 * aside, used only as keys) before it maps them to its own.
 *
 * A loop taken apart (unmerge_change) and then declined only for its copy
 * loop's lowering has its copy loops unrolled too, in the same transaction
 * (pl_copy_loops_unroll), and goes through the stages once more.
 *
 * `keep` (may be NULL) is a reason given the loop before the transaction:
 * its instruction is mapped to the restored body where the change is
 * rolled back (NULL where there is none), so that it stays valid. */
static int run_changed(fn_run *r, size_t i, pl_loop_ref *loop, pl_fail *why, unsigned *kinds,
                       change_fn change, const void *arg, pl_fail *keep) {
  LLVMBasicBlockRef *began = pl_xcalloc(r->nheaders, sizeof *began);
  memcpy(began, r->headers, r->nheaders * sizeof *began);
  pl_txn *txn = pl_txn_begin(r->fn);
  pl_fail f = {0};
  r->copy_loop_trips = r->copy_loops = 0;
  *kinds = change(r, *loop, arg, &f);
  pl_host_invalidate(r->host);
  pl_loop_ref l = NULL;
  const pl_candidate *again = NULL;
  int done = *kinds ? attempt(r, i, &l, &f, change == unmerge_change ? &again : NULL) : 0;
  int marked = change == unroll_change; /* pl_copy_loops_unroll marks copies */
  if (again && model_decides(r)) {
    pl_fail_unroll_unpriced(r->host, again, &f);
    again = NULL;
  }
  if (again) { /* taken apart, then declined for its copy loop: unrolled too */
    pl_fail unrolled = {0};
    f.inst = NULL; /* of the body the unroll changes */
    marked = 1;
    unsigned n = pl_copy_loops_unroll(r->host, again, &r->copy_loop_trips, &unrolled);
    r->copy_loops = n;
    pl_host_invalidate(r->host);
    if (n)
      done = attempt(r, i, &l, &unrolled, NULL);
    if (done >= 0)
      pl_fail_unrolled(&f, &unrolled, n);
    else
      pl_fail_copy(&f, &unrolled);
    pl_fail_clear(&unrolled);
  }
  if (done > 0) {
    pl_txn_commit(txn);
  } else {
    if (done < 0) {
      memcpy(r->headers, began, r->nheaders * sizeof *began);
      f.inst = NULL; /* of the body transform restored, unknown here */
    }
    l = roll_back(r, txn, i, &f);
    if (keep && keep->inst)
      keep->inst = pl_txn_restored(txn, keep->inst);
    r->table_stale = 1;
    pl_fail_copy(why, &f);
  }
  if (marked)
    pl_copy_marks_clear(r->fn);
  free(began);
  pl_fail_clear(&f);
  pl_txn_free(txn);
  *loop = l;
  return done;
}

/* Nonzero when the table recognized the loop of `e` as a tile loop; else 0
 * with recognition's reason copied into `f`. */
static int recognized(const pl_table_entry *e, pl_fail *f) {
  if (!e->ok)
    pl_fail_copy(f, &e->fail);
  return e->ok;
}

/* Nonzero when `loop` may be a tile loop. A loop with no barrier and no
 * __shared__ store is none, nor one that reads only __shared__ memory and
 * its own arrays (a tree reduction: nothing to load ahead); nor is a loop without a barrier inside
 * a loop with barriers (a copy loop, a compute loop storing into a tile), a part of that tile loop,
 * whose own remark covers it. Both are said under -Rpass-analysis only (NotTileLoop), so
 * -Rpass-missed lists the loops that matter. */
static int tile_like(fn_run *r, pl_loop_ref loop) {
  pl_loop_census k = pl_loop_census_of(loop, r->fn);
  const char *why = NULL;
  if (!pl_census_tile_like(&k))
    why = k.barrier || k.shared_store
              ? "not a tile loop: the loop reads only __shared__ memory and its own arrays (a "
                "reduction, a scan or an exchange), so there is no load from global memory to "
                "issue ahead"
              : "not a tile loop: the loop has no barrier and stores nothing into __shared__ "
                "memory";
  for (pl_loop_ref p = pl_loop_parent(loop); p && !k.barrier && !why; p = pl_loop_parent(p))
    if (pl_loop_census_of(p, r->fn).barrier)
      why = "not a tile loop: the loop has no barrier and is a part (a copy or compute loop) "
            "of the enclosing tile loop, which has a remark of its own";
  if (!why)
    return 1;
  pl_fail f = {0};
  pl_failf(&f, PL_R_NOT_TILE_LOOP, NULL, "%s", why);
  pl_remark_declined_analysis(r->host, loop, &f);
  pl_report_declined(r->report, r->host, r->fn, loop, &f);
  pl_fail_clear(&f);
  return 0;
}

/* A loop declined because its copy stage is a loop that cp.async cannot
 * issue (`f`), every check of legality passed: its copy loops unrolled completely
 * (copy_loop_unroll.h) for the register lowering, in a transaction (run_changed). Returns 1 when
 * the loop was rewritten; else 0, and `f` says why the unrolled loop was declined too (the internal
 * error where its rewrite failed the verifier). `c`, the loop's candidate, is stale after. */
static int run_unrolled(fn_run *r, size_t i, pl_loop_ref *loop, const pl_candidate *c, pl_fail *f) {
  pl_fail unrolled = {0};
  unsigned loops = 0;
  int done = run_changed(r, i, loop, &unrolled, &loops, unroll_change, c, f);
  if (done < 0)
    pl_fail_copy(f, &unrolled);
  else if (!done)
    pl_fail_unrolled(f, &unrolled, loops);
  pl_fail_clear(&unrolled);
  return done > 0;
}

/* One loop through the stages: recognize, legality, plan, rewrite,
 * remark. Returns nonzero when it was rewritten. */
static int run_loop(fn_run *r, size_t i) {
  pl_loop_ref loop = pl_loop_for_header(r->host, r->headers[i]);
  if (!loop)
    return 0;
  pl_host *host = r->host;
  pl_fail f = {0};
  if (!r->kernel) {
    decline_not_kernel(host, loop, r->fn, r->opts, r->report);
    return 0;
  }
  if (!tile_like(r, loop))
    return 0;
  int allowed = user_allows(loop, r->skip, r->skip_message, &f);
  pl_fail unmerged = {0};
  unsigned kinds = 0;
  int taken_apart = allowed && pl_unmerge_wanted(host, loop)
                        ? run_changed(r, i, &loop, &unmerged, &kinds, unmerge_change, NULL, NULL)
                        : 0;
  if (taken_apart > 0)
    return 1;
  if (taken_apart < 0 && loop) { /* the internal error, said once */
    pl_remark_declined(host, loop, &unmerged);
    pl_report_declined(r->report, host, r->fn, loop, &unmerged);
  }
  if (taken_apart < 0 || !loop) {
    pl_fail_clear(&unmerged);
    pl_fail_clear(&f);
    return 0;
  }
  if (r->table_stale) {
    pl_table_build(&r->table, host, r->fn, r->hand_pipelined);
    r->table_stale = 0;
  }
  pl_table_entry *e = pl_table_find(&r->table, r->headers[i]);
  assert(e && "the table holds every loop of the kernel");
  pl_plan plan = {0};
  pl_loop_facts facts = {0};
  int changed = 0;
  LLVMMetadataRef where = r->opts->test_count_analyses ? pl_loop_start_location(loop) : NULL;
  if (allowed && recognized(e, &f)) {
    pl_candidate *c = &e->c;
    pl_facts_init(&facts, host, c, r->opts, &r->table);
    const pl_loop_ctx x = {host, r->opts, c, &facts, &r->table, r->registers};
    int ring_legal = 0;
    if (plan_loop(&x, &plan, &f, &ring_legal)) {
      if (plan.in_place && unmerged.reason)
        pl_fail_unmerged(&plan.no_ring, &unmerged, kinds);
      changed = transform(r, i, &loop, c, &plan, &facts, &f);
    }
    if (!changed && copy_loops_next(r, ring_legal, &f)) {
      if (r->opts->test_count_analyses) /* of the loop as written */
        pl_remark_fact_runs(host, where, &facts.runs, c->ntiles);
      pl_facts_free(&facts); /* they read c, which the unroll's table replaces */
      pl_plan_free(&plan);
      if (model_decides(r))
        pl_fail_unroll_unpriced(host, c, &f);
      else
        changed = run_unrolled(r, i, &loop, c, &f);
    }
  }
  if (!changed && unmerged.reason)
    pl_fail_unmerged(&f, &unmerged, kinds);
  pl_fail_clear(&unmerged);
  if (!changed && loop) {
    pl_remark_declined(host, loop, &f);
    pl_report_declined(r->report, host, r->fn, loop, &f);
  }
  pl_fail_clear(&f);
  if (r->opts->test_count_analyses && facts.c)
    pl_remark_fact_runs(host, where, &facts.runs, facts.c->ntiles);
  pl_facts_free(&facts);
  pl_plan_free(&plan);
  return changed;
}

static int run_loops(fn_run *r);

static int run_function(pl_module_host *mh, LLVMValueRef fn, const pl_options *module_opts,
                        pl_ptxas *registers, pl_report *report) {
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
   * line. Before the rewrite changes the loops. */
  pl_unrolled_remarks(host, fn, opts, skip, skip_message, report);
  fn_run r = {.host = host,
              .fn = fn,
              .kernel = kernel,
              .opts = opts,
              .registers = registers,
              .skip = skip,
              .skip_message = skip_message,
              .report = report};
  int changed = run_loops(&r);
  if (marks.assert_pipelined)
    pl_check_assertion(fn, name ? name : "", report, first);
  free(skip_message);
  free(name);
  return changed;
}

/* The matrix reads and writes of __shared__ tiles moved to the shared
 * state space (shared_space.h), after the loops so that the reads of rings
 * are found too; one transaction, like a loop's rewrite. Returns nonzero
 * when the function changed. */
static int run_shared_space(fn_run *r) {
  pl_vec todo = {0};
  pl_shared_space_counts sc = pl_shared_space_scan(r->fn, &todo);
  if (!todo.len)
    return 0;
  pl_txn *txn = pl_txn_begin(r->fn);
  pl_shared_space_rewrite(r->fn, &todo, &sc);
  pl_vec_free(&todo);
  if (r->opts->test_invalid_ir)
    pl_break_for_test(r->fn);
  char *why = pl_verify_function(r->fn);
  if (why) {
    pl_txn_rollback(txn);
    pl_txn_free(txn);
    pl_host_invalidate(r->host);
    pl_internal_error_shared_space(r->fn, r->opts, why);
    free(why);
    return 0;
  }
  pl_txn_commit(txn);
  pl_txn_free(txn);
  pl_host_invalidate(r->host);
  pl_remark_shared_space(r->host, &sc);
  return 1;
}

/* Every loop of the function, outermost first; then its matrix accesses. */
static int run_loops(fn_run *r) {
  size_t n = pl_loops_preorder(r->host, NULL, 0);
  pl_loop_ref *loops = pl_xcalloc(n, sizeof *loops);
  r->headers = pl_xcalloc(n, sizeof *r->headers);
  r->nheaders = n;
  pl_loops_preorder(r->host, loops, n);
  for (size_t i = 0; i < n; ++i)
    r->headers[i] = pl_loop_header(loops[i]);
  free(loops);
  r->hand_pipelined = pl_find_async_copy_machinery(r->fn);
  r->table_stale = 1;
  int changed = 0;
  for (size_t i = 0; i < n; ++i)
    if (r->headers[i] && run_loop(r, i)) {
      changed = 1;
      pl_host_invalidate(r->host);
    }
  free(r->headers);
  r->headers = NULL;
  pl_table_free(&r->table);
  if (!r->opts->generic_tile_reads)
    changed |= run_shared_space(r);
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

static int run_module(pl_module_host *mh, LLVMModuleRef m, const pl_options *opts,
                      unsigned opt_level) {
  char arch[32];
  module_arch(m, arch, sizeof arch);
  if (opts->disabled || opt_level == 0) {
    char *msg = opts->disabled
                    ? NULL
                    : pl_advice_opt_level(opt_level, strcmp(arch, "unknown") ? arch : NULL);
    if (msg)
      pl_report_warning(m, msg);
    free(msg);
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
      if (!LLVMIsDeclaration(fn))
        pl_check_unexamined(fn, opts->disabled ? PL_WHY_DISABLED : PL_WHY_NO_OPTIMIZATION);
    pl_launches_erase(m);
    return 0;
  }
  pl_check_filters(m, opts, arch);
  int changed = 0;
  pl_report report = {0};
  /* The plain kernels' registers, from ptxas or its cache, asked for by
   * the loops whose decision depends on them (lib/ptxas.h). */
  pl_ptxas *registers = NULL;
  if (opts->ptxas[0] && opts->profitability && !opts->stages) {
    char *cache = opts->ptxas_cache ? pl_ptxas_cache_default() : NULL;
    registers = pl_ptxas_new(opts->ptxas, cache);
    free(cache);
  }
  for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
    if (LLVMIsDeclaration(fn))
      continue;
    if (is_optnone(fn))
      pl_check_unexamined(fn, PL_WHY_OPTNONE);
    else
      changed |= run_function(mh, fn, opts, registers, &report);
  }
  if (opts->ptxas_named) {
    /* the user named this ptxas: its failure is said once per device
     * compilation, not only in the analysis remarks */
    char *msg = pl_ptxas_warning(registers, arch);
    if (msg)
      pl_report_warning(m, msg);
    free(msg);
  }
  pl_ptxas_free(registers);
  pl_unrolled_orphans(mh, m, opts, &report);
  changed |= pl_ring_queries_fill(m, &report) != 0;
  pl_launches_erase(m);
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
    char *msg = pl_advice_slots_cut(cut, most, arch);
    if (msg)
      pl_report_warning(m, msg);
    free(msg);
  }
  if (opts->report[0]) {
    char *err = pl_report_write(&report, m, opts, opts->report);
    if (err)
      pl_report_module_error(m, err);
    free(err);
  }
  pl_report_free(&report);
  return changed;
}

int pl_run_module(pl_module_host *mh, LLVMModuleRef m, const pl_options *opts, unsigned opt_level) {
  if (!pl_wants_triple(LLVMGetTarget(m)))
    return 0;
  pl_nvvm_module_begin(m);
  int changed = run_module(mh, m, opts, opt_level);
  pl_nvvm_module_end();
  return changed;
}
