/*===- lib/report.c - a record of every decision --------------------------===*/
#define _POSIX_C_SOURCE 200809L
#include "report.h"

#include "host_diag.h"
#include "host_loops.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A new decision for a loop of `fn`, its location (none when `loop` is
 * NULL) and names filled in. */
static pl_decision *add(pl_report *r, LLVMValueRef fn, pl_loop_ref loop) {
  r->v = pl_append(r->v, r->n, sizeof *r->v);
  pl_decision *d = &r->v[r->n++];
  memset(d, 0, sizeof *d);
  d->function = fn;
  char *file = loop ? pl_loop_source(loop, &d->line, &d->column) : NULL;
  d->file = file ? file : pl_strdupf("%s", "");
  size_t len = 0;
  const char *name = LLVMGetValueName2(fn, &len);
  d->mangled = pl_strdupf("%.*s", (int)len, name ? name : "");
  d->kernel = pl_demangle(d->mangled);
  if (!d->kernel)
    d->kernel = pl_strdupf("%s", d->mangled);
  char arch[32];
  pl_target_sm(fn, arch, sizeof arch);
  d->arch = pl_strdupf("%s", arch);
  return d;
}

void pl_report_declined(pl_report *r, pl_host *host, LLVMValueRef fn, pl_loop_ref loop,
                        const pl_fail *f) {
  (void)host;
  pl_decision *d = add(r, fn, loop);
  d->reason = f->reason;
  d->message = pl_strdupf("loop not pipelined: %s",
                          f->message ? f->message : pl_reason_description(f->reason));
}

/* Frees what decision `d` owns. */
static void decision_free(pl_decision *d) {
  free(d->file);
  free(d->kernel);
  free(d->mangled);
  free(d->arch);
  free(d->message);
  for (size_t t = 0; t < d->ntiles; ++t)
    free(d->tiles[t].name);
  free(d->tiles);
}

void pl_report_drop_last(pl_report *r) {
  if (!r->n)
    return;
  pl_decision *d = &r->v[--r->n];
  decision_free(d);
}

void pl_report_pipelined(pl_report *r, pl_host *host, const pl_candidate *c, const pl_plan *plan) {
  (void)host;
  pl_decision *d = add(r, c->function, c->loop);
  d->pipelined = 1;
  d->reason = PL_OK;
  const char *check = pl_plan_runtime_check(plan);
  d->message = plan->in_place
                   ? pl_strdupf("pipelined loop in place, loading one iteration ahead into "
                                "registers%s%s",
                                check ? "; with a runtime" : "", check ? check : "")
                   : pl_strdupf("pipelined loop with %u stages%s%s", plan->stages,
                                check ? "; with a runtime" : "", check ? check : "");
  d->stages = plan->stages;
  d->slots_cut = plan->slots_cut;
  d->lowering = plan->in_place ? "registers in place" : pl_plan_lowering_name(plan);
  d->copies = (unsigned)plan->ncopies;
  d->copy_bytes_min = plan->min_bytes;
  d->copy_bytes_max = plan->max_bytes;
  d->ring_bytes = plan->ring_bytes;
  d->dynamic_bytes = plan->dynamic_bytes;
  for (size_t t = 0; t < plan->nrings; ++t)
    if (plan->rings[t].symbolic) {
      d->ring_bytes = d->dynamic_bytes = 0;
      d->dynamic_slots = plan->stages;
      d->dynamic_align = plan->rings[t].align;
    }
  d->ntiles = c->ntiles;
  d->tiles = pl_xcalloc(c->ntiles, sizeof *d->tiles);
  for (size_t t = 0; t < c->ntiles; ++t) {
    d->tiles[t].name = pl_strdupf("%s", c->tiles[t].name ? c->tiles[t].name : "");
    d->tiles[t].bytes = c->tiles[t].bytes;
    d->tiles[t].ring_bytes = plan->rings[t].symbolic ? 0 : plan->rings[t].stride * plan->stages;
  }
}

/* Writes `s` as a JSON string (RFC 8259: quotes, backslashes and control
 * characters escaped; other bytes as they are, UTF-8 passed through). */
static void json_str(FILE *out, const char *s) {
  fputc('"', out);
  for (const unsigned char *p = (const unsigned char *)s; *p; ++p) {
    if (*p == '"' || *p == '\\')
      fprintf(out, "\\%c", *p);
    else if (*p < 0x20)
      fprintf(out, "\\u%04x", *p);
    else
      fputc(*p, out);
  }
  fputc('"', out);
}

/* The file name part of `path`, up to `len` bytes of it in `out`,
 * with characters other than [A-Za-z0-9._+-] replaced by '_'. */
static void safe_base(const char *path, char *out, size_t len) {
  const char *b = strrchr(path, '/');
  b = b ? b + 1 : path;
  size_t i = 0;
  for (; b[i] && i + 1 < len; ++i) {
    char ch = b[i];
    int ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
             ch == '.' || ch == '_' || ch == '+' || ch == '-';
    out[i] = ok ? ch : '_';
  }
  out[i] = '\0';
  if (!i)
    snprintf(out, len, "module");
}

