#!/usr/bin/env python3
"""Sharded builds merge into exactly the unsharded build, as the deploy kit merges them.

For N = 1, 2, 3, 4: builds the N shards as N processes, two at a time (`seq 0 N-1 | xargs -P 2`),
merges their output folders with deploy/merge-shards.sh and compares the tree with an unsharded
build byte for byte (every file but the tool's own .commonsight-manifest). Each neighborhood is in
exactly one shard, and the site-wide files are in all of them. Done on the sample content (against
REFERENCE, the unsharded build `make test` already made with the same --date) and on a generated
corpus of 6 neighborhoods (bench/make_corpus.py), which also has shards with no neighborhood (N = 8).

Usage: checks/shard_checks.py BINARY CONTENT REFERENCE_OUT WORK_DIR
Ends with 'shard-checks: N passed, N failed'.
"""
import filecmp
import os
import shutil
import subprocess
import sys
import time

from checklib import Checks

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATE = "2026-11-29"
checks = Checks("shard-checks", detail_chars=1500)
check = checks.check


def tree(root):
    out = {}
    for d, _, names in os.walk(root):
        for n in names:
            p = os.path.join(d, n)
            rel = os.path.relpath(p, root)
            if rel != ".commonsight-manifest":
                out[rel] = p
    return out


def build_shards(binary, content, work, count):
    """Runs the N shards as separate processes, two at a time, like a CI matrix on a small machine."""
    base = os.path.join(work, f"n{count}")
    shutil.rmtree(base, ignore_errors=True)
    os.makedirs(base)
    cmd = (f"seq 0 {count - 1} | xargs -P 2 -I{{}} {binary} build --content {content} --templates {ROOT}/templates "
           f"--date {DATE} --shard-count {count} --shard-index {{}} --out {base}/out-{{}} --cache-dir {base}/cache-{{}} --jobs {2 if count == 1 else 1}")
    start = time.perf_counter()
    r = subprocess.run(["bash", "-c", cmd], capture_output=True, text=True)
    check(f"{count} shards build (exit 0)", r.returncode == 0, r.stderr[-2000:])
    return base, time.perf_counter() - start, r.stdout


def compare(label, binary, content, reference, work, counts):
    expected = tree(reference)
    hoods = sorted(d for d in os.listdir(reference) if os.path.isdir(os.path.join(reference, d)))
    for count in counts:
        base, seconds, stdout = build_shards(binary, content, work, count)
        outs = [os.path.join(base, f"out-{i}") for i in range(count)]
        owned = {}
        for i, out in enumerate(outs):
            names = sorted(os.listdir(out)) if os.path.isdir(out) else []
            for h in (n for n in names if os.path.isdir(os.path.join(out, n))):
                owned.setdefault(h, []).append(i)
            check(f"{label}: shard {i} of {count} holds the site-wide index.html, the same bytes as the unsharded build",
                  os.path.isfile(os.path.join(out, "index.html"))
                  and filecmp.cmp(os.path.join(out, "index.html"), os.path.join(reference, "index.html"), shallow=False))
        check(f"{label}: with {count} shards each neighborhood is in exactly one", sorted(owned) == hoods
              and all(len(v) == 1 for v in owned.values()), owned)
        if count > len(hoods):
            empty = [i for i, out in enumerate(outs) if sorted(os.listdir(out)) == [".commonsight-manifest", "index.html"]]
            check(f"{label}: {count} shards for {len(hoods)} neighborhoods: the empty ones hold only the site-wide files",
                  len(empty) >= count - len(hoods), [sorted(os.listdir(o)) for o in outs])
        merged = os.path.join(base, "merged")
        r = subprocess.run([os.path.join(ROOT, "deploy", "merge-shards.sh"), merged] + outs, capture_output=True, text=True)
        check(f"{label}: deploy/merge-shards.sh merges {count} shards", r.returncode == 0, r.stderr)
        got = tree(merged)
        missing, extra = sorted(set(expected) - set(got)), sorted(set(got) - set(expected))
        check(f"{label}: {count} shards merged hold exactly the unsharded build's files", not missing and not extra,
              f"missing {missing[:5]}, extra {extra[:5]}")
        different = [p for p in sorted(set(expected) & set(got)) if not filecmp.cmp(expected[p], got[p], shallow=False)]
        check(f"{label}: {count} shards merged are the unsharded build byte for byte ({len(expected)} files)", not different, different[:5])
        sizes = [len(tree(o)) for o in outs]
        print(f"shard-checks: {label}, {count} shard(s): {seconds:.1f} s wall two at a time, files per shard {sizes}")
        shutil.rmtree(base, ignore_errors=True)


def one_job(binary, corpus):
    """A shard of a CI matrix may be given one core: `--jobs 1` uses one (its CPU time at most 1.1 x
    its wall time, with a tenth of a second for timing), and makes the same bytes as any other count."""
    import resource
    import time
    out = os.path.join(corpus, "one-job")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    r = subprocess.run([binary, "build", "--content", os.path.join(corpus, "content"), "--templates", os.path.join(ROOT, "templates"),
                        "--date", DATE, "--jobs", "1", "--no-cache", "--out", out, "--cache-dir", out + "-cache"], capture_output=True, text=True)
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    check("--jobs 1: the build succeeds", r.returncode == 0, r.stderr[-2000:])
    check("--jobs 1 uses one core: CPU time at most 1.1 x wall time", cpu <= 1.1 * wall + 0.1, f"cpu {cpu:.2f} s, wall {wall:.2f} s")
    mine, whole = tree(out), tree(os.path.join(corpus, "whole"))
    check("--jobs 1 makes the same bytes", mine.keys() == whole.keys()
          and all(open(mine[k], "rb").read() == open(whole[k], "rb").read() for k in mine), sorted(set(mine) ^ set(whole))[:3])
    print(f"shard-checks: --jobs 1 on the corpus: cpu {cpu:.2f} s, wall {wall:.2f} s")


def main():
    binary, content, reference, work = (os.path.abspath(a) for a in sys.argv[1:5])
    os.makedirs(work, exist_ok=True)
    compare("sample", binary, content, reference, work, [1, 2, 3, 4])

    corpus = os.path.join(work, "corpus")
    subprocess.run([sys.executable, os.path.join(ROOT, "bench", "make_corpus.py"), "6", "25", corpus], check=True, capture_output=True)
    whole = os.path.join(corpus, "whole")
    r = subprocess.run([binary, "build", "--content", os.path.join(corpus, "content"), "--templates", os.path.join(ROOT, "templates"),
                        "--date", DATE, "--out", whole, "--cache-dir", os.path.join(corpus, "whole-cache")], capture_output=True, text=True)
    check("corpus: the unsharded build succeeds", r.returncode == 0, r.stderr[-2000:])
    compare("corpus 6 x 25", binary, os.path.join(corpus, "content"), whole, work, [1, 2, 3, 4, 8])
    one_job(binary, corpus)
    shutil.rmtree(corpus, ignore_errors=True)
    checks.finish()


if __name__ == "__main__":
    main()
