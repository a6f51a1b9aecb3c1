//===- plugin/pass.h - the cuda-pipeline pass and its registration -------===//
#ifndef PL_PASS_H
#define PL_PASS_H

extern "C" {
#include "../lib/advice.h"
#include "../lib/options.h"
}

#include <array>
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

/// The block shapes (x, y, z) of the launches of each kernel in the
/// translation unit, by mangled name, as the clang plugin read them from
/// the AST (plugin/launches.h); {0, 0, 0} for a launch whose shape is not a
/// constant. The pass writes them into the module as !pl.launch.shapes
/// (lib/launch_shapes.h). Empty under opt, whose input may carry that
/// metadata itself.
using plLaunchShapes = std::map<std::string, std::vector<std::array<unsigned, 3>>>;

/// Registers the `cuda-pipeline` pass with `PB`: by name for -passes=
/// (parameters parsed by lib/options.c) and at the OptimizerLast extension
/// point with `Opts` and the parameter names `Names` (may be null).
/// `Advice`, when not empty, is a warning (lib/advice.h) the pass reports
/// on each module it runs on (the caller gives it only to the job that
/// speaks for the driver invocation, plThisJobSpeaks).
void plRegisterPassBuilderCallbacks(llvm::PassBuilder &PB, const pl_options &Opts,
                                    std::shared_ptr<const plParamNames> Names = nullptr,
                                    std::string Advice = "",
                                    std::shared_ptr<const plLaunchShapes> Launches = nullptr);

/// The command line of this process (/proc/self/cmdline: the driver's with
/// clang's integrated cc1, cc1's otherwise); empty where unreadable.
std::vector<std::string> plProcessArgs();

/// The command line of the clang driver that started this job, response
/// files expanded: this process's when it is the driver (its integrated
/// cc1 running its only job), else its parent's when the parent runs the
/// same executable (a cc1 process the driver started); empty otherwise (a
/// cc1 command typed by hand, or /proc unreadable).
std::vector<std::string> plDriverArgs();

/// Whether the job `Job` is the one of its driver invocation that says,
/// `Where`, what is said once per invocation (lib/advice.h, pl_job_speaks,
/// over plDriverArgs()).
bool plJobSpeaks(const pl_job &Job, pl_said_in Where);

/// plJobSpeaks for this process's own job, read from its cc1 command line
/// (pl_job_from_cc1_args); true when this process is the driver itself,
/// which runs cc1 in its own process only when it has one job.
bool plThisJobSpeaks(pl_said_in Where);

/// Nonzero when this process is clang (its libraries define
/// clang::getClangFullVersion), that is when a library was loaded by clang
/// rather than by opt.
bool plInClang();

/// Notes that the clang plugin's action has registered the pass for this
/// job (plugin/clang_plugin.cpp), so that the pass-plugin entry point,
/// when this library was loaded through -fpass-plugin too, adds nothing:
/// LLVM 22's clang loads pass plugins before the frontend runs, so the
/// action runs (and registers the pass) whether -fplugin or -fpass-plugin
/// loaded the library, and dropping the -fpass-plugin path from the
/// CodeGenOptions no longer unloads it, as it does in LLVM 19.
void plNoteActionRegisteredPass();

#endif // PL_PASS_H
