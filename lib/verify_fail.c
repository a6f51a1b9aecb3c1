/*===- lib/verify_fail.c - a change that failed LLVM's verifier -----------===*/
#include "verify_fail.h"

#include "host_diag.h"
#include "host_loops.h"
#include "ir.h"

#include <stdlib.h>
#include <string.h>

void pl_break_for_test(LLVMValueRef fn) {
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(LLVMGetGlobalParent(fn)));
  LLVMPositionBuilderBefore(b, LLVMGetFirstInstruction(entry));
  LLVMTypeRef i32 = LLVMInt32TypeInContext(LLVMGetModuleContext(LLVMGetGlobalParent(fn)));
  LLVMValueRef x = LLVMBuildFreeze(b, LLVMGetPoison(i32), "pl.broken");
  LLVMSetOperand(x, 0, x);
  LLVMDisposeBuilder(b);
}

/* The first line of the verifier's message. */
static char *first_line(const char *text) {
  size_t n = strcspn(text, "\n");
  return pl_strdupf("%.*s", (int)n, text);
}

/* Says `msg` as a warning, or an error under opts->verify. */
static void say(LLVMValueRef fn, const pl_options *opts, const char *msg) {
  if (opts->verify)
    pl_report_error(fn, msg);
  else
    pl_report_warning(LLVMGetGlobalParent(fn), msg);
}

void pl_internal_error(LLVMValueRef fn, const pl_options *opts, pl_loop_ref loop, const char *why,
                       pl_fail *f) {
  char *check = first_line(why);
  pl_failf(f, PL_R_INTERNAL_ERROR, NULL,
           "internal error: the pipelined code failed LLVM's verifier (%s), so the loop was "
           "left as written; please report this as a libpipeline bug, with the source file "
           "and the compile command",
           check);
  unsigned line = 0, col = 0;
  char *file = loop ? pl_loop_source(loop, &line, &col) : NULL;
  const char *base = file ? strrchr(file, '/') : NULL;
  size_t len = 0;
  const char *mangled = LLVMGetValueName2(fn, &len);
  char *name = pl_demangle(mangled ? mangled : "");
  char arch[32];
  pl_target_sm(fn, arch, sizeof arch);
  char *where = file ? pl_strdupf(" at %s:%u", base ? base + 1 : file, line) : pl_strdupf("%s", "");
  char *msg = pl_strdupf("libpipeline: internal error in kernel '%s'%s (%s): the pipelined code "
                         "failed LLVM's verifier (%s); the loop was left as written%s; please "
                         "report this as a libpipeline bug, with the source file and the "
                         "compile command",
                         name ? name : "", where, arch, check,
                         opts->verify ? "" : " and the build goes on");
  say(fn, opts, msg);
  free(msg);
  free(where);
  free(name);
  free(file);
  free(check);
}

void pl_internal_error_shared_space(LLVMValueRef fn, const pl_options *opts, const char *why) {
  char *check = first_line(why);
  size_t len = 0;
  const char *mangled = LLVMGetValueName2(fn, &len);
  char *name = pl_demangle(mangled ? mangled : "");
  char arch[32];
  pl_target_sm(fn, arch, sizeof arch);
  char *msg =
      pl_strdupf("libpipeline: internal error in kernel '%s' (%s): its matrix loads "
                 "and stores of __shared__ tiles, moved to the shared state space, "
                 "failed LLVM's verifier (%s); they were left as written%s; please "
                 "report this as a libpipeline bug, with the source file and the "
                 "compile command",
                 name ? name : "", arch, check, opts->verify ? "" : " and the build goes on");
  say(fn, opts, msg);
  free(msg);
  free(name);
  free(check);
}
