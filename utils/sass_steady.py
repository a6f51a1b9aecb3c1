#!/usr/bin/env python3
"""SASS instructions of the steady state, the plugin's ring beside the
hand-written ring of the same kernel.

    utils/sass_steady.py [BINARY] [--arch sm_90] [--variant plugin]

BINARY (default build/bench/bench) holds every variant of every bench
kernel (bench/launchers.h): the plugin's build in namespace `plugin` (or
VARIANT: `s3` forces 3-stage rings, `cpasync` the cp.async lowering), the
hand-written rings as `hand::<kernel>Hand`. For each kernel that has a
hand-written ring, this reads both functions' SASS (`cuobjdump -sass`, the
code ptxas made for ARCH), finds the steady state -- the loop, closed by a
backward branch, that holds a barrier and the most copy instructions
(LDGSTS for cp.async, else LDG) -- and counts its instructions per
iteration by class: copies (LDGSTS, LDG), waits (DEPBAR: cp.async
wait groups), barriers (BAR), shared loads (LDS, LDSM), math (FFMA, HMMA,
...), and the rest (integer address and counter arithmetic, predicates,
moves, branches). A steady state with an inner loop that ptxas kept is
marked `(inner loop)`; its count is the instructions written once, not
those executed, and it gets no ratio. Per iteration: a cp.async ring's
loop divided by its commit groups (ptxas may unroll it); a loop of plain
loads (the register lowering, or the plain loop where the plugin
declined) gets no per-iteration count. The project's target: the
plugin's steady state at most 10% above the hand-written ring's
(docs/performance.md, "Ring overhead in SASS").
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter

MATH = ("FFMA", "FADD", "FMUL", "HMMA", "HFMA2", "HADD2", "HMUL2", "IMMA", "DFMA", "FMNMX",
        "IDP", "DADD", "DMUL", "MUFU", "FSEL")
CLASSES = ("cp.async", "commit", "wait", "ld", "bar", "lds", "math", "rest")
BRANCH = re.compile(r"\bBRA\s+(?:`\()?(0x[0-9a-f]+)")


def cubins(binary, arch, tmp, names):
    """The ARCH cubins of BINARY that hold the plugin's or the hand-written
    builds (cuobjdump -sass of the whole bench takes minutes; of two
    cubins, seconds)."""
    subprocess.run(["cuobjdump", "-xelf", "all", os.path.abspath(binary)], cwd=tmp,
                   capture_output=True, check=True)
    out = []
    for f in sorted(os.listdir(tmp)):
        if f.endswith("." + arch + ".cubin"):
            data = open(os.path.join(tmp, f), "rb").read()
            if any(b"_ZN%d%s" % (len(n), n.encode()) in data for n in names):
                out.append(os.path.join(tmp, f))
    return out


def functions(binary, arch, names):
    """{demangled name: [(address, text)]} of ARCH's code in BINARY."""
    with tempfile.TemporaryDirectory() as tmp:
        out = "".join(
            subprocess.run(["cuobjdump", "-sass", c], capture_output=True, text=True,
                           check=True).stdout for c in cubins(binary, arch, tmp, names))
    funcs = {}
    name = None
    for line in out.splitlines():
        m = re.match(r"\s*Function : (\S+)", line)
        if m:
            name = m.group(1)
            funcs[name] = []
            continue
        m = re.match(r"\s+/\*([0-9a-f]{4,})\*/\s+(.*?);", line)
        if m and name:
            funcs[name].append((int(m.group(1), 16), m.group(2).strip()))
    mangled = list(funcs)
    demangled = subprocess.run(["c++filt"], input="\n".join(mangled), capture_output=True,
                               text=True, check=True).stdout.splitlines()
    return {d: funcs[m] for m, d in zip(mangled, demangled)}


def opcode(text):
    """The opcode of an instruction, its predicate dropped."""
    t = re.sub(r"^@!?U?P\w+\s+", "", text)
    return t.split()[0] if t else ""


def classify(op):
    if op.startswith("LDGSTS"):
        return "cp.async"
    if op.startswith("LDGDEPBAR"):
        return "commit"
    if op.startswith("DEPBAR"):
        return "wait"
    if op.startswith("LDG"):
        return "ld"
    if op.startswith("BAR"):
        return "bar"
    if op.startswith("LDS"):
        return "lds"
    if op.split(".")[0] in MATH:
        return "math"
    return "rest"


def steady_state(ins):
    """(Counter of classes, inner loop kept) of the loop that holds a
    barrier and the most copy instructions (cp.async first); None where no
    loop has both."""
    index = {a: i for i, (a, _) in enumerate(ins)}
    best = None
    for i, (a, text) in enumerate(ins):
        m = BRANCH.search(text)
        if not m or int(m.group(1), 16) > a or int(m.group(1), 16) not in index:
            continue
        first = index[int(m.group(1), 16)]
        counts = Counter(classify(opcode(t)) for _, t in ins[first:i + 1] if opcode(t) != "NOP")
        if not counts["bar"] or not (counts["cp.async"] or counts["ld"]):
            continue
        inner = False
        for ba, t in ins[first:i]:
            b = BRANCH.search(t)
            if b and first <= index.get(int(b.group(1), 16), -1) and int(b.group(1), 16) <= ba:
                inner = True
        key = (counts["cp.async"], counts["ld"], i - first)
        if best is None or key > best[0]:
            best = (key, counts, inner)
    return None if best is None else (best[1], best[2])


def per_iteration(x):
    """Instructions per iteration of a cp.async ring's steady state (one
    commit group per iteration: ptxas may unroll the loop), or None."""
    if not x or not x[0]["cp.async"] or not x[0]["commit"]:
        return None
    return sum(x[0].values()) / x[0]["commit"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("binary", nargs="?", default="build/bench/bench")
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--variant", default="plugin",
                    help="the plugin's build to compare (bench/launchers.h: plugin, s3, cpasync, ...)")
    args = ap.parse_args()
    funcs = functions(args.binary, args.arch, (args.variant, "hand"))
    hands = {}
    for name in funcs:
        m = re.match(r"hand::(\w+)Hand\b(.*)", name)
        if m:
            hands[(m.group(1), m.group(2))] = name
    rows = []
    for (kernel, rest), hand in sorted(hands.items()):
        plugin = "%s::%s%s" % (args.variant, kernel, rest)
        if plugin not in funcs:
            continue
        p, h = steady_state(funcs[plugin]), steady_state(funcs[hand])
        rows.append((kernel + re.sub(r"\(.*", "", rest), p, h))
    print("| kernel | plugin, per iteration | hand ring, per iteration | plugin / hand | "
          "plugin's loop: %s | hand's loop: same |" % " / ".join(CLASSES))
    print("| --- | ---: | ---: | ---: | --- | --- |")
    for kernel, p, h in rows:
        def parts(x):
            if not x:
                return "no loop with a barrier and copies"
            return " / ".join(str(x[0][c]) for c in CLASSES) + (" (inner loop)" if x[1] else "")
        pi, hi = per_iteration(p), per_iteration(h)
        ratio = "%.2fx" % (pi / hi) if pi and hi and not p[1] and not h[1] else "-"
        print("| %s | %s | %s | %s | %s | %s |" % (
            kernel, "%.0f" % pi if pi else "not a cp.async ring", "%.0f" % hi if hi else "-",
            ratio, parts(p), parts(h)))


if __name__ == "__main__":
    sys.exit(main())
