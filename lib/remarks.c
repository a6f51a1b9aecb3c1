/*===- lib/remarks.c - what the user is told about each loop ------------===*/
#include "remarks.h"

#include "options.h"
#include "plan.h"
#include "steady_unroll.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char prefix[] = "loop not pipelined: ";

void pl_remark_context(pl_remark *r, pl_host *host) {
  LLVMValueRef fn = pl_host_function(host);
  char arch[32];
  int known = pl_target_sm(fn, arch, sizeof arch) != 0 || strncmp(arch, "sm_", 3) == 0;
  size_t len = 0;
  const char *name = LLVMGetValueName2(fn, &len);
  char *mangled = pl_strdupf("%.*s", (int)len, name ? name : "");
  char *dm = pl_demangle(mangled);
  pl_remark_text(r, " [");
  if (known) {
    pl_remark_str(r, "Arch", arch);
    pl_remark_text(r, ", ");
  }
  pl_remark_text(r, pl_is_kernel(fn) ? "kernel '" : "function '");
  pl_remark_str(r, "Kernel", dm ? dm : mangled);
  pl_remark_text(r, "']");
  free(dm);
  free(mangled);
}

static void declined(pl_host *host, pl_loop_ref loop, const pl_fail *f, pl_remark_kind kind) {
  const char *name = pl_reason_name(f->reason);
  const char *message = f->message ? f->message : pl_reason_description(f->reason);
  char *text = pl_strdupf("%s%s", prefix, message);
  pl_remark *r = pl_remark_begin(host, kind, name, loop, NULL);
  pl_remark_text(r, text);
  pl_remark_context(r, host);
  pl_remark_emit(r);
  free(text);
  if (f->detail || f->inst) {
    text = pl_strdupf("%s%s", prefix, f->detail ? f->detail : message);
    r = pl_remark_begin(host, PL_REMARK_ANALYSIS, name, loop, f->inst);
    pl_remark_text(r, text);
    pl_remark_context(r, host);
    pl_remark_emit(r);
    free(text);
  }
}

void pl_remark_declined(pl_host *host, pl_loop_ref loop, const pl_fail *f) {
  declined(host, loop, f, PL_REMARK_MISSED);
}

void pl_remark_declined_analysis(pl_host *host, pl_loop_ref loop, const pl_fail *f) {
  declined(host, loop, f, PL_REMARK_ANALYSIS);
}

/* "x.yyy" of a ratio in 1/1000. */
static void remark_ratio(pl_remark *r, const char *key, unsigned permille) {
  char buf[32];
  snprintf(buf, sizeof buf, "%u.%03u", permille / 1000, permille % 1000);
  pl_remark_str(r, key, buf);
}

/* "N thing" or "N things": the count as field `key`, then `one` or `many`. */
static void remark_count(pl_remark *r, const char *key, uint64_t n, const char *one,
                         const char *many) {
  pl_remark_u64(r, key, n);
  pl_remark_text(r, n == 1 ? one : many);
}

/* The clause of a decision the family rule took (pl_cost_family):
 * "; pipelined as on sm_86 (1.012x): the predictions on ...". */
static void remark_family(pl_remark *r, const pl_cost *k) {
  char figures[192];
  pl_remark_text(r, "; ");
  pl_remark_str(r, "Family", pl_cost_family_text(k, figures, sizeof figures));
}

