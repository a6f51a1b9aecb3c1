/*===- lib/ptxas.c - registers per thread, as ptxas allocates them ------===*/
#define _POSIX_C_SOURCE 200809L
#include "ptxas.h"

#include "alloc.h"

#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>

#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

struct pl_ptxas {
  char *exe;       /* the ptxas to run */
  LLVMModuleRef m; /* the module the counts are of (NULL: not asked yet) */
  char why[192];   /* why they are unknown, "" when known */
  int spawn_error; /* errno of a ptxas that could not be run, else 0 */
  int exit_status; /* ptxas's non-zero exit status, else 0 */
  int signal;      /* the signal that ended ptxas, else 0 */
  char said[128];  /* the first line ptxas printed when it failed */
  size_t n;        /* entry functions found */
  char **names;    /* their (mangled) names */
  unsigned *regs;  /* their registers per thread */
};

pl_ptxas *pl_ptxas_new(const char *ptxas) {
  pl_ptxas *p = pl_xcalloc(1, sizeof *p);
  p->exe = pl_strdupf("%s", ptxas && *ptxas ? ptxas : "ptxas");
  return p;
}

static void forget(pl_ptxas *p) {
  for (size_t i = 0; i < p->n; ++i)
    free(p->names[i]);
  free(p->names);
  free(p->regs);
  p->names = NULL;
  p->regs = NULL;
  p->n = 0;
}

void pl_ptxas_free(pl_ptxas *p) {
  if (!p)
    return;
  forget(p);
  free(p->exe);
  free(p);
}

const char *pl_ptxas_failure(const pl_ptxas *p) { return p ? p->why : "ptxas was not asked"; }

/* A string attribute of function `fn` ("target-cpu", "target-features"),
 * NUL-terminated into `out`; "" when absent. */
static void fn_attribute(LLVMValueRef fn, const char *kind, char *out, size_t len) {
  LLVMAttributeRef a =
      LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind, (unsigned)strlen(kind));
  unsigned n = 0;
  const char *v = a ? LLVMGetStringAttributeValue(a, &n) : "";
  snprintf(out, len, "%.*s", (int)n, v);
}

/* The module's PTX as LLVM's NVPTX back end writes it for `cpu` and
 * `features` (the -O3 code generator clang uses), from a copy in a context
 * of its own: the caller's module and context are not touched. Returns a malloc'd NUL-terminated
 * text, or NULL with the reason in p->why. */
static char *module_ptx(pl_ptxas *p, LLVMModuleRef m, const char *cpu, const char *features) {
  const char *triple = LLVMGetTarget(m);
  LLVMTargetRef target = NULL;
  char *err = NULL;
  if (LLVMGetTargetFromTriple(triple, &target, &err)) {
    snprintf(p->why, sizeof p->why, "the NVPTX back end is not available (%s)",
             err ? err : "no target");
    LLVMDisposeMessage(err);
    return NULL;
  }
  LLVMTargetMachineRef tm =
      LLVMCreateTargetMachine(target, triple, cpu, features, LLVMCodeGenLevelAggressive,
                              LLVMRelocDefault, LLVMCodeModelDefault);
  if (!tm) {
    snprintf(p->why, sizeof p->why, "no NVPTX target machine for %s", cpu);
    return NULL;
  }
  /* The copy lives in a context of its own: the back end's own remarks
   * and diagnostics (GVN's, the register allocator's) must not reach the
   * user's remarks and optimization record a second time. */
  LLVMContextRef own = LLVMContextCreate();
  LLVMMemoryBufferRef bitcode = LLVMWriteBitcodeToMemoryBuffer(m);
  LLVMModuleRef clone = NULL;
  if (!bitcode || LLVMParseBitcodeInContext2(own, bitcode, &clone)) {
    snprintf(p->why, sizeof p->why, "the module could not be copied for the NVPTX back end");
    if (bitcode)
      LLVMDisposeMemoryBuffer(bitcode);
    LLVMContextDispose(own);
    LLVMDisposeTargetMachine(tm);
    return NULL;
  }
  LLVMDisposeMemoryBuffer(bitcode);
  LLVMMemoryBufferRef buf = NULL;
  char *text = NULL;
  if (LLVMTargetMachineEmitToMemoryBuffer(tm, clone, LLVMAssemblyFile, &err, &buf)) {
    snprintf(p->why, sizeof p->why, "the NVPTX back end failed (%s)", err ? err : "no message");
    LLVMDisposeMessage(err);
  } else {
    size_t n = LLVMGetBufferSize(buf);
    text = pl_xcalloc(n + 1, 1);
    memcpy(text, LLVMGetBufferStart(buf), n);
    LLVMDisposeMemoryBuffer(buf);
  }
  LLVMDisposeModule(clone);
  LLVMContextDispose(own);
  LLVMDisposeTargetMachine(tm);
  return text;
}

