#!/usr/bin/env python3
"""utils/fuzz.py: random tile-loop kernels and malformed IR against the pass.

  fuzz.py gen SEED COUNT FILE.cu            write one generated file (kernels 0..COUNT-1)
  fuzz.py gen-one SEED INDEX FILE.cu [--bare] [--set NAME=VALUE ...]
                                            one kernel, some choices forced
  fuzz.py cpu [--count N] [--stress N] [--table FILE]
                                            compile and check (no GPU)
  fuzz.py gpu-build DIR [--count N] [--only K,..] [--plugin-args A,B]  plain and plugin binaries
  fuzz.py gpu-run DIR                       on the GPU machine: run, compare, racecheck

Kernels come from utils/fuzzgen.py, each drawn from the product of five axes
(copy form, guard form, loop form, stores, plugin arguments; a pairwise
covering design, so every pair of axis values appears in every ~150
kernels). Kernels are grouped into files by their plugin arguments.

CPU mode, for each file (--per-file kernels of one argument set): one
device-only clang compile with the plugin and `-fplugin-arg-pipeline-verify`
(-emit-llvm, remarks recorded), `opt -passes=verify` on its IR, llc to PTX,
and ptxas -arch=sm_90. Failures: a crash, a verifier failure (either
verifier), a compile error, llc or ptxas rejecting the code, a remark named
InternalError, and per kernel: no cuda-pipeline remark; a near-miss
pipelined (a source write behind a runtime alias check, and a tile written
by the compute pipelined in place, excepted); a
pipelined loop without cp.async, commit_group, wait_group S-2 directly
before a barrier, a wait_group 0 drain or, where the PTX's loop comments
tell, one barrier per steady-state iteration (plus those the compute adds),
or with an original tile left in the module beside its ring. A file that
fails as a whole is split (kernels the error names first, then halves) down
to the kernels that fail alone; the rest are still checked. Counts are
printed per axis value (kernels, pipelined, declined by reason, failures by
class) and, with --table FILE, written as markdown (between the markers
`<!-- fuzz-table begin -->` and `<!-- fuzz-table end -->` if FILE has them).
One kernel per distinct failure (class and message) is minimized, choice by
choice, and saved with its command into --repro-dir.

Then --stress llvm-stress programs, retargeted to NVPTX kernels with
barriers and __shared__ stores added, go through opt with the pass: no
crash, output verifies. Prints `N passed, N failed` last; exit status 1 on
any failure.

The tools come from BUILD_DIR (default ./build): lib/libpipeline.so,
lib/CUDAPipelinePass.so, cuda-flags.txt.
"""

import argparse
import collections
import concurrent.futures
import datetime
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
ROOT_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
import fuzzgen  # noqa: E402

CLANG = "clang++-19"
OPT = "opt-19"
LLC = "llc-19"
STRESS = "llvm-stress-19"
PTXAS = "/usr/bin/ptxas"  # CUDA 11.8's (Debian)
ARCH = "sm_90"
CRASH_MARKS = ("PLEASE submit a bug report", "Stack dump:", "Segmentation fault",
               "AddressSanitizer", "UndefinedBehaviorSanitizer", "runtime error:",
               "LeakSanitizer", "Assertion", "UNREACHABLE")


def env_path():
    env = dict(os.environ)
    env["PATH"] = "/usr/bin:" + env.get("PATH", "")
    return env


def run(cmd, timeout=600, env=None, stdin=None):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout,
                           env=env or env_path(), input=stdin, errors="replace")
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return -999, "", "TIMEOUT after %ds" % timeout


def crashed(rc, err):
    return rc < 0 or rc == -999 or any(m in err for m in CRASH_MARKS)


def cuda_flags(build):
    """The build's CUDA flags, and the project's include/ (the generated
    drivers ask include/libpipeline.h for their launches' dynamic bytes)."""
    with open(os.path.join(build, "cuda-flags.txt")) as f:
        return f.read().split() + ["-I" + os.path.join(ROOT_DIR, "include")]


def plugin_args(args):
    """The plugin's arguments as clang flags; an argument that starts with
    "-" is a clang flag already (fuzzgen.ARGS["cuda12.3"])."""
    return [a if a.startswith("-") else "-fplugin-arg-pipeline-" + a for a in args]


# ---------------------------------------------------------------- records


def parse_records(text):
    """cuda-pipeline remarks of a YAML optimization record: [(kind, name, fn, msg)]."""
    out = []
    for doc in text.split("\n--- ")[0:]:
        m = re.match(r"(?:--- )?!(\w+)", doc.lstrip())
        if not m:
            continue
        if not re.search(r"^Pass:\s+cuda-pipeline\s*$", doc, re.M):
            continue
        name = re.search(r"^Name:\s+(\S+)", doc, re.M)
        fn = re.search(r"^Function:\s+(\S+)", doc, re.M)
        msg = " ".join(doc.split())
        out.append((m.group(1), name.group(1) if name else "?",
                    fn.group(1).strip("'\"") if fn else "?", msg))
    return out


# ---------------------------------------------------------------- PTX checks

ENTRY = re.compile(r"^\.(?:visible |weak |extern )*\.(?:entry|func)\s+(?:\([^)]*\)\s*)?(\w+)")
BAR = re.compile(r"^\s*(?:@!?%\w+\s+)?(?:bar\.sync|barrier\.sync|bar\.red|barrier\.red)\b")
WAIT = re.compile(r"^\s*cp\.async\.wait_group\s+(\d+);")
BLOCK = re.compile(r"^(\$L__BB\d+_\d+):|^// %bb\.\d+:")


def split_ptx(ptx):
    """{function name: [lines]} of a PTX module (definitions, not prototypes)."""
    funcs = {}
    cur = None
    for line in ptx.splitlines():
        m = ENTRY.match(line)
        if m:
            cur = m.group(1)
            funcs[cur] = []
        elif line.startswith("// -- End function") or line.startswith("\t// .globl"):
            cur = None
        if cur is not None:
            funcs[cur].append(line)
    return funcs


def ptx_blocks(lines):
    """[(label, loops containing it as a list of header labels, [lines])]."""
    blocks = []
    cur = ["entry", [], []]
    for i, line in enumerate(lines):
        m = BLOCK.match(line)
        if m:
            blocks.append(cur)
            label = m.group(1) or "bb%d" % i
            cur = [label, [], []]
            # the loop comments: this line and the comment-only lines after it
            com = line
            j = i + 1
            while j < len(lines) and re.match(r"^\s+//", lines[j]):
                com += " " + lines[j]
                j += 1
            loops = re.findall(r"(?:Parent Loop|Header=)\s*(BB\d+_\d+)", com)
            if "Loop Header" in com and m.group(1):
                loops.append(m.group(1)[4:])  # $L__BB0_4 -> BB0_4
            cur[1] = loops
        cur[2].append(line)
    blocks.append(cur)
    return blocks


BRA = re.compile(r"^\s*(@!?%\w+\s+)?bra(?:\.uni)?\s+(\$L__BB\d+_\d+);")


def reaches_barrier(instrs, first, start):
    """Whether control from instrs[start] reaches a barrier before any other
    cp.async instruction, a return or 400 steps, on some path."""
    todo, seen = [start], set()
    while todo:
        j = todo.pop()
        steps = 0
        while j < len(instrs) and j not in seen and steps < 400:
            seen.add(j)
            steps += 1
            line = instrs[j][1]
            if BAR.match(line):
                return True
            if "cp.async" in line or re.match(r"^\s*(ret|exit)\b", line):
                break
            m = BRA.match(line)
            if m and m.group(2) in first:
                todo.append(first[m.group(2)])
                if not m.group(1):
                    break
            j += 1
    return False


