#!/usr/bin/env python3
"""utils/target_decisions.py: which tile loops the plugin decides differently
for different targets of the sm_80 family, and why.

Compiles every kernel of the realistic corpus (bench/variant.cu, the examples,
test/realworld/*.cu, and any further files named) for sm_80, sm_86, sm_89 and
sm_90 with one build's clang and plugin, reads one remark per tile loop and
target, and lists each loop whose decision (a ring, in place, or declined)
depends on the target, with each target's remark. A loop is counted under
the first cause that applies:

  registers   some target's decision depends on the register count
  budget      a ring fits one chip's shared memory and not another's
  apart       every decision is the model's verdict on latency, and the
              predictions lie more than 3% apart (the chips' figures differ)
  other       a target declines for a reason other than the model
  SAME        every decision is a verdict on latency and the predictions lie
              within 3% of each other: the family rule (docs/design.md,
              "Decisions") should have made them one decision

Exit status 1 when a loop is SAME (with --check), else 0.

    utils/target_decisions.py [--build build] [--jobs 2] [--check] [--verbose] [extra.cu ...]
"""
import argparse
import collections
import concurrent.futures
import glob
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(HERE, "utils"))
import compare_decisions  # noqa: E402  (clang_of, REMARK, decision)

ARCHS = ["sm_80", "sm_86", "sm_89", "sm_90"]
FAMILY_PERMILLE = 30  # lib/cost.h, PL_COST_FAMILY_PERMILLE


def remarks(build, source, arch):
    """{(file, line, kernel): remark} of `source` compiled for `arch`."""
    flags = open(os.path.join(build, "cuda-flags.txt")).read().split()
    cmd = [compare_decisions.clang_of(build), "-x", "cuda", *flags, "--cuda-device-only",
           "--cuda-gpu-arch=" + arch, "-O3", "-I" + os.path.join(HERE, "bench"),
           "-I" + os.path.join(HERE, "include"), "-DPL_NS=plugin",
           "-fplugin=" + os.path.join(build, "lib", "libpipeline.so"), "-S", "-o", os.devnull,
           "-Rpass=cuda-pipeline", "-Rpass-missed=cuda-pipeline", source]
    env = dict(os.environ, PATH="/usr/bin:" + os.environ.get("PATH", ""))
    out = subprocess.run(cmd, capture_output=True, text=True, env=env).stderr
    found = {}
    for line in out.splitlines():
        m = compare_decisions.REMARK.match(line)
        if m and compare_decisions.decision(m.group(3)):
            f, ln, msg, _arch, kernel = m.groups()
            found[(f, int(ln), kernel)] = msg
    return found


def kind(msg):
    """A ring (of any S), in place, or declined."""
    return re.sub(r"ring of \d+ stages", "ring", compare_decisions.decision(msg))


def prediction(msg):
    """The model's predicted speedup in a remark, or None."""
    m = re.search(r"predicts (\d+\.\d+)x|predicted (\d+\.\d+)x", msg)
    return float(m.group(1) or m.group(2)) if m else None


def latency_verdict(msg):
    """Whether a remark is the model's verdict on latency alone."""
    if "register counts" in msg or "would split" in msg or "bytes a block may have" in msg:
        return False
    if msg.startswith("pipelined loop"):
        return prediction(msg) is not None
    return bool(re.search(r"already cover|too close to call|declined as on", msg))


def cause(msgs):
    """Why the decisions of one loop (remarks by target) differ."""
    if any("register counts" in m for m in msgs):
        return "registers"
    if any("bytes a block may have" in m or "over the budget" in m for m in msgs):
        return "budget"
    if not all(latency_verdict(m) for m in msgs):
        return "other"
    gains = [prediction(m) for m in msgs]
    if max(gains) * 1000 > min(gains) * (1000 + FAMILY_PERMILLE):
        return "apart"
    return "SAME"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=os.path.join(HERE, "build"),
                    help="the build whose clang and plugin compile (default: build/)")
    ap.add_argument("--jobs", type=int, default=2, help="compiles at once (default: 2)")
    ap.add_argument("--check", action="store_true", help="exit 1 when a loop is SAME")
    ap.add_argument("--verbose", action="store_true", help="print every differing loop")
    ap.add_argument("extra", nargs="*", help="more .cu files, e.g. utils/fuzz.py gen output")
    args = ap.parse_args()
    corpus = ([os.path.join(HERE, "bench", "variant.cu")] +
              sorted(glob.glob(os.path.join(HERE, "examples", "*.cu"))) +
              sorted(glob.glob(os.path.join(HERE, "test", "realworld", "*.cu"))) + args.extra)
    by_arch = {a: {} for a in ARCHS}
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        jobs = {(a, s): pool.submit(remarks, args.build, s, a) for a in ARCHS for s in corpus}
        for (a, _s), job in jobs.items():
            by_arch[a].update(job.result())
    loops = sorted(set().union(*by_arch.values()))
    counts = collections.Counter()
    for key in loops:
        msgs = [by_arch[a].get(key) for a in ARCHS]
        if None in msgs:
            continue
        if len({kind(m) for m in msgs}) == 1:
            continue
        why = cause(msgs)
        counts[why] += 1
        if args.verbose or why == "SAME":
            print("%s:%d %s: %s" % (key[0], key[1], key[2], why))
            for a, m in zip(ARCHS, msgs):
                print("    %s: %s" % (a, m))
    print("target_decisions: %d tile loops, %d decided differently by target (%s)" %
          (len(loops), sum(counts.values()),
           ", ".join("%s %d" % kv for kv in sorted(counts.items())) or "none"))
    return 1 if args.check and counts["SAME"] else 0


if __name__ == "__main__":
    sys.exit(main())