/* Writes `text` to a new temporary file; returns its malloc'd path, or
 * NULL with the reason in p->why. */
static char *temp_file(pl_ptxas *p, const char *text) {
  const char *dir = getenv("TMPDIR");
  if (!dir || !*dir)
    dir = "/tmp";
  size_t len = strlen(dir) + 32;
  char *path = pl_xcalloc(len, 1);
  snprintf(path, len, "%s/libpipeline-XXXXXX", dir);
  int fd = mkstemp(path);
  size_t n = strlen(text), done = 0;
  while (fd >= 0 && done < n) {
    ssize_t w = write(fd, text + done, n - done);
    if (w <= 0)
      break;
    done += (size_t)w;
  }
  if (fd >= 0)
    close(fd);
  if (fd < 0 || done < n) {
    snprintf(p->why, sizeof p->why, "no temporary file for ptxas's input in %s", dir);
    if (fd >= 0)
      unlink(path);
    free(path);
    return NULL;
  }
  return path;
}

/* Runs `argv` with stdout and stderr into one pipe; returns what it
 * printed (malloc'd) and its exit status in *status (-1: not run, and
 * p->why says why). */
static char *run(pl_ptxas *p, char *const argv[], int *status) {
  int fds[2];
  *status = -1;
  if (pipe(fds) != 0) {
    snprintf(p->why, sizeof p->why, "no pipe to read ptxas's output");
    return NULL;
  }
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addclose(&fa, fds[0]);
  posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
  posix_spawn_file_actions_adddup2(&fa, fds[1], 2);
  posix_spawn_file_actions_addclose(&fa, fds[1]);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  pid_t pid;
  int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  close(fds[1]);
  if (rc != 0) {
    close(fds[0]);
    p->spawn_error = rc;
    snprintf(p->why, sizeof p->why, "%s was not found (set ptxas=PATH)", argv[0]);
    return NULL;
  }
  size_t n = 0, cap = 4096;
  char *out = pl_xcalloc(cap, 1);
  for (;;) {
    if (n + 1 >= cap) {
      out = pl_xrealloc(out, cap * 2, 1);
      cap *= 2;
    }
    ssize_t r = read(fds[0], out + n, cap - n - 1);
    if (r <= 0)
      break;
    n += (size_t)r;
  }
  close(fds[0]);
  int st = 0;
  while (waitpid(pid, &st, 0) < 0)
    ;
  *status = WIFEXITED(st) ? WEXITSTATUS(st) : 128;
  if (WIFSIGNALED(st))
    p->signal = WTERMSIG(st);
  else if (*status != 0)
    p->exit_status = *status;
  out[n] = '\0';
  return out;
}

/* Reads ptxas -v's report: "Compiling entry function 'NAME' for 'sm_90'",
 * then, before the next entry, "Used N registers". */
