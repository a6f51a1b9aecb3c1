//===- plugin/host.cpp - the analysis context ------------------------------===//
//
// FILE: plugin/host.cpp
// DESCRIPTION:
//   Implements lib/host.h: the per-function analysis context (pl_host) and
//   its invalidation.
//
//===----------------------------------------------------------------------===//
#include "../lib/host.h"
#include "pl_module_host.h"

using namespace llvm;

pl_host *pl_host_for_function(pl_module_host *MH, LLVMValueRef Fn) {
  Function *F = unwrap<Function>(Fn);
  std::unique_ptr<pl_host> &H = MH->Hosts[F];
  if (!H)
    H.reset(new pl_host{*F, MH->FAM, MH->ParamNames, {}});
  return H.get();
}

void pl_host_invalidate(pl_host *H) {
  H->FAM.invalidate(H->F, PreservedAnalyses::none());
  // The loops are freed with their analysis: a new loop allocated where a
  // pinned one was must not take its location.
  H->Pinned.clear();
}

LLVMValueRef pl_host_function(pl_host *H) { return wrap(&H->F); }
