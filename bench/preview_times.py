"""The volunteer's preview, timed on the sample: serve's first page, a saved story and a saved partial
each to its rebuilt page, and full builds with and without narration and share cards, side by side.

    python3 bench/preview_times.py BINARY

Works on a copy of content/ and templates/ in a temporary folder; prints one line per measure.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "checks"))
from week_checks import Running, fetch  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def wait_page(url, needle, seconds=300):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if needle in fetch(url):
            return True
        time.sleep(0.05)
    return False


def main():
    binary = os.path.abspath(sys.argv[1])
    work = tempfile.mkdtemp(prefix="cs-preview-")
    try:
        shutil.copytree(os.path.join(ROOT, "content"), os.path.join(work, "content"))
        shutil.copytree(os.path.join(ROOT, "templates"), os.path.join(work, "templates"))
        for label, extra in (("full build, narration and cards", []), ("full build, no narration, no cards", ["--no-narration", "--no-share-cards"])):
            out = os.path.join(work, "out-" + str(len(extra)))
            started = time.monotonic()
            r = subprocess.run([binary, "build", "--date", "2026-11-29", "--out", out, "--cache-dir", out + "-cache"] + extra,
                               cwd=work, capture_output=True, text=True)
            print(f"preview: {label}: {time.monotonic() - started:.2f} s (exit {r.returncode})")
        story = os.path.join(work, "content", "neighborhoods", "bagley", "stories")
        slug = sorted(f[:-3] for f in os.listdir(story) if f.endswith(".md") and f.count(".") == 1)[0]
        started = time.monotonic()
        server = Running(binary, ["serve", "--port", "0", "--date", "2026-11-29"], work)
        try:
            m = server.wait_for(r"serving (http://\S+/)", seconds=300)
            root = m.group(1)
            page = root + f"bagley/stories/{slug}/index.html"
            wait_page(page, "<html")
            print(f"preview: serve start to the first page: {time.monotonic() - started:.2f} s")
            server.wait_for(r"built \d+ pages \(\d+ rendered\) in [\d.]+ s\n", seconds=600, after=server.out.find("serving"))
            print(f"preview: serve start to audio and cards done: {time.monotonic() - started:.2f} s")
            path = os.path.join(story, slug + ".md")
            text = open(path, encoding="utf-8").read()
            with open(path, "w", encoding="utf-8") as f:
                f.write(text.rstrip("\n") + "\n\nPREVIEW-EDIT-MARK.\n")
            saved = time.monotonic()
            wait_page(page, "PREVIEW-EDIT-MARK")
            print(f"preview: story saved to its reloaded page: {time.monotonic() - saved:.2f} s")
            mark = len(server.out)
            card = os.path.join(work, "templates", "partials", "story-card.liquid")
            text = open(card, encoding="utf-8").read()
            with open(card, "w", encoding="utf-8") as f:
                f.write(text.replace('<article class="card story-card"', '<article data-preview="mark" class="card story-card"', 1))
            saved = time.monotonic()
            wait_page(root + "bagley/stories/index.html", 'data-preview="mark"')
            print(f"preview: partial saved to the reloaded stories page: {time.monotonic() - saved:.2f} s")
            built = server.wait_for(r"built (\d+) pages \((\d+) rendered\)", after=mark, seconds=60)
            print(f"preview: the partial edit re-rendered {built.group(2) + ' of ' + built.group(1) if built else '?'} pages")
        finally:
            server.stop()
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
