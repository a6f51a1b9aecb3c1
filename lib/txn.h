/*===- lib/txn.h - a rewrite as a transaction ------------------------------===*\
 *
 * FILE: lib/txn.h
 * DESCRIPTION:
 *   Everything the rewrite changes for one loop -- a preheader, the
 *   runtime alias check's versions, the ring's row layout, the ring itself
 *   -- is one transaction on the loop's function. Begun before the first change,
 *   it ends in one of two ways:
 *     commit    the changes stay; what the rewrite retired (a tile no
 *               instruction uses any more, a ring replaced by a larger one)
 *               is erased only now
 *     rollback  the function's body is restored to exactly what it was at
 *               the beginning (a copy taken then, lib/host_snapshot.h), a
 *               global the rewrite replaced everywhere is put back
 *               everywhere, the globals and declarations it added are
 *               erased, and every global's metadata is set back
 *   No stage declines a loop after the rewrite began (the rewrite expands
 *   only what legality and the plan accepted); the driver rolls back when
 *   the changed function fails LLVM's verifier: a user's build never gets
 *   invalid IR from the pass, and the loop keeps its IR byte for byte.
 *
 *   Within a transaction the rewrite must not erase a global or replace one
 *   itself: it asks the transaction (pl_txn_retire_global,
 *   pl_txn_replace_global), so that a rollback still finds them.
\*===----------------------------------------------------------------------===*/
#ifndef PL_TXN_H
#define PL_TXN_H

#include <llvm-c/Core.h>
#include <stddef.h>

/** Opaque transaction (owned by the caller until commit or rollback). */
typedef struct pl_txn pl_txn;

/** Begins a transaction on the defined function `fn`: takes a copy of its
 * body and notes the module's globals, function declarations and the
 * metadata of each global. Aborts when out of memory. */
pl_txn *pl_txn_begin(LLVMValueRef fn);

/** The function the transaction is on. */
LLVMValueRef pl_txn_function(const pl_txn *t);

/** Asks that global `g`, which the rewrite no longer uses, be erased at
 * commit if no instruction uses it then (another kernel may). */
void pl_txn_retire_global(pl_txn *t, LLVMValueRef g);

/** Records that the rewrite replaced every use of global `old` by `repl`
 * (LLVMReplaceAllUsesWith, already done): at commit `old` is erased and
 * `repl` takes its name; at rollback the uses go back to `old`. */
void pl_txn_replace_global(pl_txn *t, LLVMValueRef old, LLVMValueRef repl);

/** Ends the transaction keeping every change, and carries out the
 * retirements and replacements. */
void pl_txn_commit(pl_txn *t);

/** Ends the transaction undoing every change (see the file comment). The
 * function's analyses must be recomputed. */
void pl_txn_rollback(pl_txn *t);

/** After pl_txn_rollback: the instruction or block (as a value) that
 * stands for `v`, an instruction or block of the function as it was at
 * pl_txn_begin (a loop header of the driver's worklist, the instruction a
 * decline names); NULL when `v` was none of them. */
LLVMValueRef pl_txn_restored(const pl_txn *t, LLVMValueRef v);

/** Frees `t` (after commit or rollback). NULL is ignored. */
void pl_txn_free(pl_txn *t);

#endif /* PL_TXN_H */