/* The passed remark's clause saying why the cost model chose S. */
static void remark_why_stages(pl_remark *r, const pl_plan *plan) {
  const pl_cost *k = &plan->cost;
  unsigned s = plan->stages;
  pl_remark_text(r, " (");
  pl_remark_str(r, "Arch", plan->arch);
  pl_remark_text(r, ": predicted ");
  remark_ratio(r, "Gain", k->gain_permille);
  pl_remark_text(r, k->dram_bound ? "x; DRAM bandwidth bounds the loop with or without the ring; "
                                  : "x; ");
  pl_remark_u64(r, "Stages", s);
  pl_remark_text(r, " stages keep ");
  pl_remark_u64(r, "InFlightBytes", (uint64_t)(s - 1) * k->tile_bytes * k->blocks_ring[s]);
  pl_remark_text(r, " bytes in flight per SM over ");
  remark_count(r, "ResidentBlocks", k->blocks_ring[s], " resident block", " resident blocks");
  const char *why = k->why ? k->why : "";
  if (plan->stores_after_compute)
    pl_remark_text(r, ", the register lowering's two slots, against the ");
  else if (strcmp(why, "dram") == 0) {
    pl_remark_text(r, pl_cost_dram_clause(k));
    pl_remark_u64(r, "DramLatency", PL_COST_DRAM_LATENCY);
    pl_remark_text(r, "-cycle latency under load, not the unloaded ");
  } else if (strcmp(why, "little") == 0)
    pl_remark_text(r, ", the fewest that cover the ");
  else if (strcmp(why, "squeezed") == 0)
    pl_remark_text(r,
                   ", no more: the kernel's registers leave a deeper ring no room, against the ");
  else if (s < 3)
    pl_remark_text(r, ", as many as fit the budget, against the ");
  else
    pl_remark_text(r, ", at least 3 for slack, more gain nothing against the ");
  pl_remark_u64(r, "Latency", k->chip->latency);
  pl_remark_text(r, "-cycle latency");
  if (k->family) {
    remark_family(r, k);
  } else if (k->gain_permille < 1000 + PL_COST_TIE_PERMILLE) {
    /* too close to call on latency: pipelined for what the model does not
     * price (pl_cost_decide) */
    pl_remark_text(r, "; too close to call on latency, pipelined for ");
    if (k->padded)
      pl_remark_text(r, "its padded rows");
    else {
      pl_remark_text(r, "the barrier it removes from a block of ");
      remark_count(r, "Warps", k->warps, " warp", " warps");
    }
  }
  pl_remark_text(r, ")");
}

/* The registers clause of the model's figures: "40 registers (ptxas)",
 * or "about 29 registers (8 held from before the loop)" when estimated,
 * with why ptxas gave no count or was not asked. */
static void remark_registers(pl_remark *r, const pl_plan *plan) {
  const pl_cost *k = &plan->cost;
  if (k->regs_measured) {
    pl_remark_u64(r, "Registers", k->regs);
    pl_remark_text(r, " registers (");
    pl_remark_str(r, "RegistersFrom", "ptxas");
    if (k->regs_ring != k->regs) {
      pl_remark_text(r, "; ");
      pl_remark_u64(r, "RegistersRing", k->regs_ring);
      pl_remark_text(r, " with the staged copies");
    }
    pl_remark_text(r, ")");
    return;
  }
  pl_remark_text(r, "about ");
  pl_remark_u64(r, "Registers", k->regs);
  pl_remark_text(r, " registers (estimated from ");
  pl_remark_u64(r, "RegisterPressure", k->pressure_words);
  pl_remark_text(r, " words live at once");
  if (plan->registers_unknown) {
    pl_remark_text(r, "; ptxas: ");
    pl_remark_str(r, "PtxasUnavailable", plan->registers_unknown);
  } else if (k->regs_any) {
    pl_remark_text(r, k->regs_measurable ? "; ptxas not asked: " : "; ");
    char any[80];
    snprintf(any, sizeof any, PL_REGISTERS_DO_NOT_MATTER, k->regs_lo, k->regs_hi);
    pl_remark_str(r, "RegistersAgree", any);
  } else if (k->regs_lo) {
    char split[96];
    snprintf(split, sizeof split, "counts from %u to %u weighed", k->regs_lo, k->regs_hi);
    pl_remark_text(r, "; ");
    pl_remark_str(r, "RegistersWeighed", split);
  }
  pl_remark_text(r, ")");
}

