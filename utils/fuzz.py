#!/usr/bin/env python3
"""utils/fuzz.py: random tile-loop kernels and malformed IR against the pass.

  fuzz.py gen SEED COUNT FILE.cu          write one generated file
  fuzz.py cpu [--count N] [--stress N]    compile and check (no GPU)
  fuzz.py gpu-build DIR [--count N]       plain and plugin binaries, built here
  fuzz.py gpu-run DIR                     on the GPU machine: run, compare, racecheck

CPU mode, for each file of --per-file kernels and each variant (stage count,
sometimes a smaller shared-memory budget): one device-only clang compile with
the plugin (-emit-llvm, remarks recorded), `opt -passes=verify` on its IR,
llc to PTX, and ptxas -arch=sm_90. Per kernel it checks: the compile did not
crash; at least one cuda-pipeline remark; a near-miss has no cp.async (a
source write behind a runtime alias check excepted); a
pipelined loop has cp.async, commit_group, wait_group S-2 directly before a
barrier, a wait_group 0 drain and, where the PTX's loop comments tell, one
barrier per steady-state iteration (plus those the compute adds), and no
original tile left in the module beside its ring. A crashing
file is bisected to the kernels that crash it; the rest are still checked.
Then --stress llvm-stress programs, retargeted to NVPTX kernels with barriers
and __shared__ stores added, go through opt with the pass: no crash, output
verifies. Prints counts and `N passed, N failed` last; exit status 1 on any
failure.

The tools come from BUILD_DIR (default ./build): lib/libpipeline.so,
lib/CUDAPipelinePass.so, cuda-flags.txt.
"""

import argparse
import collections
import concurrent.futures
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

# (name, plugin args): the variants each CPU-mode file is compiled with.
VARIANTS = {
    "s2": ["stages=2"],
    "s3": [],
    "s4": ["stages=4"],
    "s8m16": ["stages=8", "max-shared=16K"],
    "padded": ["layout=padded"],
}


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
    with open(os.path.join(build, "cuda-flags.txt")) as f:
        return f.read().split()


def plugin_args(args):
    return ["-fplugin-arg-pipeline-" + a for a in args]


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
    # wait_group N directly followed by a barrier: the loop's wait (or a drain
    # followed by a barrier, which only sits in an outer loop).
    cands = collections.defaultdict(list)
    zeros = 0
    for i, (bi, l) in enumerate(instrs):
        m = WAIT.match(l)
        if not m:
            continue
        n = int(m.group(1))
        zeros += n == 0
        if i + 1 < len(instrs) and BAR.match(instrs[i + 1][1]):
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


class Job:
    def __init__(self, fileno, indices, variant):
        self.fileno = fileno
        self.indices = indices
        self.variant = variant


