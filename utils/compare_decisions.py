#!/usr/bin/env python3
"""utils/compare_decisions.py: the plugin built against LLVM 19 and the one
built against LLVM 22 decide alike on the realistic kernels.

Compiles every kernel of the corpus (bench/variant.cu, the examples and
test/realworld/*.cu) for sm_90 with each build's clang and plugin, reads one
remark per tile loop, and compares the decisions: a ring of S stages, in
place, or declined (the reasons of a decline may differ, as the IR each clang
writes does). A difference must be listed, with its reason, in
test/realworld/llvm22-decisions.txt; an unlisted difference, or a listed one
that no longer differs, fails. Exit status 0 when they agree.

    utils/compare_decisions.py [--a build] [--b build-llvm22] [--jobs 2]
"""
import argparse
import concurrent.futures
import glob
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KNOWN = os.path.join(HERE, "test", "realworld", "llvm22-decisions.txt")
REMARK = re.compile(r"^(?:.*/)?([^/:]+):(\d+):\d+: remark: (.*?)\s*\[(sm_\d+), kernel '(.*)'\]")


def clang_of(build):
    """The clang++ of the LLVM `build` was configured against."""
    with open(os.path.join(build, "CMakeCache.txt")) as f:
        for line in f:
            if line.startswith("LLVM_DIR:"):
                llvm_dir = line.split("=", 1)[1].strip()
                return os.path.join(llvm_dir.rsplit("/lib/cmake/llvm", 1)[0], "bin", "clang++")
    sys.exit("compare_decisions.py: %s has no LLVM_DIR; configure it first" % build)


def decision(msg):
    m = re.match(r"pipelined loop with (\d+) stages", msg)
    if m:
        return "ring of %s stages" % m.group(1)
    if msg.startswith("pipelined loop in place"):
        return "in place"
    if msg.startswith("loop not pipelined: not a tile loop"):
        return None  # a part of a tile loop, or no tile loop at all
    if msg.startswith("loop not pipelined"):
        return "declined"
    return None


def remarks(build, source):
    flags = open(os.path.join(build, "cuda-flags.txt")).read().split()
    cmd = [clang_of(build), "-x", "cuda", *flags, "--cuda-device-only", "--cuda-gpu-arch=sm_90",
           "-O3", "-I" + os.path.join(HERE, "bench"), "-I" + os.path.join(HERE, "include"),
           "-DPL_NS=plugin", "-fplugin=" + os.path.join(build, "lib", "libpipeline.so"), "-S",
           "-o", os.devnull, "-Rpass=cuda-pipeline", "-Rpass-missed=cuda-pipeline", source]
    env = dict(os.environ, PATH="/usr/bin:" + os.environ.get("PATH", ""))
    out = subprocess.run(cmd, capture_output=True, text=True, env=env).stderr
    found = {}
    for line in out.splitlines():
        m = REMARK.match(line)
        if m and decision(m.group(3)):
            f, ln, msg, _arch, kernel = m.groups()
            found[(f, int(ln), kernel)] = (decision(msg), msg)
    return found


def known():
    """{(file, line): reason} from the list of known differences."""
    out = {}
    if os.path.exists(KNOWN):
        for line in open(KNOWN):
            line = line.strip()
            if line and not line.startswith("#"):
                where, reason = line.split(" ", 1)
                f, ln = where.rsplit(":", 1)
                out[(f, int(ln))] = reason
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--a", default=os.path.join(HERE, "build"))
    ap.add_argument("--b", default=os.path.join(HERE, "build-llvm22"))
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    corpus = ([os.path.join(HERE, "bench", "variant.cu")] +
              sorted(glob.glob(os.path.join(HERE, "examples", "*.cu"))) +
              sorted(glob.glob(os.path.join(HERE, "test", "realworld", "*.cu"))))
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        ra = pool.map(lambda s: remarks(args.a, s), corpus)
        rb = pool.map(lambda s: remarks(args.b, s), corpus)
        a, b = {}, {}
        for x in ra:
            a.update(x)
        for x in rb:
            b.update(x)
    listed = known()
    bad, seen = [], set()
    for key in sorted(set(a) | set(b)):
        da, db = a.get(key, ("no remark", ""))[0], b.get(key, ("no remark", ""))[0]
        where = (key[0], key[1])
        if da != db:
            seen.add(where)
            note = "known: " + listed[where] if where in listed else "NOT LISTED"
            print("%s:%d %s: %s with %s, %s with %s (%s)" %
                  (key[0], key[1], key[2], da, os.path.basename(args.a), db,
                   os.path.basename(args.b), note))
            if where not in listed:
                bad.append(key)
    stale = sorted(set(listed) - seen)
    for f, ln in stale:
        print("%s:%d is listed in %s but no longer differs" % (f, ln, os.path.relpath(KNOWN, HERE)))
    loops = len(set(a) | set(b))
    print("compare_decisions: %d tile loops, %d decided alike, %d known differences, "
          "%d unexplained, %d stale" % (loops, loops - len(seen), len(seen) - len(bad), len(bad),
                                        len(stale)))
    return 1 if bad or stale else 0


if __name__ == "__main__":
    sys.exit(main())