/* The analysis remark with the cost model's inputs and figures. */
static void remark_model(pl_host *host, const pl_candidate *c, const pl_plan *plan) {
  const pl_cost *k = &plan->cost;
  unsigned s = plan->in_place ? PL_MIN_STAGES : plan->stages; /* in place: weighed as 2 */
  const char *ring = plan->in_place ? "loading ahead in place" : "the ring";
  pl_remark *r = pl_remark_begin(host, PL_REMARK_ANALYSIS, "CostModel", c->loop, NULL);
  pl_remark_text(r, "cost model on ");
  pl_remark_str(r, "Arch", plan->arch);
  pl_remark_text(r, ": ");
  pl_remark_u64(r, "Threads", k->threads);
  char note[160];
  pl_remark_text(r, " threads per block");
  pl_remark_text(r, pl_cost_threads_note(k, note, sizeof note));
  pl_remark_text(r, ", ");
  remark_registers(r, plan);
  pl_remark_text(r, "; per warp and iteration ");
  pl_remark_u64(r, "Instructions", k->compute);
  pl_remark_text(r, " instructions (");
  pl_remark_u64(r, "TileLoads", k->tile_loads);
  pl_remark_text(r, " tile loads, ");
  pl_remark_u64(r, "Math", k->math);
  pl_remark_text(r, " math), ");
  pl_remark_text(r, ring);
  pl_remark_text(r, " adds ");
  pl_remark_u64(r, "Added", k->added);
  pl_remark_text(r, "; ");
  pl_remark_u64(r, "BlocksPlain", k->blocks_plain);
  pl_remark_text(r, plan->in_place ? " resident blocks plain, "
                                   : " resident blocks without the ring, ");
  pl_remark_u64(r, "BlocksRing", k->blocks_ring[s]);
  pl_remark_text(r, " with it; cycles per block-iteration ");
  pl_remark_u64(r, "CyclesPlain", (uint64_t)(k->t_plain + 0.5));
  pl_remark_text(r, " plain, ");
  pl_remark_u64(r, "CyclesRing", (uint64_t)(k->t_ring[s] + 0.5));
  pl_remark_text(r, plan->in_place ? " in place" : " with the ring");
  pl_remark_text(r, ", at least ");
  pl_remark_u64(r, "CyclesDram", (uint64_t)(k->dram + 0.5));
  pl_remark_text(r, k->dram_bound ? " at DRAM bandwidth, which bounds both" : " at DRAM bandwidth");
  if (k->plain_batch > 1) {
    pl_remark_text(r, "; ptxas issues the plain loop's read-only loads of ");
    pl_remark_u64(r, "PlainBatch", k->plain_batch);
    pl_remark_text(r, " iterations together");
  } else if (k->ptxas_rolls) {
    pl_remark_text(r, "; the ptxas of CUDA ");
    pl_remark_cuda_version(r, k);
    pl_remark_text(r, " keeps the plain tile loop rolled, one iteration's loads in flight");
  }
  if (k->serial_milli > 1000) {
    char n[32];
    snprintf(n, sizeof n, "%u.%02u", k->serial_milli / 1000, k->serial_milli % 1000 / 10);
    pl_remark_text(r, "; the plain loop waits for ");
    pl_remark_str(r, "SerialLatencies", n);
    char why[128];
    pl_remark_text(r, " load latencies one after another (");
    pl_remark_str(r, "SerialWhy", pl_cost_serial_text(k, why, sizeof why));
    pl_remark_text(r, ")");
  }
  pl_remark_context(r, host);
  pl_remark_emit(r);
}

/* The passed remark's clause naming each padded tile's rows (layout.h):
 * "; tile 'As' rows padded from 64 to 80 bytes: WMMA reads conflict-free". */
static void remark_layout(pl_remark *r, const pl_candidate *c, const pl_plan *plan) {
  for (size_t t = 0; t < c->ntiles; ++t) {
    const pl_ring_layout *l = &plan->rings[t];
    if (!l->pad)
      continue;
    pl_remark_text(r, "; tile '");
    pl_remark_str(r, "PaddedTile", c->tiles[t].name);
    pl_remark_text(r, "' rows padded from ");
    pl_remark_u64(r, "RowBytes", l->row);
    pl_remark_text(r, " to ");
    pl_remark_u64(r, "PaddedRowBytes", l->row + l->pad);
    pl_remark_text(r, " bytes");
    if (l->conflicted)
      pl_remark_text(r, ": WMMA reads conflict-free");
  }
}

void pl_remark_kept_layout(pl_host *host, const pl_candidate *c, const pl_plan *plan) {
  for (size_t t = 0; t < c->ntiles; ++t) {
    const pl_ring_layout *l = &plan->rings[t];
    if (l->pad || !l->why)
      continue;
    pl_remark *r = pl_remark_begin(host, PL_REMARK_ANALYSIS, "RingLayout", c->loop, l->why_at);
    pl_remark_text(r, "tile '");
    pl_remark_str(r, "Tile", c->tiles[t].name);
    pl_remark_text(r, "' keeps its rows of ");
    pl_remark_u64(r, "RowBytes", l->row);
    pl_remark_text(r, l->conflicted ? " bytes, where WMMA reads conflict: "
                                    : " bytes (layout=padded asked for padding): ");
    pl_remark_str(r, "Why", l->why);
    pl_remark_context(r, host);
    pl_remark_emit(r);
  }
}

