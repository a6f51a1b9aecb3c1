#!/usr/bin/env python3
"""utils/gpu_tests.py: test/gpu's lit tests for a GPU machine without clang.

lit runs test/gpu/*.cu only where a GPU answers, and the GPU machine has no
clang. This splits each test's RUN lines in three phases:

  gpu_tests.py build [--build-dir build] [--filter REGEX] [DIR]
      here: every compile line (%clang_host ..., with its remark FileCheck),
      into DIR (default BUILD_DIR/gpu-tests), and DIR/run.sh for the GPU
  bash DIR/run.sh OUTDIR
      on the GPU machine, from the repository root: every line that runs a
      built binary, then the diffs and greps of their outputs; prints
      "PASS name" or "FAIL name: line" per test and packs the outputs into
      OUTDIR/gpu-tests.tgz
  gpu_tests.py check [--build-dir build] TGZ [DIR]
      here again: unpacks the outputs into DIR and runs the FileCheck lines
      on them; prints "PASS name" or "FAIL name" per test

Each phase prints "N passed, N failed" last and exits non-zero on a failure.
Substitutions are lit's (test/lit.cfg.py) with the paths of BUILD_DIR's
lit.site.cfg.py; %s and %t are paths relative to the repository root, so
that DIR travels (carry it) and run.sh runs in the copy of the work tree.
The .test files of test/gpu (bench check, the examples) are run by
utils/gpu-run.sh instead.
"""

import argparse
import os
import re
import shlex
import subprocess
import sys
import tarfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def site_config(build_dir):
    """The values lit.site.cfg.py assigns to config.pl_* and llvm_tools_dir."""
    vals = {}
    path = os.path.join(build_dir, "test", "lit.site.cfg.py")
    with open(path) as f:
        for m in re.finditer(r'config\.(\w+) = (?:int\()?"([^"]*)"', f.read()):
            vals[m.group(1)] = m.group(2)
    return vals


def run_lines(path):
    """The RUN lines of one test, continuation lines joined."""
    lines, cur = [], ""
    with open(path) as f:
        for line in f:
            m = re.match(r"\s*//\s*RUN:\s?(.*)$", line)
            if not m:
                continue
            cur += m.group(1).rstrip()
            if cur.endswith("\\"):
                cur = cur[:-1] + " "
                continue
            lines.append(cur)
            cur = ""
    return lines


def substitute(line, test, tmp, cfg):
    tools = cfg["llvm_tools_dir"]
    subs = [("%clang_host", os.path.join(tools, "clang++")),
            ("%cuda_path", cfg["pl_cuda_path"]), ("%cuda_shim", cfg["pl_cuda_shim"]),
            ("%plugin", cfg["pl_clang_plugin"]), ("%src_root", "."),
            ("%s", test), ("%t", tmp)]
    for k, v in subs:
        line = line.replace(k, v)
    return line


def phase(line):
    """'build' (runs here), 'gpu' (runs a binary or compares its outputs on
    the GPU machine) or 'check' (FileCheck of an output, here)."""
    first = line.split()[0]
    if "%clang" in first:
        return "build"
    if first == "FileCheck" or first.endswith("/FileCheck"):
        return "check"
    return "gpu"


def tests(filter_re):
    d = os.path.join(ROOT, "test", "gpu")
    for name in sorted(os.listdir(d)):
        if name.endswith(".cu") and re.search(filter_re or "", name):
            yield name[:-3], os.path.join("test", "gpu", name)


