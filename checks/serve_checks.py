#!/usr/bin/env python3
"""`commonsight serve` stops when it is told to, as a user's terminal tells it.

Runs BINARY (the release build: the optimizer once released the signal handling that the debug
build kept) in a pseudo-terminal, as its session leader with the terminal as its controlling one,
and stops it: Ctrl-C typed into the terminal (the byte 0x03, which the terminal turns into SIGINT),
SIGTERM and SIGHUP once it serves; Ctrl-C while it serves the sample's thousands of pages;
Ctrl-C while the first build of the sample content renders
its pages; Ctrl-C and SIGTERM while the second build (the one after the pages are served) has
espeak-ng and opusenc read its stories aloud; and Ctrl-C twice. Then `commonsight build`, stopped
by Ctrl-C and by SIGTERM while it reads the sample's stories aloud: it must end by that signal within
a second, its programs with it, and leave OUT as the build before left it. Each time it must be gone within a
second, leave nothing in its cache folder (a temporary XDG_CACHE_HOME; a site too large to delete
within the second may be left, renamed aside, to an `rm` outside its session, which must be done
within 5 s) and leave no process of its session behind; the next run starts on the same folder (no
lock left).

Usage: checks/serve_checks.py BINARY
Ends with 'serve-checks: N passed, N failed'.
"""
import hashlib
import os
import pty
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from checklib import Checks

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
checks = Checks("serve-checks", detail_chars=1500)
check = checks.check

SITE = """title: Test Digests
timezone: America/Detroit
categories:
  speeding: { label: Speeding, color: "#d55e00" }
"""


def small_content(base):
    content = os.path.join(base, "content")
    os.makedirs(os.path.join(content, "neighborhoods", "north"))
    with open(os.path.join(content, "site.yml"), "w") as f:
        f.write(SITE)
    with open(os.path.join(content, "neighborhoods", "north", "neighborhood.md"), "w") as f:
        f.write("---\nname: North End\n---\nAbout.\n")
    with open(os.path.join(content, "neighborhoods", "north", "observations.csv"), "w") as f:
        f.write("id,category,location,lat,lon,observed\no1,speeding,Corner,42.05,-83.15,2026-11-02\n")
    return content