/* The passed remark's tiles: "tile 'A' 4096 -> 12288 bytes, ...". */
static void remark_tiles(pl_remark *r, const pl_candidate *c, const pl_plan *plan) {
  for (size_t t = 0; t < c->ntiles; ++t) {
    pl_remark_text(r, t ? ", tile '" : " tile '");
    pl_remark_str(r, "Tile", c->tiles[t].name);
    if (plan->rings[t].symbolic) {
      pl_remark_text(r, "' (dynamic shared memory, of which the kernel uses as many bytes as its "
                        "arguments set, U) -> ");
      pl_remark_u64(r, "Stages", plan->stages);
      pl_remark_text(r, " slots that share the launch's dynamic shared memory, each 1/");
      pl_remark_u64(r, "Slots", plan->stages);
      pl_remark_text(r, " of it rounded down to ");
      pl_remark_u64(r, "SlotAlign", plan->rings[t].align);
      pl_remark_text(r, " bytes");
      continue;
    }
    pl_remark_text(r, c->tiles[t].dynamic ? "' (dynamic shared memory, of which the kernel uses "
                                          : "' ");
    pl_remark_u64(r, "Bytes", c->tiles[t].bytes);
    pl_remark_text(r, c->tiles[t].dynamic ? " bytes at most) -> " : " -> ");
    pl_remark_u64(r, "RingBytes", plan->rings[t].stride * plan->stages);
    pl_remark_text(r, " bytes");
  }
}

/* Where rings lie in dynamic shared memory: what the launch must give. */
static void note_dynamic_ring(pl_remark *r, const pl_plan *plan) {
  if (!plan->dynamic_bytes)
    return;
  for (size_t t = 0; t < plan->nrings; ++t)
    if (plan->rings[t].symbolic) {
      pl_remark_text(r, "; runs where each slot holds U, else the loop as written "
                        "(pl_dynamic_smem_bytes<kernel>(bytes) in libpipeline.h gives a launch "
                        "enough)");
      return;
    }
  pl_remark_text(r, "; runs where the launch gives at least ");
  pl_remark_u64(r, "DynamicSharedBytes", plan->dynamic_bytes);
  pl_remark_text(r, " bytes of dynamic shared memory, else the loop as written");
  if (plan->dynamic_bytes > PL_DEFAULT_MAX_SHARED)
    pl_remark_text(r, " (over 49152 bytes: the host must raise "
                      "cudaFuncAttributeMaxDynamicSharedMemorySize first)");
}

/* The passed remark's copies: how many, their sizes, the registers staged,
 * the barrier removed. */
static void remark_copies(pl_remark *r, const pl_candidate *c, const pl_plan *plan, size_t staged) {
  pl_remark_u64(r, "Copies", plan->ncopies);
  pl_remark_text(r, " ");
  if (!staged)
    pl_remark_str(r, "Lowering", pl_plan_lowering_name(plan));
  else
    pl_remark_text(r, plan->ncopies == 1 ? "copy" : "copies");
  if (plan->min_bytes == plan->max_bytes) {
    pl_remark_text(r, staged ? " of " : plan->ncopies == 1 ? " copy of " : " copies of ");
    pl_remark_u64(r, "CopyBytes", plan->min_bytes);
  } else {
    pl_remark_text(r, staged ? " of " : " copies of ");
    pl_remark_u64(r, "MinCopyBytes", plan->min_bytes);
    pl_remark_text(r, " to ");
    pl_remark_u64(r, "MaxCopyBytes", plan->max_bytes);
  }
  if (staged) {
    pl_remark_text(r, " bytes, ");
    pl_remark_u64(r, "StagedCopies", staged);
    pl_remark_text(r, " staged through ");
    pl_remark_u64(r, "StagedRegisters", plan->staged_regs);
    pl_remark_text(r, plan->staged_regs == 1 ? " register" : " registers");
    pl_remark_text(r, c->sync_first ? "; removed the top barrier" : "; removed the second barrier");
  } else {
    if (plan->nl1_copies) {
      pl_remark_text(r, " bytes (");
      if (plan->ncopies > 1) {
        pl_remark_u64(r, "CopiesThroughL1", plan->nl1_copies);
        pl_remark_text(r, " of the 16-byte ones ");
      }
      pl_remark_text(r, "through L1, by cp.async.ca: each tile shares source bytes with the "
                        "next, which reads them from L1)");
      pl_remark_text(r,
                     c->sync_first ? "; removed the top barrier" : "; removed the second barrier");
    } else {
      pl_remark_text(r, c->sync_first ? " bytes; removed the top barrier"
                                      : " bytes; removed the second barrier");
    }
  }
}

