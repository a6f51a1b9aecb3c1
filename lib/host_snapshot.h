/*===- lib/host_snapshot.h - a function's body, kept aside -----------------===*\
 *
 * FILE: lib/host_snapshot.h (implemented by plugin/snapshot.cpp)
 * DESCRIPTION:
 *   What the transaction of a rewrite (lib/txn.h) needs of LLVM: a copy of
 *   a function's body taken before the rewrite, and the way back to it.
 *   The copy lives in a module of its own, where every global value the
 *   body names is a declaration of the same name, so that nothing done to
 *   the real module -- replacing a global everywhere, walking a global's
 *   uses, rebuilding constant expressions over it -- reaches the copy.
 *   Metadata (debug locations, loop IDs, TBAA) is shared with the
 *   original, not copied, so a restored body prints exactly as before.
 *   These functions decide nothing.
\*===----------------------------------------------------------------------===*/
#ifndef PL_HOST_SNAPSHOT_H
#define PL_HOST_SNAPSHOT_H

#include <llvm-c/Core.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Opaque copy of one function's body (owned by the caller). */
typedef struct pl_snapshot pl_snapshot;

/** Copies the body, arguments' names, attributes and metadata of the
 * defined function `fn` (llvm::CloneFunctionInto into a private module).
 * Never returns NULL (running out of memory aborts, as in LLVM). */
pl_snapshot *pl_snapshot_take(LLVMValueRef fn);

/** Replaces the body of `fn` (the function the snapshot was taken of) by
 * the snapshot's: the blocks `fn` has now are erased, the snapshot's are
 * cloned in, each global value they name mapped back to the module's own
 * (which must still exist), and the function's attributes and metadata
 * set back. The snapshot stays valid (it can be restored again). Every
 * analysis of `fn` must be recomputed afterwards. */
void pl_snapshot_restore(pl_snapshot *s, LLVMValueRef fn);

/** After pl_snapshot_restore: the instruction or block (as a value) of the
 * restored body that stands for `v`, an instruction or block of the
 * function as it was when the snapshot was taken; NULL when `v` was none
 * of them. `v` is only compared, never read: it may have been erased. */
LLVMValueRef pl_snapshot_value(const pl_snapshot *s, LLVMValueRef v);

/** Frees the snapshot and its private module. NULL is ignored. */
void pl_snapshot_free(pl_snapshot *s);

#ifdef __cplusplus
}
#endif

#endif /* PL_HOST_SNAPSHOT_H */