class Served:
    """One `commonsight serve` in a pseudo-terminal of its own."""

    def __init__(self, binary, content, cache, extra=("--port", "0"), command="serve"):
        self.cache = cache
        args = [binary, command, "--content", content, "--templates", os.path.join(ROOT, "templates"), "--date", "2026-11-29", *extra]
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": cache, "XDG_CACHE_HOME": cache, "TERM": "dumb"}
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execve(binary, args, env)
        self.output = b""
        self.status = None

    def read(self, seconds):
        """Reads what it printed for up to `seconds`."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            ready, _, _ = select.select([self.fd], [], [], max(0, end - time.monotonic()))
            if not ready:
                break
            try:
                data = os.read(self.fd, 4096)
            except OSError:
                break
            if not data:
                break
            self.output += data
            return True
        return False

    def wait_for(self, text, seconds):
        end = time.monotonic() + seconds
        while text.encode() not in self.output and time.monotonic() < end and self.alive():
            self.read(0.1)
        return text.encode() in self.output

    def alive(self):
        if self.status is not None:
            return False
        pid, status = os.waitpid(self.pid, os.WNOHANG)
        if pid == self.pid:
            self.status = status
            return False
        return True

    def seconds_to_exit(self, limit=10):
        """Seconds until it has exited (reading its terminal meanwhile), or None past `limit`."""
        start = time.monotonic()
        while time.monotonic() - start < limit:
            if not self.alive():
                return time.monotonic() - start
            self.read(0.01)
        return None

    def session(self):
        """Processes still in its session (it leads the session, so the id is its pid)."""
        left = []
        for name in os.listdir("/proc"):
            if not name.isdigit():
                continue
            try:
                with open(f"/proc/{name}/stat", "rb") as f:
                    stat = f.read()
            except OSError:
                continue
            fields = stat[stat.rindex(b")") + 2:].split()
            if int(fields[3]) == self.pid:
                left.append((int(name), stat[:stat.rindex(b")") + 1].decode(errors="replace")))
        return left

    def children(self):
        return [p for p, _ in self.session() if p != self.pid]

    def wait_for_children(self, seconds):
        """True once it has started a program (espeak-ng, opusenc) within `seconds`."""
        end = time.monotonic() + seconds
        while time.monotonic() < end and self.alive():
            if self.children():
                return True
            self.read(0.02)
        return False

    def kill(self):
        if self.alive():
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        for pid, _ in self.session():
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        os.close(self.fd)


def left_behind(cache):
    folder = os.path.join(cache, "commonsight")
    return sorted(os.listdir(folder)) if os.path.isdir(folder) else []


def stop(name, served, how, expect_clean=True):
    """Stops it `how` ('ctrl-c', a signal, or 'ctrl-c twice') and checks what remains."""
    served.read(0.05)  # what it printed before the signal is not counted as printed after it
    before = len(served.output)
    if how == "ctrl-c":
        os.write(served.fd, b"\x03")
    elif how == "ctrl-c twice":
        os.write(served.fd, b"\x03\x03")
    else:
        os.kill(served.pid, how)
    seconds = served.seconds_to_exit()
    check(f"{name}: it exits within a second", seconds is not None and seconds < 1.0, f"{seconds} s; printed {served.output[-600:]!r}")
    time.sleep(0.2)
    left = [p for p in served.session() if p[0] != served.pid]
    check(f"{name}: no process of its session is left", not left, left)
    if expect_clean:
        if served.status is not None:
            check(f"{name}: it exits with status 0", os.WIFEXITED(served.status) and os.WEXITSTATUS(served.status) == 0, served.status)
        check(f"{name}: it says it stopped", b"stopped" in served.output, served.output[-600:])
        # The build it stopped (its folder removed under it) has nothing to report: no error, no "build failed".
        after = served.output[before:]
        check(f"{name}: it prints no error on the way out", b"error" not in after and b"build failed" not in after, after[-600:])
        # A site too large to delete within the second is renamed aside and left to an `rm` outside the session.
        end = time.monotonic() + 5
        while left_behind(served.cache) and time.monotonic() < end:
            time.sleep(0.05)
        check(f"{name}: its cache folder is gone (within 5 s)", left_behind(served.cache) == [], left_behind(served.cache))
    served.kill()
    return seconds


SERVE = ("--port", "0")


def tree_digest(folder):
    """Every file's path and bytes under `folder`, as one digest."""
    digest = hashlib.sha256()
    for root, dirs, files in sorted(os.walk(folder)):
        dirs.sort()
        for name in sorted(files):
            path = os.path.join(root, name)
            digest.update(os.path.relpath(path, folder).encode() + b"\0")
            with open(path, "rb") as f:
                digest.update(f.read())
    return digest.hexdigest()