/* The note on the runtime check, where the plan has one: the alias check
 * (writes), the test that the sources are global (spaces), or both. */
static void note_runtime_check(pl_remark *r, const pl_plan *plan) {
  const char *words = pl_plan_runtime_check(plan);
  if (!words)
    return;
  pl_remark_text(r, "; with a ");
  pl_remark_str(r, "AliasCheck", "runtime");
  pl_remark_text(r, words);
}

/* "the last iteration fills slot 0 of the ring, the bytes of tile 'T',
 * which is read after the loop" (plan.end_on_slot0), with the barrier
 * before the prologue where a use may come before an entry. */
static void note_last_slot(pl_remark *r, const pl_candidate *c, const pl_plan *plan) {
  size_t n = 0, k = 0;
  for (size_t t = 0; plan->end_on_slot0 && t < c->ntiles; ++t)
    n += plan->last_slot[t];
  if (!n)
    return;
  pl_remark_text(r, n > 1 ? "; the last iteration fills slot 0 of each ring, the bytes of tiles '"
                          : "; the last iteration fills slot 0 of the ring, the bytes of tile '");
  for (size_t t = 0; t < c->ntiles; ++t)
    if (plan->last_slot[t]) {
      pl_remark_text(r, k == 0 ? "" : k + 1 == n ? "' and '" : "', '");
      pl_remark_text(r, c->tiles[t].name);
      ++k;
    }
  /* with a use that may come before an entry, "outside": in a loop around
   * this one, or before it */
  const char *where = plan->slot0_barrier ? "outside" : "after";
  pl_remark_text(r, n > 1 ? "', which are read " : "', which is read ");
  pl_remark_text(r, where);
  pl_remark_text(r, " the loop");
  if (plan->slot0_barrier)
    pl_remark_text(r, " (a barrier before the prologue, which may fill slot 0, for their uses "
                      "before it)");
}

/* The passed remark's notes: alias check, shared rings, copy-back, unroll, cut stages. */
static void remark_notes(pl_remark *r, const pl_candidate *c, const pl_plan *plan) {
  note_dynamic_ring(r, plan);
  note_runtime_check(r, plan);
  if (plan->skipped_copies) {
    pl_remark_text(r, "; ");
    pl_remark_u64(r, "SkippedCopies", plan->skipped_copies);
    pl_remark_text(r, plan->skipped_copies == 1 ? " copy skipped on some iterations keeps"
                                                : " copies skipped on some iterations keep");
    pl_remark_text(r, " the slot before's bytes there");
  }
  if (plan->entry_barrier && !c->sync_first && !plan->slot0_barrier)
    pl_remark_text(r, "; a barrier before the prologue, since a write before the loop may change "
                      "what it copies");
  /* rings in the storage of an earlier loop's */
  for (size_t t = 0, shared = 0; t < c->ntiles; ++t)
    if (plan->share_ring && plan->share_ring[t]) {
      pl_remark_text(r, shared++ ? ", '" : "; shares the ring of an earlier loop over tile '");
      pl_remark_text(r, c->tiles[t].name);
      pl_remark_text(r, "'");
    }
  note_last_slot(r, c, plan);
  for (size_t t = 0, back = 0; t < c->ntiles; ++t)
    if (plan->copy_back && plan->copy_back[t]) {
      pl_remark_text(r, back++ ? ", '" : "; copies the last slot back into tile '");
      pl_remark_text(r, c->tiles[t].name);
      pl_remark_text(r, "'");
    }
  pl_note_steady_unroll(r, plan);
  if (plan->slots_cut) {
    pl_remark_text(r, " (");
    pl_remark_u64(r, "Requested", plan->slots_cut);
    pl_remark_text(r, " stages requested; the register lowering has ");
    pl_remark_u64(r, "Slots", PL_MIN_STAGES);
    pl_remark_text(r, " slots)");
  }
  if (plan->stages != plan->requested) {
    pl_remark_text(r, " (");
    pl_remark_u64(r, "Requested", plan->requested);
    pl_remark_text(r, " stages requested; ");
    pl_remark_u64(r, "Fit", plan->stages);
    pl_remark_text(r, " fit the ");
    if (plan->dynamic_bytes) {
      pl_remark_u64(r, "Budget", plan->dynamic_budget);
      pl_remark_text(r, " bytes a block may have)");
    } else {
      pl_remark_u64(r, "Budget", plan->budget);
      pl_remark_text(r, "-byte budget)");
    }
  }
}