def check_pipelined_ptx(lines, loops, extra_barriers):
    """Problems with a pipelined kernel's PTX; loops: the S of each pipelined loop.

    Returns (problems, told) where told says whether the barrier count per
    iteration could be read from the loop comments."""
    text = "\n".join(lines)
    probs = []
    if "cp.async.ca.shared.global" not in text and "cp.async.cg.shared.global" not in text:
        probs.append("no cp.async copy")
    if "cp.async.commit_group" not in text:
        probs.append("no commit_group")
    blocks = ptx_blocks(lines)
    flat = []  # (block index, line)
    for bi, b in enumerate(blocks):
        for line in b[2]:
            flat.append((bi, line))
    instrs = [(bi, l) for bi, l in flat if l.strip() and not l.strip().startswith("//")
              and not BLOCK.match(l)]
    # wait_group N followed by a barrier: the loop's wait (or a drain
    # followed by a barrier, which only sits in an outer loop); between
    # them only the fix-up of skipped copies (shared loads and stores,
    # arithmetic, branches), no other cp.async step.
    first = {}
    for i, (bi, l) in enumerate(instrs):
        first.setdefault(blocks[bi][0], i)
    cands = collections.defaultdict(list)
    zeros = 0
    for i, (bi, l) in enumerate(instrs):
        m = WAIT.match(l)
        if not m:
            continue
        n = int(m.group(1))
        zeros += n == 0
        if reaches_barrier(instrs, first, i + 1):
            cands[n].append(bi)
    told = True
    want_zero = len(loops) + sum(1 for s in loops if s == 2)
    if zeros < want_zero:
        probs.append("%d wait_group 0 for %d drains" % (zeros, want_zero))
    for s, count in collections.Counter(loops).items():
        if not cands.get(s - 2):
            probs.append("no wait_group %d before a barrier" % (s - 2))
            continue
        match = 0
        anyloop = False
        for bi in cands[s - 2]:
            loopset = blocks[bi][1]
            if not loopset:
                continue
            anyloop = True
            inner = loopset[-1] if "Loop Header" not in "" else None
            # innermost loop: the header listed last (Parent chain outermost first)
            inner = loopset[-1]
            own = [b for b in blocks if b[1] and b[1][-1] == inner]
            nested = [b for b in blocks if inner in b[1][:-1]]
            nbar = sum(1 for b in own for l in b[2] if BAR.match(l))
            nbar_nested = sum(1 for b in nested for l in b[2] if BAR.match(l))
            if nbar == 1 + extra_barriers and nbar_nested == 0:
                match += 1
        if not anyloop:
            told = False
        elif match < count:
            probs.append("stages %d: %d of %d loops have %d barrier(s) per iteration" %
                         (s, match, count, 1 + extra_barriers))
    return probs, told


# ---------------------------------------------------------------- CPU mode

VERIFY_ERR = re.compile(r"the IR of '([^']+)' does not verify after pipelining")
KNAME = re.compile(r"\bk\d{5}\b")
# Failures that stop a file from compiling (a GPU build leaves such kernels out).
BUILD_BREAKING = ("crash", "verify", "compile-error", "llc", "ptxas")


def kernel_of(fn):
    """The generated kernel a function belongs to (helpers are named after it)."""
    m = KNAME.search(fn)
    return m.group(0) if m else fn


def signature(text):
    """The first telling line of a failure's output, without names and numbers:
    what tells two failures apart."""
    pats = (r"Assertion .*failed", r"UNREACHABLE.*", r"LLVM ERROR: .*",
            r"does not verify after pipelining: (.*)", r"^(?!.*Broken module)(.*!)$",
            r"ptxas.*error.*", r"error: (.*)", r"Segmentation fault.*", r"Stack dump:")
    lines = text.splitlines()
    for p in pats:
        for line in lines:
            m = re.search(p, line)
            if m:
                s = m.group(m.lastindex or 0)
                if "does not verify" in line and m.lastindex:
                    # the verifier's message is on this line or the next
                    s = s.strip() or next((x for x in lines[lines.index(line) + 1:]
                                           if x.strip()), "")
                s = re.sub(r"k\d{5}\w*", "K", s)
                s = re.sub(r"%[\w.]+", "%v", s)
                s = re.sub(r"0x[0-9a-f]+|\b\d+\b", "N", s)
                return " ".join(s.split())[:160]
    return (" ".join(text.split()[-12:]) or "?")[:160]


def fail_class(why):
    """'verify: Instruction does not...' -> 'verify'."""
    return why.split(":")[0]


