# lit configuration of libpipeline's tests.
#
# Substitutions:
#   %opt          opt with the pass plugin loaded (-passes=cuda-pipeline...)
#   %clang_cuda   clang++ for CUDA with Debian's CUDA 11.8 and the clang plugin,
#                 device side only, sm_80 unless a test adds its own arch
#   %clang_cuda_noplugin  the same without the plugin
#   %plugin       path of libpipeline.so (for -fpass-plugin tests)
#   %ptxas        ptxas of CUDA 11.8 (tests use it under REQUIRES: ptxas)
#   %llvm_major   the major version of the LLVM the plugin is built against
# Features: ptxas (CUDA 11.8's ptxas exists), cuobjdump (and cuobjdump, to read
#   its SASS), cuda-gpu (a GPU answers),
#   llvm-19 or llvm-22 (the LLVM the plugin was built against).
# FileCheck pattern variables, for the NVVM intrinsics whose spelling
# differs between LLVM 19 and LLVM 22 (lib/nvvm.h); every FileCheck of a
# RUN line gets them:
#   [[SYNC]]       the call of __syncthreads, "call void @llvm.nvvm.barrier0()"
#   [[SYNC_NAME]]  its intrinsic's name, "llvm.nvvm.barrier0"
#   [[SYNC_OR]]    __syncthreads_or's intrinsic, "llvm.nvvm.barrier0.or"
#   [[CG_SYNC]]    cooperative groups' sync(), "call void @llvm.nvvm.barrier.sync(i32 0)"
#   [[LLVM_MAJOR]] the LLVM's major version, "19"
import os
import shutil
import subprocess

import lit.formats

config.name = "libpipeline"
config.test_format = lit.formats.ShTest(True)
config.suffixes = [".ll", ".cu", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py.in"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.pl_obj_root, "test")

# CUDA 11.8's ptxas and fatbinary live in /usr/bin: keep it ahead of
# /usr/local/cuda/bin (CUDA 13, which clang 19 cannot use).
# A CUDA 12 root (utils/setup.sh --cuda 12) has its own bin/, first.
path = [config.llvm_tools_dir, os.path.join(config.pl_cuda_path, "bin"), "/usr/bin",
        os.environ.get("PATH", "")]
config.environment["PATH"] = os.pathsep.join(path)
# ptxas's register counts are not cached on disk in tests (a test of the
# cache names its own directory): each test sees its own ptxas.
config.environment["LIBPIPELINE_CACHE_DIR"] = "off"

opt = os.path.join(config.llvm_tools_dir, "opt")
clangxx = os.path.join(config.llvm_tools_dir, "clang++")
cuda = "-x cuda --cuda-path=%s -isystem %s --cuda-device-only -O3" % (
    config.pl_cuda_path, config.pl_cuda_shim)
config.substitutions.append(("%opt", "%s -load-pass-plugin=%s" % (opt, config.pl_opt_plugin)))
config.substitutions.append(("%clang_cuda_noplugin", "%s %s" % (clangxx, cuda)))
config.substitutions.append(
    ("%clang_cuda", "%s %s -fplugin=%s" % (clangxx, cuda, config.pl_clang_plugin)))
config.substitutions.append(("%clang_host", clangxx))
config.substitutions.append(("%plugin", config.pl_clang_plugin))
config.substitutions.append(("%ptxas", config.pl_ptxas or "ptxas"))
config.substitutions.append(("%cuda_path", config.pl_cuda_path))
config.substitutions.append(("%cuda_shim", config.pl_cuda_shim))
config.substitutions.append(("%src_root", config.pl_src_root))
config.substitutions.append(("%obj_root", config.pl_obj_root))
config.substitutions.append(("%llvm_major", str(config.llvm_version_major)))

config.available_features.add("llvm-%d" % config.llvm_version_major)
if config.llvm_version_major >= 20:
    spellings = {
        "SYNC": "call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)",
        "SYNC_NAME": "llvm.nvvm.barrier.cta.sync.aligned.all",
        "SYNC_OR": "llvm.nvvm.barrier.cta.red.or.aligned.all",
        "CG_SYNC": "call void @llvm.nvvm.barrier.cta.sync.all(i32 0)",
    }
else:
    spellings = {
        "SYNC": "call void @llvm.nvvm.barrier0()",
        "SYNC_NAME": "llvm.nvvm.barrier0",
        "SYNC_OR": "llvm.nvvm.barrier0.or",
        "CG_SYNC": "call void @llvm.nvvm.barrier.sync(i32 0)",
    }
spellings["LLVM_MAJOR"] = str(config.llvm_version_major)
filecheck = " ".join(["FileCheck"] + ["'-D%s=%s'" % kv for kv in sorted(spellings.items())])
# the word FileCheck as a command, not inside a path or a longer name
config.substitutions.append((r"(?<![\w/.%-])FileCheck(?![\w.-])", filecheck))

if config.pl_ptxas and os.path.exists(config.pl_ptxas):
    config.available_features.add("ptxas")
    # cuobjdump reads the SASS ptxas wrote (tests of what the model assumes
    # ptxas does)
    if shutil.which("cuobjdump", path=config.environment["PATH"]):
        config.available_features.add("cuobjdump")


def gpu_present():
    """A GPU that can run sm_80 code answers nvidia-smi or nvptx-arch."""
    for tool in ("nvidia-smi", os.path.join(config.llvm_tools_dir, "nvptx-arch")):
        exe = shutil.which(tool) if not os.path.isabs(tool) else tool
        if not exe or not os.path.exists(exe):
            continue
        try:
            out = subprocess.run([exe, "-L"] if tool == "nvidia-smi" else [exe],
                                 capture_output=True, text=True, timeout=20)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if out.returncode == 0 and ("GPU" in out.stdout or "sm_" in out.stdout):
            return True
    return False


# Headless Chromium renders the report page in test/report/browser.cu.
chromium = shutil.which("chromium") or shutil.which("chromium-browser")
if chromium:
    config.available_features.add("chromium")
    config.substitutions.append(("%chromium", chromium))

if gpu_present():
    config.available_features.add("cuda-gpu")
