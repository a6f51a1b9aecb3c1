/*===- lib/advice.c - warnings for builds where the pass cannot act ------===*/
#include "advice.h"

#include "reasons.h"

#include <stdlib.h>
#include <string.h>

size_t pl_edit_distance(const char *a, const char *b) {
  size_t n = strlen(a), m = strlen(b);
  size_t *row = malloc((m + 1) * sizeof *row);
  if (!row)
    return (size_t)-1;
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

char *pl_advice_plugin_name(const char *name, const char *arg) {
  if (strcmp(name, "pipeline") == 0)
    return NULL;
  if (pl_edit_distance(name, "pipeline") > 3 && !strstr(name, "pipe"))
    return NULL;
  return pl_strdupf("libpipeline: '-fplugin-arg-%s-%s' is ignored: no plugin '%s' is loaded; "
                    "libpipeline's arguments are '-fplugin-arg-pipeline-%s'",
                    name, arg, name, arg);
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
