#!/usr/bin/env python3
"""Two builds of commonsight side by side on one-report rebuilds: each binary gets its own copy of
the bench corpus (on tmpfs), is built once whole, then the two take turns (A, B, A, B ...), each
rebuilding after one observation of its copy changed, so that a slow moment of the machine hits
both. Prints the median and best wall time and the median CPU time (user + system) of each.

Usage: bench/rebuild_ab.py BINARY_A BINARY_B [--rounds 20] [--size 20x1000]
"""
import argparse
import csv
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = "/dev/shm/commonsight-ab" if os.path.isdir("/dev/shm") else os.path.join(ROOT, ".build", "ab")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--size", default="20x1000")
    args = parser.parse_args()
    n, m = args.size.split("x")
    shutil.rmtree(WORK, ignore_errors=True)
    source = os.path.join(WORK, "corpus")
    subprocess.run([sys.executable, os.path.join(ROOT, "bench", "make_corpus.py"), n, m, source], check=True, capture_output=True)
    binaries = {"A": os.path.abspath(args.a), "B": os.path.abspath(args.b)}
    for k in binaries:
        shutil.copytree(os.path.join(source, "content"), os.path.join(WORK, k, "content"))
    rng = random.Random(1)

    def rebuild(k):
        folder = os.path.join(WORK, k)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([binaries[k], "build", "--content", os.path.join(folder, "content"), "--templates", os.path.join(ROOT, "templates"),
                        "--out", os.path.join(folder, "public"), "--cache-dir", os.path.join(folder, "cache"), "--date", "2026-11-29",
                        "--no-share-cards"], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime

    def edit(k):
        path = os.path.join(WORK, k, "content", "neighborhoods", "hood-000", "observations.csv")
        rows = list(csv.reader(open(path)))
        rows[1][6] = rows[1][6].split(" Edit ")[0] + f" Edit {rng.random()}."
        csv.writer(open(path, "w"), lineterminator="\n").writerows(rows)

    try:
        for k in binaries:
            rebuild(k)  # whole
            rebuild(k)  # nothing changed
        times = {k: [] for k in binaries}
        for _ in range(args.rounds):
            for k in binaries:
                edit(k)
                times[k].append(rebuild(k))
        for k, runs in times.items():
            walls = [w for w, _ in runs]
            print(f"{k} {binaries[k]}: wall median {statistics.median(walls):.4f} s, best {min(walls):.4f} s; "
                  f"CPU median {statistics.median(c for _, c in runs):.3f} s ({len(runs)} rebuilds)")
    finally:
        shutil.rmtree(WORK, ignore_errors=True)


if __name__ == "__main__":
    main()
