#!/usr/bin/env python3
"""Prints every flyer of a built site with headless Chromium (Selenium's print_page) on US Letter and
on A4, asserts one page each, and decodes the QR code of each PDF with zbarimg, asserting its URL.
Also checks e-mail digests (self-contained, absolute links, no script or SVG, a text twin) and share
cards (1200 x 630) with their Open Graph tags.

Usage: tests/print_checks.py PUBLIC_DIR BASE_URL. Ends with 'print-checks: N passed, N failed'.
"""
import base64
import io
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

from pypdf import PdfReader
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.print_page_options import PrintOptions

passed = failed = 0
PAPERS = {"Letter": (21.59, 27.94), "A4": (21.0, 29.7)}


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}: {str(detail)[:400]}")


def browser():
    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(arg)
    binary = next((b for b in ("/usr/bin/chromium", "/usr/bin/chromium-browser") if os.path.exists(b)), None)
    if binary:
        options.binary_location = binary
    driver = next((d for d in ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver") if os.path.exists(d)), None)
    return webdriver.Chrome(options=options, service=Service(driver) if driver else None)


def qr_url(pdf_bytes, tmp):
    path = os.path.join(tmp, "f.pdf")
    open(path, "wb").write(pdf_bytes)
    subprocess.run(["pdftoppm", "-png", "-r", "110", "-singlefile", path, os.path.join(tmp, "f")], check=True)
    r = subprocess.run(["zbarimg", "-q", "--raw", os.path.join(tmp, "f.png")], capture_output=True, text=True)
    return r.stdout.strip()


def flyers(public, base):
    out = []
    for hood in sorted(os.listdir(public)):
        h = os.path.join(public, hood)
        if not os.path.isdir(h):
            continue
        for kind in ("stories", "digest"):
            d = os.path.join(h, kind)
            for item in sorted(os.listdir(d)):
                f = os.path.join(d, item, "flyer.html")
                if os.path.isfile(f):
                    out.append((f, f"{base}{hood}/{kind}/{item}/"))
    return out


def print_flyers(public, base):
    driver = browser()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            items = flyers(public, base)
            shortened = 0
            for path, url in items:
                driver.get("file://" + os.path.abspath(path))
                if "The story goes on" in driver.page_source:
                    shortened += 1
                for paper, (w, hgt) in PAPERS.items():
                    opts = PrintOptions()
                    opts.page_width, opts.page_height = w, hgt
                    opts.margin_top = opts.margin_bottom = opts.margin_left = opts.margin_right = 1.1
                    opts.background = True
                    pdf = base64.b64decode(driver.print_page(opts))
                    pages = len(PdfReader(io.BytesIO(pdf)).pages)
                    name = os.path.relpath(path, public)
                    check(f"{name} prints on one {paper} page", pages == 1, f"{pages} pages")
                    if paper == "Letter":
                        got = qr_url(pdf, tmp)
                        check(f"{name} QR code opens {url}", got == url, got)
            check("some story needs shortening to fit a page", shortened > 0, shortened)
            print(f"flyers: {len(items)} printed on Letter and A4, {shortened} shortened")
    finally:
        driver.quit()


def emails_and_cards(public, base):
    for hood in sorted(os.listdir(public)):
        h = os.path.join(public, hood)
        if not os.path.isdir(h):
            continue
        for week in sorted(os.listdir(os.path.join(h, "digest"))):
            e = os.path.join(h, "digest", week, "email.html")
            if not os.path.isfile(e):
                continue
            html = open(e, encoding="utf-8").read()
            name = f"{hood}/digest/{week}/email.html"
            check(f"{name} has no script, SVG or external stylesheet", not re.search(r"<script|<svg|<link[^>]+stylesheet", html, re.I))
            links = re.findall(r'href="([^"]*)"', html)
            check(f"{name} links are absolute", links and all(l.startswith(base) for l in links), [l for l in links if not l.startswith(base)][:3])
            check(f"{name} has a plain-text twin", os.path.isfile(os.path.join(h, "digest", week, "email.txt")))
        for slug in sorted(os.listdir(os.path.join(h, "stories"))):
            card = os.path.join(h, "stories", slug, "card.svg")
            if not os.path.isfile(card):
                continue
            root = ET.parse(card).getroot()
            check(f"{hood}/{slug} card is 1200x630", (root.get("width"), root.get("height")) == ("1200", "630"))
            page = open(os.path.join(h, "stories", slug, "index.html"), encoding="utf-8").read()
            for prop, value in (("og:title", None), ("og:url", f"{base}{hood}/stories/{slug}/index.html"),
                                ("og:image", f"{base}{hood}/stories/{slug}/card.svg")):
                m = re.search(rf'<meta property="{prop}" content="([^"]*)">', page)
                check(f"{hood}/{slug} has {prop}", m and (value is None or m.group(1) == value), m and m.group(1))
            check(f"{hood}/{slug} has twitter:card", '<meta name="twitter:card" content="summary_large_image">' in page)


def main():
    public, base = sys.argv[1], sys.argv[2]
    emails_and_cards(public, base)
    print_flyers(public, base)
    print(f"print-checks: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
