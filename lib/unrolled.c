/*===- lib/unrolled.c - tile loops gone before the pass ----------------===*/
#include "unrolled.h"

#include "census.h"
#include "control.h"
#include "host_loops.h"
#include "remarks.h"

#include <llvm-c/DebugInfo.h>

#include <stdlib.h>
#include <string.h>

static const char records_name[] = "pl.tile.loops";

/* One record of !pl.tile.loops. */
typedef struct record {
  const char *function; /* points into the module's MDString */
  unsigned function_len;
  LLVMMetadataRef location; /* DILocation */
  unsigned trip;
  pl_unroll_pragma pragma;
  int pipeline_disabled;
} record;

/* The file name of DILocation `loc` (its scope's file), or "". */
static const char *location_file(LLVMMetadataRef loc, unsigned *len) {
  LLVMMetadataRef scope = LLVMDILocationGetScope(loc);
  LLVMMetadataRef file = scope ? LLVMDIScopeGetFile(scope) : NULL;
  const char *s = file ? LLVMDIFileGetFilename(file, len) : NULL;
  if (!s) {
    *len = 0;
    return "";
  }
  return s;
}

/* Nonzero when DILocations `a` and `b` name the same line, column and
 * file: one source loop, whatever it was inlined into. */
static int same_place(LLVMMetadataRef a, LLVMMetadataRef b) {
  if (a == b)
    return 1;
  if (!a || !b || LLVMDILocationGetLine(a) != LLVMDILocationGetLine(b) ||
      LLVMDILocationGetColumn(a) != LLVMDILocationGetColumn(b))
    return 0;
  unsigned la = 0, lb = 0;
  const char *fa = location_file(a, &la), *fb = location_file(b, &lb);
  return la == lb && memcmp(fa, fb, la) == 0;
}

/* The records of module `m`; the caller frees the array. */
static record *read_records(LLVMModuleRef m, size_t *n) {
  *n = LLVMGetNamedMetadataNumOperands(m, records_name);
  if (!*n)
    return NULL;
  LLVMValueRef *nodes = pl_xcalloc(*n, sizeof *nodes);
  record *v = pl_xcalloc(*n, sizeof *v);
  LLVMGetNamedMetadataOperands(m, records_name, nodes);
  size_t k = 0;
  for (size_t i = 0; i < *n; ++i) {
    LLVMValueRef ops[5] = {0};
    if (!nodes[i] || LLVMGetMDNodeNumOperands(nodes[i]) != 5)
      continue;
    LLVMGetMDNodeOperands(nodes[i], ops);
    record *r = &v[k];
    r->function = ops[0] ? LLVMGetMDString(ops[0], &r->function_len) : NULL;
    r->location = ops[1] ? LLVMValueAsMetadata(ops[1]) : NULL;
    if (!r->function || !r->location ||
        LLVMGetMetadataKind(r->location) != LLVMDILocationMetadataKind || !ops[2] ||
        !LLVMIsAConstantInt(ops[2]) || !ops[3] || !LLVMIsAConstantInt(ops[3]) || !ops[4] ||
        !LLVMIsAConstantInt(ops[4]))
      continue;
    r->trip = (unsigned)LLVMConstIntGetZExtValue(ops[2]);
    r->pragma = (pl_unroll_pragma)LLVMConstIntGetZExtValue(ops[3]);
    r->pipeline_disabled = LLVMConstIntGetZExtValue(ops[4]) != 0;
    ++k;
  }
  free(nodes);
  *n = k;
  return v;
}

static int names_function(const record *r, LLVMValueRef fn) {
  size_t len = 0;
  const char *name = LLVMGetValueName2(fn, &len);
  return name && len == r->function_len && memcmp(name, r->function, len) == 0;
}

