/*===- lib/table.c - the tile loops of one function ------------------------===*/
#include "table.h"

#include "host_loops.h"
#include "recognize.h"

#include <stdlib.h>
#include <string.h>

static void free_entries(pl_loop_table *t) {
  for (size_t i = 0; i < t->n; ++i) {
    pl_candidate_free(&t->entries[i].c);
    pl_fail_clear(&t->entries[i].fail);
  }
  free(t->entries);
  t->entries = NULL;
  t->n = 0;
}

void pl_table_build(pl_loop_table *t, pl_host *host, LLVMValueRef fn, LLVMValueRef hand_pipelined) {
  free_entries(t);
  size_t n = pl_loops_preorder(host, NULL, 0);
  pl_loop_ref *loops = pl_xcalloc(n, sizeof *loops);
  pl_loops_preorder(host, loops, n);
  t->entries = pl_xcalloc(n, sizeof *t->entries);
  t->n = n;
  pl_footprints footprints = {0}; /* recognition changes no IR */
  for (size_t i = 0; i < n; ++i) {
    pl_table_entry *e = &t->entries[i];
    e->header = pl_loop_header(loops[i]);
    e->ok = pl_recognize(host, loops[i], fn, hand_pipelined, &footprints, &e->c, &e->fail);
    if (!e->ok)
      pl_candidate_free(&e->c);
  }
  pl_footprints_free(&footprints);
  free(loops);
}

pl_table_entry *pl_table_find(const pl_loop_table *t, LLVMBasicBlockRef header) {
  for (size_t i = 0; i < t->n; ++i)
    if (t->entries[i].header == header)
      return &t->entries[i];
  return NULL;
}

LLVMValueRef pl_table_ring(const pl_loop_table *t, LLVMValueRef tile) {
  for (size_t i = 0; i < t->nrings; ++i)
    if (t->rings[i].tile == tile)
      return t->rings[i].ring;
  return NULL;
}

void pl_table_set_ring(pl_loop_table *t, LLVMValueRef tile, LLVMValueRef ring) {
  for (size_t i = 0; i < t->nrings; ++i)
    if (t->rings[i].tile == tile) {
      t->rings[i].ring = ring;
      return;
    }
  t->rings = pl_append(t->rings, t->nrings, sizeof *t->rings);
  t->rings[t->nrings++] = (pl_left_ring){tile, ring};
}

void pl_table_free(pl_loop_table *t) {
  free_entries(t);
  free(t->rings);
  memset(t, 0, sizeof *t);
}
