/*===- lib/control.c - what the user asked for, per kernel and per loop --===*/
#include "control.h"

#include "advice.h"
#include "alloc.h"
#include "host_diag.h"
#include "nvvm.h"
#include "options.h"
#include "reasons.h"
#include "report.h"

#include <stdlib.h>
#include <string.h>

/* The bytes of the C string a global variable `g` holds (annotation
 * strings are private constants of [N x i8] with the NUL), or NULL. */
static const char *global_string(LLVMValueRef g, size_t *len) {
  if (!g || !LLVMIsAGlobalVariable(g))
    return NULL;
  LLVMValueRef init = LLVMGetInitializer(g);
  if (!init || !LLVMIsAConstantDataSequential(init) || !LLVMIsConstantString(init))
    return NULL;
  const char *s = LLVMGetAsString(init, len);
  while (*len && s[*len - 1] == '\0')
    --*len;
  return s;
}

/* Strips pointer casts of constant expressions (typed-pointer IR). */
static LLVMValueRef strip_casts(LLVMValueRef v) {
  while (v && LLVMIsAConstantExpr(v) &&
         (LLVMGetConstOpcode(v) == LLVMBitCast || LLVMGetConstOpcode(v) == LLVMAddrSpaceCast))
    v = LLVMGetOperand(v, 0);
  return v;
}

/* Applies one annotation string `s` (`len` bytes) to `marks`; NULL or an
 * error message. */
static char *apply_mark(const char *s, size_t len, const char *kernel, pl_kernel_marks *marks) {
  if (len < 8 || strncmp(s, "pipeline", 8) != 0 || (len > 8 && s[8] != '.'))
    return NULL;
  if (len == 8) {
    marks->assert_pipelined = 1;
    return NULL;
  }
  if (len == 16 && strncmp(s, "pipeline.disable", 16) == 0) {
    marks->disabled = 1;
    return NULL;
  }
  if (len > 16 && strncmp(s, "pipeline.stages=", 16) == 0) {
    unsigned v = 0;
    size_t i = 16;
    for (; i < len && s[i] >= '0' && s[i] <= '9' && v < 100; ++i)
      v = v * 10 + (unsigned)(s[i] - '0');
    if (i == len && v >= PL_MIN_STAGES && v <= PL_MAX_STAGES) {
      marks->stages = v;
      return NULL;
    }
    return pl_strdupf("libpipeline: kernel '%s': annotate(\"%.*s\"): stages must be an "
                      "integer from 2 to 8",
                      kernel, (int)len, s);
  }
  return pl_strdupf("libpipeline: kernel '%s': unknown annotation \"%.*s\" (accepted: "
                    "\"pipeline\", \"pipeline.stages=N\", \"pipeline.disable\")",
                    kernel, (int)len, s);
}

char *pl_kernel_marks_read(LLVMValueRef fn, const char *kernel, pl_kernel_marks *marks) {
  memset(marks, 0, sizeof *marks);
  LLVMModuleRef m = LLVMGetGlobalParent(fn);
  LLVMValueRef ga = LLVMGetNamedGlobal(m, "llvm.global.annotations");
  LLVMValueRef arr = ga ? LLVMGetInitializer(ga) : NULL;
  if (!arr || !LLVMIsAConstantArray(arr))
    return NULL;
  int n = LLVMGetNumOperands(arr);
  for (int i = 0; i < n; ++i) {
    LLVMValueRef e = LLVMGetOperand(arr, (unsigned)i);
    if (!e || LLVMGetNumOperands(e) < 2 || strip_casts(LLVMGetOperand(e, 0)) != fn)
      continue;
    size_t len = 0;
    const char *s = global_string(strip_casts(LLVMGetOperand(e, 1)), &len);
    if (!s)
      continue;
    char *err = apply_mark(s, len, kernel, marks);
    if (err)
      return err;
  }
  return NULL;
}

