#!/usr/bin/env python3
"""Markdown table of a `bench time` CSV (for docs/performance.md).

    utils/bench_table.py timing.csv
"""
import csv
import sys


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    rows = list(csv.DictReader(open(sys.argv[1])))
    print("| kernel | size | variant | median ms | rate | vs plain | vs hand | vs cuBLAS | latency hidden |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    last = None
    for r in rows:
        first = r["kernel"] != last
        last = r["kernel"]
        lib = float(r["vs_library"])
        hidden = "%.0f%%" % (100 * float(r["latency_hidden"])) if r["variant"] == "plugin" else ""
        bold = "**" if r["variant"] == "plugin" else ""
        print("| %s | %s | %s%s%s | %s | %.2f %s | %s%.3f×%s | %.3f× | %s | %s |" % (
            r["kernel"] if first else "", r["size"] if first else "", bold, r["variant"], bold,
            r["median_ms"], float(r["rate"]), r["unit"], bold, float(r["vs_plain"]), bold,
            float(r["vs_hand"]), "%.3f×" % lib if lib > 0 else "–", hidden))
    return 0


if __name__ == "__main__":
    sys.exit(main())
