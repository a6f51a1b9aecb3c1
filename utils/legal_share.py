#!/usr/bin/env python3
"""utils/legal_share.py: how many of the generator's regular tile loops the
plugin can pipeline at all.

    python3 utils/legal_share.py [--seed S] [--count N] [--build DIR] [--show REGEX]
                                 [--list FILE]

Generates N kernels (utils/fuzz.py gen S N), compiles them once for sm_90 with
profitability=off and ptxas=off, and counts the kernels without a special
form (near-misses and crash forms left out) whose tile loop is pipelined,
per copy form, with the first decline reason of the others (an enclosing
loop's NoTileCopy only where no loop of the kernel gives another). Prints the
counts; with --show, also the generator's axes of each kernel whose first
reason matches REGEX; with --list, writes the names of the pipelined kernels to
FILE, one a line (to compare two builds). Changes nothing but FILE.
"""
import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=33)
    ap.add_argument("--count", type=int, default=600)
    ap.add_argument("--build", default=os.environ.get("BUILD_DIR", os.path.join(ROOT, "build")))
    ap.add_argument("--show", help="print the axes of kernels whose first reason matches")
    ap.add_argument("--list", help="write the pipelined kernels' names here")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as wd:
        src = os.path.join(wd, "gen.cu")
        subprocess.run([sys.executable, os.path.join(HERE, "fuzz.py"), "gen", str(a.seed),
                        str(a.count), src], check=True, stdout=subprocess.DEVNULL)
        flags = open(os.path.join(a.build, "cuda-flags.txt")).read().split() + [
            "-I" + os.path.join(ROOT, "include")]
        env = dict(os.environ, PATH="/usr/bin:" + os.environ.get("PATH", ""),
                   LIBPIPELINE_CACHE_DIR="off")
        clang = "/usr/lib/llvm-19/bin/clang++"
        cmd = [clang] + flags + ["-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_90",
                                 "-O3", "-fplugin=" + os.path.join(a.build, "lib/libpipeline.so"),
                                 "-fplugin-arg-pipeline-profitability=off",
                                 "-fplugin-arg-pipeline-ptxas=off", "-Rpass=cuda-pipeline",
                                 "-Rpass-missed=cuda-pipeline", "-S", "-o", os.devnull, src]
        err = subprocess.run(cmd, env=env, capture_output=True, text=True).stderr
        text = open(src).read()
    axes = {m.group(1): m.group(2) for m in re.finditer(r"// (k\d+): (.*)", text)}
    remarks = collections.defaultdict(list)
    for m in re.finditer(r"remark: (.*?) \[sm_90, kernel '(k\d+)'\]", err):
        if "not a tile loop" not in m.group(1):
            remarks[m.group(2)].append(m.group(1))
    regular = [k for k, ax in axes.items() if "special=" not in ax or "special=none" in ax]
    legal, per_copy, per_copy_legal = 0, collections.Counter(), collections.Counter()
    pipelined = []
    reasons = collections.Counter()
    for k in regular:
        form = re.search(r"copy=(\S+)", axes[k]).group(1)
        per_copy[form] += 1
        rs = remarks.get(k, [])
        if any(r.startswith("pipelined") for r in rs):
            legal += 1
            per_copy_legal[form] += 1
            pipelined.append(k)
        elif rs:
            # an enclosing loop's NoTileCopy says nothing of the tile loop's reason
            inner = [r for r in rs if "no copy from global memory" not in r] or rs
            reasons[re.sub(r"'[^']*'", "'T'", inner[0])[:110]] += 1
            if a.show and re.search(a.show, inner[0]):
                print("%s: %s" % (k, axes[k]))
    if a.list:
        with open(a.list, "w") as f:
            f.write("".join(k + "\n" for k in pipelined))
    print("regular kernels: %d, pipelined with profitability=off: %d (%.0f%%)"
          % (len(regular), legal, 100.0 * legal / max(1, len(regular))))
    for form in sorted(per_copy):
        print("  copy=%-8s %4d of %4d" % (form, per_copy_legal[form], per_copy[form]))
    print("first decline reason of the others:")
    for r, n in reasons.most_common(15):
        print("  %4d  %s" % (n, r))


if __name__ == "__main__":
    main()
