"""A volunteer's week with the built binary, each command in a pseudo-terminal as a person would run it.

Usage: python3 checks/week_checks.py BINARY

In an empty temporary folder: init; new of each kind (drafts stay out of the built site); a story
dated later that appears only from its date; a typo that gets a suggestion; a YAML colon that gets a
hint; a takedown on a CSV without a status column (the CSV keeps its bytes); build succeeding with
the built-in theme (no templates folder anywhere near), ending with this week's summary, every path
it names a file; then serve: the time to the first page, a saved story and a saved partial each
reloaded, timed.
"""
import os
import pty
import re
import select
import shutil
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checklib import Checks  # noqa: E402

HOOD = "our-neighborhood"


def run(binary, args, cwd, seconds=120):
    """Runs the binary in a pseudo-terminal; returns (exit status, everything it printed)."""
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(cwd)
        os.environ["TZ"] = "America/Detroit"
        os.execv(binary, [binary] + args)
    out = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
        else:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
    else:
        os.kill(pid, 9)
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    code = os.waitstatus_to_exitcode(status)
    return code, out.decode("utf-8", "replace").replace("\r\n", "\n")


class Running:
    """The binary running in a pseudo-terminal: what it prints, read as it comes."""

    def __init__(self, binary, args, cwd):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.chdir(cwd)
            os.environ["TZ"] = "America/Detroit"
            os.execv(binary, [binary] + args)
        self.out = ""

    def wait_for(self, pattern, seconds=120, after=0):
        """The first match of `pattern` in what was printed from `after` on, reading up to `seconds`."""
        deadline = time.monotonic() + seconds
        while True:
            m = re.search(pattern, self.out[after:])
            if m or time.monotonic() > deadline:
                return m
            ready, _, _ = select.select([self.fd], [], [], 0.1)
            if ready:
                try:
                    self.out += os.read(self.fd, 65536).decode("utf-8", "replace").replace("\r\n", "\n")
                except OSError:
                    return re.search(pattern, self.out[after:])

    def stop(self):
        os.kill(self.pid, 2)
        self.wait_for("stopped", seconds=5, after=len(self.out) - 1 if self.out else 0)
        os.waitpid(self.pid, 0)
        os.close(self.fd)


def fetch(url):
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.read().decode("utf-8", "replace")
    except OSError:
        return ""


