//===- plugin/scev_common.h - what scev.cpp shares with scev_range.cpp ---===//
//
// FILE: plugin/scev_common.h
// DESCRIPTION:
//   ScalarEvolution helpers of plugin/scev.cpp that plugin/scev_range.cpp
//   uses too; not part of the host interface (lib/host_scev.h).
//
//===----------------------------------------------------------------------===//
#ifndef PL_SCEV_COMMON_H
#define PL_SCEV_COMMON_H

#include "llvm/Analysis/ScalarEvolution.h"

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
} // namespace pl_scev

#endif // PL_SCEV_COMMON_H
