#!/usr/bin/env python3
"""Builds one corpus unsharded and as N shards, each under /usr/bin/time -v, and compares the trees.

Prints, per build, wall seconds, CPU seconds (user + system) and peak memory, then whether the
merged shards equal the unsharded build byte for byte (leaving out .commonsight-manifest). Shards run
PARALLEL at a time (xargs -P), each with --jobs JOBS, as a CI matrix of small runners would.

Usage: bench/shards.py BINARY N_NEIGHBORHOODS M_OBSERVATIONS [--shards 4] [--parallel 2] [--jobs 1] [--work /dev/shm/cs-shards]
"""
import argparse
import filecmp
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed(cmd):
    """Runs cmd under /usr/bin/time -v: (wall s, cpu s, peak MB, stdout)."""
    start = time.perf_counter()
    r = subprocess.run(["/usr/bin/time", "-v"] + cmd, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if r.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{r.stderr[-3000:]}")
    cpu = sum(float(re.search(rf"{k} time \(seconds\): ([\d.]+)", r.stderr).group(1)) for k in ("User", "System"))
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", r.stderr).group(1)) / 1024
    return wall, cpu, rss, r.stdout.strip()


def tree(root):
    out = {}
    for d, _, names in os.walk(root):
        for n in names:
            rel = os.path.relpath(os.path.join(d, n), root)
            if rel != ".commonsight-manifest":
                out[rel] = os.path.join(d, n)
    return out


def main():
    a = argparse.ArgumentParser()
    a.add_argument("binary")
    a.add_argument("n", type=int)
    a.add_argument("m", type=int)
    a.add_argument("--shards", type=int, default=4)
    a.add_argument("--parallel", type=int, default=2)
    a.add_argument("--jobs", type=int, default=1)
    a.add_argument("--work", default="/dev/shm/cs-shards")
    args = a.parse_args()
    binary = os.path.abspath(args.binary)
    shutil.rmtree(args.work, ignore_errors=True)
    corpus = os.path.join(args.work, "corpus")
    subprocess.run([sys.executable, os.path.join(ROOT, "bench", "make_corpus.py"), str(args.n), str(args.m), corpus], check=True, capture_output=True)
    common = ["build", "--content", os.path.join(corpus, "content"), "--templates", os.path.join(ROOT, "templates"), "--date", "2026-11-29", "--no-cache"]

    whole = os.path.join(args.work, "whole")
    wall, cpu, rss, out = timed([binary] + common + ["--out", whole, "--cache-dir", whole + "-cache", "--jobs", "2"])
    print(f"| unsharded, --jobs 2 | {wall:.2f} | {cpu:.2f} | {rss:.0f} | {out} |")

    # The shards, PARALLEL at a time: each one's own /usr/bin/time figures, and the wall time of all.
    script = (f"/usr/bin/time -v -o {args.work}/time-$1 {binary} {' '.join(common)} --shard-count {args.shards} --shard-index $1 "
              f"--out {args.work}/shard-$1 --cache-dir {args.work}/cache-$1 --jobs {args.jobs} > {args.work}/out-$1")
    start = time.perf_counter()
    r = subprocess.run(["bash", "-c", f"seq 0 {args.shards - 1} | xargs -P {args.parallel} -I{{}} bash -c '{script}' _ {{}}"], capture_output=True, text=True)
    total = time.perf_counter() - start
    if r.returncode != 0:
        sys.exit(r.stderr[-3000:])
    cpus = []
    for i in range(args.shards):
        t = open(f"{args.work}/time-{i}").read()
        w = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", t)
        wall = (int(w.group(1) or 0) * 3600) + int(w.group(2)) * 60 + float(w.group(3))
        cpu = sum(float(re.search(rf"{k} time \(seconds\): ([\d.]+)", t).group(1)) for k in ("User", "System"))
        rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", t).group(1)) / 1024
        cpus.append(cpu)
        print(f"| shard {i} of {args.shards}, --jobs {args.jobs} | {wall:.2f} | {cpu:.2f} | {rss:.0f} | {open(f'{args.work}/out-{i}').read().strip()} |")
    print(f"| {args.shards} shards, {args.parallel} at a time | {total:.2f} | {sum(cpus):.2f} | | |")

    merged = os.path.join(args.work, "merged")
    subprocess.run([os.path.join(ROOT, "deploy", "merge-shards.sh"), merged] + [f"{args.work}/shard-{i}" for i in range(args.shards)], check=True)
    expected, got = tree(whole), tree(merged)
    same = expected.keys() == got.keys() and all(filecmp.cmp(expected[p], got[p], shallow=False) for p in expected)
    size = sum(os.path.getsize(p) for p in expected.values())
    print(f"identical trees: {same} ({len(expected)} files, {size / 1e6:.0f} MB)")
    shutil.rmtree(args.work, ignore_errors=True)
    sys.exit(0 if same else 1)


if __name__ == "__main__":
    main()
