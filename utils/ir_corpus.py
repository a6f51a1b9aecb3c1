#!/usr/bin/env python3
"""utils/ir_corpus.py: the pass's output on every input the project has, for
comparing two builds of the plugin byte for byte (a refactoring must change
nothing).

  ir_corpus.py dump OUTDIR [--build BUILD] [--jobs N]
      for every .ll under test/ (opt with the pass, at its default and at
      stages=4;profitability=off), every .cu under test/ and examples/, and
      bench/variant.cu (device-only clang at sm_90 with the default
      arguments, sm_80 with profitability=off, sm_90 with stages=4,
      layout=padded and copy-back, sm_80 with lowering=registers, and
      sm_75), writes the output IR and every cuda-pipeline remark (passed,
      missed, analysis; paths made relative) into OUTDIR.
  ir_corpus.py diff DIR_A DIR_B
      lists the files that differ or exist in one directory only; exit
      status 1 when any does.

Inputs that fail to compile record the failure text instead, so a change
in which inputs fail shows too. Needs the tools utils/setup.sh installs.
"""

import argparse
import concurrent.futures
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OPT = "opt-19"
CLANG = "clang++-19"

LL_VARIANTS = {"default": "cuda-pipeline", "s4off": "cuda-pipeline<stages=4;profitability=off>"}
CU_VARIANTS = {
    "default": ["--cuda-gpu-arch=sm_90"],
    "off80": ["--cuda-gpu-arch=sm_80", "-fplugin-arg-pipeline-profitability=off"],
    "s4pad": ["--cuda-gpu-arch=sm_90", "-fplugin-arg-pipeline-stages=4",
              "-fplugin-arg-pipeline-layout=padded", "-fplugin-arg-pipeline-copy-back"],
    "regs80": ["--cuda-gpu-arch=sm_80", "-fplugin-arg-pipeline-lowering=registers",
               "-fplugin-arg-pipeline-profitability=off"],
    "sm75": ["--cuda-gpu-arch=sm_75"],
}
REMARKS = ["-Rpass=cuda-pipeline", "-Rpass-missed=cuda-pipeline", "-Rpass-analysis=cuda-pipeline"]


def inputs():
    ll, cu = [], []
    for d, _, files in os.walk(os.path.join(ROOT, "test")):
        if "Inputs" in d.split(os.sep):
            continue
        for f in sorted(files):
            p = os.path.relpath(os.path.join(d, f), ROOT)
            if f.endswith(".ll"):
                ll.append(p)
            elif f.endswith(".cu"):
                cu.append(p)
    for f in sorted(os.listdir(os.path.join(ROOT, "examples"))):
        if f.endswith(".cu"):
            cu.append(os.path.join("examples", f))
    cu.append(os.path.join("bench", "variant.cu"))
    return sorted(ll), sorted(cu)


def run(cmd):
    env = dict(os.environ)
    env["PATH"] = "/usr/bin:" + env.get("PATH", "")
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, env=env, errors="replace")
    return p.returncode, p.stdout, p.stderr.replace(ROOT + "/", "")


def job(kind, src, variant, build, out):
    name = os.path.join(out, src.replace(os.sep, "__") + "." + variant)
    if kind == "ll":
        cmd = [OPT, "-load-pass-plugin=" + os.path.join(build, "lib", "CUDAPipelinePass.so"),
               "-passes=" + LL_VARIANTS[variant], "-pass-remarks=cuda-pipeline",
               "-pass-remarks-missed=cuda-pipeline", "-pass-remarks-analysis=cuda-pipeline",
               "-S", src, "-o", "-"]
    else:
        with open(os.path.join(build, "cuda-flags.txt")) as f:
            flags = f.read().split()
        cmd = ([CLANG, "-x", "cuda"] + flags +
               ["-I" + os.path.join(ROOT, d) for d in ("include", "bench", "examples")] +
               ["--cuda-device-only", "-O3", "-fplugin=" +
                os.path.join(build, "lib", "libpipeline.so"), "-S", "-emit-llvm", src, "-o", "-"] +
               CU_VARIANTS[variant] + REMARKS)
        if src.endswith("variant.cu"):
            cmd.append("-DPL_NS=corpus")
    rc, out_text, err = run(cmd)
    with open(name + ".ll", "w") as f:
        f.write(out_text if rc == 0 else "FAILED rc=%d\n" % rc)
    with open(name + ".remarks", "w") as f:
        f.write(err)


def dump(a):
    os.makedirs(a.outdir, exist_ok=True)
    build = os.path.abspath(a.build)
    ll, cu = inputs()
    jobs = [("ll", s, v) for s in ll for v in LL_VARIANTS] + \
           [("cu", s, v) for s in cu for v in CU_VARIANTS]
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        list(ex.map(lambda j: job(j[0], j[1], j[2], build, a.outdir), jobs))
    print("%d outputs written to %s" % (len(jobs), a.outdir))


def diff(a):
    fa, fb = set(os.listdir(a.a)), set(os.listdir(a.b))
    bad = []
    for f in sorted(fa & fb):
        with open(os.path.join(a.a, f), "rb") as x, open(os.path.join(a.b, f), "rb") as y:
            if x.read() != y.read():
                bad.append(f)
    for f in sorted(fa - fb):
        print("only in %s: %s" % (a.a, f))
    for f in sorted(fb - fa):
        print("only in %s: %s" % (a.b, f))
    for f in bad:
        print("differs: " + f)
    print("%d files in both, %d differ; %d in one only" % (len(fa & fb), len(bad), len(fa ^ fb)))
    return 1 if bad or fa ^ fb else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("dump")
    d.add_argument("outdir")
    d.add_argument("--build", default=os.path.join(ROOT, "build"))
    d.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    c = sub.add_parser("diff")
    c.add_argument("a")
    c.add_argument("b")
    a = ap.parse_args()
    sys.exit(dump(a) if a.cmd == "dump" else diff(a))


if __name__ == "__main__":
    main()
