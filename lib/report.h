/*===- lib/report.h - a record of every decision --------------------------===*\
 *
 * FILE: lib/report.h
 * DESCRIPTION:
 *   The driver records one pl_decision per loop it looks at, pipelined or
 *   declined, with the fields of its remark. The records serve the kernel
 *   assertion (annotate("pipeline"): the error lists each loop's reason)
 *   and the report=DIR argument, which writes them as one JSON file per
 *   module, that is per translation unit and architecture:
 *
 *     DIR/<source file name>.<arch>.<pid>[-<n>].json
 *
 *   created with O_EXCL, so no compile overwrites another's file (the
 *   counter n goes up until a free name is found). Schema (version 1):
 *
 *     { "schema": "libpipeline-report", "version": 1,
 *       "source": "<module source file>", "arch": "sm_90",
 *       "options": {"stages": 0, "max_shared": 49152},
 *       "loops": [ { "file", "line", "column", "kernel" (demangled),
 *                    "function" (mangled), "arch",
 *                    "decision": "pipelined" | "declined",
 *                    "reason" (remark name, "Pipelined" when pipelined),
 *                    "message" (the remark's text),
 *                    "stages", "lowering", "copies", "copy_bytes_min",
 *                    "copy_bytes_max", "ring_bytes", "dynamic_bytes"
 *                    (of ring_bytes, what must come from the launch's
 *                    dynamic shared memory), "dynamic_slots" (where the
 *                    footprint is set by the kernel's arguments: that many
 *                    slots share the launch's dynamic shared memory, each
 *                    needing the footprint; ring_bytes and dynamic_bytes
 *                    are then 0),
 *                    "tiles": [ {"name", "bytes", "ring_bytes"} ] } ] }
 *
 *   The numbers are 0 and "tiles" empty for a declined loop. utils/
 *   pipeline-report merges such files into one HTML page.
\*===----------------------------------------------------------------------===*/
#ifndef PL_REPORT_H
#define PL_REPORT_H

#include "candidate.h"
#include "options.h"
#include "plan_types.h"
#include "reasons.h"

/** One tile of a pipelined loop: bytes of the tile and of its ring. */
typedef struct pl_decision_tile {
  char *name; /**< owned */
  uint64_t bytes, ring_bytes;
} pl_decision_tile;

/** One loop's decision. Strings are owned by the decision. */
typedef struct pl_decision {
  LLVMValueRef function;
  char *file; /**< source file of the loop's start, "" when unknown */
  unsigned line, column;
  char *kernel; /**< demangled name of the function */
  char *mangled;
  char *arch; /**< "sm_90", or "unknown" */
  int pipelined;
  pl_reason reason;     /**< PL_OK when pipelined */
  char *message;        /**< the remark's text, without the context suffix */
  const char *lowering; /**< pl_plan_lowering_name() when pipelined, else "" */
  unsigned stages, copies, copy_bytes_min, copy_bytes_max;
  unsigned slots_cut; /**< pipelined: stages forced beyond the register
                           lowering's two slots (pl_plan.slots_cut), else 0 */
  uint64_t ring_bytes;
  uint64_t dynamic_bytes; /**< pipelined: the dynamic shared memory its rings
                               need at launch (pl_plan.dynamic_bytes), else 0;
                               0 too where dynamic_slots says it */
  unsigned dynamic_slots; /**< pipelined, with a footprint its arguments set
                               (pl_ring_layout.symbolic): this many slots share
                               the launch's dynamic shared memory, each 1/slots
                               of it rounded down to dynamic_align bytes; else 0 */
  unsigned dynamic_align;
  pl_decision_tile *tiles;
  size_t ntiles;
} pl_decision;

/** Every decision of one module, in the order taken. */
typedef struct pl_report {
  pl_decision *v;
  size_t n;
} pl_report;

/** Records a declined loop `loop` of `fn` for failure `f`. */
void pl_report_declined(pl_report *r, pl_host *host, LLVMValueRef fn, pl_loop_ref loop,
                        const pl_fail *f);
/** Records the pipelined candidate `c` under `plan`. Call before the
 * rewrite, while the loop's location is intact. */
void pl_report_pipelined(pl_report *r, pl_host *host, const pl_candidate *c, const pl_plan *plan);

/** Removes the last decision recorded (a pipelined loop whose rewrite was
 * rolled back, recorded again as declined). */
void pl_report_drop_last(pl_report *r);

/** Writes `r` for module `m` as a JSON file into directory `dir` (made
 * when missing, with its missing parents, as mkdir -p). Returns NULL on
 * success, else a malloc'ed message the caller frees: the directory, or a
 * part of its path, could not be made (naming that part and why), or the
 * file could not be written. Writes nothing when `r` is empty. */
char *pl_report_write(const pl_report *r, LLVMModuleRef m, const pl_options *opts, const char *dir);

/** Frees what `r` owns and zeroes it. */
void pl_report_free(pl_report *r);

/** Records, for function `fn`, a declined loop that no longer exists,
 * at source `file` (copied), `line` and `column`. */
void pl_report_declined_at(pl_report *r, LLVMValueRef fn, const char *file, unsigned line,
                           unsigned column, const pl_fail *f);

#endif /* PL_REPORT_H */