def compile_check(cfg, seed, indices, variant, wd, tag, fixed=None):
    """Compile kernels `indices` with argument set `variant` and check them.

    Returns (level, results, named, log): level is None, or what stopped the
    file as a whole (crash, verify, compile-error, llc); named, the kernels
    that failure names; results, per kernel ("pipelined", [stages], told) /
    ("declined", reason) / ("fail", "class: message"); log, (command, output)."""
    src, kernels = fuzzgen.generate_file(seed, indices, fixed, crash_forms=cfg.crash_forms)
    cu = os.path.join(wd, tag + ".cu")
    ll = os.path.join(wd, tag + ".ll")
    ptx = os.path.join(wd, tag + ".ptx")
    rec = os.path.join(wd, tag + ".yaml")
    with open(cu, "w") as f:
        f.write(src)
    cmd = ([CLANG, "-x", "cuda"] + cfg.flags +
           ["--cuda-device-only", "--cuda-gpu-arch=" + ARCH, "-O3",
            "-fplugin=" + cfg.plugin] + plugin_args(fuzzgen.ARGS[variant] + ["verify"]) +
           ["-fsave-optimization-record", "-foptimization-record-file=" + rec,
            "-foptimization-record-passes=cuda-pipeline", "-S", "-emit-llvm", "-o", ll, cu])
    names = [k.name for k in kernels]

    def whole(kind, err, named=()):
        why = "%s: %s" % (kind, signature(err))
        return kind, {n: ("fail", why) for n in names}, set(named), (cmd, err)

    rc, _, err = run(cmd, env=cfg.env)
    if crashed(rc, err):
        return whole("crash", err)
    if rc != 0:
        named = set(kernel_of(f) for f in VERIFY_ERR.findall(err))
        return whole("verify" if named else "compile-error", err, named)
    rc, _, verr = run([OPT, "-passes=verify", "-disable-output", ll])
    if rc != 0:
        return whole("verify", verr)
    rc, _, lerr = run([LLC, "-O3", "-mcpu=" + ARCH, "-mattr=+ptx78", "--fp-contract=fast",
                       ll, "-o", ptx])
    if rc != 0:
        return whole("llc", lerr)
    rc, _, perr = run([PTXAS, "-arch=" + ARCH, ptx, "-o", os.devnull])
    ptxas_ok = rc == 0
    ptxas_named = set(re.findall(r"Entry function '(\w+)'", perr))
    with open(rec) as f:
        recs = parse_records(f.read())
    with open(ptx) as f:
        ptx_text = f.read()
    funcs = split_ptx(ptx_text)
    by_fn = collections.defaultdict(list)
    internal = collections.defaultdict(list)
    for kind, name, fn, msg in recs:
        by_fn[fn].append((kind, name, msg))
        if name == "InternalError":
            internal[kernel_of(fn)].append(msg)
    res = {}
    for k in kernels:
        rs = [r for r in by_fn.get(k.name, []) if r[0] in ("Passed", "Missed")]
        if not rs:
            # a loop whose copies clang folded away (a guard proven false)
            # reads nothing outside shared memory: NotTileLoop, an analysis
            # record, is its one remark
            rs = [r for r in by_fn.get(k.name, []) if r[:2] == ("Analysis", "NotTileLoop")]
        lines = funcs.get(k.name)
        if internal.get(k.name):
            res[k.name] = ("fail", "InternalError: " + signature(
                re.sub(r"^.*?Args:", "", internal[k.name][0])))
            continue
        if not ptxas_ok and (k.name in ptxas_named or not ptxas_named):
            # errors that name kernels fail those; others fail the whole file
            res[k.name] = ("fail", "ptxas: " + " ".join(
                l.strip() for l in perr.splitlines() if k.name in l or not ptxas_named)[:300])
            continue
        if lines is None:
            res[k.name] = ("fail", "no-ptx: no PTX function")
            continue
        if not rs:
            res[k.name] = ("fail", "no-remark: no cuda-pipeline remark")
            continue
        stages = []
        staged = 0  # loops staged only through registers: no cp.async to check
        for kind, name, msg in rs:
            if kind == "Passed":
                m = (re.search(r"Stages: '?(\d+)", msg) or
                     re.search(r"pipelined loop with '?\s*(\d+) stages", msg))
                if re.search(r"Lowering:\s*'?registers|; registers \[", msg):
                    staged += 1
                    continue
                stages.append(int(m.group(1)) if m else 0)
        text = "\n".join(lines)
        # An early exit on a uniform condition is a near-miss only while it
        # stays a second exit: LLVM may fold `if (t == stop) break;` and the
        # loop's own bound into one latch compare (t == min(...)), which is a
        # legal single-exit tile loop with a computable trip count. Such a
        # kernel may be pipelined; the GPU mode compares its results bitwise.
        may_fold = k.near_miss in ("early_break", "early_return")
        # A loop that writes its own source (src_write) may be pipelined
        # behind a runtime alias check: the check sends
        # overlapping ranges to the original loop, which the GPU mode
        # compares bitwise. Every passed remark must say so.
        passed = [msg for kind, _, msg in rs if kind == "Passed"]
        checked = (k.near_miss == "src_write" and passed and
                   all(re.search(r"runtime alias check|AliasCheck:\s*'?runtime", m)
                       for m in passed))
        # A tile the compute writes (tile_write) rules out a ring only: the
        # in-place shape keeps the tiles, both barriers and every store, and
        # moves only the copies' global loads, so it may pipeline the loop;
        # every passed remark must say in place, and the GPU mode compares
        # its results bitwise.
        in_place = (k.near_miss == "tile_write" and passed and
                    all(re.search(r"pipelined loop in place|registers in place", m)
                        for m in passed))
        if k.near_miss and not (may_fold and (stages or staged)) and not checked \
                and not in_place:
            if stages or staged or "cp.async" in text:
                res[k.name] = ("fail", "near-miss: %s pipelined" % k.near_miss)
            else:
                res[k.name] = ("declined", rs[0][1])
            continue
        if staged and not stages:
            # the register lowering (two slots, loads before the compute,
            # stores after it): no cp.async may appear; the GPU mode
            # compares its results bitwise
            if "cp.async" in text:
                res[k.name] = ("fail", "ptx: cp.async in a loop staged through registers")
            else:
                res[k.name] = ("pipelined", [2] * staged, False)
            continue
        if not stages:
            if "cp.async" in text:
                res[k.name] = ("fail", "ptx: cp.async without a passed remark")
            else:
                res[k.name] = ("declined", sorted(set(r[1] for r in rs))[0]
                               if len(rs) == 1 else "+".join(sorted(set(r[1] for r in rs))))
            continue
        probs, told = check_pipelined_ptx(lines, stages, k.extra_barriers)
        # The original tile must be gone, unless a declined loop of the kernel
        # still uses it, a runtime alias check keeps the original loop for
        # overlapping ranges, the ring's last slot is copied back into it, or
        # the kernel reuses the array after the loop (post=reuse: each thread
        # stores, then loads its own element).
        kept_ok = (any(kind == "Missed" and name not in ("NoTileCopy", "NotTileLoop")
                       for kind, name, _ in rs) or
                   any(re.search(r"copies the last slot back|AliasCheck:\s*'?runtime", m)
                       for m in passed) or "post=reuse" in k.features)
        for t in re.findall(r"\.shared\s.*\b(_ZZ\d+%sE\d+\w+)_\$_ring\[" % k.name, ptx_text):
            if not kept_ok and re.search(r"\.shared\s.*\b%s\[" % re.escape(t), ptx_text):
                probs.append("tile %s kept beside its ring" % t)
        if probs:
            res[k.name] = ("fail", "ptx: " + "; ".join(probs))
        else:
            res[k.name] = ("pipelined", stages, told)
    return None, res, set(), (cmd, perr if not ptxas_ok else "")


def check_set(cfg, seed, indices, variant, wd, tag, notes, fixed=None):
    """compile_check, splitting a file that fails as a whole down to the
    kernels that fail alone (those its error names first, then halves).
    Appends (idx, variant, log) of each kernel charged to notes."""
    level, res, named, log = compile_check(cfg, seed, indices, variant, wd, tag, fixed)
    if level is None:
        for n, r in res.items():
            if r[0] == "fail":
                notes.append((int(n[1:]), variant, log))
        return res
    if len(indices) == 1:
        notes.append((indices[0], variant, log))
        return res
    out = {}
    bad = [i for i in indices if "k%05d" % i in named]
    for i in bad:
        out["k%05d" % i] = res["k%05d" % i]
        notes.append((i, variant, log))
    rest = [i for i in indices if i not in bad]
    if bad and rest:
        out.update(check_set(cfg, seed, rest, variant, wd, tag + "r", notes, fixed))
    elif rest:
        half = len(rest) // 2
        parts = [check_set(cfg, seed, p, variant, wd, "%s%d" % (tag, j), notes, fixed)
                 for j, p in enumerate((rest[:half], rest[half:]))]
        for p in parts:
            out.update(p)
        if not any(r[0] == "fail" and fail_class(r[1]) == level for r in out.values()):
            # fails only together: charge the first kernel
            first = "k%05d" % rest[0]
            out[first] = ("fail", "%s (together): %s" % (level, signature(log[1])))
            notes.append((rest[0], variant, log))
    return out


def cpu_job(cfg, seed, fileno, indices, variant):
    wd = tempfile.mkdtemp(prefix="fz%d_%s_" % (fileno, variant), dir=cfg.work)
    t0 = time.time()
    notes = []
    res = check_set(cfg, seed, indices, variant, wd, "f%04d" % fileno, notes)
    if not cfg.keep:
        shutil.rmtree(wd, ignore_errors=True)
    return fileno, variant, res, notes, time.time() - t0


def minimize(cfg, seed, idx, variant, why, wd, start=None):
    """Choices that still give failure `why` (class and message), each set to
    its simplest value where the failure stays: (fixed choices, log). `start`
    forces choices of the kernel to begin with."""
    k = fuzzgen.make_kernel(seed, idx, dict(start or {}, args=variant), cfg.crash_forms)
    fixed = {n: v for n, (v, _) in k.choices.items()}
    fixed["args"] = variant
    last = [None]

    def fails(fx):
        _, res, _, log = compile_check(cfg, seed, [idx], fx["args"], wd, "min", fx)
        r = res.get(k.name)
        ok = r is not None and r[0] == "fail" and r[1] == why
        if ok:
            last[0] = log
        return ok

    if not fails(fixed):
        return None, None
    for _ in range(3):
        changed = False
        cur = fuzzgen.make_kernel(seed, idx, fixed, cfg.crash_forms)
        for name, (v, opts) in cur.choices.items():
            if str(v) == str(opts[0]):
                continue
            trial = dict(fixed)
            trial[name] = opts[0]
            if fails(trial):
                fixed = trial
                changed = True
        if not changed:
            break
    return fixed, last[0]