def read(path):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError:
        return ""


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: week_checks.py BINARY")
    source = os.path.abspath(sys.argv[1])
    c = Checks("week-checks", detail_chars=600)
    base = tempfile.mkdtemp(prefix="cs-week-")
    # The volunteer's caches (a build's render cache, serve's site) in the run's own folder, removed
    # with it, not in the home folder of whoever runs the checks.
    os.environ["XDG_CACHE_HOME"] = os.path.join(base, "cache")
    try:
        # An installed binary: copied away from the repository and its templates folder.
        binary = os.path.join(base, "bin", "commonsight")
        os.makedirs(os.path.dirname(binary))
        shutil.copy2(source, binary)
        site = os.path.join(base, "digest")
        os.makedirs(site)
        content = os.path.join(site, "content", "neighborhoods", HOOD)

        def cs(*args, seconds=120):
            return run(binary, list(args), site, seconds)

        def build(*extra):
            return cs("build", "--date", "2026-11-29", "--no-share-cards", "--no-narration", "--out", "public", *extra)

        code, out = cs("init")
        c.check("init in an empty folder", code == 0 and "made a site in ." in out, out)
        c.check("init wrote site.yml with comments and a README",
                read(os.path.join(site, "content", "site.yml")).startswith("# Settings") and "## Your week" in read(os.path.join(site, "README.md")))
        code, out = cs("init")
        c.check("init refuses a folder that is not empty", code == 1 and "not empty" in out, out)

        for kind in ("story", "event", "coalition", "observation"):
            code, out = cs("new", kind, HOOD, f"my-{kind}")
            c.check(f"new {kind}", code == 0 and f"created content/neighborhoods/{HOOD}/" in out, out)
        code, out = cs("check")
        c.check("check accepts every skeleton", code == 0 and "no errors" in out, out)

        code, out = build()
        hood = os.path.join(site, "public", HOOD)
        c.check("build succeeds with the built-in theme", code == 0 and "built 1 neighborhood" in out, out)
        c.check("no templates folder was needed", not os.path.exists(os.path.join(site, "templates")))
        pages = read(os.path.join(hood, "stories", "index.html")) + read(os.path.join(hood, "events", "index.html")) \
            + read(os.path.join(hood, "coalitions", "index.html"))
        c.check("drafts stay out of the built site",
                os.path.exists(os.path.join(hood, "index.html")) and not os.path.exists(os.path.join(hood, "stories", "my-story"))
                and "A new event" not in pages and "A new coalition" not in pages and "Safe Streets Club" not in pages, pages[:300])
        code, out = cs("review", "--publish", "my-event")
        c.check("review --publish names the placeholders left", code == 1 and "'location' is still the placeholder 'Where to meet'" in out, out)

        # A story dated later: on no page until its day.
        with open(os.path.join(content, "stories", "later.md"), "w", encoding="utf-8") as f:
            f.write("---\ntitle: Later news\nstatus: published\ndate: 2026-12-20\n---\nSoon.\n")
        later = os.path.join(hood, "stories", "later", "index.html")
        code, out = build()
        c.check("a scheduled story is not built before its date", code == 0 and not os.path.exists(later), out)
        code, out = cs("check", "--date", "2026-11-29")
        c.check("check lists the scheduled story", "scheduled: story later in our-neighborhood (stories/later.md) appears on 2026-12-20" in out, out)
        code, out = cs("review", "--date", "2026-11-29")
        c.check("review lists the scheduled story", "later · scheduled story" in out and "appears on 2026-12-20" in out, out)
        code, out = build("--future")
        c.check("--future previews it", code == 0 and os.path.exists(later), out)
        code, out = cs("build", "--date", "2026-12-20", "--no-share-cards", "--no-narration", "--out", "public")
        c.check("the scheduled story appears from its date", code == 0 and os.path.exists(later), out)

        # A typo gets a suggestion.
        code, out = cs("buidl")
        c.check("a mistyped command gets 'did you mean'", code == 2 and "did you mean 'build'?" in out, out)
        code, out = cs("new", "observation", HOOD, "r2", "--category", "speedng")
        c.check("a mistyped category gets 'did you mean'", code == 2 and "did you mean 'speeding'?" in out, out)

        # A YAML colon gets a hint, then the fix passes.
        broken = os.path.join(content, "stories", "colon.md")
        with open(broken, "w", encoding="utf-8") as f:
            f.write("---\ntitle: Meeting: what we found\nstatus: draft\ndate: 2026-11-29\n---\nText.\n")
        code, out = cs("check")
        c.check("a value with a colon gets a hint to quote it",
                code == 1 and "a value with a colon must be in quotes: title: \"Meeting: what we found\"" in out, out)
        os.remove(broken)

        # A takedown on a CSV without a status column (a city's export): the CSV keeps its bytes.
        export = "id,category,lat,lon,observed,description\n" \
                 "311-1,speeding,42.3301,-83.0702,2026-11-20T14:30:00Z,Cars racing at night\n" \
                 "311-2,illegal-parking,42.3302,-83.0703,2026-11-21T09:00:00Z,Car on the sidewalk\n"
        csv = os.path.join(content, "observations.csv")
        with open(csv, "w", encoding="utf-8") as f:
            f.write(export)
        code, out = build()
        c.check("the export's reports are published", code == 0 and os.path.exists(os.path.join(hood, "observations", "311-1")), out)
        code, out = cs("review", "--remove", "311-1", "--note", "asked by the resident")
        c.check("review --remove works on a CSV without a status column",
                code == 0 and "moderation.yml" in out and "→ removed" in out, out)
        c.check("the CSV keeps its bytes", read(csv) == export)
        c.check("moderation.yml holds the decision", re.search(r'^"311-1": removed$', read(os.path.join(content, "moderation.yml")), re.M) is not None)
        code, out = cs("review", "--date", "2026-11-29")
        c.check("nothing published is listed as waiting", "311-2" not in out and "about 8 years" not in out, out)
        code, out = build()
        c.check("build succeeds after the takedown", code == 0 and "built 1 neighborhood" in out, out)
        c.check("the removed report is on no page",
                not os.path.exists(os.path.join(hood, "observations", "311-1"))
                and os.path.exists(os.path.join(hood, "observations", "311-2")))

        # Monday: the build's last lines say where this week's digest, e-mail and flyer are.
        summary = out[out.find("This week ("):]
        c.check("build ends with this week's summary", summary.startswith("This week (2026-W48, 2026-11-23 to 2026-11-29):"), out)
        paths = re.findall(r"^    (?:digest|e-mail|flyer|QR link) +(\S+)", summary, re.M)
        c.check("the summary names this week's digest page", any(p.endswith("/digest/2026-W48/index.html") for p in paths), summary)
        c.check("every path the summary names exists",
                paths and all(os.path.exists(os.path.join(site, p)) for p in paths if not p.startswith("http")), paths)

        # serve, with the theme copied out to edit: the first page, a story edit and a partial edit.
        code, out = cs("init", "--theme")
        c.check("init --theme copies the theme out", code == 0 and os.path.exists(os.path.join(site, "templates", "partials", "story-card.liquid")), out)
        story = os.path.join(content, "stories", "served.md")
        with open(story, "w", encoding="utf-8") as f:
            f.write("---\ntitle: Served story\nstatus: published\ndate: 2026-11-20\n---\nFirst words.\n")
        started = time.monotonic()
        server = Running(binary, ["serve", "--port", "0", "--date", "2026-11-29"], site)
        try:
            m = server.wait_for(r"serving (http://\S+/)")
            c.check("serve serves the site", m is not None, server.out)
            if m:
                root = m.group(1)
                page = root + HOOD + "/stories/served/index.html"
                first = fetch(page)
                first_page = time.monotonic() - started
                c.check("the first page is served", "First words." in first, first[:300])
                with open(story, "w", encoding="utf-8") as f:
                    f.write("---\ntitle: Served story\nstatus: published\ndate: 2026-11-20\n---\nSecond words.\n")
                saved = time.monotonic()
                mark = len(server.out)
                server.wait_for(r"built \d+ pages", after=mark, seconds=60)
                story_reload = time.monotonic() - saved
                c.check("a saved story is served rebuilt", "Second words." in fetch(page), server.out[mark:])
                card = os.path.join(site, "templates", "partials", "story-card.liquid")
                with open(card, encoding="utf-8") as f:
                    text = f.read()
                with open(card, "w", encoding="utf-8") as f:
                    f.write(text.replace('<article class="card story-card">', '<article class="card story-card" data-edited="yes">'))
                saved = time.monotonic()
                mark = len(server.out)
                built = server.wait_for(r"built \d+ pages \((\d+) rendered\)", after=mark, seconds=60)
                partial_reload = time.monotonic() - saved
                stories = fetch(root + HOOD + "/stories/index.html")
                c.check("a saved partial is served rebuilt", 'data-edited="yes"' in stories, server.out[mark:])
                c.check("a saved partial re-renders only some pages", built is not None and "(0 rendered)" not in built.group(0), server.out[mark:])
                print(f"week-checks: serve timings (debug or release as given): first page {first_page:.2f} s, "
                      f"story saved to rebuilt {story_reload:.2f} s, partial saved to rebuilt {partial_reload:.2f} s; {built.group(0) if built else ''}")
        finally:
            server.stop()
    finally:
        shutil.rmtree(base, ignore_errors=True)
    c.finish()


if __name__ == "__main__":
    main()
