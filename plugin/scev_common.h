//===- plugin/scev_common.h - what scev.cpp shares with scev_range.cpp ---===//
//
// FILE: plugin/scev_common.h
// DESCRIPTION:
//   ScalarEvolution helpers of plugin/scev.cpp and plugin/scev_range.cpp
//   that the other scev_*.cpp files use too; not part of the host interface (lib/host_scev.h).
//
//===----------------------------------------------------------------------===//
#ifndef PL_SCEV_COMMON_H
#define PL_SCEV_COMMON_H

#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"

namespace pl_scev {
/// The SCEVs of A and B, two values of one type, into SA and SB; for
/// pointers, their offsets from one pointer base (getPointerBase), which
/// they must share. False when they cannot be compared so.
bool comparable(llvm::ScalarEvolution &SE, llvm::Value *A, llvm::Value *B, const llvm::SCEV *&SA,
                const llvm::SCEV *&SB);

/// S with each read of %tid.{x,y,z} rewritten into umin(tid, T - 1) and of
/// %ntid.{x,y,z} into umin(ntid, T): the same value in a block of at most T
/// threads (the launch bounds), whose range ScalarEvolution then knows.
/// T = 0 leaves S as it is. (plugin/scev_range.cpp)
const llvm::SCEV *boundThreads(llvm::ScalarEvolution &SE, const llvm::SCEV *S, unsigned T);

/// S with each affine add-recurrence of a loop that goes on only while its
/// value stays below a loop-invariant N rewritten into min(it, N - 1) (or
/// the like for a compare before the step): the same value on every
/// iteration, whose bound ScalarEvolution then knows. (plugin/scev_range.cpp)
const llvm::SCEV *guardedIVs(llvm::ScalarEvolution &SE, const llvm::SCEV *S);

/// N - 1 where the loop of the affine, rising AR goes on only while AR's
/// next value is below the loop-invariant N (the latch's `i += c; if (i <
/// N) continue`, Signed telling `<` signed from unsigned), and AR starts
/// below N on entry: every value AR takes is at most N - 1. Else null.
/// (plugin/scev_range.cpp)
const llvm::SCEV *continueBound(llvm::ScalarEvolution &SE, const llvm::SCEVAddRecExpr *AR,
                                bool &Signed);

/// The counter of loop L that its latch compares with continueBound's rule
/// (the value before the step), with that bound into Top; else null.
/// (plugin/scev_range.cpp)
const llvm::SCEVAddRecExpr *cappedIV(llvm::ScalarEvolution &SE, const llvm::Loop *L,
                                     const llvm::SCEV *&Top);
} // namespace pl_scev

#endif // PL_SCEV_COMMON_H
