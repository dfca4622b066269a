#!/usr/bin/env python3
"""Differential test: our Liquid engine against Shopify's Ruby Liquid (Debian's ruby-liquid 5.4).

Generates seeded random templates and data (generate.py), renders each with one long-running Ruby
process (reference.rb) and with one `commonsight render --batch` process, and compares the outcomes:
the same output text, or an error on both sides (messages are not compared). A disagreement that a
documented known difference explains (known.py) is counted apart; any other fails the run.

Usage: run.py [--seed N] [--count N] [--mix theme|corners] [--cmd PATH] [--report FILE] [--show N] [--no-fail]
"""

import argparse
import json
import os
import select
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import generate  # noqa: E402
import generate_corners  # noqa: E402
import known  # noqa: E402

# The generators, by mix name: what theme authors write (generate.py), and the corners sections and
# snippets reach (generate_corners.py).
MIXES = {"theme": generate.cases, "corners": generate_corners.cases}


class Engine:
    """One long-running process that answers one JSON line per JSON line; restarted after a crash or a hang."""

    def __init__(self, name, argv, env=None):
        self.name, self.argv, self.env = name, argv, env
        self.proc = None
        self.buffer = b""
        self.restarts = 0

    def start(self):
        self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, env=self.env)
        self.buffer = b""

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.proc = None

    def send(self, request):
        if self.proc is None or self.proc.poll() is not None:
            if self.proc is not None:
                self.restarts += 1
            self.start()
        line = (json.dumps(request, ensure_ascii=False) + "\n").encode()
        try:
            self.proc.stdin.write(line)
            self.proc.stdin.flush()
        except BrokenPipeError:
            pass

    def ask(self, request, timeout):
        self.send(request)
        return self.receive(timeout)

    def receive(self, timeout):
        deadline = time.monotonic() + timeout
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                self.stop()
                return {"timeout": True}
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                err = b""
                try:
                    err = self.proc.stderr.read()[-400:]
                except Exception:
                    pass
                self.stop()
                return {"crash": err.decode(errors="replace")}
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        try:
            return json.loads(line)
        except ValueError:
            return {"crash": "unreadable reply: " + line[:200].decode(errors="replace")}


def outcome(reply):
    if "output" in reply:
        return ("output", reply["output"])
    if "error" in reply:
        return ("error",)
    if "timeout" in reply:
        return ("timeout",)
    return ("crash", reply.get("crash", ""))


def main():
    repo = os.path.dirname(os.path.dirname(HERE))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--mix", choices=sorted(MIXES), default="theme", help="which generator makes the cases")
    ap.add_argument("--cmd", default=os.path.join(repo, ".build/debug/commonsight"))
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per case and side")
    ap.add_argument("--report", help="write every disagreement here as JSON")
    ap.add_argument("--show", type=int, default=10, help="print this many unexplained disagreements")
    ap.add_argument("--no-fail", action="store_true", help="exit 0 even with unexplained disagreements")
    args = ap.parse_args()

    env = dict(os.environ, TZ="UTC", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    ruby = Engine("ruby", ["ruby", os.path.join(HERE, "reference.rb")], env)
    ours = Engine("ours", [args.cmd, "render", "--batch"], env)
    started = time.monotonic()
    agree = 0
    explained = {}
    unexplained = []
    cases = MIXES[args.mix](args.seed, args.count)
    try:
        for n, case in enumerate(cases):
            ruby.send(case)
            ours.send(case)
            ref = ruby.receive(args.timeout)
            got = ours.receive(args.timeout)
            a, b = outcome(ref), outcome(got)
            if a == b:
                agree += 1
                continue
            reason = known.explain(case, a, b, lambda c: outcome(ruby.ask(c, args.timeout)))
            entry = {"case": n, "template": case["template"], "data": case["data"], "partials": case.get("partials", {}),
                     "ruby": ref, "ours": got}
            if reason:
                explained.setdefault(reason, []).append(entry)
            else:
                unexplained.append(entry)
    finally:
        ruby.stop()
        ours.stop()

    total = len(cases)
    elapsed = time.monotonic() - started
    known_count = sum(map(len, explained.values()))
    pct = lambda n: f"{100.0 * n / max(total, 1):.2f} %"
    print(f"liquid-diff: {args.mix} mix, seed {args.seed}, {total} cases in {elapsed:.1f} s: {agree} identical ({pct(agree)}), "
          f"{known_count} documented differences ({pct(known_count)}), {len(unexplained)} unexplained; "
          f"agreement {pct(agree + known_count)}")
    for reason, entries in sorted(explained.items()):
        print(f"  known difference '{reason}': {len(entries)}")
    if ours.restarts or ruby.restarts:
        print(f"  restarts: ours {ours.restarts}, ruby {ruby.restarts}")
    for e in unexplained[:args.show]:
        print("--- case", e["case"])
        print("template:", json.dumps(e["template"], ensure_ascii=False))
        print("data:    ", json.dumps(e["data"], ensure_ascii=False))
        print("partials:", json.dumps(e["partials"], ensure_ascii=False))
        print("ruby:    ", json.dumps(e["ruby"], ensure_ascii=False))
        print("ours:    ", json.dumps(e["ours"], ensure_ascii=False))
    if args.report:
        with open(args.report, "w") as f:
            json.dump({"mix": args.mix, "seed": args.seed, "count": total, "agree": agree, "unexplained": unexplained,
                       "known": explained}, f, ensure_ascii=False, indent=1)
    return 0 if args.no_fail or not unexplained else 1


if __name__ == "__main__":
    sys.exit(main())