int pl_note_tile_loop(pl_loop_ref loop, LLVMValueRef fn, unsigned trip) {
  if (!trip)
    return 0;
  pl_loop_census k = pl_loop_census_of(loop, fn);
  if (!k.barrier || !k.tile_copy)
    return 0;
  LLVMMetadataRef loc = pl_loop_start_location(loop);
  if (!loc)
    return 0;
  LLVMModuleRef m = LLVMGetGlobalParent(fn);
  size_t n = 0;
  record *v = read_records(m, &n);
  for (size_t i = 0; i < n; ++i)
    if (names_function(&v[i], fn) && same_place(v[i].location, loc)) {
      free(v);
      return 0;
    }
  free(v);
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMBasicBlockRef latch = pl_loop_latch(loop);
  LLVMValueRef term = latch ? LLVMGetBasicBlockTerminator(latch) : NULL;
  size_t len = 0;
  const char *name = LLVMGetValueName2(fn, &len);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMMetadataRef ops[5] = {
      LLVMMDStringInContext2(ctx, name ? name : "", name ? len : 0),
      loc,
      LLVMValueAsMetadata(LLVMConstInt(i32, trip, 0)),
      LLVMValueAsMetadata(LLVMConstInt(i32, (unsigned)pl_loop_unroll_pragma(term), 0)),
      LLVMValueAsMetadata(
          LLVMConstInt(LLVMInt1TypeInContext(ctx), pl_loop_pipeline_disabled(term) != 0, 0)),
  };
  LLVMMetadataRef node = LLVMMDNodeInContext2(ctx, ops, 5);
  LLVMAddNamedMetadataOperand(m, records_name, LLVMMetadataAsValue(ctx, node));
  return 1;
}

/* Nonzero when a loop of the function `host` analyses starts at the place
 * of `loc`. */
static int has_loop_at(pl_host *host, LLVMMetadataRef loc) {
  size_t n = pl_loops_preorder(host, NULL, 0);
  if (!n)
    return 0;
  pl_loop_ref *loops = pl_xcalloc(n, sizeof *loops);
  pl_loops_preorder(host, loops, n);
  int found = 0;
  for (size_t i = 0; i < n && !found; ++i)
    found = same_place(pl_loop_start_location(loops[i]), loc);
  free(loops);
  return found;
}

/* The decline of a recorded loop that is gone: the user's exclusion of the
 * kernel, the loop pragma, or the unroller. */
static void fail_for(const record *r, pl_reason skip, const char *skip_message, pl_fail *f) {
  if (skip != PL_OK)
    pl_failf(f, skip, NULL, "%s", skip_message);
  else if (r->pipeline_disabled)
    pl_failf(f, PL_R_DISABLED_BY_PRAGMA, NULL,
             "the loop is marked '#pragma clang loop pipeline(disable)'");
  else if (r->trip <= 1)
    /* One tile: no later tile to load while it is used, so no pragma
     * would help (a rolled one-trip loop would get NotProfitable). */
    pl_failf(f, PL_R_FULLY_UNROLLED, NULL,
             "the loop runs once (constant trip count %u) and was removed before the pass ran; "
             "with one tile there is no later tile to load while it is used, so there is "
             "nothing to pipeline",
             r->trip);
  else if (r->pragma == PL_UNROLL_FORCED)
    pl_failf(f, PL_R_FULLY_UNROLLED, NULL,
             "its '#pragma unroll' fully unrolled the loop (constant trip count %u) before the "
             "pass ran; remove the pragma, or write '#pragma unroll 1', to let it be pipelined",
             r->trip);
  else
    pl_failf(f, PL_R_FULLY_UNROLLED, NULL,
             "the loop was fully unrolled (constant trip count %u) before the pass ran; write "
             "'#pragma unroll 1' before it to keep it a loop that can be pipelined",
             r->trip);
}

/* Emits the remark of kind `kind` for record `r` in the function `host`
 * analyses and records the decision. */
