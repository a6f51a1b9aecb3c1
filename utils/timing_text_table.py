#!/usr/bin/env python3
"""Markdown table of a `bench time` text report (the tables it prints), for
runs whose timing.csv did not come back: per kernel the default plugin build,
the best forced stage count, their ratio, the hand-written ring, nvcc's
builds and the compute-only limit, each as speedup over `plain`.

Usage: utils/timing_text_table.py timing.txt"""
import re
import sys


def tables(text):
    for block in re.split(r"\n\s*\n", text):
        lines = block.strip().split("\n")
        if len(lines) < 3 or not lines[1].startswith("variant"):
            continue
        ms = {}
        for line in lines[2:]:
            f = line.split()
            if len(f) >= 2 and re.fullmatch(r"[0-9.]+", f[1]):
                ms[f[0]] = float(f[1])
        if "plain" in ms and "plugin" in ms:
            yield lines[0].split()[0], ms


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    print("| kernel | default | best forced S | default / best | hand (clang) | nvcc plain | nvcc hand | compute-only limit |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, ms in tables(open(sys.argv[1]).read()):
        p = ms["plain"]
        x = lambda v: "%.3fx" % (p / ms[v]) if v in ms else "—"
        best = max((s for s in ("s2", "s3", "s4", "s6", "s8") if s in ms), key=lambda s: p / ms[s])
        ratio = (p / ms["plugin"]) / (p / ms[best])
        print("| %s | %s | %s (%s) | %d%% | %s | %s | %s | %s |" % (
            name, x("plugin"), x(best), best, round(100 * ratio), x("hand"),
            x("nvcc_plain"), x("nvcc_hand"), x("limit")))


if __name__ == "__main__":
    main()
