#!/usr/bin/env python3
"""`make bench`: builds the same generated corpus with commonsight and with Hugo, several times each,
and prints best wall time, pages per second, peak memory, output size and the ratio to Hugo, plus
the floor (cmark-gfm over every Markdown body; a plain copy of the output tree) and an incremental
rebuild after a one-observation change.

Usage: bench/run.py [--sizes 20x1000,50x2000] [--runs 3]
"""
import argparse
import csv
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(ROOT, ".build", "bench")
BIN = os.path.join(ROOT, ".build", "release", "commonsight")


def timed(cmd, cwd=None):
    """(seconds, peak RSS in MB) of one run, through /usr/bin/time -v."""
    start = time.perf_counter()
    r = subprocess.run(["/usr/bin/time", "-v"] + cmd, cwd=cwd, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if r.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{r.stderr[-2000:]}")
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", r.stderr).group(1)) / 1024
    return seconds, rss, r.stdout + r.stderr


def size_mb(path):
    return sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(path) for f in fs) / 1e6


def count(path, suffix=".html"):
    return sum(1 for _, _, fs in os.walk(path) for f in fs if f.endswith(suffix))


def best(runs):
    return min(runs, key=lambda r: r[0])


def bench(n, m, repeat):
    corpus = os.path.join(WORK, f"{n}x{m}")
    subprocess.run([sys.executable, os.path.join(ROOT, "bench", "make_corpus.py"), str(n), str(m), corpus], check=True, capture_output=True)
    out = os.path.join(corpus, "public")
    ours = [os.path.join(BIN), "build", "--content", os.path.join(corpus, "content"), "--templates", os.path.join(ROOT, "templates"),
            "--out", out, "--date", "2026-11-29"]
    for p in (out, os.path.join(corpus, ".public.staging"), os.path.join(corpus, ".public.cache"), os.path.join(corpus, "hugo-out")):
        shutil.rmtree(p, ignore_errors=True)
    cold = timed(ours + ["--no-cache"])
    full = [timed(ours + ["--no-cache"]) for _ in range(repeat)]
    hugo = [timed(["hugo", "--quiet", "-d", "../hugo-out"], cwd=os.path.join(corpus, "hugo")) for _ in range(repeat + 1)][1:]
    # One observation changes; the cache renders only the pages that show it.
    _ = timed(ours)
    obs = os.path.join(corpus, "content", "neighborhoods", "hood-000", "observations.csv")
    incremental = []
    for i in range(repeat):
        rows = list(csv.reader(open(obs)))
        rows[1][6] = rows[1][6].split(" Edit ")[0] + f" Edit {i}."
        csv.writer(open(obs, "w"), lineterminator="\n").writerows(rows)
        incremental.append(timed(ours))
    pages, hugo_pages = count(out), count(os.path.join(corpus, "hugo-out"))
    # The floor: cmark-gfm over every Markdown body, and a plain copy of the output tree.
    bodies = []
    for d, _, fs in os.walk(os.path.join(corpus, "content")):
        for f in fs:
            if f.endswith(".md"):
                bodies.append(open(os.path.join(d, f), encoding="utf-8").read().split("---", 2)[-1])
            elif f.endswith(".csv"):
                bodies += [r[6] for r in list(csv.reader(open(os.path.join(d, f))))[1:]]
    joined = os.path.join(corpus, "bodies.md")
    open(joined, "w").write("\n\n".join(bodies))
    cmark = timed(["cmark-gfm", "-e", "table", "--smart", joined]) if shutil.which("cmark-gfm") else None
    shutil.rmtree(os.path.join(corpus, "copy"), ignore_errors=True)
    copy = timed(["cp", "-r", out, os.path.join(corpus, "copy")])
    shutil.rmtree(os.path.join(corpus, "copy"), ignore_errors=True)
    b, h, inc = best(full), best(hugo), best(incremental)
    print(f"\n## {n} neighborhoods x {m} observations\n")
    print("| build | best wall s | pages | pages/s | peak MB | output MB | vs Hugo |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    print(f"| commonsight, full (--no-cache) | {b[0]:.2f} | {pages} | {pages / b[0]:.0f} | {b[1]:.0f} | {size_mb(out):.0f} | {b[0] / h[0]:.2f}x |")
    print(f"| commonsight, first build (empty output) | {cold[0]:.2f} | {pages} | {pages / cold[0]:.0f} | {cold[1]:.0f} | | {cold[0] / h[0]:.2f}x |")
    print(f"| commonsight, one observation changed | {inc[0]:.2f} | {pages} | | {inc[1]:.0f} | | {inc[0] / h[0]:.2f}x ({inc[0] / b[0]:.2f} of full) |")
    print(f"| Hugo {hugo_version()} | {h[0]:.2f} | {hugo_pages} | {hugo_pages / h[0]:.0f} | {h[1]:.0f} | {size_mb(os.path.join(corpus, 'hugo-out')):.0f} | 1.00x |")
    if cmark:
        print(f"| floor: cmark-gfm over all {len(bodies)} bodies | {cmark[0]:.2f} | | | {cmark[1]:.0f} | | |")
    print(f"| floor: cp -r of our output | {copy[0]:.2f} | | | | | |")
    return b[0] / h[0]


def hugo_version():
    out = subprocess.run(["hugo", "version"], capture_output=True, text=True).stdout
    m = re.search(r"v(\d+\.\d+\.\d+)", out)
    return m.group(1) if m else "?"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="20x1000,50x2000")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    if not os.path.exists(BIN):
        sys.exit("build first: swift build -c release --product commonsight")
    if not shutil.which("hugo"):
        sys.exit("hugo is missing: apt-get install hugo")
    print(f"machine: {os.cpu_count()} cores; {args.runs} runs each, best shown")
    for size in args.sizes.split(","):
        n, m = map(int, size.split("x"))
        bench(n, m, args.runs)


if __name__ == "__main__":
    main()
