/*===- lib/alloc.h - memory that cannot run out ----------------------------===*\
 *
 * FILE: lib/alloc.h
 * DESCRIPTION:
 *   The one policy for running out of memory: say so on stderr and abort,
 *   as LLVM itself does (llvm::report_bad_alloc_error). Every allocation in
 *   lib/ goes through these, so no caller checks for NULL.
\*===----------------------------------------------------------------------===*/
#ifndef PL_ALLOC_H
#define PL_ALLOC_H

#include <stdarg.h>
#include <stddef.h>

/** calloc(n, size), at least one element; never NULL. */
void *pl_xcalloc(size_t n, size_t size);

/** realloc(p, n * size); never NULL. */
void *pl_xrealloc(void *p, size_t n, size_t size);

/** Appends one element of `elem` bytes to the array `*p` of `n` elements
 * and returns a pointer to it, zeroed; never NULL. */
void *pl_append(void *p, size_t n, size_t elem);

/** printf into a new malloc'ed string (the caller frees it); never NULL. */
char *pl_strdupf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/** The same, from a va_list. */
char *pl_vstrdupf(const char *fmt, va_list ap);

#endif /* PL_ALLOC_H */