static void parse(pl_ptxas *p, const char *out) {
  static const char entry[] = "Compiling entry function '";
  const char *s = out;
  while ((s = strstr(s, entry)) != NULL) {
    s += sizeof entry - 1;
    const char *e = strchr(s, '\'');
    if (!e)
      break;
    const char *next = strstr(e, entry);
    const char *used = strstr(e, "Used ");
    unsigned regs = 0;
    if (used && (!next || used < next) && sscanf(used, "Used %u registers", &regs) == 1 && regs) {
      p->names = pl_xrealloc(p->names, p->n + 1, sizeof *p->names);
      p->regs = pl_xrealloc(p->regs, p->n + 1, sizeof *p->regs);
      p->names[p->n] = pl_strdupf("%.*s", (int)(e - s), s);
      p->regs[p->n++] = regs;
    }
    s = e;
  }
}

/* Compiles module `m` once and records its kernels' counts. */
static void measure(pl_ptxas *p, LLVMModuleRef m, LLVMValueRef kernel, int rdc) {
  char cpu[64], features[512], arch[80];
  fn_attribute(kernel, "target-cpu", cpu, sizeof cpu);
  fn_attribute(kernel, "target-features", features, sizeof features);
  if (strncmp(cpu, "sm_", 3) != 0) {
    snprintf(p->why, sizeof p->why, "the kernel names no sm_XY target-cpu");
    return;
  }
  char *ptx = module_ptx(p, m, cpu, features);
  char *path = ptx ? temp_file(p, ptx) : NULL;
  free(ptx);
  if (!path)
    return;
  snprintf(arch, sizeof arch, "-arch=%s", cpu);
  char opt_v[] = "-v", opt_o[] = "-o", dev_null[] = "/dev/null", opt_c[] = "-c";
  char *argv[] = {p->exe, arch, opt_v, opt_o, dev_null, path, rdc ? opt_c : NULL, NULL};
  int status;
  char *out = run(p, argv, &status);
  unlink(path);
  free(path);
  if (out && status == 0)
    parse(p, out);
  else if (out) {
    char *nl = strchr(out, '\n');
    if (nl)
      *nl = '\0';
    snprintf(p->why, sizeof p->why, "ptxas failed (exit %d: %.120s)", status, out);
    snprintf(p->said, sizeof p->said, "%s", out);
  }
  free(out);
}

unsigned pl_ptxas_registers(pl_ptxas *p, LLVMValueRef kernel, int rdc) {
  if (!p || !kernel)
    return 0;
  LLVMModuleRef m = LLVMGetGlobalParent(kernel);
  if (p->m != m) {
    forget(p);
    p->why[0] = p->said[0] = '\0';
    p->spawn_error = p->exit_status = p->signal = 0;
    p->m = m;
    measure(p, m, kernel, rdc);
  }
  size_t len = 0;
  const char *name = LLVMGetValueName2(kernel, &len);
  for (size_t i = 0; i < p->n; ++i)
    if (strlen(p->names[i]) == len && memcmp(p->names[i], name, len) == 0)
      return p->regs[i];
  if (!p->why[0])
    snprintf(p->why, sizeof p->why, "ptxas reported no register count for the kernel");
  return 0;
}

char *pl_ptxas_warning(const pl_ptxas *p, const char *arch) {
  char what[256];
  if (!p)
    return NULL;
  if (p->spawn_error)
    snprintf(what, sizeof what, "could not be run (%s)", strerror(p->spawn_error));
  else if (p->signal)
    snprintf(what, sizeof what, "was ended by signal %d", p->signal);
  else if (p->exit_status)
    snprintf(what, sizeof what, "failed with exit status %d%s%.120s%s", p->exit_status,
             p->said[0] ? " (" : "", p->said, p->said[0] ? ")" : "");
  else
    return NULL;
  return pl_strdupf("libpipeline: for %s, ptxas=%s %s; the cost model estimates the kernels' "
                    "registers instead",
                    arch && *arch ? arch : "this compile", p->exe, what);
}
