//===- plugin/pass.h - the cuda-pipeline pass and its registration -------===//
#ifndef PL_PASS_H
#define PL_PASS_H

extern "C" {
#include "../lib/options.h"
}

namespace llvm {
class PassBuilder;
}

/// Registers the `cuda-pipeline` pass with `PB`: by name for -passes=
/// (parameters parsed by lib/options.c) and at the OptimizerLast extension
/// point with `Opts`.
void plRegisterPassBuilderCallbacks(llvm::PassBuilder &PB, const pl_options &Opts);

#endif // PL_PASS_H