def stop_builds(binary, base):
    """`commonsight build` of the sample stopped while espeak-ng and opusenc read its stories aloud:
    it ends by the signal (so a shell's loop of builds ends too), its programs with it, and the site
    already in OUT is left as it was."""
    figures = []
    sample = os.path.join(ROOT, "content")
    out = os.path.join(base, "build-out")
    cache = os.path.join(base, "build-cache")
    quick = ("--out", out, "--no-narration", "--no-share-cards")
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": cache, "XDG_CACHE_HOME": cache}
    first = subprocess.run([binary, "build", "--content", sample, "--templates", os.path.join(ROOT, "templates"), "--date", "2026-11-29", *quick],
                           env=env, capture_output=True)
    check("a build of the sample before the stopped ones succeeds", first.returncode == 0, first.stderr[-600:])
    before = tree_digest(out)
    for name, how, number in [("Ctrl-C during a build's narration", "ctrl-c", signal.SIGINT),
                              ("SIGTERM during a build's narration", signal.SIGTERM, signal.SIGTERM)]:
        built = Served(binary, sample, cache, extra=("--out", out), command="build")
        reading = built.wait_for_children(90)
        check(f"{name}: it has started reading stories aloud", reading, built.output[-600:])
        if how == "ctrl-c":
            os.write(built.fd, b"\x03")
        else:
            os.kill(built.pid, how)
        seconds = built.seconds_to_exit()
        figures.append(seconds)
        check(f"{name}: it exits within a second", seconds is not None and seconds < 1.0, f"{seconds} s; printed {built.output[-600:]!r}")
        check(f"{name}: it ends by the signal, as a shell expects", built.status is not None and os.WIFSIGNALED(built.status)
              and os.WTERMSIG(built.status) == number, built.status)
        time.sleep(0.2)
        left = [p for p in built.session() if p[0] != built.pid]
        check(f"{name}: no espeak-ng or opusenc of its session goes on", not left, left)
        check(f"{name}: the site in OUT is as it was", tree_digest(out) == before)
        check(f"{name}: no narration work is left in the cache", not os.path.exists(os.path.join(cache, "commonsight")) or
              not any("narrating" in dirs for _, dirs, _ in os.walk(cache)))
        built.kill()
    again = subprocess.run([binary, "build", "--content", sample, "--templates", os.path.join(ROOT, "templates"), "--date", "2026-11-29", *quick],
                           env=env, capture_output=True)
    check("the next build after the stopped ones succeeds and gives the same site", again.returncode == 0 and tree_digest(out) == before,
          again.stderr[-600:])
    return figures


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        sys.exit(2)
    binary = os.path.abspath(sys.argv[1])
    base = tempfile.mkdtemp(prefix="cs-serve-checks-")
    try:
        content = small_content(base)
        cache = os.path.join(base, "cache")
        figures = []
        for name, how in [("Ctrl-C while serving", "ctrl-c"), ("SIGTERM while serving", signal.SIGTERM),
                          ("SIGHUP while serving", signal.SIGHUP), ("Ctrl-C again on the same folder", "ctrl-c")]:
            served = Served(binary, content, cache, extra=SERVE)
            serving = served.wait_for("serving http://", 120)
            check(f"{name}: it serves", serving, served.output[-600:])
            if not serving:
                served.kill()
                continue
            figures.append(stop(name, served, how))

        # A first build stopped while it renders its pages. The sample's first pages take about a second
        # now, less than the progress line waits before it shows a stage, so this build is of a corpus of
        # 8 x 1,000 reports on one core: several seconds of rendering pages.
        corpus = os.path.join(base, "corpus")
        subprocess.run([sys.executable, os.path.join(ROOT, "bench", "make_corpus.py"), "8", "1000", corpus], check=True, capture_output=True)
        served = Served(binary, os.path.join(corpus, "content"), os.path.join(base, "corpus-cache"), extra=(*SERVE, "--jobs", "1"))
        rendering = served.wait_for("Rendering pages", 60)
        check("Ctrl-C during the first build: it is rendering pages, not serving yet",
              rendering and b"serving http://" not in served.output, served.output[-600:])
        figures.append(stop("Ctrl-C during the first build", served, "ctrl-c"))

        # Serving the sample's pages (thousands of files, all to be deleted on the way out).
        sample_cache = os.path.join(base, "sample-cache")
        served = Served(binary, os.path.join(ROOT, "content"), sample_cache, extra=(*SERVE, "--no-narration", "--no-share-cards"))
        serving = served.wait_for("serving http://", 120)
        check("Ctrl-C while serving the sample's pages: it serves", serving, served.output[-600:])
        figures.append(stop("Ctrl-C while serving the sample's pages", served, "ctrl-c"))

        # The pages are served first; the second build reads the stories aloud for many seconds: stopped in the middle.
        for name, how in [("Ctrl-C while stories are read aloud", "ctrl-c"), ("SIGTERM while stories are read aloud", signal.SIGTERM)]:
            served = Served(binary, os.path.join(ROOT, "content"), sample_cache, extra=SERVE)
            reading = served.wait_for_children(90)
            time.sleep(0.3)
            served.read(0.01)
            check(f"{name}: it serves the pages while it reads the stories aloud", reading and b"serving http://" in served.output,
                  served.output[-600:])
            figures.append(stop(name, served, how))

        served = Served(binary, os.path.join(ROOT, "content"), sample_cache, extra=SERVE)
        served.wait_for_children(90)
        stop("Ctrl-C twice while stories are read aloud", served, "ctrl-c twice", expect_clean=False)
        figures += stop_builds(binary, base)
        shown = ", ".join(f"{s:.3f}" for s in figures if s is not None)
        checks.finish(f" (seconds to exit: {shown})")
    finally:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