/* The analysis remark on the runtime alias check. */
static void remark_alias_check(pl_host *host, const pl_candidate *c, const pl_plan *plan) {
  pl_remark *r = pl_remark_begin(host, PL_REMARK_ANALYSIS, "AliasCheck", c->loop, NULL);
  if (plan->alias_writes) {
    pl_remark_text(r, "runtime alias check before the loop, once per block: each thread's ");
    remark_count(r, "CopiedRanges", c->ncopies, " copied range", " copied ranges");
    if (plan->alias_windows) {
      pl_remark_text(r, " on each of the ");
      remark_count(r, "IterationsAhead", pl_plan_issue_ahead(plan) + 1 - plan->alias_nearest,
                   " iteration", " iterations");
      pl_remark_text(r, plan->alias_nearest ? " issued ahead of a write"
                                            : " issued ahead of a write (its own included: a "
                                              "write may come before a copy)");
    }
    pl_remark_text(r, " against the block's union of ");
    remark_count(r, "WrittenRanges", plan->alias_writes, " written range", " written ranges");
    if (plan->alias_windows)
      pl_remark_text(r, " on one iteration (every access moves by one step per iteration)");
    pl_remark_text(r, " (3 barriers, 2 shared atomics per thread)");
    pl_remark_text(r, plan->space_checks ? ", and "
                                         : "; where they may overlap, the original "
                                           "loop runs");
  } else {
    pl_remark_text(r, "runtime check before the loop, once per block: ");
  }
  if (plan->space_checks) {
    remark_count(r, "SpaceChecks", plan->space_checks, " source pointer", " source pointers");
    pl_remark_text(r, " computed before the loop and not provably global (a pointer loaded "
                      "from memory) tested with isspacep.global (1 barrier); where ");
    pl_remark_text(r, plan->alias_writes ? "the ranges may overlap or " : "");
    pl_remark_text(r, "one is not global, the original loop runs");
  }
  pl_remark_context(r, host);
  pl_remark_emit(r);
}

/* The analysis remark on the ring: its bytes, the prologue, the waits. */
static void remark_ring(pl_host *host, const pl_candidate *c, const pl_plan *plan, size_t staged,
                        unsigned copies) {
  const char *lowering = pl_plan_lowering_name(plan);
  pl_remark *r = pl_remark_begin(host, PL_REMARK_ANALYSIS, "Pipelined", c->loop, NULL);
  pl_remark_text(r, "ring of ");
  pl_remark_u64(r, "Stages", plan->stages);
  int symbolic = 0;
  for (size_t t = 0; t < plan->nrings; ++t)
    symbolic |= plan->rings[t].symbolic;
  if (symbolic) {
    pl_remark_text(r, " stages shares the launch's dynamic shared memory, priced as ");
    pl_remark_u64(r, "RingBytes", plan->ring_bytes);
    pl_remark_text(r, " bytes (a guess: the kernel's arguments set its tile's size; ");
    pl_remark_u64(r, "OtherSharedBytes", plan->other_shared);
    pl_remark_text(r, " more in other __shared__ arrays); the prologue issues ");
  } else {
    pl_remark_text(r, " stages takes ");
    pl_remark_u64(r, "RingBytes", plan->ring_bytes);
  }
  if (!symbolic && plan->moved_tile_bytes) {
    pl_remark_text(r, " bytes of dynamic shared memory, as static rings of that many stages "
                      "would exceed the static budget of ");
    pl_remark_u64(r, "Budget", plan->budget);
    pl_remark_text(r, " bytes (");
    pl_remark_u64(r, "OtherSharedBytes", plan->other_shared);
    pl_remark_text(r, " static: the tiles, which the loop as written keeps, and the other "
                      "__shared__ arrays); the prologue issues ");
  } else if (!symbolic) {
    pl_remark_text(r, " bytes of shared memory (");
    pl_remark_u64(r, "OtherSharedBytes", plan->other_shared);
    pl_remark_text(r, " more in other __shared__ arrays); the prologue issues ");
  }
  pl_remark_u64(r, "PrologueIterations", plan->stages - 1);
  if (plan->stores_after_compute) {
    pl_remark_text(r, " iteration; iteration i loads iteration i+1 into registers before its "
                      "compute and stores them into the other slot after it");
    if (staged != plan->ncopies)
      pl_remark_text(r, ", and issues the other copies with cp.async, waiting with "
                        "cp.async.wait_group 0");
    pl_remark_text(r, "; one barrier per iteration; ");
    pl_remark_u64(r, "Emitted", copies);
    pl_remark_text(r, " copy instructions emitted");
    pl_remark_context(r, host);
    pl_remark_emit(r);
    return;
  }
  pl_remark_text(r, plan->stages - 1 == 1 ? " iteration; steady state waits with "
                                          : " iterations; steady state waits with ");
  pl_remark_text(r, lowering);
  pl_remark_text(r, ".wait_group ");
  pl_remark_u64(r, "WaitGroup", plan->stages - 2);
  pl_remark_text(r, "; ");
  pl_remark_u64(r, "Emitted", copies);
  pl_remark_text(r, " ");
  pl_remark_text(r, lowering);
  pl_remark_text(r, " emitted");
  pl_remark_context(r, host);
  pl_remark_emit(r);
}