def compile_check(cfg, seed, indices, variant, wd, tag):
    """Compile kernels `indices` at `variant`; returns (crash?, per-kernel results, log).

    A result is ("pipelined", [stages]) / ("declined", reason) / ("fail", why)."""
    src, kernels = fuzzgen.generate_file(seed, 0, 0, indices=indices,
                                         crash_forms=cfg.crash_forms)
    cu = os.path.join(wd, tag + ".cu")
    ll = os.path.join(wd, tag + ".ll")
    ptx = os.path.join(wd, tag + ".ptx")
    rec = os.path.join(wd, tag + ".yaml")
    with open(cu, "w") as f:
        f.write(src)
    cmd = ([CLANG, "-x", "cuda"] + cfg.flags +
           ["--cuda-device-only", "--cuda-gpu-arch=" + ARCH, "-O3",
            "-fplugin=" + cfg.plugin] + plugin_args(VARIANTS[variant]) +
           ["-fsave-optimization-record", "-foptimization-record-file=" + rec,
            "-foptimization-record-passes=cuda-pipeline", "-S", "-emit-llvm", "-o", ll, cu])
    rc, _, err = run(cmd, env=cfg.env)
    res = {}
    if crashed(rc, err):
        return True, {k.name: ("fail", "crash") for k in kernels}, (cmd, err)
    if rc != 0:
        return False, {k.name: ("fail", "compile-error") for k in kernels}, (cmd, err)
    rc, _, verr = run([OPT, "-passes=verify", "-disable-output", ll])
    if rc != 0:
        return False, {k.name: ("fail", "verify") for k in kernels}, (cmd, verr)
    rc, _, lerr = run([LLC, "-O3", "-mcpu=" + ARCH, "-mattr=+ptx78", "--fp-contract=fast",
                       ll, "-o", ptx])
    if rc != 0:
        return crashed(rc, lerr), {k.name: ("fail", "llc") for k in kernels}, (cmd, lerr)
    rc, _, perr = run([PTXAS, "-arch=" + ARCH, ptx, "-o", os.devnull])
    ptxas_ok = rc == 0
    ptxas_named = set(re.findall(r"Entry function '(\w+)'", perr))
    with open(rec) as f:
        recs = parse_records(f.read())
    with open(ptx) as f:
        ptx_text = f.read()
    funcs = split_ptx(ptx_text)
    by_fn = collections.defaultdict(list)
    for kind, name, fn, msg in recs:
        by_fn[fn].append((kind, name, msg))
    for k in kernels:
        rs = [r for r in by_fn.get(k.name, []) if r[0] in ("Passed", "Missed")]
        lines = funcs.get(k.name)
        if not ptxas_ok and (k.name in ptxas_named or not ptxas_named):
            # errors that name kernels fail those; others fail the whole file
            res[k.name] = ("fail", "ptxas: " + " ".join(
                l.strip() for l in perr.splitlines() if k.name in l or not ptxas_named)[:300])
            continue
        if lines is None:
            res[k.name] = ("fail", "no PTX function")
            continue
        if not rs:
            res[k.name] = ("fail", "no remark")
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
        # behind a runtime alias check (issue 9, part 5): the check sends
        # overlapping ranges to the original loop, which the GPU mode
        # compares bitwise. Every passed remark must say so.
        passed = [msg for kind, _, msg in rs if kind == "Passed"]
        checked = (k.near_miss == "src_write" and passed and
                   all(re.search(r"runtime alias check|AliasCheck:\s*'?runtime", m)
                       for m in passed))
        if k.near_miss and not (may_fold and stages) and not checked:
            if stages or "cp.async" in text:
                res[k.name] = ("fail", "near-miss %s pipelined" % k.near_miss)
            else:
                res[k.name] = ("declined", rs[0][1])
            continue
        if staged and not stages:
            # the register lowering (two slots, loads before the compute,
            # stores after it): no cp.async may appear; the GPU mode
            # compares its results bitwise
            if "cp.async" in text:
                res[k.name] = ("fail", "cp.async in a loop staged through registers")
            else:
                res[k.name] = ("pipelined", [2] * staged, False)
            continue
        if not stages:
            if "cp.async" in text:
                res[k.name] = ("fail", "cp.async without a passed remark")
            else:
                res[k.name] = ("declined", sorted(set(r[1] for r in rs))[0]
                               if len(rs) == 1 else "+".join(sorted(set(r[1] for r in rs))))
            continue
        probs, told = check_pipelined_ptx(lines, stages, k.extra_barriers)
        for t in re.findall(r"\.shared\s.*\b(_ZZ\d+%sE\d+\w+)_\$_ring\[" % k.name, ptx_text):
            if re.search(r"\.shared\s.*\b%s\[" % re.escape(t), ptx_text):
                probs.append("tile %s kept beside its ring" % t)
        if probs:
            res[k.name] = ("fail", "ptx: " + "; ".join(probs))
        else:
            res[k.name] = ("pipelined", stages, told)
    log = (cmd, perr if not ptxas_ok else "")
    return False, res, log


def bisect_crash(cfg, seed, indices, variant, wd, tag):
    """The kernels of `indices` that crash the compile on their own (or in pairs)."""
    if len(indices) == 1:
        return list(indices)
    half = len(indices) // 2
    bad = []
    for i, part in enumerate((indices[:half], indices[half:])):
        c, _, _ = compile_check(cfg, seed, part, variant, wd, "%s_%d" % (tag, i))
        if c:
            bad += bisect_crash(cfg, seed, part, variant, wd, "%s_%d" % (tag, i))
    return bad


def save_repro(cfg, seed, idx, variant, kind, log):
    """Into cfg.repro_dir: the single-kernel file and the command that fails."""
    d = cfg.repro_dir
    os.makedirs(d, exist_ok=True)
    src, _ = fuzzgen.generate_file(seed, 0, 0, indices=[idx], crash_forms=True)
    base = os.path.join(d, "%s-seed%d-k%05d-%s" % (kind, seed, idx, variant))
    with open(base + ".cu", "w") as f:
        f.write(src)
    cmd, err = log
    with open(base + ".txt", "w") as f:
        f.write("# generated by: utils/fuzz.py gen-one %d %d FILE.cu\n" % (seed, idx))
        f.write("# command (from the repository root, BUILD_DIR=build):\n")
        f.write("PATH=/usr/bin:$PATH " + " ".join(
            os.path.basename(base) + ".cu" if a.endswith(".cu") else a for a in cmd) + "\n")
        f.write("# output (last lines):\n")
        f.write("\n".join(err.splitlines()[-40:]) + "\n")
    return base