def shell(cmd, cwd):
    return subprocess.run(["bash", "-o", "pipefail", "-c", cmd], cwd=cwd,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def build(a):
    cfg = site_config(a.build_dir)
    out = os.path.relpath(a.dir or os.path.join(a.build_dir, "gpu-tests"), ROOT)
    os.makedirs(os.path.join(ROOT, out), exist_ok=True)
    env_path = "%s:/usr/bin:%s" % (cfg["llvm_tools_dir"], os.environ.get("PATH", ""))
    script = ["#!/usr/bin/env bash", "# written by utils/gpu_tests.py build; run from the repository root",
              "set -u -o pipefail", 'o="${1:-${OUT:-out}}"; mkdir -p "$o"', "pass=0; fail=0"]
    checks = []
    ok = bad = 0
    for name, src in tests(a.filter):
        tmp = os.path.join(out, name)
        lines = [(phase(l), substitute(l, src, tmp, cfg))
                 for l in run_lines(os.path.join(ROOT, src))]
        failed = None
        for ph, l in lines:
            if ph != "build":
                continue
            r = shell("PATH=%s; %s" % (shlex.quote(env_path), l), ROOT)
            if r.returncode:
                failed = "%s\n%s" % (l, r.stdout[-2000:])
                break
        if failed:
            bad += 1
            print("FAIL %s (build): %s" % (name, failed))
            continue
        ok += 1
        print("BUILT %s" % name)
        gpu = [l.replace("not grep", "! grep") for ph, l in lines if ph == "gpu"]
        body = " && ".join("{ %s; }" % l for l in gpu) or "true"
        script.append("if %s; then echo \"PASS %s\"; pass=$((pass + 1)); else "
                      "echo \"FAIL %s\"; fail=$((fail + 1)); fi" % (body, name, name))
        checks += ["%s\t%s" % (name, l) for ph, l in lines if ph == "check"]
    script += ['tar czf "$o/gpu-tests.tgz" %s/*.txt' % out,
               'echo "$pass passed, $fail failed"', "[ $fail = 0 ]"]
    with open(os.path.join(ROOT, out, "run.sh"), "w") as f:
        f.write("\n".join(script) + "\n")
    with open(os.path.join(ROOT, out, "checks.tsv"), "w") as f:
        f.write("\n".join(checks) + "\n")
    print("%d passed, %d failed" % (ok, bad))
    return 1 if bad else 0


def check(a):
    cfg = site_config(a.build_dir)
    out = os.path.relpath(a.dir or os.path.join(a.build_dir, "gpu-tests"), ROOT)
    with tarfile.open(a.tgz) as t:
        try:
            t.extractall(ROOT, filter="data")
        except TypeError:  # a Python without extraction filters: check the names
            bad = [m.name for m in t.getmembers()
                   if m.name.startswith("/") or ".." in m.name.split("/") or
                   not (m.isfile() or m.isdir())]
            if bad:
                sys.exit("gpu_tests.py: unsafe entries in %s: %s" % (a.tgz, ", ".join(bad)))
            t.extractall(ROOT)
    filecheck = os.path.join(cfg["llvm_tools_dir"], "FileCheck")
    results = {}
    with open(os.path.join(ROOT, out, "checks.tsv")) as f:
        for row in f:
            if not row.strip():
                continue
            name, line = row.rstrip("\n").split("\t", 1)
            line = re.sub(r"^\S*FileCheck", shlex.quote(filecheck), line)
            r = shell(line, ROOT)
            if r.returncode:
                results[name] = "%s\n%s" % (line, r.stdout[-2000:])
            else:
                results.setdefault(name, None)
    bad = 0
    for name, err in sorted(results.items()):
        print("PASS %s" % name if err is None else "FAIL %s: %s" % (name, err))
        bad += err is not None
    print("%d passed, %d failed" % (len(results) - bad, bad))
    return 1 if bad else 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--build-dir", default=os.environ.get("BUILD_DIR", "build"))
    sub = p.add_subparsers(dest="mode", required=True)
    b = sub.add_parser("build", help="compile test/gpu's binaries here, write run.sh")
    b.add_argument("--filter", help="only tests whose file name matches")
    b.add_argument("dir", nargs="?")
    c = sub.add_parser("check", help="FileCheck the outputs run.sh packed")
    c.add_argument("tgz")
    c.add_argument("dir", nargs="?")
    a = p.parse_args()
    a.build_dir = os.path.abspath(a.build_dir)
    return build(a) if a.mode == "build" else check(a)


if __name__ == "__main__":
    sys.exit(main())
