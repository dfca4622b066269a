#!/usr/bin/env python3
"""`make bench`: builds the same generated corpus with commonsight and with Hugo, side by side in one
run, both writing to tmpfs (/dev/shm) so that the disk's drift does not decide, and prints:

- a full build (commonsight --no-cache into an empty folder) against Hugo into an empty folder:
  best wall time, CPU time (user + system), peak memory, pages, and the speed ratio; the comparison
  leaves out the PNG share cards (`--no-share-cards`), which Hugo has no counterpart for, and a
  separate row gives the full build with them, so their cost shows;
- the comparison the goal is set on: only the pages the Hugo site has too (home, report, story and
  list pages, sitemap), with every other part left out (`--skip`, see `HUGO_HAS_NO`): the digests
  with their flyers and e-mails, story flyers, coalitions, events, search, open data, feed and map;
- the incremental builds as a share of a full build: the first rebuild with no change right after a
  full build, later rebuilds with no change, and a rebuild after one observation changed;
- the floor: cmark-gfm over every Markdown body, and `cp -r` of our output;
- the sample site (content/), the first thing a new user builds, from nothing: with its stories read
  aloud and its PNG share cards, and without them.

Runs alternate (ours, Hugo, ours, Hugo, ...) so that a slow moment of the machine hits both; a line
after the table gives the median and range of the ratio within each round, which the machine's drift
between rounds moves least.

Usage: bench/run.py [--sizes 20x1000,50x2000] [--runs 3]
"""
import argparse
import csv
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = "/dev/shm/commonsight-bench" if os.path.isdir("/dev/shm") else os.path.join(ROOT, ".build", "bench")
BIN = os.path.join(ROOT, ".build", "release", "commonsight")
# The parts of our site the Hugo site has no counterpart for (its RSS is switched off too).
HUGO_HAS_NO = "digests,flyers,emails,coalitions,events,search,data,feed,map"


class Run:
    def __init__(self, wall, cpu, rss, text):
        self.wall, self.cpu, self.rss, self.text = wall, cpu, rss, text


def timed(cmd, cwd=None):
    """Wall seconds, CPU seconds (user + system) and peak RSS in MB of one run, through /usr/bin/time -v."""
    start = time.perf_counter()
    r = subprocess.run(["/usr/bin/time", "-v"] + cmd, cwd=cwd, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if r.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{r.stderr[-2000:]}")
    user = float(re.search(r"User time \(seconds\): ([\d.]+)", r.stderr).group(1))
    system = float(re.search(r"System time \(seconds\): ([\d.]+)", r.stderr).group(1))
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", r.stderr).group(1)) / 1024
    return Run(wall, user + system, rss, r.stdout + r.stderr)


def size_mb(path):
    return sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(path) for f in fs) / 1e6


def count(path, suffix=".html"):
    return sum(1 for _, _, fs in os.walk(path) for f in fs if f.endswith(suffix))


def best(runs):
    return min(runs, key=lambda r: r.wall)


def edit_one_observation(corpus, i):
    path = os.path.join(corpus, "content", "neighborhoods", "hood-000", "observations.csv")
    rows = list(csv.reader(open(path)))
    rows[1][6] = rows[1][6].split(" Edit ")[0] + f" Edit {i}."
    csv.writer(open(path, "w"), lineterminator="\n").writerows(rows)


