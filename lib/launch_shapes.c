/*===- lib/launch_shapes.c - block shapes of a kernel's launches --------===*/
#include "launch_shapes.h"

#include "alloc.h"
#include "host_diag.h"

#include <stdlib.h>
#include <string.h>

static const char shapes_name[] = "pl.launch.shapes";

void pl_launches_of(LLVMValueRef fn, pl_launches *out) {
  memset(out, 0, sizeof *out);
  LLVMModuleRef m = LLVMGetGlobalParent(fn);
  unsigned n = LLVMGetNamedMetadataNumOperands(m, shapes_name);
  if (!n)
    return;
  size_t fn_len = 0;
  const char *fn_name = LLVMGetValueName2(fn, &fn_len);
  LLVMValueRef *nodes = pl_xcalloc(n, sizeof *nodes);
  LLVMGetNamedMetadataOperands(m, shapes_name, nodes);
  for (unsigned i = 0; i < n; ++i) {
    LLVMValueRef ops[4] = {0};
    if (!nodes[i] || LLVMGetMDNodeNumOperands(nodes[i]) != 4)
      continue;
    LLVMGetMDNodeOperands(nodes[i], ops);
    unsigned len = 0;
    const char *name = ops[0] ? LLVMGetMDString(ops[0], &len) : NULL;
    if (!name || len != fn_len || memcmp(name, fn_name, len) != 0)
      continue;
    uint64_t threads = 1, dim[3] = {0, 0, 0};
    int ok = 1;
    for (int d = 1; d < 4; ++d)
      if (ops[d] && LLVMIsAConstantInt(ops[d]))
        threads *= dim[d - 1] = LLVMConstIntGetZExtValue(ops[d]);
      else
        ok = 0;
    if (!ok)
      continue;
    ++out->n;
    if (!threads || threads > 1024) { /* not a constant, or no block can have it */
      ++out->unknown;
      continue;
    }
    int first = !out->min_threads;
    if (first || threads < out->min_threads)
      out->min_threads = (unsigned)threads;
    out->differ |=
        !first && (out->shape[0] != dim[0] || out->shape[1] != dim[1] || out->shape[2] != dim[2]);
    for (int d = 0; d < 3; ++d)
      out->shape[d] = (unsigned)dim[d];
    if (threads > out->max_threads)
      out->max_threads = (unsigned)threads;
  }
  free(nodes);
}

void pl_launches_erase(LLVMModuleRef m) { pl_erase_named_metadata(m, shapes_name); }
