"""What the check scripts share: a tally of named checks, and a headless Chromium.

A script makes one `Checks("site-checks")`, calls its `check` for each assertion (a failure prints
`FAIL name: detail`) and ends with `finish()`, which prints 'site-checks: N passed, N failed' and
exits 1 when any check failed.
"""
import os
import shutil
import sys
import tempfile
import threading


class Checks:
    """Counts passed and failed checks, from any thread; `detail_chars` cuts a failure's detail (None: whole)."""

    def __init__(self, label, detail_chars=None):
        self.label = label
        self.detail_chars = detail_chars
        self.passed = self.failed = 0
        self.lock = threading.Lock()

    def check(self, name, ok, detail=""):
        with self.lock:
            if ok:
                self.passed += 1
            else:
                self.failed += 1
                detail = str(detail)
                print(f"FAIL {name}: {detail if self.detail_chars is None else detail[:self.detail_chars]}", flush=True)

    def finish(self, note=""):
        """The closing line ('label: N passed, N failed' and `note`), then exit: 1 when any failed."""
        print(f"{self.label}: {self.passed} passed, {self.failed} failed{note}")
        sys.exit(1 if self.failed else 0)


def chromium(*extra_args):
    """Headless Chromium through Selenium, with the system's chromium and chromedriver when present.
    Its runtime and temporary folders (PulseAudio's `pulse-*` among them) go in a scratch folder of
    its own, removed when the driver quits, so that no run leaves them in /tmp."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", *extra_args):
        options.add_argument(arg)
    binary = next((b for b in ("/usr/bin/chromium", "/usr/bin/chromium-browser") if os.path.exists(b)), None)
    if binary:
        options.binary_location = binary
    driver = next((d for d in ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver") if os.path.exists(d)), None)
    scratch = tempfile.mkdtemp(prefix="commonsight-chromium-")
    os.chmod(scratch, 0o700)
    env = dict(os.environ, XDG_RUNTIME_DIR=scratch, TMPDIR=scratch)
    try:
        browser = webdriver.Chrome(options=options, service=Service(driver, env=env))
    except BaseException:
        shutil.rmtree(scratch, ignore_errors=True)
        raise
    quit = browser.quit

    def quit_and_clean():
        try:
            quit()
        finally:
            shutil.rmtree(scratch, ignore_errors=True)

    browser.quit = quit_and_clean
    return browser


def hoods(public):
    """The neighborhood folders of a built site, sorted (hidden ones left out)."""
    return sorted(d for d in os.listdir(public) if os.path.isdir(os.path.join(public, d)) and not d.startswith("."))
