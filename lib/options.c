/*===- lib/options.c - parse libpipeline arguments ----------------------===*/
#include "options.h"

#include <errno.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PL_ACCEPTED                                                                                \
  "accepted: stages=N (N from 2 to 8), disable, max-shared=BYTES, rdc, verify, "                   \
  "profitability=on|off, generic-tile-reads, help, only=REGEX, exclude=REGEX, report=DIR, "        \
  "lowering=auto|cp.async|registers, max-staged-regs=N (N from 1 to 255), copy-back, "             \
  "layout=auto|padded|unpadded, ptxas=PATH|off"

void pl_options_init(pl_options *opts) {
  opts->stages = 0;
  opts->disabled = 0;
  opts->max_shared = PL_DEFAULT_MAX_SHARED;
  opts->rdc = 0;
  opts->verify = 0;
  opts->test_invalid_ir = 0;
  opts->profitability = 1;
  opts->generic_tile_reads = 0;
  opts->help = 0;
  opts->only[0] = '\0';
  opts->exclude[0] = '\0';
  opts->report[0] = '\0';
  opts->lowering = PL_CHOOSE_AUTO;
  opts->max_staged_regs = PL_DEFAULT_MAX_STAGED_REGS;
  opts->copy_back = 0;
  opts->layout = PL_LAYOUT_AUTO;
  snprintf(opts->ptxas, sizeof opts->ptxas, "ptxas");
  opts->ptxas_named = 0;
  opts->registers = NULL;
}

/* Copies the regex `re` of argument `what` into `out` after checking that
 * regcomp accepts it; nonzero on success, else a message in `err`. */
static int set_regex(char *out, const char *what, const char *re, char *err, size_t errlen) {
  if (strlen(re) >= PL_OPTION_TEXT) {
    snprintf(err, errlen, "%s: the regular expression is longer than %u bytes", what,
             PL_OPTION_TEXT - 1);
    return 0;
  }
  regex_t rx;
  int rc = regcomp(&rx, re, REG_EXTENDED | REG_NOSUB);
  if (rc != 0) {
    char why[256];
    regerror(rc, &rx, why, sizeof why);
    snprintf(err, errlen, "%s: bad regular expression '%s': %s", what, re, why);
    return 0;
  }
  regfree(&rx);
  snprintf(out, PL_OPTION_TEXT, "%s", re);
  return 1;
}

int pl_options_regex_matches(const char *re, const char *name) {
  regex_t rx;
  if (regcomp(&rx, re, REG_EXTENDED | REG_NOSUB) != 0)
    return 0;
  int m = regexec(&rx, name, 0, NULL, 0) == 0;
  regfree(&rx);
  return m;
}

int pl_options_kernel_selected(const pl_options *opts, const char *name) {
  if (opts->only[0] && !pl_options_regex_matches(opts->only, name))
    return 0;
  if (opts->exclude[0] && pl_options_regex_matches(opts->exclude, name))
    return 0;
  return 1;
}