def cpu_job(cfg, seed, fileno, indices, variant):
    wd = tempfile.mkdtemp(prefix="fz%d_%s_" % (fileno, variant), dir=cfg.work)
    tag = "f%04d" % fileno
    t0 = time.time()
    crash, res, log = compile_check(cfg, seed, indices, variant, wd, tag)
    notes = []
    if crash:
        bad = bisect_crash(cfg, seed, indices, variant, wd, tag + "b")
        rest = [i for i in indices if i not in bad]
        res = {}
        for i in bad:
            k = "k%05d" % i
            _, _, blog = compile_check(cfg, seed, [i], variant, wd, "one%05d" % i)
            res[k] = ("fail", "crash")
            notes.append(("crash", i, variant, blog))
        if rest:
            c2, res2, _ = compile_check(cfg, seed, rest, variant, wd, tag + "r")
            if c2:  # crashes only together: charge the whole rest
                res2 = {k: ("fail", "crash (together)") for k in res2}
                notes.append(("crash-combo", rest[0], variant, log))
            res.update(res2)
    else:
        fails = [k for k, r in res.items() if r[0] == "fail"]
        if fails:
            # keep the file for a look
            notes.append(("fail", int(fails[0][1:]), variant, log))
    if not cfg.keep:
        shutil.rmtree(wd, ignore_errors=True)
    return fileno, variant, res, notes, time.time() - t0


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
    pre = rng.choice(["", "", "default<O2>,", "function(loop-simplify,loop-rotate),", "default<O1>,"])
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


def make_cfg(a):
    build = os.path.abspath(a.build_dir)
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


def cpu_mode(a):
    cfg = make_cfg(a)
    variants = a.variants.split(",")
    nfiles = (a.count + a.per_file - 1) // a.per_file
    jobs = []
    for fi in range(nfiles):
        idx = list(range(fi * a.per_file, min(a.count, (fi + 1) * a.per_file)))
        for v in variants:
            jobs.append((fi, idx, v))
    t0 = time.time()
    results = collections.defaultdict(dict)  # kernel -> variant -> result
    notes = []
    meta = {}
    for fi in range(nfiles):
        idx = list(range(fi * a.per_file, min(a.count, (fi + 1) * a.per_file)))
        for k in fuzzgen.generate_file(a.seed, 0, 0, indices=idx,
                                       crash_forms=cfg.crash_forms)[1]:
            meta[k.name] = k
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
    untold = 0
    pip_kernels = set()
    failed_kernels = {}
    for kname, per in sorted(results.items()):
        for v, r in per.items():
            checks[r[0]] += 1
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
                fails[r[1].split(":")[0]] += 1
                failed_kernels.setdefault(kname, (v, r[1]))
    nk = len(results)
    print("== CPU mode: seed %d, %d kernels in %d files, variants %s, %d compiles, %.0fs" %
          (a.seed, nk, nfiles, ",".join(variants), len(jobs), ctime))
    print("kernel x variant checks: %d pipelined, %d declined, %d failed" %
          (checks["pipelined"], checks["declined"], checks["fail"]))
    print("kernels pipelined at least once: %d of %d; near-misses: %d kernels" %
          (len(pip_kernels), nk, sum(1 for k in meta.values() if k.near_miss)))
    print("pipelined loops by variant and stages: " +
          ", ".join("%s:%d=%d" % (v, s, n) for (v, s), n in sorted(stages_hist.items())))
    print("pipelined checks whose barrier count the PTX loop comments could not tell: %d" %
          untold)
    print("declined by reason: " + ", ".join("%s %d" % kv for kv in declined.most_common()))
    print("near-misses declined: " + ", ".join("%s %d" % kv for kv in sorted(nm_declined.items())))
    if fails:
        print("failures by kind: " + ", ".join("%s %d" % kv for kv in fails.most_common()))
        for kname, (v, why) in list(failed_kernels.items())[:40]:
            print("  FAIL %s %s: %s [%s]" % (kname, v, why, " ".join(meta[kname].features)))
    repro_paths = []
    seen = set()
    for kind, idx, v, log in notes:
        key = (kind, idx)
        if key in seen or kind == "fail" and not a.save_fail_repros:
            continue
        seen.add(key)
        repro_paths.append(save_repro(cfg, a.seed, idx, v, kind, log))
    for p in repro_paths:
        print("  reproducer: %s.cu (+ .txt)" % os.path.relpath(p))
    if a.stress:
        print("== llvm-stress: %d programs in %.0fs: %s" %
              (a.stress, stime, ", ".join("%s %d" % kv for kv in sorted(stress.items()))))
        os.makedirs(cfg.repro_dir, exist_ok=True)
        for s, kind, err, repro in stress_fail[:10]:
            first = [l for l in err.splitlines() if re.search(r"ERROR|error:|Assertion|Stack dump", l)]
            print("  STRESS %s seed %d: %s" % (kind, s, (first or err.strip().splitlines()[-1:])[0]))
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
            json.dump({"seed": a.seed, "kernels": nk, "files": nfiles, "variants": variants,
                       "checks": checks, "declined": declined, "fails": fails,
                       "stress": stress, "seconds": ctime + stime}, f, indent=1)
    print("%d passed, %d failed" % (npass, nfail))
    return 1 if nfail else 0


