//===- plugin/llvm_compat.h - what differs between LLVM 19 and LLVM 22 ---===//
//
// FILE: plugin/llvm_compat.h
// DESCRIPTION:
//   The one place where the plugin's C++ differs between the LLVM releases
//   it builds against (19 and 22; CMakeLists.txt, PL_LLVM_VERSION). Each
//   difference is a small inline function or an include, named for what it
//   does, so the rest of plugin/ reads the same for both:
//   - PassPlugin.h moved from llvm/Passes/ to llvm/Plugins/ in LLVM 22;
//   - SCEVExpander's constructor no longer takes the DataLayout (it reads
//     the ScalarEvolution's) in LLVM 22;
//   - computeKnownBits' recursion depth moved from the third parameter to
//     the last in LLVM 22;
//   - Module::getTargetTriple returns a Triple, not a string, in LLVM 22;
//   - OptimizerLast callbacks take the LTO phase too in LLVM 22.
// USAGE:
//   #include "llvm_compat.h"
//   SCEVExpander Exp = pl_compat::expander(SE, DL, "pl.btc");
//   KnownBits K = pl_compat::known_bits(V, DL, &AC, CxtI, &DT);
//
//===----------------------------------------------------------------------===//
#ifndef PL_LLVM_COMPAT_H
#define PL_LLVM_COMPAT_H

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/KnownBits.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"
#include "llvm/Transforms/Utils/UnrollLoop.h"

#if LLVM_VERSION_MAJOR != 19 && LLVM_VERSION_MAJOR != 22
#error "libpipeline builds against LLVM 19 or LLVM 22 (plugin/llvm_compat.h)"
#endif

#if LLVM_VERSION_MAJOR >= 22
#define PL_PASS_PLUGIN_HEADER "llvm/Plugins/PassPlugin.h"
#else
#define PL_PASS_PLUGIN_HEADER "llvm/Passes/PassPlugin.h"
#endif

namespace pl_compat {

/// A SCEVExpander in canonical mode naming its values `Name` (a string
/// that outlives it). `DL` is the module's data layout, which LLVM 19's
/// constructor takes and LLVM 22's reads from `SE`. Guaranteed copy
/// elision (C++17) returns the expander in place.
inline llvm::SCEVExpander expander(llvm::ScalarEvolution &SE, const llvm::DataLayout &DL,
                                   const char *Name) {
#if LLVM_VERSION_MAJOR >= 22
  (void)DL;
  return llvm::SCEVExpander(SE, Name);
#else
  return llvm::SCEVExpander(SE, DL, Name);
#endif
}

/// The bits of integer or pointer `V` known at `CxtI` (may be null), from
/// ValueTracking's computeKnownBits at depth 0 with the assumptions in `AC`
/// and the dominator tree `DT` (either may be null).
inline llvm::KnownBits known_bits(const llvm::Value *V, const llvm::DataLayout &DL,
                                  llvm::AssumptionCache *AC, const llvm::Instruction *CxtI,
                                  const llvm::DominatorTree *DT) {
#if LLVM_VERSION_MAJOR >= 22
  return llvm::computeKnownBits(V, DL, AC, CxtI, DT);
#else
  return llvm::computeKnownBits(V, DL, 0, AC, CxtI, DT);
#endif
}

/// ScalarEvolution's convertSCEVToAddRecWithPredicates: `S` as an affine
/// recurrence of `L`, under the predicates it appends to `Preds` (no-wrap
/// assumptions), or null. LLVM 19 collects them in a set, LLVM 22 in a
/// vector.
inline const llvm::SCEVAddRecExpr *
as_add_rec(llvm::ScalarEvolution &SE, const llvm::SCEV *S, const llvm::Loop *L,
           llvm::SmallVectorImpl<const llvm::SCEVPredicate *> &Preds) {
#if LLVM_VERSION_MAJOR >= 22
  return SE.convertSCEVToAddRecWithPredicates(S, L, Preds);
#else
  llvm::SmallPtrSet<const llvm::SCEVPredicate *, 4> Set;
  const llvm::SCEVAddRecExpr *AR = SE.convertSCEVToAddRecWithPredicates(S, L, Set);
  Preds.append(Set.begin(), Set.end());
  return AR;
#endif
}

/// The target triple of module `M` as a string ("nvptx64-nvidia-cuda").
inline std::string target_triple(const llvm::Module &M) {
#if LLVM_VERSION_MAJOR >= 22
  return M.getTargetTriple().str();
#else
  return M.getTargetTriple();
#endif
}

/// Registers `CB` to add passes at the OptimizerLast extension point of
/// `PB`, for every optimization level; the LTO phase LLVM 22 passes too is
/// not used.
template <typename Callback> void on_optimizer_last(llvm::PassBuilder &PB, Callback CB) {
#if LLVM_VERSION_MAJOR >= 22
  PB.registerOptimizerLastEPCallback([CB](llvm::ModulePassManager &MPM, llvm::OptimizationLevel L,
                                          llvm::ThinOrFullLTOPhase) { CB(MPM, L); });
#else
  PB.registerOptimizerLastEPCallback(CB);
#endif
}

/// Options for llvm::UnrollLoop: `Count` copies with a runtime remainder
/// kept rolled, the trip count computed however costly (a tile loop's is
/// computed once per launch: a division by a stride), SCEV forgotten for
/// the whole function; LLVM 22 also takes
/// the budget of the trip count's expansion (its default,
/// SCEVCheapExpansionBudget's 4).
inline llvm::UnrollLoopOptions runtime_unroll(unsigned Count) {
  llvm::UnrollLoopOptions O{};
  O.Count = Count;
  O.Force = false;
  O.Runtime = true;
  O.AllowExpensiveTripCount = true;
  O.UnrollRemainder = false;
  O.ForgetAllSCEV = true;
#if LLVM_VERSION_MAJOR >= 22
  O.SCEVExpansionBudget = 4;
#endif
  return O;
}

/// Options for llvm::UnrollLoop: `Count` copies, no remainder, SCEV
/// forgotten for the whole function: a complete unroll where `Count` is the
/// loop's constant bound on its trip count (ScalarEvolution's).
inline llvm::UnrollLoopOptions complete_unroll(unsigned Count) {
  llvm::UnrollLoopOptions O = runtime_unroll(Count);
  O.Runtime = false;
  O.AllowExpensiveTripCount = false;
  return O;
}

} // namespace pl_compat

#endif // PL_LLVM_COMPAT_H