def bench(n, m, repeat):
    corpus = os.path.join(WORK, f"{n}x{m}")
    subprocess.run([sys.executable, os.path.join(ROOT, "bench", "make_corpus.py"), str(n), str(m), corpus], check=True, capture_output=True)
    out, cache, hugo_out = (os.path.join(corpus, p) for p in ("public", "cache", "hugo-out"))
    ours = [BIN, "build", "--content", os.path.join(corpus, "content"), "--templates", os.path.join(ROOT, "templates"),
            "--out", out, "--cache-dir", cache, "--date", "2026-11-29"]
    with_cards = list(ours)
    ours = ours + ["--no-share-cards"]

    def ours_full(cards=False, skip=None):
        for p in (out, cache):
            shutil.rmtree(p, ignore_errors=True)
        return timed((with_cards if cards else ours) + ["--no-cache"] + (["--skip", skip] if skip else []))

    def hugo_full():
        shutil.rmtree(hugo_out, ignore_errors=True)
        # Hugo's cache in the corpus's folder, not /tmp/hugo_cache, so that a run leaves nothing behind.
        return timed(["hugo", "--quiet", "--cacheDir", os.path.join(corpus, "hugo-cache"), "-d", hugo_out], cwd=os.path.join(corpus, "hugo"))

    hugo_full()  # warm Hugo's own caches once
    full, hugo, carded, same = [], [], [], []
    for _ in range(repeat):
        full.append(ours_full())
        hugo.append(hugo_full())
        same.append(ours_full(skip=HUGO_HAS_NO))
    same_pages = count(out)
    for _ in range(repeat):
        carded.append(ours_full(cards=True))
    cards, cards_mb = count(out, ".png"), size_mb(out)
    # Incremental: the first no-change rebuild right after a full build, later ones, one observation changed.
    # Rebuilds take a fraction of a second, where the machine's noise weighs most: three of each kind
    # after every full build (best of all shown, as for the full builds).
    first, later, one = [], [], []
    for i in range(repeat):
        ours_full()
        first.append(timed(ours))
        for k in range(3):
            later.append(timed(ours))
        for k in range(3):
            edit_one_observation(corpus, 3 * i + k)
            one.append(timed(ours))
    pages, hugo_pages = count(out), count(hugo_out)

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

    b, h = best(full), best(hugo)
    f1, fl, o1 = best(first), best(later), best(one)
    print(f"\n## {n} neighborhoods x {m} observations\n")
    print("| build | best wall s | CPU s | pages | pages/s | peak MB | output MB | speed vs Hugo (wall, CPU) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    print(f"| commonsight, full (--no-cache, empty folder) | {b.wall:.2f} | {b.cpu:.2f} | {pages} | {pages / b.wall:.0f} | {b.rss:.0f} | {size_mb(out):.0f} | {h.wall / b.wall:.2f}x, {h.cpu / b.cpu:.2f}x |")
    p = best(same)
    print(f"| commonsight, the pages Hugo builds too (as above, --skip {HUGO_HAS_NO}) | {p.wall:.2f} | {p.cpu:.2f} | {same_pages} | {same_pages / p.wall:.0f} | {p.rss:.0f} | | {h.wall / p.wall:.2f}x, {h.cpu / p.cpu:.2f}x |")
    c = best(carded)
    print(f"| commonsight, full with its {cards} PNG share cards | {c.wall:.2f} | {c.cpu:.2f} | {pages} | {pages / c.wall:.0f} | {c.rss:.0f} | {cards_mb:.0f} | {h.wall / c.wall:.2f}x, {h.cpu / c.cpu:.2f}x |")
    print(f"| Hugo {hugo_version()} (empty folder) | {h.wall:.2f} | {h.cpu:.2f} | {hugo_pages} | {hugo_pages / h.wall:.0f} | {h.rss:.0f} | {size_mb(hugo_out):.0f} | 1.00x |")
    if cmark:
        print(f"| floor: cmark-gfm over all {len(bodies)} bodies | {cmark.wall:.2f} | {cmark.cpu:.2f} | | | {cmark.rss:.0f} | | |")
    print(f"| floor: cp -r of our output | {copy.wall:.2f} | {copy.cpu:.2f} | | | | | |")
    print()
    # Each round built ours, Hugo's and the subset one after another: the ratio within a round is
    # what the machine's drift between rounds moves least.
    whole_ratios = [hr.wall / fr.wall for fr, hr in zip(full, hugo)]
    subset_ratios = [hr.wall / sr.wall for sr, hr in zip(same, hugo)]
    print(f"Side by side in each of the {repeat} rounds (Hugo's wall time over ours, median and range): whole site "
          f"{statistics.median(whole_ratios):.2f}x ({min(whole_ratios):.2f}-{max(whole_ratios):.2f}), "
          f"the pages Hugo builds too {statistics.median(subset_ratios):.2f}x ({min(subset_ratios):.2f}-{max(subset_ratios):.2f}).")
    print()
    print("| rebuild | best wall s | CPU s | peak MB | share of a full build (wall) |")
    print("|---|---:|---:|---:|---:|")
    print(f"| first rebuild after a full build, nothing changed | {f1.wall:.3f} | {f1.cpu:.3f} | {f1.rss:.0f} | {100 * f1.wall / b.wall:.1f} % |")
    print(f"| later rebuilds, nothing changed | {fl.wall:.3f} | {fl.cpu:.3f} | {fl.rss:.0f} | {100 * fl.wall / b.wall:.1f} % |")
    print(f"| one observation changed | {o1.wall:.3f} | {o1.cpu:.3f} | {o1.rss:.0f} | {100 * o1.wall / b.wall:.1f} % |")
    return h.wall / b.wall


def sample(repeat):
    """The sample site from nothing (no cache, empty folder), with audio and cards and without."""
    out, cache = os.path.join(WORK, "sample", "public"), os.path.join(WORK, "sample", "cache")
    cmd = [BIN, "build", "--content", os.path.join(ROOT, "content"), "--templates", os.path.join(ROOT, "templates"),
           "--out", out, "--cache-dir", cache, "--date", "2026-11-29", "--no-cache"]

    def fresh(extra):
        for p in (out, cache):
            shutil.rmtree(p, ignore_errors=True)
        return timed(cmd + extra)
    whole, bare = [], []
    for _ in range(repeat):
        whole.append(fresh([]))
        bare.append(fresh(["--no-narration", "--no-share-cards"]))
    w, b = best(whole), best(bare)
    print("\n## The sample site, from nothing\n")
    print("| build | best wall s | CPU s | peak MB | pages |")
    print("|---|---:|---:|---:|---:|")
    print(f"| with its stories read aloud and its PNG share cards | {w.wall:.2f} | {w.cpu:.2f} | {w.rss:.0f} | {count(out)} |")
    print(f"| without them (--no-narration --no-share-cards) | {b.wall:.2f} | {b.cpu:.2f} | {b.rss:.0f} | {count(out)} |")


def hugo_version():
    out = subprocess.run(["hugo", "version"], capture_output=True, text=True).stdout
    m = re.search(r"v(\d+\.\d+\.\d+)", out)
    return m.group(1) if m else "?"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="20x1000,50x2000")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--binary", help="another build of commonsight to measure (default: the release build)")
    args = ap.parse_args()
    global BIN
    if args.binary:
        BIN = os.path.abspath(args.binary)
    if not os.path.exists(BIN):
        sys.exit("build first: make build")
    if not shutil.which("hugo"):
        sys.exit("hugo is missing: apt-get install hugo")
    print(f"machine: {os.cpu_count()} cores; outputs on {WORK}; {args.runs} runs each, alternating, best shown; {BIN}")
    for size in args.sizes.split(","):
        n, m = map(int, size.split("x"))
        bench(n, m, args.runs)
    sample(args.runs)
    shutil.rmtree(WORK, ignore_errors=True)


if __name__ == "__main__":
    main()
