#!/usr/bin/env python3
"""Summarize the cp.async pipelines in PTX files.

    utils/ptx_summary.py FILE.ptx...

For each kernel (.entry): how many cp.async instructions (and their sizes),
the cp.async.wait_group values, and for each loop (a label with a branch
back to it) how many barriers (bar.sync / barrier.sync) one iteration runs.
"""
import re
import sys
from collections import Counter


def summarize(path):
    text = open(path).read()
    entries = list(re.finditer(r"^\.(?:visible )?\.entry\s+(\S+)\(", text, re.M))
    for n, m in enumerate(entries):
        end = entries[n + 1].start() if n + 1 < len(entries) else len(text)
        body = text[m.start():end].splitlines()
        name = m.group(1)
        sizes = Counter()
        for line in body:
            cp = re.search(r"cp\.async\.(c[ag])\.shared\.global\s+\[[^\]]+\],\s*\[[^\]]+\],\s*(\d+)", line)
            if cp:
                sizes["%s.%s" % (cp.group(1), cp.group(2))] += 1
        waits = [int(w) for w in re.findall(r"cp\.async\.wait_group\s+(\d+);", "\n".join(body))]
        labels = {}
        loops = []
        for i, line in enumerate(body):
            lab = re.match(r"^(\$L__\w+):", line)
            if lab:
                labels[lab.group(1)] = i
            br = re.search(r"\bbra(?:\.uni)?\s+(\$L__\w+);", line)
            if br and br.group(1) in labels and labels[br.group(1)] < i:
                start = labels[br.group(1)]
                bars = sum(1 for l in body[start:i + 1] if re.search(r"\b(bar|barrier)\.sync\b", l))
                loops.append((br.group(1), bars))
        total = sum(sizes.values())
        detail = ", ".join("%d x %s bytes" % (v, k) for k, v in sorted(sizes.items()))
        print("  %s" % name)
        print("    cp.async: %d%s" % (total, " (%s)" % detail if detail else ""))
        print("    wait_group values: %s" % (", ".join(map(str, waits)) if waits else "none"))
        for label, bars in loops:
            print("    loop %s: %d barrier%s per iteration" % (label, bars, "" if bars == 1 else "s"))
        if not loops:
            print("    no loops")


def main():
    if len(sys.argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    for path in sys.argv[1:]:
        print(path)
        summarize(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
