//===- plugin/pass.h - the cuda-pipeline pass and its registration -------===//
#ifndef PL_PASS_H
#define PL_PASS_H

extern "C" {
#include "../lib/options.h"
}

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class PassBuilder;
}

/// Source names of the parameters of each function, by mangled name, as
/// the clang plugin read them from the AST (clang drops value names from
/// the IR of a release build). Empty under opt, whose IR keeps its names.
using plParamNames = std::map<std::string, std::vector<std::string>>;

/// Registers the `cuda-pipeline` pass with `PB`: by name for -passes=
/// (parameters parsed by lib/options.c) and at the OptimizerLast extension
/// point with `Opts` and the parameter names `Names` (may be null).
void plRegisterPassBuilderCallbacks(llvm::PassBuilder &PB, const pl_options &Opts,
                                    std::shared_ptr<const plParamNames> Names = nullptr);

#endif // PL_PASS_H
