/*===- lib/options.c - parse libpipeline arguments ----------------------===*\
 *
 * Every argument is an entry of options.def. Its kind picks the function
 * that parses its value (parse_* below); the entry, expanded here, gives
 * the defaults, a table for the parser, the list of accepted arguments that
 * errors print, and the help text.
\*===----------------------------------------------------------------------===*/
#define _POSIX_C_SOURCE 200809L
#include "options.h"

#include <errno.h>
#include <pthread.h>
#include <regex.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The LISTED column of options.def: an argument's place in the list of
 * accepted ones, or 0 for one left out of it. */
#define PL_LISTED(n) (n)
#define PL_TEST_ONLY 0

/* How an argument is written and parsed (options.def describes each). */
typedef enum pl_option_kind {
  PL_KIND_FLAG,
  PL_KIND_SWITCH,
  PL_KIND_UNSIGNED,
  PL_KIND_BYTES,
  PL_KIND_WORDS,
  PL_KIND_REGEX,
  PL_KIND_PATH,
  PL_KIND_PATH_OR_OFF,
  PL_KIND_COUNT
} pl_option_kind;

/* A parsed value, before it is stored: a number, or text that outlives the
 * call (a part of the argument, or a literal). */
typedef struct pl_value {
  unsigned long long n;
  const char *text;
} pl_value;

/* How each kind stores a value into the entry's field `f` of `o`, and its
 * default (PL_INIT_*): numbers by assignment, text by copy. */