/* Emits the passed remark `r` with its context, then the analysis remarks
 * every pipelined loop gets: the cost model's figures and the alias check. */
static void emit_passed(pl_host *host, pl_remark *r, const pl_candidate *c, const pl_plan *plan) {
  pl_remark_context(r, host);
  pl_remark_emit(r);
  if (plan->modelled)
    remark_model(host, c, plan);
  if (plan->alias_check)
    remark_alias_check(host, c, plan);
}

/* The passed and analysis remarks of a loop pipelined in place
 * (rewrite_in_place.h). */
static void remark_in_place(pl_host *host, const pl_candidate *c, const pl_plan *plan,
                            unsigned loads) {
  pl_remark *r = pl_remark_begin(host, PL_REMARK_PASSED, "Pipelined", c->loop, NULL);
  pl_remark_text(r, "pipelined loop in place (");
  pl_remark_u64(r, "Stages", 1);
  pl_remark_text(r, " slot, the tiles and both barriers kept):");
  for (size_t t = 0; t < c->ntiles; ++t) {
    pl_remark_text(r, t ? ", tile '" : " tile '");
    pl_remark_str(r, "Tile", c->tiles[t].name);
    pl_remark_text(r, c->tiles[t].dynamic ? "' (dynamic shared memory)" : "'");
  }
  pl_remark_text(r, "; ");
  remark_count(r, "Copies", plan->ncopies, " copy", " copies");
  pl_remark_text(r, " loaded one iteration ahead into ");
  remark_count(r, "StagedRegisters", plan->staged_regs, " register", " registers");
  note_runtime_check(r, plan);
  pl_note_steady_unroll(r, plan);
  pl_remark_text(r, "; no ring: ");
  pl_remark_str(r, "NoRing", plan->no_ring.message ? plan->no_ring.message : "");
  if (plan->modelled) {
    pl_remark_text(r, " (");
    pl_remark_str(r, "Arch", plan->arch);
    pl_remark_text(r, ": predicted ");
    remark_ratio(r, "Gain", plan->cost.gain_permille);
    pl_remark_text(r, plan->cost.dram_bound
                          ? "x, DRAM bandwidth bounding the loop either way, over "
                          : "x over ");
    remark_count(r, "ResidentBlocks", plan->cost.blocks_ring[PL_MIN_STAGES], " resident block",
                 " resident blocks");
    if (plan->cost.family)
      remark_family(r, &plan->cost);
    pl_remark_text(r, ")");
  }
  pl_remark_text(r, "; ");
  pl_remark_str(r, "Lowering", "registers in place");
  emit_passed(host, r, c, plan);
  if (plan->no_ring.inst || plan->no_ring.detail) { /* where the ring's reason lies */
    /* no_ring.inst may be gone (rewritten in place): its location only */
    const char *name = pl_reason_name(plan->no_ring.reason);
    r = plan->no_ring_at ? pl_remark_begin_at(host, PL_REMARK_ANALYSIS, name, plan->no_ring_at)
                         : pl_remark_begin(host, PL_REMARK_ANALYSIS, name, c->loop, NULL);
    pl_remark_text(r, "no ring: ");
    pl_remark_text(r, plan->no_ring.detail ? plan->no_ring.detail
                                           : (plan->no_ring.message ? plan->no_ring.message : ""));
    pl_remark_context(r, host);
    pl_remark_emit(r);
  }
  r = pl_remark_begin(host, PL_REMARK_ANALYSIS, "Pipelined", c->loop, NULL);
  pl_remark_text(r, "in place: the preheader loads iteration 0; iteration i loads iteration "
                    "i+1 after its first barrier, from a zero constant where that iteration or a "
                    "copy's condition does not hold, and its stores write what iteration i-1 "
                    "loaded, where the loop stored; ");
  pl_remark_u64(r, "Emitted", loads);
  pl_remark_text(r, " loads emitted");
  pl_remark_context(r, host);
  pl_remark_emit(r);
}