const char *pl_options_help(void) {
  return "libpipeline: arguments (-fplugin-arg-pipeline-<arg>; opt: "
         "-passes='cuda-pipeline<a;b>'):\n"
         "  stages=N          ring depth, 2 to 8, forced (default: the cost model chooses)\n"
         "  max-shared=BYTES  static shared-memory budget per kernel (default 49152; 32K = 32768)\n"
         "  disable           the pass does nothing\n"
         "  verify            a rewrite failing LLVM's verifier is an error, not a warning\n"
         "  rdc               relocatable device code (set by the plugin itself under -fgpu-rdc)\n"
         "  profitability=on|off  on (default): a cost model decides; off: every legal loop\n"
         "  generic-tile-reads  leave WMMA/ldmatrix reads of __shared__ tiles generic\n"
         "  only=REGEX        pipeline only kernels whose demangled name matches (POSIX ERE)\n"
         "  exclude=REGEX     leave alone kernels whose demangled name matches (POSIX ERE)\n"
         "  report=DIR        write one JSON decision report per TU and architecture into DIR\n"
         "  help              print this list; the compile continues\n"
         "  lowering=auto|cp.async|registers  auto (default): cp.async where it can, else "
         "registers\n"
         "  max-staged-regs=N most registers a thread stages for the register lowering (default "
         "32)\n"
         "  copy-back         a tile read after its loop gets the last slot copied back into it\n"
         "  layout=auto|padded|unpadded  ring rows: auto (default) pads where WMMA reads "
         "conflict\n"
         "  ptxas=PATH|off    the ptxas the cost model asks for the plain kernels' registers "
         "(default: ptxas on PATH); off: estimate them; a named one that fails: a warning\n"
         "  test-invalid-ir   for tests: break each pipelined function before it is verified\n"
         "libpipeline: kernel attributes (include/libpipeline.h):\n"
         "  __attribute__((annotate(\"pipeline\")))          PL_PIPELINE: error unless a loop of "
         "the "
         "kernel is pipelined\n"
         "  __attribute__((annotate(\"pipeline.stages=N\")))  PL_STAGES(N): ring depth for this "
         "kernel\n"
         "  __attribute__((annotate(\"pipeline.disable\")))  PL_NO_PIPELINE: leave this kernel "
         "alone\n"
         "libpipeline: pragmas:\n"
         "  #pragma clang loop pipeline(disable)  leave the next loop alone (DisabledByPragma)\n"
         "  #pragma unroll 1  keep a tile loop with a constant trip count rolled, so that it can "
         "be "
         "pipelined\n"
         "  #pragma unroll    fully unroll it, as without the plugin (FullyUnrolled)\n"
         "libpipeline: warnings are -Wbackend-plugin: -Wno-backend-plugin silences them\n";
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
  if (strcmp(arg, "test-invalid-ir") == 0) {
    opts->test_invalid_ir = 1;
    return 0;
  }
  if (strcmp(arg, "rdc") == 0) {
    opts->rdc = 1;
    return 0;
  }
  if (strcmp(arg, "profitability=off") == 0 || strcmp(arg, "profitability=on") == 0) {
    opts->profitability = arg[15] == 'n';
    return 0;
  }
  if (strncmp(arg, "profitability", 13) == 0) {
    snprintf(err, errlen, "profitability must be on or off");
    return -1;
  }
  if (strcmp(arg, "help") == 0) {
    opts->help = 1;
    return 0;
  }
  if (strncmp(arg, "only=", 5) == 0)
    return set_regex(opts->only, "only", arg + 5, err, errlen) ? 0 : -1;
  if (strncmp(arg, "exclude=", 8) == 0)
    return set_regex(opts->exclude, "exclude", arg + 8, err, errlen) ? 0 : -1;
  if (strncmp(arg, "report=", 7) == 0) {
    if (!arg[7] || strlen(arg + 7) >= PL_OPTION_PATH) {
      snprintf(err, errlen, "report needs a directory path shorter than %u bytes", PL_OPTION_PATH);
      return -1;
    }
    snprintf(opts->report, sizeof opts->report, "%s", arg + 7);
    return 0;
  }
  if (strncmp(arg, "ptxas=", 6) == 0) {
    if (!arg[6] || strlen(arg + 6) >= PL_OPTION_PATH) {
      snprintf(err, errlen,
               "ptxas needs 'off' or the path of ptxas (or a name on PATH) shorter than %u bytes",
               PL_OPTION_PATH);
      return -1;
    }
    snprintf(opts->ptxas, sizeof opts->ptxas, "%s", strcmp(arg + 6, "off") ? arg + 6 : "");
    opts->ptxas_named = opts->ptxas[0] != '\0';
    return 0;
  }
  if (strcmp(arg, "copy-back") == 0) {
    opts->copy_back = 1;
    return 0;
  }
  if (strcmp(arg, "generic-tile-reads") == 0) {
    opts->generic_tile_reads = 1;
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
               "max-shared must be a byte count from 1 to 49152 "
               "(a K suffix means KiB)");
      return -1;
    }
    if (v > PL_DEFAULT_MAX_SHARED) {
      snprintf(err, errlen,
               "max-shared=%llu is over 49152 (48 KiB): the rings are static "
               "__shared__ arrays, and ptxas rejects more than 48 KiB of static "
               "shared memory per kernel",
               v);
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
  if (strncmp(arg, "layout=", 7) == 0) {
    static const char *const names[] = {"auto", "padded", "unpadded"};
    for (unsigned k = 0; k < 3; ++k)
      if (strcmp(arg + 7, names[k]) == 0) {
        opts->layout = (pl_layout_choice)k;
        return 0;
      }
    snprintf(err, errlen, "layout must be auto, padded or unpadded");
    return -1;
  }
  snprintf(err, errlen, "unknown argument (" PL_ACCEPTED ")");
  return -1;
}

int pl_options_parse_list(pl_options *opts, const char *list, char sep, char *err, size_t errlen) {
  pl_options tmp = *opts;
  const char *p = list;
  char item[PL_OPTION_PATH + 16];
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
      char why[1024]; /* the accepted list is over 256 bytes */
      snprintf(why, sizeof why, "%s", err);
      snprintf(err, errlen, "'%s': %s", item, why);
      return -1;
    }
    p = q ? q + 1 : p + n;
  }
  *opts = tmp;
  return 0;
}
