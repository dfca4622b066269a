#!/usr/bin/env python3
"""Scale stays bounded: a neighborhood of 200,000 observations (bench/make_corpus.py 1 200000) builds
with peak memory under 1.5 GB, no HTML page over 2 MB, no sitemap file over 50,000 URLs and no map
over 500 KB, in time proportional to the 20 x 1,000 corpus (the ratio is printed).

Usage: checks/scale_checks.py BINARY [OBSERVATIONS]   (default 200000)
"""
import os
import re
import shutil
import subprocess
import sys
import time

from checklib import Checks

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = "/dev/shm/commonsight-scale" if os.path.isdir("/dev/shm") else os.path.join(ROOT, ".build", "scale")
checks = Checks("scale-checks")
check = checks.check


def build(binary, corpus):
    out = os.path.join(corpus, "public")
    shutil.rmtree(out, ignore_errors=True)
    shutil.rmtree(os.path.join(corpus, "cache"), ignore_errors=True)
    start = time.perf_counter()
    r = subprocess.run(["/usr/bin/time", "-v", binary, "build", "--content", os.path.join(corpus, "content"),
                        "--templates", os.path.join(ROOT, "templates"), "--out", out, "--cache-dir", os.path.join(corpus, "cache"),
                        "--date", "2026-11-29", "--no-cache"], capture_output=True, text=True)
    wall = time.perf_counter() - start
    if r.returncode != 0:
        sys.exit(f"scale-checks: the build failed\n{r.stderr[-3000:]}")
    cpu = float(re.search(r"User time \(seconds\): ([\d.]+)", r.stderr).group(1)) + float(re.search(r"System time \(seconds\): ([\d.]+)", r.stderr).group(1))
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", r.stderr).group(1)) / 1024
    return out, wall, cpu, rss


def main():
    binary = os.path.abspath(sys.argv[1])
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 200_000
    big, small = os.path.join(WORK, f"1x{n}"), os.path.join(WORK, "20x1000")
    for corpus, args in ((big, ["1", str(n)]), (small, ["20", "1000"])):
        subprocess.run([sys.executable, os.path.join(ROOT, "bench", "make_corpus.py"), *args, corpus], check=True, capture_output=True)
    _, s_wall, s_cpu, s_rss = build(binary, small)
    out, wall, cpu, rss = build(binary, big)
    print(f"scale-checks: 1 x {n}: {wall:.1f} s wall, {cpu:.1f} s CPU, {rss:.0f} MB peak; "
          f"20 x 1,000: {s_wall:.1f} s wall, {s_cpu:.1f} s CPU, {s_rss:.0f} MB peak; "
          f"CPU ratio {cpu / s_cpu:.1f} for {n / 20000:.0f} times the reports")
    check("peak memory under 1.5 GB", rss < 1536, f"{rss:.0f} MB")
    check("time proportional to the reports (CPU ratio at most 1.5 x the data ratio)", cpu / s_cpu <= 1.5 * n / 20000, f"{cpu / s_cpu:.1f}")
    largest = (0, "")
    for d, _, fs in os.walk(out):
        for f in fs:
            p = os.path.join(d, f)
            size = os.path.getsize(p)
            rel = os.path.relpath(p, out)
            if f.endswith(".html") and size > largest[0]:
                largest = (size, rel)
            if f.endswith(".html"):
                check(f"{rel} is at most 2 MB", size <= 2 * 1024 * 1024, f"{size} bytes")
            if f.endswith(".svg"):
                check(f"{rel} is at most 500 KB", size <= 500 * 1024, f"{size} bytes")
            if f.startswith("sitemap") and f.endswith(".xml"):
                urls = open(p, encoding="utf-8").read().count("<loc>")
                check(f"{rel} holds at most 50,000 URLs", urls <= 50_000, f"{urls}")
    print(f"scale-checks: largest page {largest[1]} ({largest[0] / 1024:.0f} KB)")
    shutil.rmtree(WORK, ignore_errors=True)
    checks.finish()


if __name__ == "__main__":
    main()