def save_repro(cfg, seed, idx, variant, why, log, fixed, n):
    """Into cfg.repro_dir: the kernel (minimized when `fixed`), bare, and a
    .txt with its command and output. Returns the path without suffix."""
    d = cfg.repro_dir
    os.makedirs(d, exist_ok=True)
    fx = fixed or {"args": variant}
    src, ks = fuzzgen.generate_file(seed, [idx], fx, crash_forms=True, bare=True)
    k = ks[0]
    fx = {n: v for n, (v, _) in k.choices.items()}  # those the kernel draws
    cls = re.sub(r"\W+", "-", fail_class(why)).strip("-")
    base = os.path.join(d, "%02d-%s-seed%d-k%05d" % (n, cls, seed, idx))
    name = os.path.basename(base)
    with open(base + ".cu", "w") as f:
        f.write(src)
    cmd, err = log
    rel = {cfg.plugin: "build/lib/libpipeline.so"}
    shown = []
    for a in cmd:
        if a.endswith(".cu"):
            a = "repros/%s.cu" % name
        elif a.startswith("-fplugin="):
            a = "-fplugin=" + rel.get(a[9:], a[9:])
        elif a.startswith("-foptimization-record-file="):
            a = "-foptimization-record-file=/tmp/%s.yaml" % name
        elif a.endswith(".ll"):
            a = "/tmp/%s.ll" % name
        shown.append(a)
    flags = " ".join(cfg.flags)
    line = " ".join(shown).replace(flags, "$(cat build/cuda-flags.txt) -Iinclude")
    with open(base + ".txt", "w") as f:
        f.write("# %s\n" % why)
        f.write("# kernel %s of seed %d, axes: %s\n" % (k.name, seed, " ".join(
            "%s=%s" % kv for kv in k.axes.items())))
        f.write("# regenerate: python3 utils/fuzzgen.py %d %d %s > %s.cu\n" % (seed, idx, " ".join(
            "%s=%s" % kv for kv in fx.items()), name))
        f.write("# from the repository root, with build/ built:\n")
        f.write("export PATH=/usr/bin:$PATH\n%s\n" % line)
        c = fail_class(why)
        if c == "verify" and "opt" not in line:
            f.write(OPT + " -passes=verify -disable-output /tmp/%s.ll\n" % name)
        if c in ("llc", "ptxas", "ptx", "near-miss"):
            f.write(LLC + " -O3 -mcpu=%s -mattr=+ptx78 --fp-contract=fast /tmp/%s.ll "
                    "-o /tmp/%s.ptx\n" % (ARCH, name, name))
        if c in ("ptxas",):
            f.write("%s -arch=%s /tmp/%s.ptx -o /dev/null\n" % (PTXAS, ARCH, name))
        f.write("# output (last lines):\n")
        f.write("\n".join(err.splitlines()[-40:]) + "\n")
    return base


# ---------------------------------------------------------------- llvm-stress

def stress_input(seed, rng):
    """llvm-stress IR made into an NVPTX kernel, with barriers and shared tiles."""
    size = rng.choice([30, 60, 100, 200, 400])
    rc, out, err = run([STRESS, "-seed=%d" % seed, "-size=%d" % size], timeout=60)
    if rc != 0:
        return None, "llvm-stress failed: " + err[-200:]
    lines = out.splitlines()
    res = []
    shared = []
    fname = None
    for line in lines:
        if line.startswith(("target datalayout", "target triple", "source_filename")):
            continue
        m = re.match(r"define (\w+ )?void @(\w+)\((.*)\) \{", line)
        if m:
            fname = m.group(2)
            cc = "ptx_kernel " if rng.random() < 0.3 else ""
            line = "define %svoid @%s(%s) #77 {" % (cc, fname, m.group(3))
        m = re.match(r"(\s+%\w+) = alloca ([^,]+)(, align \d+)?$", line)
        if m and rng.random() < 0.6:
            g = "@pl_sh%d" % len(shared)
            shared.append(g)
            line = "%s = addrspacecast ptr addrspace(3) %s to ptr" % (m.group(1), g)
        res.append(line)
        # a barrier after some instructions of the body
        if (fname and re.match(r"\s+(store|%\w+ = (load|add|select|icmp|phi))", line)
                and not re.match(r"\s+%\w+ = phi", line) and rng.random() < 0.08):
            res.append("  call void @llvm.nvvm.barrier0()")
    # phis must stay at the top of their blocks: drop barriers placed among phis
    fixed = []
    for i, line in enumerate(res):
        if (line == "  call void @llvm.nvvm.barrier0()" and i + 1 < len(res)
                and re.match(r"\s+%\w+ = phi", res[i + 1])):
            continue
        fixed.append(line)
    head = ['target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"',
            'target triple = "nvptx64-nvidia-cuda"']
    head += ["%s = internal addrspace(3) global [256 x i8] undef, align 16" % g for g in shared]
    tail = ["declare void @llvm.nvvm.barrier0() #78",
            'attributes #77 = { "target-cpu"="%s" "target-features"="+ptx78,+%s" }' %
            ("sm_90" if rng.random() < 0.9 else "sm_75", ARCH),
            "attributes #78 = { convergent nounwind }"]
    if fname and rng.random() < 0.8:
        tail += ["!nvvm.annotations = !{!9000}",
                 '!9000 = !{ptr @%s, !"kernel", i32 1}' % fname]
    return "\n".join(head + fixed + tail) + "\n", None


def tile_loop_ir(rng):
    """A canonical tile loop (rotated, as clang -O3 leaves it) whose tile is a
    struct nested `depth` deep, read through a constant GEP of depth + 3
    indices; the copy's source index may reuse one instruction twice."""
    depth = rng.randint(0, 24)
    ty = ["%N0 = type { [256 x float] }"]
    for d in range(1, depth + 1):
        ty.append("%%N%d = type { float, %%N%d }" % (d, d - 1))
    path = ", ".join(["i64 0"] + ["i32 1"] * depth + ["i32 0"])
    tile = "ptr addrspacecast (ptr addrspace(3) @tile to ptr)"
    k = rng.randint(0, 255)
    if rng.random() < 0.3:
        src = ["  %x = lshr i32 %i, 1", "  %xx = mul i32 %x, %x", "  %r5 = urem i32 %xx, 5",
               "  %base = shl i32 %r5, 8"]
    else:
        src = ["  %base = shl i32 %i, 8"]
    body = """
@tile = internal addrspace(3) global %%N%(d)d undef, align 4

define void @kernel(ptr %%src, ptr %%dst, i32 %%n) #0 {
entry:
  %%tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %%tid64 = zext i32 %%tid to i64
  %%mine = getelementptr inbounds %%N%(d)d, %(tile)s, %(path)s, i64 %%tid64
  %%guard = icmp sgt i32 %%n, 0
  br i1 %%guard, label %%preheader, label %%exit

preheader:
  br label %%loop

loop:
  %%i = phi i32 [ 0, %%preheader ], [ %%i.next, %%loop ]
  %%acc = phi float [ 0.0, %%preheader ], [ %%acc.next, %%loop ]
%(src)s
  %%idx = add i32 %%base, %%tid
  %%idx64 = zext i32 %%idx to i64
  %%p = getelementptr inbounds float, ptr %%src, i64 %%idx64
  %%v = load float, ptr %%p, align 4
  store float %%v, ptr %%mine, align 4
  call void @llvm.nvvm.barrier0()
  %%w = load float, ptr getelementptr inbounds (%%N%(d)d, %(tile)s, %(path)s, i64 %(k)d), align 4
  %%acc.next = fadd float %%acc, %%w
  call void @llvm.nvvm.barrier0()
  %%i.next = add nuw nsw i32 %%i, 1
  %%cmp = icmp slt i32 %%i.next, %%n
  br i1 %%cmp, label %%loop, label %%exit

exit:
  %%r = phi float [ 0.0, %%entry ], [ %%acc.next, %%loop ]
  %%o = getelementptr inbounds float, ptr %%dst, i64 %%tid64
  store float %%r, ptr %%o, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0() #1

attributes #0 = { "target-cpu"="sm_80" }
attributes #1 = { convergent nounwind }

!nvvm.annotations = !{!0}
!0 = !{ptr @kernel, !"kernel", i32 1}
""" % {"d": depth, "tile": tile, "path": path, "k": k, "src": "\n".join(src)}
    head = ['target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"',
            'target triple = "nvptx64-nvidia-cuda"']
    return "\n".join(head + ty) + "\n" + body


