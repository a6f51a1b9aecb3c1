/*===- lib/txn.c - a rewrite as a transaction ------------------------------===*/
#include "txn.h"

#include "host_snapshot.h"
#include "ir.h"
#include "reasons.h"
#include "uses.h"

#include <stdlib.h>
#include <string.h>

/* One global's metadata attachments at the beginning. */
typedef struct global_md {
  LLVMValueRef global;
  unsigned *kinds;
  LLVMMetadataRef *nodes;
  size_t n;
} global_md;

struct pl_txn {
  LLVMValueRef fn;
  pl_snapshot *snapshot;
  pl_vmap before; /* every global and function of the module at begin */
  global_md *md;
  size_t nmd;
  pl_vec retired;
  pl_vec replaced_old, replaced_new;
};

LLVMValueRef pl_txn_function(const pl_txn *t) { return t->fn; }

pl_txn *pl_txn_begin(LLVMValueRef fn) {
  pl_txn *t = pl_xcalloc(1, sizeof *t);
  t->fn = fn;
  t->snapshot = pl_snapshot_take(fn);
  LLVMModuleRef m = LLVMGetGlobalParent(fn);
  pl_vmap_init(&t->before);
  size_t nglobals = 0;
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g), ++nglobals)
    pl_vmap_put(&t->before, g, g);
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    pl_vmap_put(&t->before, f, f);
  t->md = pl_xcalloc(nglobals, sizeof *t->md);
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
    size_t n = 0;
    LLVMValueMetadataEntry *e = LLVMGlobalCopyAllMetadata(g, &n);
    global_md *gm = &t->md[t->nmd++];
    gm->global = g;
    gm->n = n;
    gm->kinds = pl_xcalloc(n, sizeof *gm->kinds);
    gm->nodes = pl_xcalloc(n, sizeof *gm->nodes);
    for (size_t i = 0; i < n; ++i) {
      gm->kinds[i] = LLVMValueMetadataEntriesGetKind(e, (unsigned)i);
      gm->nodes[i] = LLVMValueMetadataEntriesGetMetadata(e, (unsigned)i);
    }
    if (e)
      LLVMDisposeValueMetadataEntries(e);
  }
  return t;
}

void pl_txn_retire_global(pl_txn *t, LLVMValueRef g) {
  if (!pl_vec_has(&t->retired, g))
    pl_vec_push(&t->retired, g);
}

void pl_txn_replace_global(pl_txn *t, LLVMValueRef old, LLVMValueRef repl) {
  pl_vec_push(&t->replaced_old, old);
  pl_vec_push(&t->replaced_new, repl);
}

void pl_txn_free(pl_txn *t) {
  if (!t)
    return;
  pl_snapshot_free(t->snapshot);
  pl_vmap_free(&t->before);
  for (size_t i = 0; i < t->nmd; ++i) {
    free(t->md[i].kinds);
    free(t->md[i].nodes);
  }
  free(t->md);
  pl_vec_free(&t->retired);
  pl_vec_free(&t->replaced_old);
  pl_vec_free(&t->replaced_new);
  free(t);
}

void pl_txn_commit(pl_txn *t) {
  for (size_t i = 0; i < t->replaced_old.len; ++i) {
    LLVMValueRef old = t->replaced_old.v[i], repl = t->replaced_new.v[i];
    size_t n = 0;
    const char *name = LLVMGetValueName2(old, &n);
    char *copy = pl_strdupf("%.*s", (int)n, name ? name : "");
    LLVMDeleteGlobal(old);
    LLVMSetValueName2(repl, copy, strlen(copy));
    free(copy);
  }
  /* A tile no instruction uses any more (and not one replaced above, gone
   * already): the constant expressions over it that nothing else uses go
   * with it. A tile left beside its ring would
   * count twice in ptxas's shared-memory total. */
  for (size_t i = 0; i < t->retired.len; ++i) {
    LLVMValueRef g = t->retired.v[i];
    if (pl_vec_has(&t->replaced_old, g) || pl_used_by_instructions(g))
      continue;
    LLVMReplaceAllUsesWith(g, LLVMGetPoison(LLVMTypeOf(g)));
    LLVMDeleteGlobal(g);
  }
}

void pl_txn_rollback(pl_txn *t) {
  pl_snapshot_restore(t->snapshot, t->fn);
  for (size_t i = t->replaced_old.len; i-- > 0;)
    LLVMReplaceAllUsesWith(t->replaced_new.v[i], t->replaced_old.v[i]);
  LLVMModuleRef m = LLVMGetGlobalParent(t->fn);
  for (LLVMValueRef g = LLVMGetFirstGlobal(m), next; g; g = next) {
    next = LLVMGetNextGlobal(g);
    if (!pl_vmap_get(&t->before, g) && !pl_used_by_instructions(g)) {
      LLVMReplaceAllUsesWith(g, LLVMGetPoison(LLVMTypeOf(g)));
      LLVMDeleteGlobal(g);
    }
  }
  for (LLVMValueRef f = LLVMGetFirstFunction(m), next; f; f = next) {
    next = LLVMGetNextFunction(f);
    if (!pl_vmap_get(&t->before, f) && LLVMIsDeclaration(f) && !pl_used_by_instructions(f)) {
      LLVMReplaceAllUsesWith(f, LLVMGetPoison(LLVMTypeOf(f)));
      LLVMDeleteFunction(f);
    }
  }
  for (size_t i = 0; i < t->nmd; ++i) {
    const global_md *gm = &t->md[i];
    LLVMGlobalClearMetadata(gm->global);
    for (size_t k = 0; k < gm->n; ++k)
      LLVMGlobalSetMetadata(gm->global, gm->kinds[k], gm->nodes[k]);
  }
}

LLVMValueRef pl_txn_restored(const pl_txn *t, LLVMValueRef v) {
  return v ? pl_snapshot_value(t->snapshot, v) : NULL;
}
