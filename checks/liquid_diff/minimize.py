#!/usr/bin/env python3
"""Shrinks the disagreements of a run.py report to small templates, for reading.

Usage: minimize.py REPORT.json [--cmd PATH] [--limit N]

Drops template tokens (text, `{{ }}`, `{% %}`), filters and data keys while the two engines still
disagree in the same way, then prints each distinct small case once with how many it stands for.
"""

import argparse
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from run import Engine, outcome  # noqa: E402

TOKEN = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|[^{]+|\{", re.S)


def main():
    repo = os.path.dirname(os.path.dirname(HERE))
    ap = argparse.ArgumentParser()
    ap.add_argument("report")
    ap.add_argument("--cmd", default=os.path.join(repo, ".build/debug/commonsight"))
    ap.add_argument("--limit", type=int, default=400)
    args = ap.parse_args()
    env = dict(os.environ, TZ="UTC", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    ruby = Engine("ruby", ["ruby", os.path.join(HERE, "reference.rb")], env)
    ours = Engine("ours", [args.cmd, "render", "--batch"], env)

    def kinds(case):
        ruby.send(case)
        ours.send(case)
        a, b = outcome(ruby.receive(5)), outcome(ours.receive(5))
        return a, b

    def signature(a, b):
        return (a[0], b[0])

    entries = json.load(open(args.report))["unexplained"][:args.limit]
    groups = {}
    for e in entries:
        case = {"template": e["template"], "data": e["data"], "partials": e.get("partials", {})}
        a, b = kinds(case)
        if a == b:
            continue
        want = signature(a, b)

        def still(c):
            x, y = kinds(c)
            return x != y and signature(x, y) == want

        changed = True
        while changed:
            changed = False
            tokens = TOKEN.findall(case["template"])
            for i in range(len(tokens)):
                trial = dict(case, template="".join(tokens[:i] + tokens[i + 1:]))
                if trial["template"] != case["template"] and still(trial):
                    case, changed = trial, True
                    break
            if changed:
                continue
            # Drop one filter from an output or assign.
            t = case["template"]
            for m in re.finditer(r"\|[^|}%]*", t):
                trial = dict(case, template=t[:m.start()] + t[m.end():])
                if still(trial):
                    case, changed = trial, True
                    break
            if changed:
                continue
            for k in list(case["data"]):
                d = dict(case["data"])
                del d[k]
                trial = dict(case, data=d)
                if still(trial):
                    case, changed = trial, True
                    break
        a, b = kinds(case)
        key = case["template"]
        g = groups.setdefault(key, {"count": 0, "case": case, "ruby": a, "ours": b})
        g["count"] += 1
    ruby.stop()
    ours.stop()
    for key, g in sorted(groups.items(), key=lambda kv: -kv[1]["count"]):
        print(f"{g['count']:4d}  {json.dumps(g['case']['template'], ensure_ascii=False)}  data={json.dumps(g['case']['data'], ensure_ascii=False)}")
        print(f"      ruby={g['ruby']!r:.200}  ours={g['ours']!r:.200}")


if __name__ == "__main__":
    main()