# ---------------------------------------------------------------- GPU mode

GPU_VARIANTS = {"plain": None, "s2": ["stages=2"], "s3": [], "s4": ["stages=4"],
                "padded": ["layout=padded"]}


def gpu_build(a):
    cfg = make_cfg(a)
    out = os.path.abspath(a.dir)
    os.makedirs(out, exist_ok=True)
    nfiles = (a.count + a.per_file - 1) // a.per_file
    manifest = {"seed": a.seed, "files": []}
    jobs = []
    for fi in range(nfiles):
        idx = list(range(fi * a.per_file, min(a.count, (fi + 1) * a.per_file)))
        src, kernels = fuzzgen.generate_file(a.seed, 0, 0, indices=idx,
                                             crash_forms=not a.no_crash_forms)
        cu = os.path.join(out, "g%03d.cu" % fi)
        with open(cu, "w") as f:
            f.write(src)
        entry = {"file": "g%03d" % fi, "kernels": [k.name for k in kernels],
                 "near_miss": [k.name for k in kernels if k.near_miss], "pipelined": {}}
        manifest["files"].append(entry)
        for v, args in GPU_VARIANTS.items():
            jobs.append((entry, cu, v, args))

    def build(job):
        entry, cu, v, args = job
        exe = os.path.join(out, "%s.%s" % (entry["file"], v))
        cmd = [CLANG, "-x", "cuda"] + cfg.flags + ["--cuda-gpu-arch=" + ARCH, "-O3", "-w"]
        if args is not None:
            rec = exe + ".yaml"
            cmd += (["-fplugin=" + cfg.plugin] + plugin_args(args) +
                    ["-Xarch_device", "-fsave-optimization-record", "-Xarch_device",
                     "-foptimization-record-file=" + rec, "-Xarch_device",
                     "-foptimization-record-passes=cuda-pipeline"])
        cmd += [cu, "-o", exe, "-s", "-L/usr/lib/x86_64-linux-gnu", "-lcudart_static",
                "-ldl", "-lrt", "-pthread"]
        rc, _, err = run(cmd, env=cfg.env)
        pip = []
        if rc == 0 and args is not None:
            with open(exe + ".yaml") as f:
                pip = sorted(set(fn for kind, _, fn, _ in parse_records(f.read())
                                 if kind == "Passed"))
            os.remove(exe + ".yaml")
        return entry, v, rc, err, pip

    bad = 0
    retry = {}
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        for entry, v, rc, err, pip in ex.map(build, jobs):
            if rc != 0:
                named = sorted(set(re.findall(r"Entry function '(k\d+)'", err)))
                print("BUILD FAIL %s.%s: %s" % (entry["file"], v, "\n".join(
                    l for l in err.splitlines() if "error" in l)[:1500]))
                if named and v != "plain":
                    retry.setdefault(entry["file"], (entry, set()))[1].update(named)
                else:
                    bad += 1
            else:
                entry["pipelined"][v] = pip
        # A kernel that a plugin build cannot assemble (a pass bug, which the CPU
        # mode reports too) is left out of its file, which is built again.
        again = []
        for f, (entry, named) in retry.items():
            entry["build_fail"] = sorted(named)
            entry["kernels"] = [k for k in entry["kernels"] if k not in named]
            idx = [int(k[1:]) for k in entry["kernels"]]
            src, _ = fuzzgen.generate_file(a.seed, 0, 0, indices=idx,
                                           crash_forms=not a.no_crash_forms)
            cu = os.path.join(out, f + ".cu")
            with open(cu, "w") as fh:
                fh.write(src)
            entry["pipelined"] = {}
            for v, args in GPU_VARIANTS.items():
                again.append((entry, cu, v, args))
        for entry, v, rc, err, pip in ex.map(build, again):
            if rc != 0:
                bad += 1
                print("BUILD FAIL again %s.%s: %s" % (entry["file"], v, err[-800:]))
            else:
                entry["pipelined"][v] = pip
    with open(os.path.join(out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    npip = {v: sum(len(e["pipelined"].get(v, [])) for e in manifest["files"])
            for v in GPU_VARIANTS if v != "plain"}
    print("built %d binaries for %d kernels in %d files into %s (%d failed); "
          "pipelined kernels per variant: %s" %
          (len(jobs) - bad, a.count, nfiles, out, bad, npip))
    return 1 if bad else 0


def gpu_run(a):
    d = os.path.abspath(a.dir)
    with open(os.path.join(d, "manifest.json")) as f:
        man = json.load(f)
    seed = a.run_seed if a.run_seed is not None else int(time.time())
    ok = bad = 0
    diffs = []
    compared = collections.Counter()
    print("== fuzz GPU run: %d files, run seed %d" % (len(man["files"]), seed))

    def run_bin(exe, *args):
        return run([exe, str(seed)] + list(args), timeout=600, env=dict(os.environ))

    for e in man["files"]:
        outs = {}
        for v in GPU_VARIANTS:
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
        plain = {}
        for line in base[1]:
            plain[line.split(" hash=")[0]] = line
        for k in e["kernels"]:
            kbad = []
            for v in GPU_VARIANTS:
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
            if kbad:
                bad += 1
                diffs.append((e["file"], k, kbad))
            else:
                ok += 1
    for f, k, why in diffs[:30]:
        print("DIFF %s %s: %s" % (f, k, "; ".join(why)[:400]))
    bf = [k for e in man["files"] for k in e.get("build_fail", [])]
    if bf:
        bad += len(bf)
        print("FAIL not built with the plugin (ptxas rejected the plugin's PTX; see the CPU "
              "mode): %s" % " ".join(bf))
    npip = sum(1 for e in man["files"] for k in e["kernels"]
               if any(k in e["pipelined"].get(v, []) for v in GPU_VARIANTS))
    print("kernels: %d identical in every variant, %d differ or fail; %d of them pipelined "
          "in some variant; launches compared per variant: %s" %
          (ok, bad, npip, dict(compared)))

    # racecheck (and synccheck) on a sample of pipelined kernels, small sizes.
    san_ok = san_bad = 0
    cs = shutil.which("compute-sanitizer") or "/usr/local/cuda/bin/compute-sanitizer"
    if a.racecheck and os.path.exists(cs):
        rng = random.Random(seed)
        pool = [(e["file"], v, k) for e in man["files"] for v in ("s2", "s3", "s4")
                for k in e["pipelined"].get(v, [])]
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

    c = sub.add_parser("cpu", help="compile and check generated kernels (no GPU)")
    common(c, 200)
    c.add_argument("--variants", default=",".join(VARIANTS))
    c.add_argument("--stress", type=int, default=0, help="llvm-stress programs")
    c.add_argument("--repro-dir", help="where reproducers go (default BUILD_DIR/fuzz-repro)")
    c.add_argument("--save-fail-repros", action="store_true",
                   help="also save reproducers of check failures (crashes always)")
    c.add_argument("--json", help="write the counts here")
    c.add_argument("-v", "--verbose", action="store_true")
    gb = sub.add_parser("gpu-build", help="build plain and plugin binaries into DIR")
    common(gb, 320)
    gb.add_argument("dir")
    gb.add_argument("--repro-dir")
    gr = sub.add_parser("gpu-run", help="run DIR's binaries, compare, racecheck a sample")
    gr.add_argument("dir")
    gr.add_argument("--run-seed", type=int)
    gr.add_argument("--racecheck", type=int, default=24, help="pipelined kernels to racecheck")
    gr.add_argument("--synccheck", action="store_true", help="synccheck the sample too")
    a = ap.parse_args()
    if a.mode == "gen":
        src, _ = fuzzgen.generate_file(a.seed, a.count, a.first)
        with open(a.file, "w") as f:
            f.write(src)
        return 0
    if a.mode == "gen-one":
        src, _ = fuzzgen.generate_file(a.seed, 0, 0, indices=[a.index])
        with open(a.file, "w") as f:
            f.write(src)
        return 0
    if a.mode == "cpu":
        return cpu_mode(a)
    if a.mode == "gpu-build":
        return gpu_build(a)
    return gpu_run(a)


if __name__ == "__main__":
    sys.exit(main())
