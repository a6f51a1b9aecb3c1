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
/// `Advice`, when not empty, is a warning (lib/advice.h) the pass reports
/// once on each NVPTX module it runs on.
void plRegisterPassBuilderCallbacks(llvm::PassBuilder &PB, const pl_options &Opts,
                                    std::shared_ptr<const plParamNames> Names = nullptr,
                                    std::string Advice = "");

/// The command line of this process (/proc/self/cmdline: the driver's with
/// clang's integrated cc1, cc1's otherwise); empty where unreadable.
std::vector<std::string> plProcessArgs();

/// Nonzero when this process is clang (its libraries define
/// clang::getClangFullVersion), that is when a library was loaded by clang
/// rather than by opt.
bool plInClang();

#endif // PL_PASS_H