def stress_job(cfg, seed):
    rng = random.Random(seed)
    if rng.random() < 0.25:
        ir, why = tile_loop_ir(rng), None
    else:
        ir, why = stress_input(seed, rng)
    if ir is None:
        return seed, "invalid", why, None
    rc, _, err = run([OPT, "-passes=verify", "-disable-output"], stdin=ir, timeout=120)
    if rc != 0:
        return seed, "invalid", err[-300:], None
    pre = rng.choice(["", "", "default<O2>,", "function(loop-simplify,loop-rotate),",
                      "default<O1>,"])
    params = rng.choice(["", "<stages=2>", "<stages=4>", "<stages=8;max-shared=4096>"])
    pipeline = "%scuda-pipeline%s" % (pre, params)
    cmd = [OPT, "-load-pass-plugin=" + cfg.opt_plugin, "-passes=" + pipeline, "-S", "-o",
           os.devnull]
    rc, _, err = run(cmd, stdin=ir, timeout=300, env=cfg.env)
    if crashed(rc, err):
        return seed, "crash", err[:20000], (ir, cmd)
    if rc != 0:
        kind = "verify" if "broken" in err.lower() or "verif" in err.lower() else "error"
        return seed, kind, err[:20000], (ir, cmd)
    return seed, "ok", "", None


# ---------------------------------------------------------------- main modes


def use_llvm_of(build):
    """The tools of the LLVM `build` was configured against (19 or 22: its
    CMakeCache.txt's LLVM_DIR, /usr/lib/llvm-N/...); 19 when unknown."""
    global CLANG, OPT, LLC, STRESS
    m = None
    cache = os.path.join(build, "CMakeCache.txt")
    if os.path.exists(cache):
        m = re.search(r"^LLVM_DIR:\w*=/usr/lib/llvm-(\d+)/", open(cache).read(), re.M)
    v = m.group(1) if m else "19"
    CLANG, OPT, LLC, STRESS = ("clang++-" + v, "opt-" + v, "llc-" + v, "llvm-stress-" + v)


def make_cfg(a):
    build = os.path.abspath(a.build_dir)
    use_llvm_of(build)
    cfg = argparse.Namespace()
    cfg.build = build
    cfg.plugin = os.path.join(build, "lib", "libpipeline.so")
    cfg.opt_plugin = os.path.join(build, "lib", "CUDAPipelinePass.so")
    cfg.flags = cuda_flags(build)
    cfg.env = env_path()
    if a.preload:
        cfg.env["LD_PRELOAD"] = a.preload
        cfg.env.setdefault("ASAN_OPTIONS", "detect_leaks=0")
        cfg.env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1")
    cfg.crash_forms = not a.no_crash_forms
    cfg.keep = a.keep
    cfg.work = os.path.abspath(a.work)
    cfg.repro_dir = os.path.abspath(a.repro_dir or os.path.join(build, "fuzz-repro"))
    os.makedirs(cfg.work, exist_ok=True)
    for p in (cfg.plugin, cfg.opt_plugin):
        if not os.path.exists(p):
            sys.exit("fuzz.py: %s not found (BUILD_DIR=%s)" % (p, build))
    return cfg


def plan_files(meta, per_file, variants=None):
    """[(file number, kernel indices, argument set)]: kernels grouped by their
    own argument set, or every chunk compiled with each of `variants`."""
    idx = sorted(k.index for k in meta.values())
    out = []
    if variants:
        for c in range(0, len(idx), per_file):
            for v in variants:
                out.append((len(out), idx[c:c + per_file], v))
        return out
    groups = collections.defaultdict(list)
    for i in idx:
        groups[meta["k%05d" % i].axes["args"]].append(i)
    for v in fuzzgen.AXES["args"]:
        g = groups.get(v, [])
        for c in range(0, len(g), per_file):
            out.append((len(out), g[c:c + per_file], v))
    return out


class Stats:
    """Counts per axis value: checks, pipelined, declined by reason, failures by class."""

    def __init__(self):
        self.rows = collections.defaultdict(lambda: {
            "kernels": 0, "pipelined": 0, "declined": collections.Counter(),
            "fails": collections.Counter()})
        self.pairs = set()

    def add(self, k, variant, r):
        axes = dict(k.axes)
        axes["args"] = variant
        keys = [(a, axes[a]) for a in fuzzgen.AXES]
        keys.append(("special", k.near_miss or k.crash_form or "none"))
        for key in keys:
            row = self.rows[key]
            row["kernels"] += 1
            if r[0] == "pipelined":
                row["pipelined"] += 1
            elif r[0] == "declined":
                row["declined"][r[1]] += 1
            else:
                row["fails"][fail_class(r[1])] += 1
        names = list(fuzzgen.AXES)
        for i in range(len(names)):
            for j in range(i + 1, len(names)):
                self.pairs.add((names[i], axes[names[i]], names[j], axes[names[j]]))

    def ordered(self):
        out = []
        for a, vals in list(fuzzgen.AXES.items()) + [
                ("special", ["none"] + fuzzgen.NEAR_MISSES + fuzzgen.CRASH_FORMS)]:
            for v in vals:
                if (a, v) in self.rows:
                    out.append((a, v, self.rows[(a, v)]))
        return out

    def markdown(self, head):
        def top(c, n=3):
            items = c.most_common()
            s = ", ".join("%s %d" % kv for kv in items[:n])
            return s + (", ..." if len(items) > n else "") if s else "—"

        out = [head, "",
               "| axis | value | kernels | pipelined | declined: most common reasons | failures |",
               "| --- | --- | ---: | ---: | --- | --- |"]
        for a, v, row in self.ordered():
            n = row["kernels"]
            f = sum(row["fails"].values())
            out.append("| %s | %s | %d | %d (%d%%) | %s | %s |" % (
                a, v, n, row["pipelined"], 100 * row["pipelined"] // max(n, 1),
                top(row["declined"]),
                "**%d**: %s" % (f, top(row["fails"], 4)) if f else "0"))
        return "\n".join(out) + "\n"


def write_table(path, text):
    """Replace what lies between the marker lines in `path` (each marker a
    line of its own), or write the file."""
    old = open(path).read() if os.path.exists(path) else ""
    m = re.search(r"^<!-- fuzz-table begin -->\n(.*?)^<!-- fuzz-table end -->$", old,
                  re.M | re.S)
    if m:
        new = old[:m.start(1)] + text + old[m.end(1):]
    else:
        new = text
    with open(path, "w") as f:
        f.write(new)


def git_rev(path):
    """The last commit of the pass's sources (lib/, plugin/), "-dirty" if changed."""
    rc, out, _ = run(["git", "-C", path, "log", "-1", "--format=%h", "--", "lib", "plugin"])
    if rc != 0:
        return "?"
    dirty, _, _ = run(["git", "-C", path, "diff", "--quiet", "HEAD", "--", "lib", "plugin"])
    return out.strip() + ("-dirty" if dirty else "")


