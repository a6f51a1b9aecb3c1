/*===- lib/reasons.h - why a loop is declined ---------------------------===*\
 *
 * Errors are values: a reason code, the instruction it is about, a message
 * and an optional detail sentence. Each reason has one stable remark name
 * (the YAML record's Name:), taken with the enum from reasons.def, and the
 * message is emitted as "loop not pipelined: <message>" (lower case, no
 * trailing period, the fix named where there is one).
\*===----------------------------------------------------------------------===*/
#ifndef PL_REASONS_H
#define PL_REASONS_H

#include "alloc.h"

#include <llvm-c/Core.h>

typedef enum pl_reason {
  PL_OK = 0,
#define PL_REASON(e, name, what) PL_R_##e,
#include "reasons.def"
#undef PL_REASON
  PL_R_COUNT
} pl_reason;

/** A decline: reason, the instruction it is about (may be NULL), the
 * message and a detail sentence for the analysis remark (NULL when none).
 * Both strings are malloc'ed and owned: release with pl_fail_clear(). */
typedef struct pl_fail {
  pl_reason reason;
  LLVMValueRef inst;
  char *message; /**< lower case, no trailing period */
  char *detail;  /**< analysis remark text, or NULL */
} pl_fail;

/** Stable CamelCase remark name of `r` (e.g. "TileWritten"); "Pipelined"
 * for PL_OK, "Unknown" out of range. */
const char *pl_reason_name(pl_reason r);
/** One-line description of `r` from reasons.def ("" for PL_OK). */
const char *pl_reason_description(pl_reason r);

/** Records a decline in `f` (replacing any earlier one) and returns 0, so
 * that checks can `return pl_failf(...)`. `fmt` is the printf-style
 * message; the detail is cleared. */
int pl_failf(pl_fail *f, pl_reason r, LLVMValueRef inst, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/** Appends printf-style text to the detail of `f`. */
void pl_fail_detail(pl_fail *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/** Makes `dst` a copy of `src` (its strings duplicated), replacing what
 * `dst` held. */
void pl_fail_copy(pl_fail *dst, const pl_fail *src);

/** Frees the strings of `f` and resets it to PL_OK. */
void pl_fail_clear(pl_fail *f);

#endif /* PL_REASONS_H */
