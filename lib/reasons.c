/*===- lib/reasons.c - reason names and the failure helper --------------===*/
#include "reasons.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const names[PL_R_COUNT] = {
    [PL_OK] = "Pipelined",
#define PL_REASON(e, name, what) [PL_R_##e] = name,
#include "reasons.def"
#undef PL_REASON
};

static const char *const descriptions[PL_R_COUNT] = {
    [PL_OK] = "",
#define PL_REASON(e, name, what) [PL_R_##e] = what,
#include "reasons.def"
#undef PL_REASON
};

const char *pl_reason_name(pl_reason r) { return (unsigned)r < PL_R_COUNT ? names[r] : "Unknown"; }

const char *pl_reason_description(pl_reason r) {
  return (unsigned)r < PL_R_COUNT ? descriptions[r] : "";
}

void pl_fail_copy(pl_fail *dst, const pl_fail *src) {
  pl_fail_clear(dst);
  dst->reason = src->reason;
  dst->inst = src->inst;
  dst->message = src->message ? pl_strdupf("%s", src->message) : NULL;
  dst->detail = src->detail ? pl_strdupf("%s", src->detail) : NULL;
}

void pl_fail_clear(pl_fail *f) {
  free(f->message);
  free(f->detail);
  memset(f, 0, sizeof *f);
}

int pl_failf(pl_fail *f, pl_reason r, LLVMValueRef inst, const char *fmt, ...) {
  pl_fail_clear(f);
  f->reason = r;
  f->inst = inst;
  va_list ap;
  va_start(ap, fmt);
  f->message = pl_vstrdupf(fmt, ap);
  va_end(ap);
  return 0;
}

void pl_fail_detail(pl_fail *f, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *more = pl_vstrdupf(fmt, ap);
  va_end(ap);
  if (!f->detail) {
    f->detail = more;
    return;
  }
  char *both = pl_strdupf("%s%s", f->detail, more);
  free(f->detail);
  free(more);
  f->detail = both;
}
