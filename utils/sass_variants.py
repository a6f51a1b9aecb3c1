#!/usr/bin/env python3
"""Two builds of every bench kernel side by side: their SASS and their speed.

    utils/sass_variants.py [--binary build/bench/bench] [--arch sm_90] [--csv timing.csv] A B

The bench binary holds every variant of every kernel in a namespace of the
variant's name (bench/launchers.h: `regsall::boxU8`, `regspred::boxU8`).
For each kernel function built in both variants A and B, this prints the
instructions ptxas made (read as utils/sass_steady.py reads them:
`cuobjdump -sass` of the cubins that hold A or B), the selects among them (SEL),
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
import os
import re
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sass_steady import functions, opcode  # noqa: E402  (the SASS reader)


def counts(binary, arch, a, b):
    """{(variant, kernel function with its parameters): Counter of opcode
    bases, 'n' the total} for the functions of namespaces a and b."""
    out = {}
    for name, ins in functions(binary, arch, [a, b]).items():
        ns, _, rest = re.sub(r"^void ", "", name).partition("::")  # templates: `void ns::k<..>(..)`
        if ns in (a, b) and rest:
            c = Counter(opcode(text).split(".")[0] for _, text in ins)
            c["n"] = len(ins)
            out[(ns, rest)] = c
    return out


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
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--root", default=".", help="the source tree (bench/bench.cu, bench/variant.cu)")
    ap.add_argument("a")
    ap.add_argument("b")
    args = ap.parse_args()
    stats = counts(args.binary, args.arch, args.a, args.b)
    vs = speeds(args.csv)
    problem_of = kernel_problems(args.root, {k for k, _ in vs})
    print("| kernel | instr. %s / %s | SEL | BAR | LDG | vs plain %s / %s |" % (
        args.a, args.b, args.a, args.b))
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for ns, rest in sorted(stats):
        if ns != args.a or (args.b, rest) not in stats:
            continue
        a, b = stats[(ns, rest)], stats[(args.b, rest)]
        kernel = re.split(r"[<(]", rest)[0]
        bk = problem_of.get(kernel)
        speed = "%.3fx / %.3fx" % (vs[(bk, args.a)], vs[(bk, args.b)]) if bk and (
            bk, args.a) in vs and (bk, args.b) in vs else "-"
        print("| %s | %d / %d | %d / %d | %d / %d | %d / %d | %s |" % (
            kernel, a["n"], b["n"], a["SEL"], b["SEL"], a["BAR"], b["BAR"], a["LDG"], b["LDG"],
            speed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
