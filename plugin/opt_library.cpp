//===- plugin/opt_library.cpp - the opt library speaks up inside clang ---===//
//
// FILE: plugin/opt_library.cpp
// DESCRIPTION:
//   Compiled only into CUDAPipelinePass.so, the library for opt. Given to
//   clang with -fplugin=, that library loads and does nothing: it has no
//   clang plugin (it cannot reference clang's symbols, or it would not load
//   in opt). A static initializer notices clang as the host process and
//   the -fplugin= naming this file, and prints a warning naming the right
//   file, libpipeline.so (lib/advice.c decides and words it), in one job
//   of the driver invocation (plThisJobSpeaks). clang's
//   diagnostics do not exist yet when plugins load, so it goes to stderr.
//   Loaded by opt, or by clang through -fpass-plugin=, it says nothing.
//
//===----------------------------------------------------------------------===//
#include "pass.h"

extern "C" {
#include "../lib/advice.h"
}

#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <dlfcn.h>

namespace {
struct WarnInClang {
  WarnInClang() {
    if (!plInClang() || !plThisJobSpeaks(PL_SAID_AT_PARSE))
      return;
    Dl_info Info;
    if (!dladdr(reinterpret_cast<void *>(&plInClang), &Info) || !Info.dli_fname)
      return;
    std::vector<std::string> Args = plProcessArgs();
    std::vector<char *> Argv;
    for (std::string &A : Args)
      Argv.push_back(A.data());
    if (char *Msg = pl_advice_opt_library_in_clang(static_cast<int>(Argv.size()), Argv.data(),
                                                   Info.dli_fname)) {
      llvm::WithColor::warning(llvm::errs()) << Msg << "\n";
      std::free(Msg);
    }
  }
};
WarnInClang Warn;
} // namespace