def cpu_mode(a):
    cfg = make_cfg(a)
    meta = {}
    for i in range(a.count):
        k = fuzzgen.make_kernel(a.seed, i, None, cfg.crash_forms)
        meta[k.name] = k
    variants = a.variants.split(",") if a.variants else None
    for v in variants or []:
        if v not in fuzzgen.ARGS:
            sys.exit("fuzz.py: unknown argument set %s (one of %s)" % (v, ", ".join(fuzzgen.ARGS)))
    jobs = plan_files(meta, a.per_file, variants)
    t0 = time.time()
    results = collections.defaultdict(dict)  # kernel -> variant -> result
    notes = []
    done = 0
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        futs = [ex.submit(cpu_job, cfg, a.seed, fi, idx, v) for fi, idx, v in jobs]
        for fut in concurrent.futures.as_completed(futs):
            fi, v, res, nts, dt = fut.result()
            for k, r in res.items():
                results[k][v] = r
            notes += nts
            done += 1
            nf = sum(1 for r in res.values() if r[0] == "fail")
            if a.verbose or nf:
                print("file %d %s: %d kernels, %d failed (%.1fs) [%d/%d]" %
                      (fi, v, len(res), nf, dt, done, len(jobs)), flush=True)
    ctime = time.time() - t0

    # Stress.
    stress = collections.Counter()
    stress_fail = []
    t1 = time.time()
    if a.stress:
        with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
            futs = [ex.submit(stress_job, cfg, a.seed * 100003 + i) for i in range(a.stress)]
            for fut in concurrent.futures.as_completed(futs):
                s, kind, err, repro = fut.result()
                stress[kind] += 1
                if kind in ("crash", "verify", "error"):
                    stress_fail.append((s, kind, err, repro))
    stime = time.time() - t1

    # Report.
    checks = collections.Counter()
    declined = collections.Counter()
    fails = collections.Counter()
    nm_declined = collections.Counter()
    stages_hist = collections.Counter()
    classes = collections.OrderedDict()  # (class, message) -> [(kernel, variant)]
    untold = 0
    pip_kernels = set()
    stats = Stats()
    for kname, per in sorted(results.items()):
        for v, r in per.items():
            checks[r[0]] += 1
            stats.add(meta[kname], v, r)
            if r[0] == "pipelined":
                pip_kernels.add(kname)
                for s in r[1]:
                    stages_hist[(v, s)] += 1
                untold += not r[2]
            elif r[0] == "declined":
                declined[r[1]] += 1
                if meta[kname].near_miss:
                    nm_declined[meta[kname].near_miss] += 1
            else:
                fails[fail_class(r[1])] += 1
                classes.setdefault(r[1], []).append((kname, v))
    nk = len(results)
    nchecks = sum(checks.values())
    print("== CPU mode: seed %d, %d kernels in %d files, %d compiles, %.0fs (%.1fs per 1000 "
          "kernel compiles)" % (a.seed, nk, len(jobs), len(jobs), ctime,
                                1000 * ctime / max(nchecks, 1)))
    print("kernel x argument-set checks: %d pipelined, %d declined, %d failed" %
          (checks["pipelined"], checks["declined"], checks["fail"]))
    print("kernels pipelined: %d of %d; near-misses: %d kernels" %
          (len(pip_kernels), nk, sum(1 for k in meta.values() if k.near_miss)))
    print("pipelined loops by argument set and stages: " +
          ", ".join("%s:%d=%d" % (v, s, n) for (v, s), n in sorted(stages_hist.items())))
    print("pipelined checks whose barrier count the PTX loop comments could not tell: %d" %
          untold)
    print("declined by reason: " + ", ".join("%s %d" % kv for kv in declined.most_common()))
    print("near-misses declined: " + ", ".join("%s %d" % kv for kv in sorted(nm_declined.items())))
    allp = fuzzgen.all_pairs()
    print("axis value pairs covered: %d of %d" % (len(stats.pairs & set(allp)), len(allp)))
    print("per axis value: kernels, pipelined, failures")
    for ax, val, row in stats.ordered():
        f = sum(row["fails"].values())
        print("  %-8s %-13s %5d %5d (%3d%%) %s" % (
            ax, val, row["kernels"], row["pipelined"],
            100 * row["pipelined"] // max(row["kernels"], 1),
            "FAIL " + ", ".join("%s %d" % kv for kv in row["fails"].most_common()) if f else ""))
    if fails:
        print("failures by class: " + ", ".join("%s %d" % kv for kv in fails.most_common()))
        print("distinct failures (class: message): %d" % len(classes))
        for why, ks in classes.items():
            print("  %4d x %s   [first: %s %s; %s]" % (
                len(ks), why[:150], ks[0][0], ks[0][1],
                " ".join("%s=%s" % kv for kv in meta[ks[0][0]].axes.items() if kv[0] != "args")))
    if a.table:
        head = ("Written by `utils/fuzz.py %s` on %s, the plugin built from lib/ and plugin/ "
                "of `%s`: %d kernels, each compiled once with the argument set drawn for it; "
                "%d of %d pairs of axis values covered; %.0f s of compiles on %d parallel jobs "
                "(%.0f s per 1000 kernels). Pipelined %d (%d %%), declined %d, failed %d "
                "(%s).\n\nA row counts the kernels with that axis value: pipelined (at least "
                "one loop), the remark names of those declined (A+B: its loops differ), "
                "failures by class. `special` is the near-miss or crash form, if any." % (
                    " ".join(sys.argv[1:]), datetime.date.today().isoformat(),
                    git_rev(cfg.build + "/.."), nk, len(stats.pairs & set(allp)), len(allp),
                    ctime, a.jobs, 1000 * ctime / max(nchecks, 1), checks["pipelined"],
                    100 * checks["pipelined"] // max(nchecks, 1), checks["declined"],
                    checks["fail"],
                    ", ".join("%s %d" % kv for kv in fails.most_common()) or "no failures"))
        if a.stress:
            head = head.replace("\n\nA row", " llvm-stress: %d programs through opt, %s."
                                "\n\nA row" % (a.stress, ", ".join(
                                    "%s %d" % kv for kv in sorted(stress.items()))), 1)
        write_table(a.table, stats.markdown(head))
        print("table written to %s" % a.table)
    # Reproducers: one per distinct failure, minimized.
    first_note = {}
    for idx, v, log in notes:
        first_note.setdefault((idx, v), log)
    repro_paths = []
    if classes and a.repros:
        wd = tempfile.mkdtemp(prefix="fzmin_", dir=cfg.work)
        for n, (why, ks) in enumerate(list(classes.items())[:a.repros]):
            kname, v = ks[0]
            idx = int(kname[1:])
            fixed, log = (minimize(cfg, a.seed, idx, v, why, wd) if a.minimize
                          else (None, None))
            log = log or first_note.get((idx, v)) or (["?"], why)
            repro_paths.append(save_repro(cfg, a.seed, idx, v, why, log, fixed, n + 1))
        shutil.rmtree(wd, ignore_errors=True)
    for p in repro_paths:
        print("  reproducer: %s.cu (+ .txt)" % os.path.relpath(p))
    if a.stress:
        print("== llvm-stress: %d programs in %.0fs: %s" %
              (a.stress, stime, ", ".join("%s %d" % kv for kv in sorted(stress.items()))))
        os.makedirs(cfg.repro_dir, exist_ok=True)
        for s, kind, err, repro in stress_fail[:10]:
            first = [l for l in err.splitlines()
                     if re.search(r"ERROR|error:|Assertion|Stack dump", l)]
            print("  STRESS %s seed %d: %s" % (kind, s,
                                               (first or err.strip().splitlines()[-1:])[0]))
            if repro:
                ir, cmd = repro
                base = os.path.join(cfg.repro_dir, "stress-%s-%d" % (kind, s))
                with open(base + ".ll", "w") as f:
                    f.write(ir)
                with open(base + ".txt", "w") as f:
                    f.write("%s < %s.ll\n%s\n" % (" ".join(
                        "'%s'" % c if "<" in c else c for c in cmd),
                        os.path.basename(base), "\n".join(err.splitlines()[:60])))
                print("  reproducer: %s.ll" % os.path.relpath(base))
    npass = checks["pipelined"] + checks["declined"] + stress["ok"] + stress["invalid"]
    nfail = checks["fail"] + len(stress_fail)
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"seed": a.seed, "kernels": nk, "files": len(jobs), "checks": checks,
                       "declined": declined, "fails": fails, "stress": stress,
                       "seconds": ctime + stime, "compile_seconds": ctime,
                       "classes": {w: len(ks) for w, ks in classes.items()},
                       "axes": [{"axis": ax, "value": val, "kernels": row["kernels"],
                                 "pipelined": row["pipelined"], "declined": row["declined"],
                                 "fails": row["fails"]} for ax, val, row in stats.ordered()]},
                      f, indent=1)
    print("%d passed, %d failed" % (npass, nfail))
    return 1 if nfail else 0


