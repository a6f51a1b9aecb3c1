/*===- lib/advice.h - warnings for builds where the pass cannot act ------===*\
 *
 * FILE: lib/advice.h
 * DESCRIPTION:
 *   Silence is a bug: a build that loads libpipeline and yet
 *   cannot pipeline anything gets one warning line saying why and what to
 *   do. This header decides when to warn and what the line says; plugin/
 *   only delivers it (clang's -Wbackend-plugin group, so -Wno-backend-plugin
 *   silences it and -Werror makes it an error). The cases:
 *     - no optimization (-O0, or no -O flag: clang's default);
 *     - a -fplugin-arg-<name>-... whose <name> (or <name>-<word>, as in
 *       -fplugin-arg-cuda-pipeline-...) is close to `pipeline` but
 *       names no loaded plugin (clang ignores such arguments);
 *     - -fplugin-arg-pipeline-... with the library loaded only through
 *       -fpass-plugin (no clang plugin reads them);
 *     - the opt library CUDAPipelinePass.so given to -fplugin (it has no
 *       clang plugin and does nothing there);
 *     - an only=/exclude= regex that matches none of a device
 *       compilation's kernels;
 *     - forced stages the register lowering's two slots cut.
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

/** The warning for a device compilation for `arch` whose `n` kernels
 * (demangled names `names[0..n)`) none match the regex `re` of the
 * argument `which` ("only" or "exclude"): a message listing a few of the
 * names and what follows (only=: every kernel is left out; exclude=: none
 * is), or NULL when `n` is 0 (no kernel, nothing to say). */
char *pl_advice_filter_unmatched(const char *which, const char *re, const char *arch, size_t n,
                                 char *const *names);

/** The warning for a device compilation for `arch` in which `loops`
 * pipelined loops were forced to more stages (at most `most`, by stages=N
 * or PL_STAGES(N)) than the two slots of the register lowering they got: a
 * message when `loops` is not 0, else NULL. */
char *pl_advice_slots_cut(size_t loops, unsigned most, const char *arch);

/** The warning for `-fplugin-arg-<name>-<arg>` when no loaded plugin is
 * called `name` (clang's plugin name, up to the first '-'): a message when
 * `name`, or `name` joined by '-' to the leading '-'-separated words of
 * `arg` (`cuda-pipeline` in -fplugin-arg-cuda-pipeline-stages=4), is not
 * "pipeline" but close to it (edit distance 3 or less, or containing
 * "pipe") and some argument follows it; the message names the argument
 * libpipeline would read. Else NULL. */
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

/* ---- once per driver invocation ---------------------------------------
 * A `clang++ -x cuda -c k.cu` runs one cc1 job per GPU architecture and one
 * for the host, each loading the plugin (in processes of their own when
 * there is more than one job, -fno-integrated-cc1 or not). What concerns
 * the whole command line (`help`, a misspelled plugin name, the wrong
 * library, arguments nothing reads) is said by one job: the device job of
 * the architecture that sorts first among the driver's, or the host job
 * when there is no device job. */

/** One cc1 job, as pl_job_speaks needs it. */
typedef struct pl_job {
  int cuda;            /**< a CUDA compile, host or device side */
  int device;          /**< the CUDA device side (-fcuda-is-device) */
  int preprocess_only; /**< a preprocessing job (-E, as -save-temps runs) */
  int ir_input;        /**< compiles LLVM IR (-x ir: -save-temps's back end) */
  int passes_disabled; /**< runs no LLVM passes (-disable-llvm-passes:
                            -save-temps's front end) */
  char arch[32];       /**< the device side's GPU (-target-cpu, e.g. "sm_80"), else "" */
} pl_job;

/** Where a message is said: while the job starts or parses the source (the
 * clang action's arguments, a library's load), or by the pass. Under
 * -save-temps a compile is split in two jobs: the front end parses, the
 * back end, from the IR, runs the passes. */
typedef enum pl_said_in {
  PL_SAID_AT_PARSE, /**< not by the back end of a -save-temps split */
  PL_SAID_BY_PASS,  /**< not by a job that runs no passes */
} pl_said_in;

/** Fills `job` from the command line `argv[0..argc)` of a cc1 process
 * (`clang -cc1 ...`). Returns 1 when it is one, 0 when it is not (argv[1]
 * is not "-cc1": the driver runs its only job in its own process), and
 * then leaves `job` zeroed. */
int pl_job_from_cc1_args(int argc, char *const *argv, pl_job *job);

/** Whether `job` is the job of its driver invocation that says, `where`,
 * what is said once per invocation. `driver_argv[0..argc)` is the driver's
 * command line (response files expanded); argc 0 when the driver is unknown
 * (a cc1 command typed by hand): then the job speaks. A preprocessing job
 * never speaks; nor, for PL_SAID_BY_PASS, one that runs no passes; nor, for
 * PL_SAID_AT_PARSE, a job compiling IR under -save-temps (its front end
 * spoke). Else a device job speaks when its architecture is the first,
 * in strcmp order, of those the driver names with --cuda-gpu-arch= or
 * --offload-arch= (comma-separated lists too) that --no-cuda-gpu-arch= and
 * --no-offload-arch= (`all`) leave, or when it names none or not this one
 * (clang's default architecture, `native`). A host job speaks when it is
 * not CUDA, or under --cuda-host-only or --offload-host-only. */
int pl_job_speaks(const pl_job *job, pl_said_in where, int argc, char *const *driver_argv);

#endif /* PL_ADVICE_H */
