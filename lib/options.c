/*===- lib/options.c - parse libpipeline arguments ----------------------===*/
#include "options.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PL_ACCEPTED                                                                                \
  "accepted: stages=N (N from 2 to 8), disable, max-shared=BYTES, rdc, verify, "                   \
  "lowering=auto|cp.async|registers, max-staged-regs=N (N from 1 to 255)"

void pl_options_init(pl_options *opts) {
  opts->stages = 0;
  opts->disabled = 0;
  opts->max_shared = PL_DEFAULT_MAX_SHARED;
  opts->rdc = 0;
  opts->verify = 0;
  opts->lowering = PL_CHOOSE_AUTO;
  opts->max_staged_regs = PL_DEFAULT_MAX_STAGED_REGS;
}

/* Parses a whole decimal number; nonzero on success. */
static int parse_u64(const char *s, unsigned long long *out) {
  if (*s < '0' || *s > '9')
    return 0;
  errno = 0;
  char *end = NULL;
  unsigned long long v = strtoull(s, &end, 10);
  if (errno != 0)
    return 0;
  if (*end == 'K' || *end == 'k') {
    if (v > (1ull << 22))
      return 0;
    v *= 1024u;
    ++end;
  }
  if (*end != '\0')
    return 0;
  *out = v;
  return 1;
}

int pl_options_parse_one(pl_options *opts, const char *arg, char *err, size_t errlen) {
  unsigned long long v = 0;
  if (strcmp(arg, "disable") == 0) {
    opts->disabled = 1;
    return 0;
  }
  if (strcmp(arg, "verify") == 0) {
    opts->verify = 1;
    return 0;
  }
  if (strcmp(arg, "rdc") == 0) {
    opts->rdc = 1;
    return 0;
  }
  if (strncmp(arg, "stages=", 7) == 0) {
    if (!parse_u64(arg + 7, &v) || v < PL_MIN_STAGES || v > PL_MAX_STAGES) {
      snprintf(err, errlen, "stages must be an integer from 2 to 8");
      return -1;
    }
    opts->stages = (unsigned)v;
    return 0;
  }
  if (strncmp(arg, "max-shared=", 11) == 0) {
    if (!parse_u64(arg + 11, &v) || v == 0 || v > 0xffffffffull) {
      snprintf(err, errlen,
               "max-shared must be a byte count from 1 to 4294967295 "
               "(a K suffix means KiB)");
      return -1;
    }
    opts->max_shared = v;
    return 0;
  }
  if (strncmp(arg, "lowering=", 9) == 0) {
    static const char *const names[] = {"auto", "cp.async", "registers"};
    for (unsigned k = 0; k < 3; ++k)
      if (strcmp(arg + 9, names[k]) == 0) {
        opts->lowering = (pl_lowering_choice)k;
        return 0;
      }
    snprintf(err, errlen, "lowering must be auto, cp.async or registers");
    return -1;
  }
  if (strncmp(arg, "max-staged-regs=", 16) == 0) {
    if (!parse_u64(arg + 16, &v) || v == 0 || v > 255) {
      snprintf(err, errlen, "max-staged-regs must be an integer from 1 to 255");
      return -1;
    }
    opts->max_staged_regs = (unsigned)v;
    return 0;
  }
  snprintf(err, errlen, "unknown argument (" PL_ACCEPTED ")");
  return -1;
}

int pl_options_parse_list(pl_options *opts, const char *list, char sep, char *err, size_t errlen) {
  pl_options tmp = *opts;
  const char *p = list;
  char item[256];
  while (*p) {
    const char *q = strchr(p, sep);
    size_t n = q ? (size_t)(q - p) : strlen(p);
    if (n >= sizeof item) {
      snprintf(err, errlen, "argument too long: '%.40s...' (" PL_ACCEPTED ")", p);
      return -1;
    }
    memcpy(item, p, n);
    item[n] = '\0';
    if (n > 0 && pl_options_parse_one(&tmp, item, err, errlen) != 0) {
      char why[256];
      snprintf(why, sizeof why, "%s", err);
      snprintf(err, errlen, "'%s': %s", item, why);
      return -1;
    }
    p = q ? q + 1 : p + n;
  }
  *opts = tmp;
  return 0;
}