# ---------------------------------------------------------------- GPU mode


def dir_size(d):
    return sum(os.path.getsize(os.path.join(r, f)) for r, _, fs in os.walk(d) for f in fs)


def gpu_build(a):
    """Files of kernels grouped by argument set; each built plain and with the
    plugin (its argument set), host and device, sm_90 only, stripped. Kernels
    whose plugin compile fails here (crash, verifier, llc, ptxas) are left
    out and listed in the manifest as build failures."""
    cfg = make_cfg(a)
    out = os.path.abspath(a.dir)
    os.makedirs(out, exist_ok=True)
    meta = {}
    only = {int(x.lstrip("k")) for x in a.only.split(",") if x} if a.only else None
    for i in range(a.count):
        if only is not None and i not in only:
            continue
        k = fuzzgen.make_kernel(a.seed, i, None, cfg.crash_forms)
        meta[k.name] = k
    plan = plan_files(meta, a.per_file)
    t0 = time.time()
    # First the CPU check of each file, to leave out what cannot be built.
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        checked = list(ex.map(lambda j: cpu_job(cfg, a.seed, *j), plan))
    manifest = {"seed": a.seed, "count": a.count, "files": []}
    jobs = []
    for (fi, idx, v), (_, _, res, _, _) in zip(plan, checked):
        broken = sorted(n for n, r in res.items()
                        if r[0] == "fail" and fail_class(r[1]) in BUILD_BREAKING)
        keep = [i for i in idx if "k%05d" % i not in broken]
        name = "g%03d" % fi
        more = [x for x in a.plugin_args.split(",") if x]
        entry = {"file": name, "args": v, "plugin_args": fuzzgen.ARGS[v] + more,
                 "kernels": ["k%05d" % i for i in keep], "build_fail": broken,
                 "near_miss": ["k%05d" % i for i in keep if meta["k%05d" % i].near_miss],
                 "cpu_fail": {n: r[1] for n, r in res.items() if r[0] == "fail"},
                 "axes": {"k%05d" % i: meta["k%05d" % i].axes for i in keep},
                 "variants": ["plain", "plugin"], "pipelined": {}}
        manifest["files"].append(entry)
        if not keep:
            continue
        src, _ = fuzzgen.generate_file(a.seed, keep, None, crash_forms=cfg.crash_forms)
        cu = os.path.join(out, name + ".cu")
        with open(cu, "w") as f:
            f.write(src)
        for var in entry["variants"]:
            jobs.append((entry, cu, var))

    def build(job):
        entry, cu, var = job
        exe = os.path.join(out, "%s.%s" % (entry["file"], var))
        cmd = [CLANG, "-x", "cuda"] + cfg.flags + ["--cuda-gpu-arch=" + ARCH,
                                                    "--no-cuda-include-ptx=" + ARCH, "-O3", "-w"]
        if var == "plugin":
            rec = exe + ".yaml"
            cmd += (["-fplugin=" + cfg.plugin] + plugin_args(entry["plugin_args"]) +
                    ["-Xarch_device", "-fsave-optimization-record", "-Xarch_device",
                     "-foptimization-record-file=" + rec, "-Xarch_device",
                     "-foptimization-record-passes=cuda-pipeline"])
        cmd += [cu, "-o", exe, "-s", "-L/usr/lib/x86_64-linux-gnu", "-lcudart_static",
                "-ldl", "-lrt", "-pthread"]
        rc, _, err = run(cmd, env=cfg.env)
        pip = []
        if rc == 0 and var == "plugin":
            with open(exe + ".yaml") as f:
                pip = sorted(set(kernel_of(fn) for kind, _, fn, _ in parse_records(f.read())
                                 if kind == "Passed"))
        if os.path.exists(exe + ".yaml"):
            os.remove(exe + ".yaml")
        return entry, var, rc, err, pip

    bad = 0
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        for entry, var, rc, err, pip in ex.map(build, jobs):
            if rc != 0:
                bad += 1
                print("BUILD FAIL %s.%s: %s" % (entry["file"], var, "\n".join(
                    l for l in err.splitlines() if "error" in l)[:1500]))
            elif var == "plugin":
                entry["pipelined"]["plugin"] = pip
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    nk = sum(len(e["kernels"]) for e in manifest["files"])
    nbf = sum(len(e["build_fail"]) for e in manifest["files"])
    npip = sum(len(e["pipelined"].get("plugin", [])) for e in manifest["files"])
    pairs = set()
    names = list(fuzzgen.AXES)
    for e in manifest["files"]:
        for ax in e["axes"].values():
            ax = dict(ax, args=e["args"])
            for i in range(len(names)):
                for j in range(i + 1, len(names)):
                    pairs.add((names[i], ax[names[i]], names[j], ax[names[j]]))
    print("built %d binaries (%d failed) for %d kernels in %d files into %s in %.0fs; %d "
          "kernels left out (their plugin compile fails here); %d pipelined; %d of %d axis "
          "value pairs covered; %.1f MiB" % (
              len(jobs) - bad, bad, nk, len(manifest["files"]), out, time.time() - t0, nbf,
              npip, len(pairs & set(fuzzgen.all_pairs())), len(fuzzgen.all_pairs()),
              dir_size(out) / 1048576.0))
    return 1 if bad else 0