static void emit(pl_host *host, const record *r, pl_remark_kind kind, pl_reason skip,
                 const char *skip_message, pl_report *report) {
  pl_fail f = {0};
  fail_for(r, skip, skip_message, &f);
  pl_remark_declined_at(host, r->location, &f, kind);
  if (report && kind == PL_REMARK_MISSED) {
    unsigned flen = 0;
    const char *file = location_file(r->location, &flen);
    LLVMMetadataRef scope = LLVMDILocationGetScope(r->location);
    LLVMMetadataRef difile = scope ? LLVMDIScopeGetFile(scope) : NULL;
    unsigned dlen = 0;
    const char *dir = difile ? LLVMDIFileGetDirectory(difile, &dlen) : NULL;
    char *path = flen && file[0] != '/' && dir && dlen
                     ? pl_strdupf("%.*s/%.*s", (int)dlen, dir, (int)flen, file)
                     : pl_strdupf("%.*s", (int)flen, file);
    pl_report_declined_at(report, pl_host_function(host), path, LLVMDILocationGetLine(r->location),
                          LLVMDILocationGetColumn(r->location), &f);
    free(path);
  }
  pl_fail_clear(&f);
}

unsigned pl_unrolled_remarks(pl_host *host, LLVMValueRef fn, const pl_options *opts, pl_reason skip,
                             const char *skip_message, pl_report *report) {
  if (!pl_is_kernel(fn) && !pl_function_may_be_called(fn, opts->rdc))
    return 0; /* pl_unrolled_orphans */
  size_t n = 0;
  record *v = read_records(LLVMGetGlobalParent(fn), &n);
  unsigned emitted = 0;
  for (size_t i = 0; i < n; ++i) {
    if (!names_function(&v[i], fn) || has_loop_at(host, v[i].location))
      continue;
    int dup = 0;
    for (size_t j = 0; j < i && !dup; ++j)
      dup = names_function(&v[j], fn) && same_place(v[j].location, v[i].location);
    if (dup)
      continue;
    emit(host, &v[i], PL_REMARK_MISSED, pl_is_kernel(fn) ? skip : PL_OK, skip_message, report);
    ++emitted;
  }
  free(v);
  return emitted;
}

/* Nonzero when the function `g` has a record of its own at the place of
 * `loc`, or a loop starting there. */
static int covered_in(pl_module_host *mh, LLVMValueRef g, const record *v, size_t n,
                      LLVMMetadataRef loc) {
  for (size_t j = 0; j < n; ++j)
    if (names_function(&v[j], g) && same_place(v[j].location, loc))
      return 1;
  return has_loop_at(pl_host_for_function(mh, g), loc);
}

unsigned pl_unrolled_orphans(pl_module_host *mh, LLVMModuleRef m, const pl_options *opts,
                             pl_report *report) {
  size_t n = 0;
  record *v = read_records(m, &n);
  unsigned emitted = 0;
  for (size_t i = 0; i < n; ++i) {
    LLVMValueRef own = NULL;
    for (LLVMValueRef g = LLVMGetFirstFunction(m); g && !own; g = LLVMGetNextFunction(g))
      if (!LLVMIsDeclaration(g) && names_function(&v[i], g))
        own = g;
    if (own && (pl_is_kernel(own) || pl_function_may_be_called(own, opts->rdc)))
      continue; /* pl_unrolled_remarks */
    int dup = 0;
    for (size_t j = 0; j < i && !dup; ++j)
      dup = same_place(v[j].location, v[i].location);
    if (dup)
      continue;
    unsigned here = 0;
    for (LLVMValueRef g = LLVMGetFirstFunction(m); g; g = LLVMGetNextFunction(g)) {
      if (LLVMIsDeclaration(g) || !pl_is_kernel(g) ||
          !pl_function_inlines_location(g, v[i].location))
        continue;
      ++here; /* a kernel holding the code: this remark, or its own loop's */
      if (!covered_in(mh, g, v, n, v[i].location)) {
        emit(pl_host_for_function(mh, g), &v[i], PL_REMARK_MISSED, PL_OK, NULL, report);
        ++emitted;
      }
    }
    if (!here && own) {
      emit(pl_host_for_function(mh, own), &v[i], PL_REMARK_ANALYSIS, PL_OK, NULL, report);
      ++emitted;
    }
  }
  free(v);
  pl_erase_named_metadata(m, records_name);
  return emitted;
}
