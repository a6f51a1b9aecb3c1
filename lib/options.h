/*===- lib/options.h - libpipeline options ----------------------------===*\
 *
 * Options travel in a struct: there is no global mutable state. The same
 * parser serves the clang plugin (-fplugin-arg-pipeline-<arg>) and opt's
 * pass parameters (-passes='cuda-pipeline<stages=3;max-shared=32768>').
 * The arguments are the entries of options.def: each names the field of
 * pl_options it sets, its kind of value, its default, and its lines of the
 * help text and of README.md.
\*===----------------------------------------------------------------------===*/
#ifndef PL_OPTIONS_H
#define PL_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

/** Fewest and most stages of a ring: the product pipelines with 2 to 8. */
#define PL_MIN_STAGES 2u
#define PL_MAX_STAGES 8u
/** Default number of stages, used where it fits the budget. */
#define PL_DEFAULT_STAGES 3u
/** Default static shared-memory budget of one kernel, in bytes: 48 KiB, the
 * largest static allocation a CUDA block may have (CUDA C++ Programming
 * Guide, "Shared Memory": allocations above 48 KB must be dynamic). */
#define PL_DEFAULT_MAX_SHARED (48u * 1024u)

/** Default limit on the registers a thread stages for the register lowering
 * (lowering.h): 32 32-bit registers. A thread keeps them live across the
 * whole compute; 32 is an eighth of the 255 a thread may address and a
 * quarter of what each thread has at full occupancy of an SM with 64K
 * registers and 512 resident threads (CUDA C++ Programming Guide, "Compute
 * Capabilities"), the budget CUTLASS's sm70 double-buffered GEMMs keep
 * their global-load fragments within. */
#define PL_DEFAULT_MAX_STAGED_REGS 32u

/** Which lowering moves the tiles (plan.h chooses under `auto`); the
 * values follow the words of `lowering=` in options.def. */
typedef enum pl_lowering_choice {
  PL_CHOOSE_AUTO,      /**< cp.async where it can copy, registers elsewhere */
  PL_CHOOSE_CP_ASYNC,  /**< every copy a cp.async, or the loop is declined */
  PL_CHOOSE_REGISTERS, /**< every copy staged through registers */
} pl_lowering_choice;

/** The ring layout (`layout=`, lib/layout.h; plan.h chooses under auto);
 * the values follow the words of `layout=` in options.def. */
typedef enum pl_layout_choice {
  PL_LAYOUT_AUTO,     /**< pad a tile's rows where its WMMA reads conflict */
  PL_LAYOUT_PADDED,   /**< pad every tile whose accesses can be rewritten */
  PL_LAYOUT_UNPADDED, /**< the tiles' own layout */
} pl_layout_choice;

/** Longest regex of only= and exclude=, and longest report= directory,
 * in bytes with the NUL: the options are copied by value into the pass. */
#define PL_OPTION_TEXT 512u
#define PL_OPTION_PATH 1024u

/** The options. Every field is set by an argument, the entry of
 * options.def that names it (`ptxas_named` with `ptxas`); nothing of the
 * pass writes them after parsing. */
