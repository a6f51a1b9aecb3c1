//===- plugin/pl_module_host.h - the analysis contexts (C++ side) --------===//
//
// The C++ definitions behind pl_host and pl_module_host: a function and the
// analysis manager that caches its analyses. Private to plugin/.
//
//===----------------------------------------------------------------------===//
#ifndef PL_MODULE_HOST_H
#define PL_MODULE_HOST_H

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/PassManager.h"

#include "../lib/host.h"
#include "pass.h"

#include <map>
#include <memory>

struct pl_host {
  llvm::Function &F;
  llvm::FunctionAnalysisManager &FAM;
  const plParamNames *ParamNames; ///< from the module host, or null
  /// Start locations of loops taken before their rewrite
  /// (pl_loop_pin_location): the rewrite's new blocks may hide the loop ID.
  /// Keyed by the loop object, so cleared with the analyses
  /// (pl_host_invalidate).
  std::map<const llvm::Loop *, llvm::DebugLoc> Pinned;
  llvm::LoopInfo &LI() { return FAM.getResult<llvm::LoopAnalysis>(F); }
  llvm::DominatorTree &DT() { return FAM.getResult<llvm::DominatorTreeAnalysis>(F); }
  llvm::ScalarEvolution &SE() { return FAM.getResult<llvm::ScalarEvolutionAnalysis>(F); }
  llvm::AAResults &AA() { return FAM.getResult<llvm::AAManager>(F); }
  llvm::AssumptionCache &AC() { return FAM.getResult<llvm::AssumptionAnalysis>(F); }
  llvm::OptimizationRemarkEmitter &ORE() {
    return FAM.getResult<llvm::OptimizationRemarkEmitterAnalysis>(F);
  }
};

/// The llvm::Loop behind a pl_loop_ref, and back.
inline llvm::Loop *unwrapLoop(pl_loop_ref L) { return reinterpret_cast<llvm::Loop *>(L); }
inline pl_loop_ref wrapLoop(llvm::Loop *L) { return reinterpret_cast<pl_loop_ref>(L); }

struct pl_module_host {
  llvm::FunctionAnalysisManager &FAM;
  std::map<llvm::Function *, std::unique_ptr<pl_host>> Hosts;
  const plParamNames *ParamNames; ///< from the clang plugin, or null
};

/// Whether intrinsic `ID` reads a special register with one value in every
/// thread of a block: %ntid, %ctaid, %nctaid (PTX ISA, "Special Registers").
inline bool pl_sreg_block_uniform(llvm::Intrinsic::ID ID) {
  switch (ID) {
  case llvm::Intrinsic::nvvm_read_ptx_sreg_ntid_x:
  case llvm::Intrinsic::nvvm_read_ptx_sreg_ntid_y:
  case llvm::Intrinsic::nvvm_read_ptx_sreg_ntid_z:
  case llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_x:
  case llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_y:
  case llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_z:
  case llvm::Intrinsic::nvvm_read_ptx_sreg_nctaid_x:
  case llvm::Intrinsic::nvvm_read_ptx_sreg_nctaid_y:
  case llvm::Intrinsic::nvvm_read_ptx_sreg_nctaid_z:
    return true;
  default:
    return false;
  }
}

/// Whether intrinsic `ID` reads the thread's index, %tid.{x,y,z}.
inline bool pl_sreg_thread_index(llvm::Intrinsic::ID ID) {
  return ID == llvm::Intrinsic::nvvm_read_ptx_sreg_tid_x ||
         ID == llvm::Intrinsic::nvvm_read_ptx_sreg_tid_y ||
         ID == llvm::Intrinsic::nvvm_read_ptx_sreg_tid_z;
}

/// Whether intrinsic `ID` reads a special register that is constant for the
/// whole launch of a thread: those above and %tid (PTX ISA, "Special
/// Registers": they do not change during a thread's execution).
inline bool pl_sreg_thread_constant(llvm::Intrinsic::ID ID) {
  return pl_sreg_thread_index(ID) || pl_sreg_block_uniform(ID);
}

#endif // PL_MODULE_HOST_H
