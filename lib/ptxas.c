/*===- lib/ptxas.c - registers per thread, as ptxas allocates them ------===*/
#define _POSIX_C_SOURCE 200809L
#include "ptxas.h"

#include "alloc.h"
#include "host_extract.h"

#include <llvm-c/BitReader.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/blake3.h>

#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

struct pl_ptxas {
  char *exe;       /* the ptxas to run */
  char *cache;     /* the cache's directory, NULL: none */
  char *identity;  /* ptxas_identity, NULL: not found yet */
  LLVMModuleRef m; /* the module the counts are of (NULL: not asked yet) */
  char why[192];   /* why they are unknown, "" when known */
  int spawn_error; /* errno of a ptxas that could not be run, else 0 */
  int exit_status; /* ptxas's non-zero exit status, else 0 */
  int signal;      /* the signal that ended ptxas, else 0 */
  char said[128];  /* the first line ptxas printed when it failed */
  size_t n;        /* kernels whose counts are known or were asked for */
  char **names;    /* their (mangled) names */
  unsigned *regs;  /* their registers per thread, 0: unknown */
};

pl_ptxas *pl_ptxas_new(const char *ptxas, const char *cache_dir) {
  pl_ptxas *p = pl_xcalloc(1, sizeof *p);
  p->exe = pl_strdupf("%s", ptxas && *ptxas ? ptxas : "ptxas");
  p->cache = cache_dir && *cache_dir ? pl_strdupf("%s", cache_dir) : NULL;
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
  free(p->cache);
  free(p->identity);
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

/* The PTX of the module in `bitcode` (pl_extract_bitcode) as LLVM's NVPTX
 * back end writes it for `triple`, `cpu` and `features` (the -O3 code
 * generator clang uses), parsed into a context of its own: the back end's
 * own remarks and diagnostics (GVN's, the register allocator's) must not
 * reach the user's remarks and optimization record a second time. Returns
 * a malloc'd NUL-terminated text, or NULL with the reason in p->why. */
static char *module_ptx(pl_ptxas *p, LLVMMemoryBufferRef bitcode, const char *triple,
                        const char *cpu, const char *features) {
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
  LLVMContextRef own = LLVMContextCreate();
  LLVMModuleRef clone = NULL;
  if (LLVMParseBitcodeInContext2(own, bitcode, &clone)) {
    snprintf(p->why, sizeof p->why, "the module could not be copied for the NVPTX back end");
    LLVMContextDispose(own);
    LLVMDisposeTargetMachine(tm);
    return NULL;
  }
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
    snprintf(p->why, sizeof p->why, "%s was not found%s", argv[0],
             strchr(argv[0], '/') ? "" : " on PATH (set ptxas=PATH)");
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

/* The index of kernel `name` (`len` bytes) among p->names, or p->n. */
static size_t find(const pl_ptxas *p, const char *name, size_t len) {
  for (size_t i = 0; i < p->n; ++i)
    if (strlen(p->names[i]) == len && memcmp(p->names[i], name, len) == 0)
      return i;
  return p->n;
}

/* The index of kernel `name` (`len` bytes), added with no count (0) when
 * it was not there. */
static size_t entry(pl_ptxas *p, const char *name, size_t len) {
  size_t i = find(p, name, len);
  if (i < p->n)
    return i;
  p->names = pl_xrealloc(p->names, p->n + 1, sizeof *p->names);
  p->regs = pl_xrealloc(p->regs, p->n + 1, sizeof *p->regs);
  p->names[p->n] = pl_strdupf("%.*s", (int)len, name);
  p->regs[p->n] = 0;
  return p->n++;
}

/* Reads ptxas -v's report: "Compiling entry function 'NAME' for 'sm_90'",
 * then, before the next entry, "Used N registers". */
static void parse(pl_ptxas *p, const char *out) {
  static const char entry_line[] = "Compiling entry function '";
  const char *s = out;
  while ((s = strstr(s, entry_line)) != NULL) {
    s += sizeof entry_line - 1;
    const char *e = strchr(s, '\'');
    if (!e)
      break;
    const char *next = strstr(e, entry_line);
    const char *used = strstr(e, "Used ");
    unsigned regs = 0;
    if (used && (!next || used < next) && sscanf(used, "Used %u registers", &regs) == 1 && regs)
      p->regs[entry(p, s, (size_t)(e - s))] = regs;
    s = e;
  }
}

/* Compiles kernel `kernel` (for `cpu` and `features`) alone and records
 * its count. */
static void measure(pl_ptxas *p, LLVMValueRef kernel, const char *cpu, const char *features,
                    int rdc) {
  char arch[80];
  LLVMMemoryBufferRef bitcode = pl_extract_bitcode(&kernel, 1);
  char *ptx = module_ptx(p, bitcode, LLVMGetTarget(LLVMGetGlobalParent(kernel)), cpu, features);
  LLVMDisposeMemoryBuffer(bitcode);
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

/* The cache (pl_ptxas_new): one file per kernel under
 * DIR/registers-v1/XX/REST, named by the BLAKE3 hash (XX its first byte in
 * hex, REST the other 31) of the kernel's content and of what else decides
 * the count, holding the count in decimal and a newline. */
#define PL_CACHE_SUBDIR "registers-v1"

/* The ptxas p->exe names as the cache knows it, found once: its resolved
 * path (a name searched on PATH as execvp(3) does), size and modification
 * time, into p->identity; "" when it cannot be found, and then nothing is
 * cached. */
static const char *ptxas_identity(pl_ptxas *p) {
  if (p->identity)
    return p->identity;
  char path[4096] = "";
  if (strchr(p->exe, '/'))
    snprintf(path, sizeof path, "%s", p->exe);
  else {
    const char *dirs = getenv("PATH");
    for (const char *d = dirs ? dirs : ""; *d && !path[0];) {
      const char *colon = strchr(d, ':');
      size_t dl = colon ? (size_t)(colon - d) : strlen(d);
      char cand[4096];
      snprintf(cand, sizeof cand, "%.*s/%s", (int)dl, dl ? d : ".", p->exe);
      if (access(cand, X_OK) == 0)
        snprintf(path, sizeof path, "%s", cand);
      d += dl + (colon ? 1 : 0);
    }
  }
  struct stat st;
  p->identity =
      path[0] && stat(path, &st) == 0
          ? pl_strdupf("%s|%lld|%lld", path, (long long)st.st_size, (long long)st.st_mtime)
          : pl_strdupf("%s", "");
  return p->identity;
}

/* What decides a count besides the kernel's bitcode: this cache's format,
 * the LLVM whose back end writes the PTX, the target, relocatable code,
 * and the ptxas that reads it (ptxas_identity). Returns 0 when that ptxas
 * cannot be found. */
static int key_prefix(pl_ptxas *p, const char *cpu, const char *features, int rdc, char *out,
                      size_t len) {
  const char *ptxas = ptxas_identity(p);
  if (!ptxas[0])
    return 0;
  unsigned major = 0, minor = 0, patch = 0;
  LLVMGetVersion(&major, &minor, &patch);
  snprintf(out, len, "libpipeline registers 1|llvm %u.%u.%u|%s|%s|rdc %d|%s", major, minor, patch,
           cpu, features, rdc, ptxas);
  return 1;
}

/* The cache file of the kernel whose bitcode is `bitcode`, after the key
 * prefix `prefix`: a malloc'd path. */
static char *cache_path(const pl_ptxas *p, const char *prefix, LLVMMemoryBufferRef bitcode) {
  llvm_blake3_hasher h;
  uint8_t digest[LLVM_BLAKE3_OUT_LEN];
  llvm_blake3_hasher_init(&h);
  llvm_blake3_hasher_update(&h, prefix, strlen(prefix) + 1);
  llvm_blake3_hasher_update(&h, LLVMGetBufferStart(bitcode), LLVMGetBufferSize(bitcode));
  llvm_blake3_hasher_finalize(&h, digest, sizeof digest);
  char hex[2 * LLVM_BLAKE3_OUT_LEN + 1];
  for (size_t i = 0; i < sizeof digest; ++i)
    snprintf(hex + 2 * i, 3, "%02x", digest[i]);
  return pl_strdupf("%s/" PL_CACHE_SUBDIR "/%.2s/%s", p->cache, hex, hex + 2);
}

/* The count a cache file holds: 1 to 255 and a newline, else 0. */
static unsigned cache_read(const char *path) {
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return 0;
  char text[16];
  ssize_t n = read(fd, text, sizeof text - 1);
  close(fd);
  if (n < 2 || text[n - 1] != '\n')
    return 0;
  text[n] = '\0';
  unsigned regs = 0;
  char end = 0;
  if (sscanf(text, "%u%c", &regs, &end) != 2 || end != '\n' || regs < 1 || regs > 255)
    return 0;
  return regs;
}

/* Writes `regs` into the cache file `path`, its directories made as
 * needed, through a temporary file renamed over it (so that a compile
 * running beside this one reads the whole count or none); failures leave
 * the cache as it was. */
static void cache_write(const char *path, unsigned regs) {
  char *dir = pl_strdupf("%s", path);
  for (char *s = strchr(dir + 1, '/'); s; s = strchr(s + 1, '/')) {
    *s = '\0';
    mkdir(dir, 0777);
    *s = '/';
  }
  free(dir);
  char *tmp = pl_strdupf("%s.%ld.tmp", path, (long)getpid());
  int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0666);
  if (fd >= 0) {
    char text[16];
    int len = snprintf(text, sizeof text, "%u\n", regs);
    int ok = write(fd, text, (size_t)len) == len;
    ok &= close(fd) == 0;
    if (!ok || rename(tmp, path) != 0)
      unlink(tmp);
  }
  free(tmp);
}

/* The count of kernel `fn` from the cache, into its entry (added), with
 * its cache file's path in *path (malloc'd; NULL without a cache). Returns
 * nonzero when the cache held it. */
static int from_cache(pl_ptxas *p, LLVMValueRef fn, const char *prefix, char **path) {
  size_t len = 0;
  const char *name = LLVMGetValueName2(fn, &len);
  size_t i = entry(p, name, len);
  *path = NULL;
  if (!prefix)
    return 0;
  LLVMMemoryBufferRef bitcode = pl_extract_bitcode(&fn, 1);
  *path = cache_path(p, prefix, bitcode);
  LLVMDisposeMemoryBuffer(bitcode);
  p->regs[i] = cache_read(*path);
  return p->regs[i] != 0;
}

/* The count of `kernel`: from the cache where it holds it; else measured,
 * by a ptxas run over the kernel alone, and cached. */
static void measure_from(pl_ptxas *p, LLVMValueRef kernel, const char *cpu, const char *features,
                         int rdc) {
  char prefix[8192];
  const char *key =
      p->cache && key_prefix(p, cpu, features, rdc, prefix, sizeof prefix) ? prefix : NULL;
  char *path = NULL;
  if (!from_cache(p, kernel, key, &path)) {
    measure(p, kernel, cpu, features, rdc);
    size_t len = 0;
    const char *name = LLVMGetValueName2(kernel, &len);
    unsigned regs = p->regs[find(p, name, len)];
    if (regs && path)
      cache_write(path, regs);
  }
  free(path);
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
  }
  size_t len = 0;
  const char *name = LLVMGetValueName2(kernel, &len);
  size_t i = find(p, name, len);
  if (i == p->n) {
    char cpu[64], features[512];
    fn_attribute(kernel, "target-cpu", cpu, sizeof cpu);
    fn_attribute(kernel, "target-features", features, sizeof features);
    if (strncmp(cpu, "sm_", 3) != 0) {
      snprintf(p->why, sizeof p->why, "the kernel names no sm_XY target-cpu");
      return 0;
    }
    measure_from(p, kernel, cpu, features, rdc);
    i = find(p, name, len);
  }
  if (!p->regs[i] && !p->why[0])
    snprintf(p->why, sizeof p->why, "ptxas reported no register count for the kernel");
  return p->regs[i];
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

char *pl_ptxas_cache_default(void) {
  const char *dir = getenv("LIBPIPELINE_CACHE_DIR");
  if (dir)
    return *dir && strcmp(dir, "off") != 0 ? pl_strdupf("%s", dir) : NULL;
  dir = getenv("XDG_CACHE_HOME");
  if (dir && dir[0] == '/')
    return pl_strdupf("%s/libpipeline", dir);
  dir = getenv("HOME");
  if (dir && *dir)
    return pl_strdupf("%s/.cache/libpipeline", dir);
  return NULL;
}
