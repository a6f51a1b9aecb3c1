/*===- lib/alloc.c - memory that cannot run out ----------------------------===*/
#include "alloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The one out-of-memory path. */
static void out_of_memory(void) {
  fprintf(stderr, "libpipeline: out of memory\n");
  abort();
}

void *pl_xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size ? size : 1);
  if (!p)
    out_of_memory();
  return p;
}

void *pl_xrealloc(void *p, size_t n, size_t size) {
  void *q = realloc(p, (n ? n : 1) * (size ? size : 1));
  if (!q)
    out_of_memory();
  return q;
}

void *pl_append(void *p, size_t n, size_t elem) {
  char *q = pl_xrealloc(p, n + 1, elem);
  memset(q + n * elem, 0, elem);
  return q;
}

char *pl_vstrdupf(const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  char *s = pl_xcalloc(n < 0 ? 1 : (size_t)n + 1, 1);
  if (n >= 0)
    vsnprintf(s, (size_t)n + 1, fmt, ap);
  return s;
}

char *pl_strdupf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *s = pl_vstrdupf(fmt, ap);
  va_end(ap);
  return s;
}
