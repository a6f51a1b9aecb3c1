#!/usr/bin/env python3
"""Plot bench timing CSV: speedup over the plain build, per kernel.

    utils/plot_bench.py timing.csv plot.png

Bars per kernel: the plugin (default stages), the best of forced 2, 3 and
4 stages, the hand-written ring, the nvcc 13 builds of plain and hand (when the run has
them), cuBLAS where there is one, and the compute-only limit
(how fast the loop would be with load latency fully hidden).
"""
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    rows = list(csv.DictReader(open(sys.argv[1])))
    kernels = []
    for r in rows:
        if r["kernel"] not in kernels:
            kernels.append(r["kernel"])
    # the best forced stage count of each kernel, as a variant of its own
    for kern in kernels:
        forced = [r for r in rows if r["kernel"] == kern and r["variant"] in ("s2", "s3", "s4", "s6", "s8")]
        if forced:
            rows.append(dict(max(forced, key=lambda r: float(r["vs_plain"])), variant="best"))
    series = [("plugin", "plugin (default)", "#1f77b4"),
              ("best", "plugin, best forced 2-8 stages", "#aec7e8"),
              ("hand", "hand-written ring", "#ff7f0e"),
              ("nvcc_plain", "nvcc 13, plain", "#9467bd"),
              ("nvcc_hand", "nvcc 13, hand-written ring", "#c5b0d5"),
              ("cublas", "cuBLAS", "#2ca02c"), ("limit", "compute-only limit", "#bbbbbb")]
    # Only the series the run has (the nvcc rows need gpu-run.sh's nvcc step).
    series = [s for s in series if any(r["variant"] == s[0] for r in rows)]
    width = 0.8 / max(len(series), 1)
    fig, ax = plt.subplots(figsize=(max(12, 0.6 * len(kernels)), 5))
    for k, (variant, label, color) in enumerate(series):
        xs, ys = [], []
        for i, kern in enumerate(kernels):
            for r in rows:
                if r["kernel"] == kern and r["variant"] == variant:
                    xs.append(i + (k - len(series) / 2 + 0.5) * width)
                    ys.append(float(r["vs_plain"]))
        if xs:
            ax.bar(xs, ys, width, label=label, color=color)
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_xticks(range(len(kernels)))
    ax.set_xticklabels(kernels, rotation=45, ha="right")
    ax.set_ylabel("speedup over the build without the plugin")
    # Bars above 4x (cuBLAS, some compute-only limits) would flatten the
    # rest: clip the axis and print their values.
    top = max(float(r["vs_plain"]) for r in rows if r["variant"] != "cublas")
    ax.set_ylim(0, min(4.0, max(2.0, top * 1.1)))
    names = [s[0] for s in series]
    for r in rows:
        if r["variant"] in names and float(r["vs_plain"]) > ax.get_ylim()[1]:
            k = names.index(r["variant"])
            x = kernels.index(r["kernel"]) + (k - len(series) / 2 + 0.5) * width
            ax.text(x, ax.get_ylim()[1] * 0.97, "%.1fx" % float(r["vs_plain"]), ha="center",
                    va="top", fontsize=7, rotation=90,
                    bbox=dict(facecolor="white", edgecolor="none", pad=0.5))
    ax.set_title("libpipeline on an NVIDIA H200 (clang 19, CUDA 11.8, sm_90): speedup per kernel",
                 pad=28)
    ax.legend(ncol=7, fontsize=8, loc="lower center", bbox_to_anchor=(0.5, 1.0))
    fig.tight_layout()
    fig.savefig(sys.argv[2], dpi=120)
    return 0


if __name__ == "__main__":
    sys.exit(main())
