/*===- lib/advice.c - warnings for builds where the pass cannot act ------===*/
#include "advice.h"

#include "reasons.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t pl_edit_distance(const char *a, const char *b) {
  size_t n = strlen(a), m = strlen(b);
  size_t *row = pl_xcalloc(m + 1, sizeof *row);
  for (size_t j = 0; j <= m; ++j)
    row[j] = j;
  for (size_t i = 1; i <= n; ++i) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= m; ++j) {
      size_t up = row[j];
      size_t best = diag + (a[i - 1] != b[j - 1]);
      if (up + 1 < best)
        best = up + 1;
      if (row[j - 1] + 1 < best)
        best = row[j - 1] + 1;
      row[j] = best;
      diag = up;
    }
  }
  size_t d = row[m];
  free(row);
  return d;
}

char *pl_advice_opt_level(unsigned opt_level, const char *arch) {
  if (opt_level > 0)
    return NULL;
  return pl_strdupf("libpipeline: no loop is pipelined%s%s: the device side is compiled without "
                    "optimization (-O0, clang's default when no -O is given); add -O2 or -O3",
                    arch ? " for " : "", arch ? arch : "");
}

char *pl_advice_filter_unmatched(const char *which, const char *re, const char *arch, size_t n,
                                 char *const *names) {
  enum { SHOWN = 3 };
  if (!n)
    return NULL;
  char *list = pl_strdupf("%s", "");
  for (size_t i = 0; i < n && i < SHOWN; ++i) {
    char *more = pl_strdupf("%s%s'%s'", list, i ? ", " : "", names[i]);
    free(list);
    list = more;
  }
  char rest[48] = "";
  if (n > SHOWN)
    snprintf(rest, sizeof rest, " (and %zu more)", n - SHOWN);
  int only = strcmp(which, "only") == 0;
  char *msg =
      pl_strdupf("libpipeline: for %s, %s='%s' matches none of the %zu kernel%s: %s%s; %s", arch,
                 which, re, n, n == 1 ? "" : "s", list, rest,
                 only ? "every kernel is left out (ExcludedByFilter)" : "no kernel is left out");
  free(list);
  return msg;
}

char *pl_advice_slots_cut(size_t loops, unsigned most, const char *arch) {
  if (!loops)
    return NULL;
  return pl_strdupf("libpipeline: for %s, %zu loop%s forced to %s%u stages %s pipelined with 2: "
                    "a loop with copies staged through registers (the register lowering) has 2 "
                    "slots; -Rpass=cuda-pipeline names %s",
                    arch, loops, loops == 1 ? "" : "s", loops == 1 ? "" : "up to ", most,
                    loops == 1 ? "is" : "are", loops == 1 ? "it" : "them");
}

/* Whether the `len` bytes at `s` look like a misspelling of "pipeline":
 * within edit distance 3, or containing "pipe". */
static int close_to_pipeline(const char *s, size_t len) {
  char buf[256];
  if (len >= sizeof buf)
    return 0;
  memcpy(buf, s, len);
  buf[len] = '\0';
  if (strcmp(buf, "pipeline") == 0)
    return 0;
  return pl_edit_distance(buf, "pipeline") <= 3 || strstr(buf, "pipe") != NULL;
}

char *pl_advice_plugin_name(const char *name, const char *arg) {
  if (strcmp(name, "pipeline") == 0)
    return NULL;
  /* clang takes the plugin name up to the first '-': in
   * -fplugin-arg-cuda-pipeline-stages=4 it is 'cuda'. The name the user
   * meant may run on into the argument: try each '-' as its end. */
  char *full = pl_strdupf("%s-%s", name, arg);
  char *msg = NULL;
  for (char *end = full + strlen(name); end && !msg; end = strchr(end + 1, '-')) {
    if (!end[0] || !end[1] || !close_to_pipeline(full, (size_t)(end - full)))
      continue;
    msg = pl_strdupf("libpipeline: '-fplugin-arg-%s' is ignored: no plugin '%s' is loaded; "
                     "libpipeline's arguments are '-fplugin-arg-pipeline-%s'",
                     full, name, end + 1);
  }
  free(full);
  return msg;
}

int pl_args_name_pipeline(int argc, char *const *argv) {
  for (int i = 0; i < argc; ++i)
    if (strncmp(argv[i], "-fplugin-arg-pipeline-", 22) == 0 ||
        strcmp(argv[i], "-plugin-arg-pipeline") == 0)
      return 1;
  return 0;
}

char *pl_advice_args_without_plugin(int argc, char *const *argv) {
  if (!pl_args_name_pipeline(argc, argv))
    return NULL;
  return pl_strdupf("libpipeline: the -fplugin-arg-pipeline-* arguments are ignored: the pass "
                    "was loaded with -fpass-plugin only, which runs it with default options; "
                    "load it with -fplugin=libpipeline.so");
}

/* The file name part of `path`. */
static const char *base_name(const char *path) {
  const char *s = strrchr(path, '/');
  return s ? s + 1 : path;
}