void pl_remark_pipelined(pl_host *host, const pl_candidate *c, const pl_plan *plan,
                         unsigned copies) {
  if (plan->in_place) {
    remark_in_place(host, c, plan, copies);
    return;
  }
  const char *lowering = pl_plan_lowering_name(plan);
  size_t staged = pl_plan_count(plan, PL_LOWERING_REGISTERS);
  pl_remark *r = pl_remark_begin(host, PL_REMARK_PASSED, "Pipelined", c->loop, NULL);
  pl_remark_text(r, "pipelined loop with ");
  pl_remark_u64(r, "Stages", plan->stages);
  pl_remark_text(r, " stages:");
  remark_tiles(r, c, plan);
  pl_remark_text(r, "; ");
  remark_copies(r, c, plan, staged);
  remark_notes(r, c, plan);
  if (plan->modelled)
    remark_why_stages(r, plan);
  remark_layout(r, c, plan);
  /* the lowering; the architecture follows in the context */
  pl_remark_text(r, "; ");
  if (staged)
    pl_remark_str(r, "Lowering", lowering);
  else
    pl_remark_text(r, lowering);
  if (plan->split_copies) {
    pl_remark_text(r, ": cp.async would issue ");
    pl_remark_u64(r, "CpAsyncCopies", plan->split_copies);
    pl_remark_text(r, " copies per thread where the loop issues ");
    remark_count(r, "GlobalLoads", plan->split_loads, " global load", " global loads");
  }
  if (plan->cp_async_gain) {
    pl_remark_text(r, ": a cp.async ring is predicted ");
    remark_ratio(r, "CpAsyncGain", plan->cp_async_gain);
    pl_remark_text(r, "x");
    if (plan->cp_async_declined)
      pl_remark_text(r, " and declined");
  }
  emit_passed(host, r, c, plan);
  remark_ring(host, c, plan, staged, copies);
}

void pl_remark_shared_space(pl_host *host, const pl_shared_space_counts *sc) {
  pl_remark *r = pl_remark_begin(host, PL_REMARK_ANALYSIS, "SharedStateSpace", NULL, sc->first);
  pl_remark_u64(r, "SharedReads", sc->reads);
  pl_remark_text(r, sc->reads == 1 ? " tile read uses" : " tile reads use");
  pl_remark_text(r, " the shared state space");
  if (sc->writes) {
    pl_remark_text(r, "; ");
    pl_remark_u64(r, "SharedWrites", sc->writes);
    pl_remark_text(r, sc->writes == 1 ? " tile write" : " tile writes");
  }
  pl_remark_context(r, host);
  pl_remark_emit(r);
}

void pl_remark_declined_at(pl_host *host, LLVMMetadataRef location, const pl_fail *f,
                           pl_remark_kind kind) {
  const char *message = f->message ? f->message : pl_reason_description(f->reason);
  char *text = pl_strdupf("%s%s", prefix, message);
  pl_remark *r = pl_remark_begin_at(host, kind, pl_reason_name(f->reason), location);
  pl_remark_text(r, text);
  pl_remark_context(r, host);
  pl_remark_emit(r);
  free(text);
}

void pl_remark_fact_runs(pl_host *host, LLVMMetadataRef location, const pl_fact_runs *runs,
                         size_t ntiles) {
  pl_remark *r = pl_remark_begin_at(host, PL_REMARK_ANALYSIS, "FactRuns", location);
  pl_remark_text(r, "facts computed: trip ");
  pl_remark_u64(r, "Trip", runs->trip);
  pl_remark_text(r, ", writes ");
  pl_remark_u64(r, "Writes", runs->writes);
  pl_remark_text(r, ", alias-check bounds ");
  pl_remark_u64(r, "Bounds", runs->bounds);
  pl_remark_text(r, ", tile verdicts ");
  pl_remark_u64(r, "TileVerdicts", runs->tiles);
  pl_remark_text(r, " of ");
  pl_remark_u64(r, "Tiles", ntiles);
  pl_remark_text(r, " tiles");
  pl_remark_context(r, host);
  pl_remark_emit(r);
}
