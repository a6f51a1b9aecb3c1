/*===- lib/reasons.h - why a loop is declined ---------------------------===*\
 *
 * Errors are values: a reason code, the instruction it is about and a
 * detail sentence. Each reason has one stable remark name (the YAML
 * record's Name:) and one lower-case message, emitted as
 * "loop not pipelined: <message>".
\*===----------------------------------------------------------------------===*/
#ifndef PL_REASONS_H
#define PL_REASONS_H

#include <llvm-c/Core.h>

typedef enum pl_reason {
  PL_OK = 0,
  PL_R_NOT_KERNEL,         /**< loop with a barrier outside a kernel */
  PL_R_TARGET,             /**< (g) target older than sm_80 */
  PL_R_NO_PREHEADER,       /**< loop shape: no preheader */
  PL_R_NO_LATCH,           /**< loop shape: several latches */
  PL_R_NOT_ROTATED,        /**< loop shape: exits elsewhere than latch */
  PL_R_NO_COPY,            /**< not a tile loop: no global->shared copy */
  PL_R_BARRIERS,           /**< not copy, barrier, compute, barrier */
  PL_R_BARRIER_DIVERGENT,  /**< (f) barrier under a condition */
  PL_R_COPY_IN_LOOP,       /**< copy stage contains an inner loop */
  PL_R_NOT_A_COPY,         /**< tile store of a value not loaded */
  PL_R_CONVERTED_COPY,     /**< the copy converts the value */
  PL_R_CONDITIONAL_COPY,   /**< copy skipped on some iterations */
  PL_R_TILE_WRITTEN,       /**< (a) tile written outside the copy stage */
  PL_R_TILE_READ_EARLY,    /**< (a) tile read before the first barrier */
  PL_R_TILE_ESCAPES,       /**< (a) tile address escapes our view */
  PL_R_TILE_OUTSIDE_LOOP,  /**< (a) tile used outside the loop */
  PL_R_SOURCE_NOT_GLOBAL,  /**< cp.async source not provably global */
  PL_R_SOURCE_WRITTEN,     /**< (b) loop may write the copied memory */
  PL_R_UNORDERED,          /**< an access left unordered without barrier 2 */
  PL_R_DEST_VARIES,        /**< a copy's destination changes per iteration */
  PL_R_OVERLAP,            /**< two copies may write the same bytes */
  PL_R_ADDRESS_NOT_AFFINE, /**< (c) address not recomputable */
  PL_R_NO_TRIP_COUNT,      /**< trip count not computable at entry */
  PL_R_COPY_SIZE,          /**< (d) copy not 4, 8 or 16 bytes */
  PL_R_COPY_ALIGN,         /**< (d) copy end not provably aligned */
  PL_R_BUDGET,             /**< (e) fewer than 2 stages fit */
  PL_R_COUNT
} pl_reason;

/** A decline: reason, the instruction it is about (may be NULL) and a
 * detail sentence for the analysis remark. */
typedef struct pl_fail {
  pl_reason reason;
  LLVMValueRef inst;
  char message[256]; /**< lower case, no trailing period */
  char detail[512];  /**< analysis remark text, may be empty */
} pl_fail;

/** Stable CamelCase remark name of `r` (e.g. "TileWritten"). */
const char *pl_reason_name(pl_reason r);

/** Records a decline in `f` and returns 0 (so checks can `return
 * pl_failf(...)`). `fmt` is the printf-style message; the detail is left
 * empty. */
int pl_failf(pl_fail *f, pl_reason r, LLVMValueRef inst, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/** Appends printf-style text to the detail of `f`. */
void pl_fail_detail(pl_fail *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif /* PL_REASONS_H */