#define PL_STORE_NUMBER(o, f, v) ((o)->f = (v)->n)
#define PL_STORE_TEXT(o, f, v, size)                                                               \
  do {                                                                                             \
    _Static_assert(sizeof(o)->f == (size), "options.def: " #f " has the wrong size");              \
    snprintf((o)->f, sizeof(o)->f, "%s", (v)->text);                                               \
  } while (0)
#define PL_STORE_FLAG(o, f, v) PL_STORE_NUMBER(o, f, v)
#define PL_STORE_SWITCH(o, f, v) PL_STORE_NUMBER(o, f, v)
#define PL_STORE_UNSIGNED(o, f, v) PL_STORE_NUMBER(o, f, v)
#define PL_STORE_BYTES(o, f, v) PL_STORE_NUMBER(o, f, v)
#define PL_STORE_WORDS(o, f, v) PL_STORE_NUMBER(o, f, v)
#define PL_STORE_REGEX(o, f, v) PL_STORE_TEXT(o, f, v, PL_OPTION_TEXT)
#define PL_STORE_PATH(o, f, v) PL_STORE_TEXT(o, f, v, PL_OPTION_PATH)
#define PL_STORE_PATH_OR_OFF(o, f, v)                                                              \
  do {                                                                                             \
    PL_STORE_TEXT(o, f, v, PL_OPTION_PATH);                                                        \
    (o)->f##_named = (o)->f[0] != '\0';                                                            \
  } while (0)

#define PL_INIT_NUMBER(o, f, d) ((o)->f = (d))
#define PL_INIT_TEXT(o, f, d) snprintf((o)->f, sizeof(o)->f, "%s", (d))
#define PL_INIT_FLAG(o, f, d) PL_INIT_NUMBER(o, f, d)
#define PL_INIT_SWITCH(o, f, d) PL_INIT_NUMBER(o, f, d)
#define PL_INIT_UNSIGNED(o, f, d) PL_INIT_NUMBER(o, f, d)
#define PL_INIT_BYTES(o, f, d) PL_INIT_NUMBER(o, f, d)
#define PL_INIT_WORDS(o, f, d) PL_INIT_NUMBER(o, f, d)
#define PL_INIT_REGEX(o, f, d) PL_INIT_TEXT(o, f, d)
#define PL_INIT_PATH(o, f, d) PL_INIT_TEXT(o, f, d)
#define PL_INIT_PATH_OR_OFF(o, f, d) (PL_INIT_TEXT(o, f, d), (o)->f##_named = 0)

/* One setter per argument: stores a parsed value into its field. */
#define PL_OPTION(KIND, NAME, META, FIELD, ...)                                                    \
  static void set_##FIELD(pl_options *o, const pl_value *v) { PL_STORE_##KIND(o, FIELD, v); }
#include "options.def"
#undef PL_OPTION

/* An argument, as the parser and the texts need it (options.def). */
typedef struct pl_option {
  pl_option_kind kind;
  const char *name;
  const char *meta;
  unsigned long long min, max;
  const char *note;
  unsigned listed;
  const char *help;
  void (*set)(pl_options *, const pl_value *);
} pl_option;

static const pl_option options[] = {
#define PL_OPTION(KIND, NAME, META, FIELD, DEFAULT, MIN, MAX, NOTE, LISTED, HELP, DOC)             \
  {PL_KIND_##KIND, NAME, META, MIN, MAX, NOTE, LISTED, HELP, set_##FIELD},
#include "options.def"
#undef PL_OPTION
};
enum { PL_OPTION_COUNT = sizeof options / sizeof *options };

/* How many arguments the list of accepted ones names, and their LISTED
 * places as bits, which must be 1 to that count, each once. */
enum {
  PL_LISTED_COUNT = 0
#define PL_OPTION(KIND, NAME, META, FIELD, DEFAULT, MIN, MAX, NOTE, LISTED, ...) +((LISTED) != 0)
#include "options.def"
#undef PL_OPTION
};
enum {
  PL_LISTED_PLACES = 0
#define PL_OPTION(KIND, NAME, META, FIELD, DEFAULT, MIN, MAX, NOTE, LISTED, ...) | 1 << (LISTED)
#include "options.def"
#undef PL_OPTION
};
_Static_assert(PL_LISTED_PLACES >> 1 == (1 << PL_LISTED_COUNT) - 1,
               "options.def: the PL_LISTED places must be 1 to their count, each once");

void pl_options_init(pl_options *opts) {
#define PL_OPTION(KIND, NAME, META, FIELD, DEFAULT, ...) PL_INIT_##KIND(opts, FIELD, DEFAULT);
#include "options.def"
#undef PL_OPTION
}

/* Text written into a caller's buffer of `size` bytes as snprintf writes
 * it: what does not fit is cut, and the text stays NUL-terminated. `len`
 * counts every byte put, written or not. */
typedef struct pl_text {
  char *buf;
  size_t size;
  size_t len;
} pl_text;

/* Appends the printf-style `fmt` to `t`. */
static void put(pl_text *t, const char *fmt, ...) {
  size_t room = t->len < t->size ? t->size - t->len : 0;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(room ? t->buf + t->len : NULL, room, fmt, ap);
  va_end(ap);
  if (n > 0)
    t->len += (size_t)n;
}

/* Appends how `o` is written: its name, and `=META` when it takes a value. */
static void put_synopsis(pl_text *t, const pl_option *o) {
  put(t, o->meta[0] ? "%s=%s" : "%s", o->name, o->meta);
}

/* Appends "accepted: " and every listed argument, in their LISTED order. */
static void put_accepted(pl_text *t) {
  put(t, "accepted: ");
  for (unsigned place = 1; place <= PL_LISTED_COUNT; ++place)
    for (unsigned i = 0; i < PL_OPTION_COUNT; ++i) {
      const pl_option *o = &options[i];
      if (o->listed != place)
        continue;
      put(t, place > 1 ? ", " : "");
      put_synopsis(t, o);
      if (o->kind == PL_KIND_UNSIGNED)
        put(t, " (%s from %llu to %llu)", o->meta, o->min, o->max);
    }
}

/* Appends the words of `meta` ("a|b|c") as a sentence: "a, b or c". */
static void put_words(pl_text *t, const char *meta) {
  for (const char *w = meta; *w;) {
    size_t n = strcspn(w, "|");
    const char *sep = w == meta ? "" : w[n] ? ", " : " or ";
    put(t, "%s%.*s", sep, (int)n, w);
    w += n + (w[n] == '|');
  }
}

/* The help text: a heading, the arguments' lines (options.def), then the
 * attributes and pragmas. */
static const char help_head[] =
    "libpipeline: arguments (-fplugin-arg-pipeline-<arg>; opt: -passes='cuda-pipeline<a;b>'):\n";
static const char help_tail[] =
    "libpipeline: kernel attributes (include/libpipeline.h):\n"
    "  __attribute__((annotate(\"pipeline\")))          PL_PIPELINE: error unless a loop of the "
    "kernel is pipelined\n"
    "  __attribute__((annotate(\"pipeline.stages=N\")))  PL_STAGES(N): ring depth for this kernel\n"
    "  __attribute__((annotate(\"pipeline.disable\")))  PL_NO_PIPELINE: leave this kernel alone\n"
    "libpipeline: pragmas:\n"
    "  #pragma clang loop pipeline(disable)  leave the next loop alone (DisabledByPragma)\n"
    "  #pragma unroll 1  keep a tile loop with a constant trip count rolled, so that it can be "
    "pipelined\n"
    "  #pragma unroll    fully unroll it, as without the plugin (FullyUnrolled)\n"
    "libpipeline: warnings are -Wbackend-plugin: -Wno-backend-plugin silences them\n";

/* Each argument's help line: two spaces, its synopsis padded to 18 columns
 * with two spaces at least, its HELP; the bound
 * counts the synopsis, the padding and "  ", "=", "\n" at most. */
enum {
  PL_HELP_SIZE = sizeof help_head + sizeof help_tail
#define PL_OPTION(KIND, NAME, META, FIELD, DEFAULT, MIN, MAX, NOTE, LISTED, HELP, DOC)             \
  +sizeof NAME + sizeof META + sizeof HELP + 18 + 4
#include "options.def"
#undef PL_OPTION
};
static char help_text[PL_HELP_SIZE];
static pthread_once_t help_once = PTHREAD_ONCE_INIT;

static void make_help(void) {
  pl_text t = {help_text, sizeof help_text, 0};
  put(&t, "%s", help_head);
  for (unsigned i = 0; i < PL_OPTION_COUNT; ++i) {
    size_t start = t.len + 2;
    put(&t, "  ");
    put_synopsis(&t, &options[i]);
    size_t n = t.len - start;
    put(&t, "%*s%s\n", n + 2 < 18 ? (int)(18 - n) : 2, "", options[i].help);
  }
  put(&t, "%s", help_tail);
}

const char *pl_options_help(void) {
  pthread_once(&help_once, make_help);
  return help_text;
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

/* The per-kind parsers: each reads `value` (what follows "NAME=", or
 * NULL for a FLAG and a SWITCH without "=") of argument `o` into `out` and
 * returns 0, or puts the error into `err` and returns -1. */

static int parse_flag(const pl_option *o, const char *value, pl_value *out, pl_text *err) {
  (void)o, (void)value, (void)err;
  out->n = 1;
  return 0;
}

static int parse_switch(const pl_option *o, const char *value, pl_value *out, pl_text *err) {
  if (value && (strcmp(value, "on") == 0 || strcmp(value, "off") == 0)) {
    out->n = strcmp(value, "on") == 0;
    return 0;
  }
  put(err, "%s must be ", o->name);
  put_words(err, o->meta);
  return -1;
}

static int parse_unsigned(const pl_option *o, const char *value, pl_value *out, pl_text *err) {
  if (!parse_u64(value, &out->n) || out->n < o->min || out->n > o->max) {
    put(err, "%s must be an integer from %llu to %llu", o->name, o->min, o->max);
    return -1;
  }
  return 0;
}

/* A count over 32 bits is taken as malformed rather than as over MAX. */
static int parse_bytes(const pl_option *o, const char *value, pl_value *out, pl_text *err) {
  if (!parse_u64(value, &out->n) || out->n < o->min || out->n > 0xffffffffull) {
    put(err, "%s must be a byte count from %llu to %llu (a K suffix means KiB)", o->name, o->min,
        o->max);
    return -1;
  }
  if (out->n > o->max) {
    put(err, "%s=%llu is over %llu %s", o->name, out->n, o->max, o->note);
    return -1;
  }
  return 0;
}

static int parse_words(const pl_option *o, const char *value, pl_value *out, pl_text *err) {
  unsigned k = 0;
  for (const char *w = o->meta; *w; ++k) {
    size_t n = strcspn(w, "|");
    if (strlen(value) == n && strncmp(value, w, n) == 0) {
      out->n = k;
      return 0;
    }
    w += n + (w[n] == '|');
  }
  put(err, "%s must be ", o->name);
  put_words(err, o->meta);
  return -1;
}

static int parse_regex(const pl_option *o, const char *value, pl_value *out, pl_text *err) {
  if (strlen(value) >= PL_OPTION_TEXT) {
    put(err, "%s: the regular expression is longer than %u bytes", o->name, PL_OPTION_TEXT - 1);
    return -1;
  }
  regex_t rx;
  int rc = regcomp(&rx, value, REG_EXTENDED | REG_NOSUB);
  if (rc != 0) {
    char why[256];
    regerror(rc, &rx, why, sizeof why);
    put(err, "%s: bad regular expression '%s': %s", o->name, value, why);
    return -1;
  }
  regfree(&rx);
  out->text = value;
  return 0;
}

static int parse_path(const pl_option *o, const char *value, pl_value *out, pl_text *err) {
  if (!value[0] || strlen(value) >= PL_OPTION_PATH) {
    put(err, "%s needs %s shorter than %u bytes", o->name, o->note, PL_OPTION_PATH);
    return -1;
  }
  out->text = value;
  return 0;
}

static int parse_path_or_off(const pl_option *o, const char *value, pl_value *out, pl_text *err) {
  if (parse_path(o, value, out, err) != 0)
    return -1;
  if (strcmp(value, "off") == 0)
    out->text = "";
  else if (strcmp(value, "on") == 0)
    out->text = "ptxas"; /* the one on PATH */
  return 0;
}

typedef int (*pl_parse_fn)(const pl_option *, const char *, pl_value *, pl_text *);
/* clang-format off */
static const pl_parse_fn parsers[PL_KIND_COUNT] = {
    [PL_KIND_FLAG] = parse_flag,
    [PL_KIND_SWITCH] = parse_switch,
    [PL_KIND_UNSIGNED] = parse_unsigned,
    [PL_KIND_BYTES] = parse_bytes,
    [PL_KIND_WORDS] = parse_words,
    [PL_KIND_REGEX] = parse_regex,
    [PL_KIND_PATH] = parse_path,
    [PL_KIND_PATH_OR_OFF] = parse_path_or_off,
};
/* clang-format on */

/* Nonzero when `arg` is argument `o`; `*value` is then what its parser
 * reads: NULL for a FLAG, and for a SWITCH without "=", else the text after
 * "NAME=". */
static int matches(const pl_option *o, const char *arg, const char **value) {
  size_t n = strlen(o->name);
  if (strncmp(arg, o->name, n) != 0)
    return 0;
  if (o->kind == PL_KIND_FLAG) {
    *value = NULL;
    return arg[n] == '\0';
  }
  *value = arg[n] == '=' ? arg + n + 1 : NULL;
  return *value != NULL || o->kind == PL_KIND_SWITCH;
}

int pl_options_parse_one(pl_options *opts, const char *arg, char *err, size_t errlen) {
  pl_text e = {err, errlen, 0};
  for (unsigned i = 0; i < PL_OPTION_COUNT; ++i) {
    const pl_option *o = &options[i];
    const char *value;
    pl_value v = {0, NULL};
    if (!matches(o, arg, &value))
      continue;
    if (parsers[o->kind](o, value, &v, &e) != 0)
      return -1;
    o->set(opts, &v);
    return 0;
  }
  put(&e, "unknown argument (");
  put_accepted(&e);
  put(&e, ")");
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
      pl_text e = {err, errlen, 0};
      put(&e, "argument too long: '%.40s...' (", p);
      put_accepted(&e);
      put(&e, ")");
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