/* Opens a new file DIR/<base>.<arch>.<pid>[-n].json that did not exist. */
static FILE *open_new(const char *dir, const char *base, const char *arch, char **path) {
  for (unsigned n = 0; n < 1000; ++n) {
    char *p = n ? pl_strdupf("%s/%s.%s.%ld-%u.json", dir, base, arch, (long)getpid(), n)
                : pl_strdupf("%s/%s.%s.%ld.json", dir, base, arch, (long)getpid());
    int fd = open(p, O_WRONLY | O_CREAT | O_EXCL, 0644);
    if (fd >= 0) {
      *path = p;
      return fdopen(fd, "w");
    }
    int e = errno;
    free(p);
    if (e != EEXIST)
      return NULL;
  }
  errno = EEXIST;
  return NULL;
}

/* Makes the directory `dir` with its missing parents, as mkdir -p does
 * (several compiles may make them at once: one that exists is fine).
 * Returns NULL, or a malloc'ed message naming `dir`, the part that could
 * not be made and why. */
static char *make_dirs(const char *dir) {
  char *path = pl_strdupf("%s", dir);
  char *msg = NULL;
  for (char *p = path + 1;; ++p) {
    if (*p != '/' && *p != '\0')
      continue;
    char c = *p;
    *p = '\0';
    struct stat st;
    if (mkdir(path, 0755) != 0 && errno != EEXIST) {
      msg = pl_strdupf("libpipeline: cannot create the report directory '%s': '%s': %s", dir, path,
                       strerror(errno));
      break;
    }
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
      msg = pl_strdupf("libpipeline: cannot create the report directory '%s': '%s' exists and "
                       "is not a directory",
                       dir, path);
      break;
    }
    *p = c;
    if (!c)
      break;
  }
  free(path);
  return msg;
}

char *pl_report_write(const pl_report *r, LLVMModuleRef m, const pl_options *opts,
                      const char *dir) {
  if (!r->n)
    return NULL;
  char *made = make_dirs(dir);
  if (made)
    return made;
  size_t len = 0;
  const char *src = LLVMGetSourceFileName(m, &len);
  char *source = pl_strdupf("%.*s", (int)len, src ? src : "");
  char base[128];
  safe_base(source, base, sizeof base);
  const char *arch = r->v[0].arch;
  char *path = NULL;
  FILE *out = open_new(dir, base, arch, &path);
  if (!out) {
    char *msg =
        pl_strdupf("libpipeline: cannot write a report into '%s': %s", dir, strerror(errno));
    free(source);
    return msg;
  }
  fprintf(out, "{\"schema\": \"libpipeline-report\", \"version\": 1, \"source\": ");
  json_str(out, source);
  fprintf(out, ", \"arch\": ");
  json_str(out, arch);
  fprintf(out, ",\n \"options\": {\"stages\": %u, \"max_shared\": %llu},\n \"loops\": [",
          opts->stages, (unsigned long long)opts->max_shared);
  for (size_t i = 0; i < r->n; ++i) {
    const pl_decision *d = &r->v[i];
    fprintf(out, "%s\n  {\"file\": ", i ? "," : "");
    json_str(out, d->file);
    fprintf(out, ", \"line\": %u, \"column\": %u, \"kernel\": ", d->line, d->column);
    json_str(out, d->kernel);
    fprintf(out, ", \"function\": ");
    json_str(out, d->mangled);
    fprintf(out, ", \"arch\": ");
    json_str(out, d->arch);
    fprintf(out,
            ",\n   \"decision\": \"%s\", \"reason\": ", d->pipelined ? "pipelined" : "declined");
    json_str(out, pl_reason_name(d->reason));
    fprintf(out, ", \"message\": ");
    json_str(out, d->message ? d->message : "");
    fprintf(out,
            ",\n   \"stages\": %u, \"lowering\": \"%s\", \"copies\": %u, \"copy_bytes_min\": %u, "
            "\"copy_bytes_max\": %u, \"ring_bytes\": %llu, \"dynamic_bytes\": %llu, "
            "\"dynamic_slots\": %u, \"tiles\": [",
            d->stages, d->pipelined && d->lowering ? d->lowering : "", d->copies, d->copy_bytes_min,
            d->copy_bytes_max, (unsigned long long)d->ring_bytes,
            (unsigned long long)d->dynamic_bytes, d->dynamic_slots);
    for (size_t t = 0; t < d->ntiles; ++t) {
      fprintf(out, "%s{\"name\": ", t ? ", " : "");
      json_str(out, d->tiles[t].name);
      fprintf(out, ", \"bytes\": %llu, \"ring_bytes\": %llu}",
              (unsigned long long)d->tiles[t].bytes, (unsigned long long)d->tiles[t].ring_bytes);
    }
    fprintf(out, "]}");
  }
  fprintf(out, "\n]}\n");
  int bad = ferror(out);
  bad |= fclose(out) != 0;
  char *msg = bad ? pl_strdupf("libpipeline: cannot write the report '%s'", path) : NULL;
  free(path);
  free(source);
  return msg;
}

void pl_report_free(pl_report *r) {
  for (size_t i = 0; i < r->n; ++i)
    decision_free(&r->v[i]);
  free(r->v);
  r->v = NULL;
  r->n = 0;
}

void pl_report_declined_at(pl_report *r, LLVMValueRef fn, const char *file, unsigned line,
                           unsigned column, const pl_fail *f) {
  pl_decision *d = add(r, fn, NULL);
  free(d->file);
  d->file = pl_strdupf("%s", file ? file : "");
  d->line = line;
  d->column = column;
  d->reason = f->reason;
  d->message = pl_strdupf("loop not pipelined: %s",
                          f->message ? f->message : pl_reason_description(f->reason));
}
