#!/usr/bin/env python3
"""Compile time of the plugin: CPU seconds of whole device compiles.

Compiles each file with clang (--cuda-device-only -O3 -S, one architecture)
without the plugin, with the default arguments (the registers estimated,
ptxas=off), with ptxas=on and an empty ptxas cache (cold: every count it
needs is measured), and with ptxas=on and the cache the cold run left (warm:
the same file built again).
Each run is a whole process; its CPU time is user + system of the process
and its children (ptxas), from getrusage(RUSAGE_CHILDREN). The variants
are interleaved, round after round (a first round warms the caches and is
not counted), and the table gives each one's median and the median of its
ratios to the compile without the plugin of the same round (the machine's
speed drifts between rounds more than within one).

  utils/compile_time.py [--build-dir build] [--runs 5] [--arch sm_90]
                        [--gen SEED:COUNT] [FILE ...]

Without FILE: bench/variant.cu and a generated file of 200 tile-loop
kernels (utils/fuzz.py gen 1 200).
"""
import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def llvm_major(build):
    """The LLVM major version the build was configured with."""
    with open(os.path.join(build, "CMakeCache.txt")) as f:
        for line in f:
            if line.startswith("PL_LLVM_VERSION:"):
                return line.strip().split("=")[1]
    return "19"


def cpu_seconds(cmd, env):
    """Runs cmd; returns the CPU seconds it and its children took."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode != 0:
        sys.exit("compile failed: %s\n%s" % (" ".join(cmd), r.stderr.decode()[-2000:]))
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="*")
    ap.add_argument("--build-dir", default=os.environ.get("BUILD_DIR", "build"))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--gen", default="1:200", help="SEED:COUNT of the generated file")
    args = ap.parse_args()
    build = os.path.abspath(args.build_dir)
    major = llvm_major(build)
    clang = "/usr/lib/llvm-%s/bin/clang++" % major
    with open(os.path.join(build, "cuda-flags.txt")) as f:
        flags = f.read().split() + ["-I" + os.path.join(ROOT, "include")]
    plugin = os.path.join(build, "lib", "libpipeline.so")
    work = tempfile.mkdtemp(prefix="pl-compile-time-")
    files = [os.path.abspath(f) for f in args.files]
    if not files:
        seed, count = args.gen.split(":")
        gen = os.path.join(work, "gen%s_%s.cu" % (seed, count))
        subprocess.run([sys.executable, os.path.join(HERE, "fuzz.py"), "gen", seed, count, gen],
                       check=True)
        files = [os.path.join(ROOT, "bench", "variant.cu"), gen]
    env = dict(os.environ)
    env["PATH"] = "/usr/bin:" + env.get("PATH", "")
    variants = [
        ("no plugin", [], None),
        ("default (ptxas=off)", ["-fplugin=" + plugin], None),
        ("ptxas=on, cold cache", ["-fplugin=" + plugin, "-fplugin-arg-pipeline-ptxas=on"], "cold"),
        ("ptxas=on, warm cache", ["-fplugin=" + plugin, "-fplugin-arg-pipeline-ptxas=on"], "warm"),
    ]
    print("| file | %s |" % " | ".join(v[0] for v in variants))
    print("| --- |" + " ---: |" * len(variants))
    for path in files:
        base = [clang] + flags + ["--cuda-device-only", "--cuda-gpu-arch=" + args.arch, "-O3",
                                  "-I" + os.path.join(ROOT, "bench"),
                                  "-I" + os.path.join(ROOT, "include"), "-S", "-o", os.devnull,
                                  path]
        warm = os.path.join(work, "warm")
        times = {v[0]: [] for v in variants}
        for run in range(args.runs + 1):  # the first run of each is a warm-up
            for name, extra, cache in variants:
                e = dict(env)
                if cache == "cold":
                    d = os.path.join(work, "cold")
                    shutil.rmtree(d, ignore_errors=True)
                    e["LIBPIPELINE_CACHE_DIR"] = d
                elif cache == "warm":
                    e["LIBPIPELINE_CACHE_DIR"] = warm
                else:
                    e["LIBPIPELINE_CACHE_DIR"] = "off"
                t = cpu_seconds(base[:1] + extra + base[1:], e)
                if run:
                    times[name].append(t)
        cells = []
        for name, _, _ in variants:
            m = statistics.median(times[name])
            ratio = statistics.median(t / p for t, p in zip(times[name], times["no plugin"]))
            cells.append("%.2f s" % m if name == "no plugin" else "%.2f s (%.2fx)" % (m, ratio))
        print("| %s | %s |" % (os.path.relpath(path, ROOT) if path.startswith(ROOT)
                               else os.path.basename(path), " | ".join(cells)))
        sys.stdout.flush()
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