char *pl_advice_opt_library_in_clang(int argc, char *const *argv, const char *self) {
  const char *me = base_name(self);
  int loaded = 0;
  for (int i = 0; i < argc; ++i) {
    if (strcmp(argv[i], "-Wno-backend-plugin") == 0)
      return NULL;
    const char *p = NULL;
    if (strncmp(argv[i], "-fplugin=", 9) == 0)
      p = argv[i] + 9;
    else if (strcmp(argv[i], "-load") == 0 && i + 1 < argc)
      p = argv[i + 1];
    if (p && strcmp(base_name(p), me) == 0)
      loaded = 1;
  }
  if (!loaded)
    return NULL;
  return pl_strdupf("libpipeline: %s is the opt library and does nothing under -fplugin=; "
                    "use -fplugin=libpipeline.so (in the same directory) with clang "
                    "[-Wbackend-plugin]",
                    me);
}

int pl_job_from_cc1_args(int argc, char *const *argv, pl_job *job) {
  memset(job, 0, sizeof *job);
  if (argc < 2 || strcmp(argv[1], "-cc1") != 0)
    return 0;
  for (int i = 2; i < argc; ++i) {
    const char *next = i + 1 < argc ? argv[i + 1] : "";
    if (strcmp(argv[i], "-fcuda-is-device") == 0)
      job->cuda = job->device = 1;
    else if (strcmp(argv[i], "-E") == 0)
      job->preprocess_only = 1;
    else if (strcmp(argv[i], "-disable-llvm-passes") == 0)
      job->passes_disabled = 1;
    else if (strcmp(argv[i], "-x") == 0 && strcmp(next, "ir") == 0)
      job->ir_input = 1;
    else if (strcmp(argv[i], "-aux-triple") == 0 && strncmp(next, "nvptx", 5) == 0)
      job->cuda = 1;
    else if (strcmp(argv[i], "-x") == 0 && strncmp(next, "cuda", 4) == 0)
      job->cuda = 1;
    else if (strcmp(argv[i], "-target-cpu") == 0 && strlen(next) < sizeof job->arch)
      memcpy(job->arch, next, strlen(next) + 1);
  }
  if (!job->device)
    job->arch[0] = '\0';
  return 1;
}

/* The value of `arg` after the option `opt` (a `--name=`), or NULL. */
static const char *option_value(const char *arg, const char *opt) {
  size_t n = strlen(opt);
  return strncmp(arg, opt, n) == 0 ? arg + n : NULL;
}

/* Whether the comma-separated `list` holds `item`. */
static int list_has(const char *list, const char *item) {
  size_t n = strlen(item);
  for (const char *p = list; p;) {
    const char *comma = strchr(p, ',');
    size_t len = comma ? (size_t)(comma - p) : strlen(p);
    if (len == n && strncmp(p, item, n) == 0)
      return 1;
    p = comma ? comma + 1 : NULL;
  }
  return 0;
}

/* Whether the driver's arguments leave the architecture `arch` (`len`
 * bytes of a list item) asked for: named by a --cuda-gpu-arch= or
 * --offload-arch= and not removed by a later --no-... option. */
static int arch_asked(int argc, char *const *argv, const char *arch, size_t len) {
  char name[64];
  if (len >= sizeof name)
    return 0;
  memcpy(name, arch, len);
  name[len] = '\0';
  int asked = 0;
  for (int i = 1; i < argc; ++i) {
    const char *v;
    if ((v = option_value(argv[i], "--cuda-gpu-arch=")) ||
        (v = option_value(argv[i], "--offload-arch=")))
      asked |= list_has(v, name);
    else if ((v = option_value(argv[i], "--no-cuda-gpu-arch=")) ||
             (v = option_value(argv[i], "--no-offload-arch=")))
      if (list_has(v, name) || list_has(v, "all"))
        asked = 0;
  }
  return asked;
}

int pl_job_speaks(const pl_job *job, pl_said_in where, int argc, char *const *driver_argv) {
  if (job->preprocess_only || (where == PL_SAID_BY_PASS && job->passes_disabled))
    return 0;
  if (argc == 0)
    return 1;
  if (where == PL_SAID_AT_PARSE && job->ir_input)
    for (int i = 1; i < argc; ++i)
      if (strncmp(driver_argv[i], "-save-temps", 11) == 0)
        return 0;
  if (!job->device) {
    if (!job->cuda)
      return 1;
    for (int i = 1; i < argc; ++i)
      if (strcmp(driver_argv[i], "--cuda-host-only") == 0 ||
          strcmp(driver_argv[i], "--offload-host-only") == 0)
        return 1;
    return 0;
  }
  if (!job->arch[0] || !arch_asked(argc, driver_argv, job->arch, strlen(job->arch)))
    return 1;
  /* the first, in strcmp order, of the architectures asked for */
  for (int i = 1; i < argc; ++i) {
    const char *v;
    if (!(v = option_value(driver_argv[i], "--cuda-gpu-arch=")) &&
        !(v = option_value(driver_argv[i], "--offload-arch=")))
      continue;
    for (const char *p = v; p;) {
      const char *comma = strchr(p, ',');
      size_t len = comma ? (size_t)(comma - p) : strlen(p);
      int before = strncmp(p, job->arch, len) < 0 ||
                   (strncmp(p, job->arch, len) == 0 && len < strlen(job->arch));
      if (before && arch_asked(argc, driver_argv, p, len))
        return 0;
      p = comma ? comma + 1 : NULL;
    }
  }
  return 1;
}