/* The kind of !llvm.loop in the context of instruction `inst`. */
static unsigned loop_md_kind(LLVMValueRef inst) {
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(inst));
  return LLVMGetMDKindIDInContext(ctx, "llvm.loop", 9);
}

int pl_loop_pipeline_disabled(LLVMValueRef latch_term) {
  if (!latch_term)
    return 0;
  LLVMValueRef id = LLVMGetMetadata(latch_term, loop_md_kind(latch_term));
  if (!id)
    return 0;
  unsigned n = LLVMGetMDNodeNumOperands(id);
  LLVMValueRef *ops = pl_xcalloc(n, sizeof *ops);
  LLVMGetMDNodeOperands(id, ops);
  int disabled = 0;
  for (unsigned i = 1; i < n && !disabled; ++i) {
    if (!ops[i] || !LLVMIsAMDNode(ops[i]) || LLVMGetMDNodeNumOperands(ops[i]) < 1)
      continue;
    unsigned k = LLVMGetMDNodeNumOperands(ops[i]);
    LLVMValueRef sub[2] = {0};
    if (k > 2)
      continue;
    LLVMGetMDNodeOperands(ops[i], sub);
    unsigned len = 0;
    const char *s = sub[0] ? LLVMGetMDString(sub[0], &len) : NULL;
    if (!s || len != 26 || strncmp(s, "llvm.loop.pipeline.disable", 26) != 0)
      continue;
    /* Clang writes i1 true; a missing operand means set as well. */
    disabled =
        k < 2 || !sub[1] || !LLVMIsAConstantInt(sub[1]) || LLVMConstIntGetZExtValue(sub[1]) != 0;
  }
  free(ops);
  return disabled;
}

pl_unroll_pragma pl_loop_unroll_pragma(LLVMValueRef latch_term) {
  LLVMValueRef id = latch_term ? LLVMGetMetadata(latch_term, loop_md_kind(latch_term)) : NULL;
  if (!id)
    return PL_UNROLL_NONE;
  unsigned n = LLVMGetMDNodeNumOperands(id);
  LLVMValueRef *ops = pl_xcalloc(n, sizeof *ops);
  LLVMGetMDNodeOperands(id, ops);
  pl_unroll_pragma p = PL_UNROLL_NONE;
  for (unsigned i = 1; i < n; ++i) {
    if (!ops[i] || !LLVMIsAMDNode(ops[i]))
      continue;
    unsigned k = LLVMGetMDNodeNumOperands(ops[i]);
    if (k < 1 || k > 2)
      continue;
    LLVMValueRef sub[2] = {0};
    LLVMGetMDNodeOperands(ops[i], sub);
    unsigned len = 0;
    const char *s = sub[0] ? LLVMGetMDString(sub[0], &len) : NULL;
    if (!s)
      continue;
    if ((len == 23 && strncmp(s, "llvm.loop.unroll.enable", 23) == 0) ||
        (len == 21 && strncmp(s, "llvm.loop.unroll.full", 21) == 0))
      p = PL_UNROLL_FORCED;
    else if (len == 24 && strncmp(s, "llvm.loop.unroll.disable", 24) == 0)
      p = PL_UNROLL_DISABLED;
    else if (len == 22 && strncmp(s, "llvm.loop.unroll.count", 22) == 0 && k == 2 && sub[1] &&
             LLVMIsAConstantInt(sub[1]))
      p = LLVMConstIntGetZExtValue(sub[1]) > 1 ? PL_UNROLL_FORCED : PL_UNROLL_DISABLED;
  }
  free(ops);
  return p;
}

void pl_check_filters(LLVMModuleRef m, const pl_options *opts, const char *arch) {
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

/* The kernel assertion (annotate("pipeline")): an error naming the kernel
 * and each of its loops' reasons unless one of them, recorded in `report`
 * from index `first` on, was pipelined. */
void pl_check_assertion(LLVMValueRef fn, const char *name, const pl_report *report, size_t first) {
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
void pl_check_unexamined(LLVMValueRef fn, const char *why) {
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
