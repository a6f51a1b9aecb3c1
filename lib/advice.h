/*===- lib/advice.h - warnings for builds where the pass cannot act ------===*\
 *
 * FILE: lib/advice.h
 * DESCRIPTION:
 *   Silence is a bug (issue 13): a build that loads libpipeline and yet
 *   cannot pipeline anything gets one warning line saying why and what to
 *   do. This header decides when to warn and what the line says; plugin/
 *   only delivers it (clang's -Wbackend-plugin group, so -Wno-backend-plugin
 *   silences it and -Werror makes it an error). The cases:
 *     - no optimization (-O0, or no -O flag: clang's default);
 *     - a -fplugin-arg-<name>-... whose <name> is close to `pipeline` but
 *       names no loaded plugin (clang ignores such arguments);
 *     - -fplugin-arg-pipeline-... with the library loaded only through
 *       -fpass-plugin (no clang plugin reads them);
 *     - the opt library CUDAPipelinePass.so given to -fplugin (it has no
 *       clang plugin and does nothing there).
 *   Every function returns a malloc'ed message (the caller frees it) or
 *   NULL when there is nothing to say.
\*===----------------------------------------------------------------------===*/
#ifndef PL_ADVICE_H
#define PL_ADVICE_H

#include <stddef.h>

/** Levenshtein distance between `a` and `b` (insertions, deletions and
 * substitutions of one byte each cost 1). */
size_t pl_edit_distance(const char *a, const char *b);

/** The warning for a device compile at optimization level `opt_level`
 * (0 to 3) for architecture `arch` (e.g. "sm_90"; may be NULL): a message
 * at 0, NULL otherwise. */
char *pl_advice_opt_level(unsigned opt_level, const char *arch);

/** The warning for `-fplugin-arg-<name>-<arg>` when no loaded plugin is
 * called `name`: a message when `name` is not "pipeline" but close to it
 * (edit distance 3 or less, or containing "pipe"), else NULL. */
char *pl_advice_plugin_name(const char *name, const char *arg);

/** Whether the process arguments `argv[0..argc)` (the driver's or cc1's
 * command line) pass arguments to the `pipeline` plugin: a
 * `-fplugin-arg-pipeline-X` (driver) or `-plugin-arg-pipeline X` (cc1). */
int pl_args_name_pipeline(int argc, char *const *argv);

/** The warning for a compile that loaded the pass only through
 * -fpass-plugin while its command line `argv` has pipeline arguments: a
 * message, or NULL when it has none. */
char *pl_advice_args_without_plugin(int argc, char *const *argv);

/** The warning for the opt library `self` (its path) loaded into clang:
 * a message when the command line `argv` loads it with -fplugin= (or cc1's
 * -load), NULL when it came through -fpass-plugin only or when
 * -Wno-backend-plugin is given (this warning is printed before clang's
 * diagnostics exist). */
char *pl_advice_opt_library_in_clang(int argc, char *const *argv, const char *self);

#endif /* PL_ADVICE_H */