typedef struct pl_options {
  unsigned stages;              /**< forced stage count, 0 = choose (default 3) */
  int disabled;                 /**< nonzero: the pass changes nothing */
  uint64_t max_shared;          /**< static shared-memory budget, bytes */
  int verify;                   /**< a function that fails LLVM's verifier after a
                                     rewrite (always verified, and then restored;
                                     lib/txn.h) fails the compile instead of getting
                                     a warning */
  int test_invalid_ir;          /**< `test-invalid-ir`, for tests: each rewrite
                                     breaks its function on purpose before it is
                                     verified, to show the rollback */
  int test_count_analyses;      /**< `test-count-analyses`, for tests: an
                                     analysis remark per recognized loop with
                                     its pl_fact_runs (lib/facts.h) */
  int rdc;                      /**< relocatable device code (-fgpu-rdc): other
                                     translation units may share this device module's
                                     externally visible __shared__ arrays */
  int profitability;            /**< nonzero (default): the cost model (cost.h)
                                     decides whether and with how many stages a loop
                                     is pipelined; 0 (`profitability=off`): every
                                     legal loop, with PL_DEFAULT_STAGES */
  int dynamic_ring;             /**< nonzero (default, `dynamic-ring=on`): a tile in
                                     dynamic shared memory may get a ring there,
                                     used when the launch gives enough */
  int last_slot;                /**< nonzero (default, `last-slot=on`): a tile read
                                     outside its loop ends the ring on slot 0
                                     (lib/tile_uses.h, pl_check_tile_uses) */
  int in_place;                 /**< nonzero (default, `in-place=on`): a loop no
                                     ring can serve may be pipelined in place
                                     (lib/rewrite_in_place.h) */
  int register_arrays;          /**< nonzero (default, `register-arrays=on`): loops
                                     that keep a kernel's private array in local
                                     memory are fully unrolled
                                     (lib/register_arrays.h) */
  int unroll_compute;           /**< nonzero (default, `unroll-compute=on`): a tile loop's
                                     small compute loops are fully unrolled
                                     (lib/compute_unroll.h) */
  int predicated_loads;         /**< nonzero (`predicated-loads=on`; default off): the
                                     register lowering's staged loads are masked
                                     (lib/lower_registers.c) */
  int help;                     /**< print every argument, attribute and pragma
                                     (pl_options_help()); the compile continues */
  char only[PL_OPTION_TEXT];    /**< POSIX extended regex: only kernels whose
                                     demangled name matches; "" = all */
  char exclude[PL_OPTION_TEXT]; /**< POSIX extended regex: kernels whose
                                     demangled name matches are left alone */
  char report[PL_OPTION_PATH];  /**< directory for the JSON decision report
                                     (lib/report.h); "" = none */
  int generic_tile_reads;       /**< nonzero: leave WMMA loads and stores and
                                     ldmatrix of __shared__ tiles generic
                                     (lib/shared_space.h); for measurements */
  pl_lowering_choice lowering;  /**< `lowering=` (default auto) */
  unsigned max_staged_regs;     /**< `max-staged-regs=`: most 32-bit registers
                                     a thread may stage (register lowering) */
  int copy_back;                /**< `copy-back`: a tile read outside its loop
                                     (after it, or by another loop) gets the last
                                     slot copied back after the drain, instead of
                                     declining the loop */
  pl_layout_choice layout;      /**< `layout=` (default auto) */
  char ptxas[PL_OPTION_PATH];   /**< `ptxas=`: the ptxas the cost model asks for
                                     the plain kernels' registers (lib/ptxas.h),
                                     a path or a name on PATH (default "ptxas");
                                     "" (`ptxas=off`): the model estimates them */
  int ptxas_named;              /**< nonzero when `ptxas=PATH` named one: its
                                     failure is a warning (lib/ptxas.h) */
  int ptxas_cache;              /**< nonzero (default, `ptxas-cache=on`): the
                                     counts are kept in a cache on disk
                                     (pl_ptxas_cache_default) */
} pl_options;

/** Fills `opts` with the defaults: the DEFAULT of each entry of options.def
 * (no forced stages, enabled, 48 KiB, the cost model on, ...), and no
 * register counts. */
void pl_options_init(pl_options *opts);

/** Parses one argument `arg`, an entry of options.def (pl_options_help()
 * lists them): a flag (`disable`, `verify`, `rdc`, `help`, ...) is its name
 * alone; any other is NAME=VALUE, where VALUE is checked by the entry's
 * kind: a decimal integer in the entry's range (`stages=N`, 2 to 8), a byte
 * count with an optional K suffix for KiB (`max-shared=BYTES`, 1 to 49152),
 * one of a few words (`lowering=auto|cp.async|registers`), a POSIX extended
 * regex that regcomp(3) accepts (`only=REGEX`, an error with regerror's
 * text otherwise), a path (`report=DIR`), or a path or `off`
 * (`ptxas=PATH|off`). `profitability=on|off` takes every argument that
 * begins with its name, so a bad value names it. Returns 0 on success and
 * sets the entry's field. On error returns -1, leaves `opts` unchanged and
 * writes a one-line message saying what is accepted to `err` (at most
 * `errlen` bytes, NUL-terminated, cut as snprintf cuts); an unknown
 * argument's message lists every argument but the test-only ones. The
 * caller names the argument. */
int pl_options_parse_one(pl_options *opts, const char *arg, char *err, size_t errlen);

/** Parses a list of arguments separated by `sep` (';' for opt's pass
 * parameters). Empty items are ignored. On the first error returns -1,
 * leaves `opts` unchanged and writes "'<item>': <what is accepted>". */
int pl_options_parse_list(pl_options *opts, const char *list, char sep, char *err, size_t errlen);

/** Nonzero when the kernel whose demangled name is `name` passes the only=
 * and exclude= filters of `opts` (both already checked by the parser). */
int pl_options_kernel_selected(const pl_options *opts, const char *name);

/** Nonzero when the POSIX extended regex `re` (checked by the parser)
 * matches anywhere in `name`; 0 when it does not, or does not compile. */
int pl_options_regex_matches(const char *re, const char *name);

/** The text `help` prints: every argument of options.def, kernel attribute
 * and pragma, one line each. A static string, built by the first call (any
 * thread may call it). */
const char *pl_options_help(void);

#endif /* PL_OPTIONS_H */
