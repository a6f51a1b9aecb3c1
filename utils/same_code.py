#!/usr/bin/env python3
"""Which bench variants compile a kernel to the same PTX.

A timing difference between two variants whose kernel is the same PTX is
noise, not a decision. This script compiles bench/variant.cu once per
variant (plain, plugin, s2, s3, s4; no GPU needed), splits each PTX file
into its .entry functions, and prints, per kernel, the variants whose
function body is identical, for example

    wmmaGemmPadded    plugin = s2 = s3 = s4 | plain

Usage: utils/same_code.py [BUILD_DIR] [> table.txt]
BUILD_DIR (default: build) holds lib/libpipeline.so and cuda-flags.txt.
Exits 1 when a compile fails, printing clang's error.
"""
import hashlib
import os
import re
import subprocess
import sys
import tempfile

VARIANTS = [
    ("plain", None),
    ("plugin", []),
    ("s2", ["-fplugin-arg-pipeline-stages=2"]),
    ("s3", ["-fplugin-arg-pipeline-stages=3"]),
    ("s4", ["-fplugin-arg-pipeline-stages=4"]),
]


def entries(ptx):
    """Maps each .entry's name (namespace X stripped) to a hash of its body."""
    out = {}
    for m in re.finditer(r"^\.visible \.entry (\S+)\((.*?)^}", ptx, re.S | re.M):
        name = m.group(1)
        # the body names its parameters after the entry: drop the name
        body = m.group(2).replace(name, "K")
        # comments are not code: the NVPTX back end numbers its "// callseq N"
        # comments per process, and the plugin's ptxas measurement (lib/ptxas.h)
        # lowers calls of its own
        body = re.sub(r"//[^\n]*", "", body)
        out[name] = hashlib.sha1(body.encode()).hexdigest()
    return out


def demangle(names):
    """Readable kernel names: namespace X and the parameters dropped."""
    r = subprocess.run(["/usr/lib/llvm-19/bin/llvm-cxxfilt"], input="\n".join(names),
                       capture_output=True, text=True)
    out = r.stdout.split("\n") if r.returncode == 0 else names
    return {n: re.sub(r"\(.*", "", d).replace("X::", "").replace("void ", "")
            for n, d in zip(names, out)}


def main():
    build = sys.argv[1] if len(sys.argv) > 1 else "build"
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(build, "cuda-flags.txt")) as f:
        flags = f.read().split()
    clang = "/usr/lib/llvm-19/bin/clang++"
    plugin = os.path.join(build, "lib", "libpipeline.so")
    env = dict(os.environ, PATH="/usr/bin:" + os.environ.get("PATH", ""))
    hashes = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, extra in VARIANTS:
            out = os.path.join(tmp, name + ".ptx")
            cmd = [clang, "-x", "cuda"] + flags + [
                "--cuda-gpu-arch=sm_90", "--cuda-device-only", "-S", "-O3",
                "-std=c++17", "-DPL_NS=X", "-I" + os.path.join(root, "include"),
                os.path.join(root, "bench", "variant.cu"), "-o", out]
            if extra is not None:
                cmd += ["-fplugin=" + plugin] + extra
            r = subprocess.run(cmd, env=env, capture_output=True, text=True)
            if r.returncode:
                sys.stderr.write(r.stderr)
                return 1
            with open(out) as f:
                hashes[name] = entries(f.read())
    names = demangle(sorted(hashes["plain"]))
    for kernel in sorted(names, key=names.get):
        groups = {}
        for name, _ in VARIANTS:
            groups.setdefault(hashes[name].get(kernel), []).append(name)
        print("%-36s %s" % (names[kernel], " | ".join(" = ".join(g) for g in groups.values())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
