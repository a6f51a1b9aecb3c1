#!/usr/bin/env python3
"""Two builds of every bench kernel side by side: their SASS and their speed.

    utils/sass_variants.py [--binary build/bench/bench] [--csv timing.csv] A B

The bench binary holds every variant of every kernel in a namespace of the
variant's name (bench/launchers.h: `regsall::boxU8`, `regspred::boxU8`).
For each kernel function built in both variants A and B, this prints the
instructions ptxas made (`cuobjdump -sass`), the selects among them (SEL),
the barriers (BAR: more in one build than in the other where ptxas
unrolled that build's loop) and the global loads (LDG); and, given a
`bench time` CSV, each variant's median speed against plain for the bench
problem whose launcher launches it (bench/bench.cu's problem calls a
launcher of bench/variant.cu, which launches the kernel; a kernel that
several problems launch, as two template instances or one, gets the first
one's; `-` where none is found). cuobjdump reads the whole binary: minutes. Made for
the register lowering's two ways to load under a condition
(`regsall`, `regspred`: docs/performance.md).
"""
import argparse
import csv
import re
import subprocess
import sys
from collections import Counter, defaultdict

FUNC = re.compile(r"\s*Function : (\S+)")
INST = re.compile(r"\s*/\*[0-9a-f]{4,}\*/\s+(.*?);")


def sass_counts(binary):
    """{mangled function: Counter of opcode bases, 'n' the total}."""
    out = subprocess.run(["cuobjdump", "-sass", binary], capture_output=True, text=True,
                         check=True).stdout
    stats, cur = defaultdict(Counter), None
    for line in out.splitlines():
        m = FUNC.match(line)
        if m:
            cur = m.group(1)
            continue
        m = INST.match(line)
        if cur and m:
            words = m.group(1).split()
            op = words[1] if words[0].startswith("@") and len(words) > 1 else words[0]
            stats[cur]["n"] += 1
            stats[cur][op.split(".")[0]] += 1
    return stats


def demangle_in(ns, name):
    """The kernel name of `_ZN<len>ns<len>kernel...` (a function in
    namespace `ns`), with its mangled parameters, or None."""
    prefix = "_ZN%d%s" % (len(ns), ns)
    if not name.startswith(prefix):
        return None
    m = re.match(r"(\d+)", name[len(prefix):])
    if not m:
        return None
    n = int(m.group(1))
    rest = name[len(prefix) + len(m.group(1)):]
    return rest[:n], rest[n:]


def speeds(path):
    """{(bench kernel, variant): vs_plain} from a `bench time` CSV."""
    if not path:
        return {}
    return {(r["kernel"], r["variant"]): float(r["vs_plain"]) for r in csv.DictReader(open(path))}


def kernel_problems(root, names):
    """{kernel function name: bench problem name (the CSV's)}: each problem
    of bench/bench.cu calls a launcher (`v.boxu8(...)`, `&Variant::conv20`),
    whose definition in bench/variant.cu launches kernels (`KERNEL(boxU8)`,
    `PL_NS::twoLoop<<<...>>>`);
    a launcher of a problem's own name (`names`) is that problem's."""
    src = open(root + "/bench/bench.cu").read()
    launcher_problem = {}
    for chunk in src.split('p.push_back(')[1:]:
        m = re.search(r'"(\w+)"', chunk)
        for launcher in re.findall(r"(?:\bv\.|&Variant::)(\w+)", chunk):
            if m:
                launcher_problem.setdefault(launcher, m.group(1))
    variant = open(root + "/bench/variant.cu").read()
    out = {}
    for chunk in variant.split("void PL_CAT(")[1:]:
        launcher = chunk.split("_,", 1)[0]
        problem = launcher if launcher in names else launcher_problem.get(launcher)
        for kernel in re.findall(r"KERNEL\((\w+)\)|PL_NS::(\w+)\s*<<<", chunk):
            kernel = kernel[0] or kernel[1]
            if problem:
                out.setdefault(kernel, problem)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", default="build/bench/bench")
    ap.add_argument("--csv", help="a `bench time` CSV of the same binary")
    ap.add_argument("--root", default=".", help="the source tree (bench/bench.cu, bench/variant.cu)")
    ap.add_argument("a")
    ap.add_argument("b")
    args = ap.parse_args()
    stats = sass_counts(args.binary)
    vs = speeds(args.csv)
    problem_of = kernel_problems(args.root, {k for k, _ in vs})
    print("| kernel | instr. %s / %s | SEL | BAR | LDG | vs plain %s / %s |" % (
        args.a, args.b, args.a, args.b))
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for fa in sorted(stats, key=lambda f: (demangle_in(args.a, f) or ("", ""))):
        got = demangle_in(args.a, fa)
        if not got:
            continue
        kernel, params = got
        fb = "_ZN%d%s%d%s%s" % (len(args.b), args.b, len(kernel), kernel, params)
        if fb not in stats:
            continue
        a, b = stats[fa], stats[fb]
        bk = problem_of.get(kernel)
        speed = "%.3fx / %.3fx" % (vs[(bk, args.a)], vs[(bk, args.b)]) if bk and (
            bk, args.a) in vs and (bk, args.b) in vs else "-"
        print("| %s | %d / %d | %d / %d | %d / %d | %d / %d | %s |" % (
            kernel, a["n"], b["n"], a["SEL"], b["SEL"], a["BAR"], b["BAR"], a["LDG"], b["LDG"],
            speed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