def gpu_run(a):
    d = os.path.abspath(a.dir)
    with open(os.path.join(d, "manifest.json")) as f:
        man = json.load(f)
    seed = a.run_seed if a.run_seed is not None else int(time.time())
    ok = bad = 0
    diffs = []
    compared = collections.Counter()
    per_axis = collections.defaultdict(lambda: [0, 0])  # (axis, value) -> [same, differ]
    print("== fuzz GPU run: %d files, run seed %d" % (len(man["files"]), seed))

    def run_bin(exe, *args):
        return run([exe, str(seed)] + list(args), timeout=600, env=dict(os.environ))

    for e in man["files"]:
        if not e["kernels"]:
            continue
        outs = {}
        for v in e["variants"]:
            exe = os.path.join(d, "%s.%s" % (e["file"], v))
            if not os.path.exists(exe):
                outs[v] = None
                continue
            rc, out, err = run_bin(exe)
            outs[v] = (rc, out.splitlines(), err)
        base = outs.get("plain")
        if not base or base[0] != 0:
            bad += len(e["kernels"])
            print("FAIL %s.plain: rc %s %s" % (e["file"], base and base[0],
                                                base and (base[1][-3:], base[2][-500:])))
            continue
        for k in e["kernels"]:
            kbad = []
            for v in e["variants"]:
                if v == "plain":
                    continue
                o = outs.get(v)
                if not o or o[0] != 0:
                    kbad.append("%s: exit %s" % (v, o and o[0]))
                    continue
                got = [l for l in o[1] if l.split(" ")[0] == k]
                want = [l for l in base[1] if l.split(" ")[0] == k]
                if not want:
                    kbad.append("no output")
                elif got != want:
                    kbad.append("%s: %s != %s" % (v, got[:2], want[:2]))
                else:
                    compared[v] += len(want)
            ax = dict(e["axes"].get(k, {}), args=e["args"])
            for key in ax.items():
                per_axis[key][1 if kbad else 0] += 1
            if kbad:
                bad += 1
                diffs.append((e["file"], e["args"], k, kbad))
            else:
                ok += 1
    for f, args, k, why in diffs[:30]:
        print("DIFF %s (%s) %s: %s" % (f, args, k, "; ".join(why)[:400]))
    differ = ["%s=%s %d/%d" % (ax, v, n[1], n[0] + n[1])
              for (ax, v), n in sorted(per_axis.items()) if n[1]]
    if differ:
        print("kernels that differ, per axis value: " + ", ".join(differ))
    bf = [k for e in man["files"] for k in e.get("build_fail", [])]
    if bf:
        bad += len(bf)
        print("FAIL not built with the plugin (the plugin's compile fails; see the CPU mode): "
              "%s" % " ".join(bf))
    npip = sum(1 for e in man["files"] for k in e["kernels"]
               if k in e["pipelined"].get("plugin", []))
    print("kernels: %d identical, %d differ or fail; %d of them pipelined; launches compared: "
          "%s" % (ok, bad, npip, dict(compared)))

    # racecheck (and synccheck) on a sample of pipelined kernels, small sizes.
    san_ok = san_bad = 0
    cs = shutil.which("compute-sanitizer") or "/usr/local/cuda/bin/compute-sanitizer"
    if a.racecheck and os.path.exists(cs):
        rng = random.Random(seed)
        pool = [(e["file"], "plugin", k) for e in man["files"]
                for k in e["pipelined"].get("plugin", [])]
        sample = rng.sample(pool, min(a.racecheck, len(pool)))
        tools = ["racecheck"] + (["synccheck"] if a.synccheck else [])

        def san(job):
            f, v, k, tool = job
            exe = os.path.join(d, "%s.%s" % (f, v))
            rc, out, err = run([cs, "--tool", tool, "--error-exitcode", "9", exe, str(seed), k,
                                "small"], timeout=600, env=dict(os.environ))
            summ = re.findall(r"[A-Z]+ SUMMARY.*", out + err)
            return job, rc, summ, (out + err)[-1500:]

        with concurrent.futures.ThreadPoolExecutor(8) as ex:
            for job, rc, summ, tail in ex.map(san, [s + (t,) for s in sample for t in tools]):
                if rc == 0:
                    san_ok += 1
                else:
                    san_bad += 1
                    print("SANITIZER FAIL %s: rc %d %s\n%s" % (" ".join(job), rc, summ, tail))
        print("compute-sanitizer %s: %d passed, %d failed (sample of %d pipelined kernels)" %
              ("+".join(tools), san_ok, san_bad, len(sample)))
    elif a.racecheck:
        print("compute-sanitizer not found: racecheck skipped")
        san_bad += 1
    print("%d passed, %d failed" % (ok + san_ok, bad + san_bad))
    return 1 if bad or san_bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="mode", required=True)
    g = sub.add_parser("gen", help="write one generated file")
    g.add_argument("seed", type=int)
    g.add_argument("count", type=int)
    g.add_argument("file")
    g.add_argument("--first", type=int, default=0)
    g1 = sub.add_parser("gen-one", help="write one kernel of a seed (by index) to a file")
    g1.add_argument("seed", type=int)
    g1.add_argument("index", type=int)
    g1.add_argument("file")
    g1.add_argument("--bare", action="store_true", help="the kernel only, no driver")
    g1.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="force a choice (an axis or any choice in the kernel's comment)")

    def common(p, count):
        p.add_argument("--count", type=int, default=count, help="kernels")
        p.add_argument("--seed", type=int, default=1)
        p.add_argument("--per-file", type=int, default=40)
        p.add_argument("--jobs", type=int, default=2, help="parallel compiles (at most 2 here)")
        p.add_argument("--build-dir", default=os.environ.get("BUILD_DIR", "build"))
        p.add_argument("--preload", default=os.environ.get("PL_PRELOAD", ""),
                       help="LD_PRELOAD for clang/opt (a sanitizer runtime)")
        p.add_argument("--no-crash-forms", action="store_true",
                       help="leave out the forms of known crashes")
        p.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "pl-fuzz"))
        p.add_argument("--keep", action="store_true", help="keep the work files")
        p.add_argument("--repro-dir", help="where reproducers go (default BUILD_DIR/fuzz-repro)")

    c = sub.add_parser("cpu", help="compile and check generated kernels (no GPU)")
    common(c, 300)
    c.add_argument("--variants", help="compile every file with each of these argument sets "
                   "(%s) instead of each kernel's own" % ",".join(fuzzgen.ARGS))
    c.add_argument("--stress", type=int, default=0, help="llvm-stress programs")
    c.add_argument("--repros", type=int, default=12,
                   help="save reproducers of at most this many distinct failures")
    c.add_argument("--no-minimize", dest="minimize", action="store_false",
                   help="save reproducers as drawn, not minimized")
    c.add_argument("--table", help="write the counts per axis value here (markdown)")
    c.add_argument("--json", help="write the counts here")
    c.add_argument("-v", "--verbose", action="store_true")
    gb = sub.add_parser("gpu-build", help="build plain and plugin binaries into DIR")
    common(gb, 480)
    gb.add_argument("dir")
    gb.add_argument("--only", help="build only these kernels of the seed's first --count "
                                   "(comma-separated names, k00005 or 5)")
    gb.add_argument("--plugin-args", default="",
                    help="plugin arguments added to every file's, comma-separated "
                         "(max-shared=8K: static rings over it move into dynamic shared "
                         "memory where the launch asks)")
    gr = sub.add_parser("gpu-run", help="run DIR's binaries, compare, racecheck a sample")
    gr.add_argument("dir")
    gr.add_argument("--run-seed", type=int)
    gr.add_argument("--racecheck", type=int, default=24, help="pipelined kernels to racecheck")
    gr.add_argument("--synccheck", action="store_true", help="synccheck the sample too")
    a = ap.parse_args()
    if a.mode == "gen":
        src, _ = fuzzgen.generate_file(a.seed, range(a.first, a.first + a.count))
        with open(a.file, "w") as f:
            f.write(src)
        return 0
    if a.mode == "gen-one":
        src, _ = fuzzgen.generate_file(a.seed, [a.index], fuzzgen.parse_fixed(a.set),
                                       bare=a.bare)
        with open(a.file, "w") as f:
            f.write(src)
        return 0
    # ptxas's register counts are cached in the work directory, not the
    # user's (the cache is exercised, and the run leaves nothing behind)
    if a.mode in ("cpu", "gpu-build"):
        os.environ.setdefault("LIBPIPELINE_CACHE_DIR", os.path.join(a.work, "ptxas-cache"))
    if a.mode == "cpu":
        return cpu_mode(a)
    if a.mode == "gpu-build":
        return gpu_build(a)
    return gpu_run(a)


if __name__ == "__main__":
    sys.exit(main())
