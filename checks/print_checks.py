#!/usr/bin/env python3
"""Prints every flyer of a built site with headless Chromium (Selenium's print_page) on US Letter and
on A4, asserts one page each, and decodes the QR code of each PDF with zbarimg, asserting its URL.
Also checks e-mail digests (self-contained, absolute links, no script or SVG, a text twin, a preheader,
landmarks, and an email.eml that Python's email package reads back as both of them), share cards
(every og:image a 1200 x 630 PNG that is not blank, with the Open Graph and Twitter tags of home,
digest and story pages) and the 404 page (its styles inline, so it is styled at any address).

Usage: checks/print_checks.py PUBLIC_DIR BASE_URL. Ends with 'print-checks: N passed, N failed'.
"""
import base64
import email
import email.policy
import html as htmllib
import io
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor

from PIL import Image
from pypdf import PdfReader
from selenium.webdriver.common.print_page_options import PrintOptions

from checklib import Checks, chromium, hoods

checks = Checks("print-checks", detail_chars=400)
check = checks.check
PAPERS = {"Letter": (21.59, 27.94), "A4": (21.0, 29.7)}


def qr_url(pdf_bytes, tmp):
    """Every QR code printed on the page, as the addresses they open."""
    path = os.path.join(tmp, "f.pdf")
    open(path, "wb").write(pdf_bytes)
    # Gray PGM, which zbarimg reads as well: encoding a PNG took twice as long as drawing the page.
    # MuPDF draws a flyer in half the time poppler's pdftoppm takes.
    subprocess.run(["mutool", "draw", "-q", "-r", "110", "-c", "gray", "-o", os.path.join(tmp, "f.pgm"), path],
                   check=True, stderr=subprocess.DEVNULL)
    r = subprocess.run(["zbarimg", "-q", "--raw", os.path.join(tmp, "f.pgm")], capture_output=True, text=True)
    return [line.strip() for line in r.stdout.splitlines() if line.strip()]


def over_footer(pdf_bytes, tmp):
    """Words printed over the footer's line (the lowest line of the page), as they land on paper: the
    layout checks of browser_checks.py emulate print on screen, where a map's percentage height is
    definite; on paper it was not, and the map pushed its credit under the footer."""
    path = os.path.join(tmp, "words.pdf")
    open(path, "wb").write(pdf_bytes)
    xml = subprocess.run(["pdftotext", "-bbox", path, "-"], capture_output=True, text=True, check=True).stdout
    words = [(float(a), float(b), float(c), float(d), w) for a, b, c, d, w in
             re.findall(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<', xml)]
    if not words:
        return []
    low = max(words, key=lambda w: w[3])
    return [w[4] for w in words if w[1] < low[3] - 1 and low[1] < w[3] - 1 and abs(w[1] - low[1]) >= 0.5]


def flyers(public, base):
    out = []
    for hood in hoods(public):
        h = os.path.join(public, hood)
        for kind in ("stories", "digest"):
            d = os.path.join(h, kind)
            for item in sorted(os.listdir(d)):
                f = os.path.join(d, item, "flyer.html")
                if os.path.isfile(f):
                    out.append((f, f"{base}{hood}/{kind}/{item}/"))
    return out


def print_some(items, public):
    """Prints these flyers in one Chromium; how many of them were shortened to fit."""
    driver = chromium()
    shortened = 0
    try:
        with tempfile.TemporaryDirectory() as tmp:
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
                    clash = over_footer(pdf, tmp)
                    check(f"{name} on {paper}: nothing printed over the footer", not clash, " ".join(clash[:12]))
                    got = qr_url(pdf, tmp)
                    # Every code printed whole: a column too full for the paper once cut one in half.
                    codes = driver.page_source.count('class="qr"')
                    check(f"{name} on {paper}: all {codes} QR codes scan", len(got) == codes, got)
                    if paper == "Letter":
                        check(f"{name} QR code opens {url}", url in got, got)
                        # Besides the page's own, only the "report a problem" page of the same neighborhood edition.
                        others = [g for g in got if g != url]
                        report = url.split("/stories/")[0].split("/digest/")[0] + "/report/"
                        check(f"{name} prints no other QR code than its report page's", all(g == report for g in others), others)
    finally:
        driver.quit()
    return shortened


def print_flyers(public, base):
    """Every flyer, shared out among one Chromium per core."""
    items = flyers(public, base)
    n = max(1, min(os.cpu_count() or 1, len(items)))
    with ThreadPoolExecutor(n) as pool:
        shortened = sum(pool.map(lambda k: print_some(items[k::n], public), range(n)))
    check("some story needs shortening to fit a page", shortened > 0, shortened)
    print(f"flyers: {len(items)} printed on Letter and A4 by {n} Chromium at once, {shortened} shortened")


def meta(page, key):
    """The content of <meta property|name="key">, or None."""
    m = re.search(rf'<meta (?:property|name)="{re.escape(key)}" content="([^"]*)">', page)
    return htmllib.unescape(m.group(1)) if m else None


def card(public, base, page_path, card_path, name):
    """The page's Open Graph and Twitter tags point at its card, a 1200 x 630 PNG that is not blank."""
    page = open(page_path, encoding="utf-8").read()
    url = base + os.path.relpath(page_path, public).replace(os.sep, "/")
    image = base + os.path.relpath(card_path, public).replace(os.sep, "/")
    check(f"{name} has og:title and og:description", meta(page, "og:title") and meta(page, "og:description"))
    check(f"{name} og:url is the page", meta(page, "og:url") == url, meta(page, "og:url"))
    check(f"{name} og:image is its card.png, absolute", meta(page, "og:image") == image, meta(page, "og:image"))
    check(f"{name} says the image is 1200 x 630 PNG", (meta(page, "og:image:width"), meta(page, "og:image:height"), meta(page, "og:image:type")) == ("1200", "630", "image/png"))
    check(f"{name} describes the image", bool(meta(page, "og:image:alt")) and meta(page, "twitter:image:alt") == meta(page, "og:image:alt"))
    check(f"{name} has a large-image Twitter card", meta(page, "twitter:card") == "summary_large_image" and meta(page, "twitter:image") == image)
    if not os.path.isfile(card_path):
        check(f"{name} card exists", False, card_path)
        return 0
    data = open(card_path, "rb").read()
    check(f"{name} card is a PNG of 1200 x 630 (IHDR)", data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
          and (int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")) == (1200, 630), data[:24])
    with Image.open(io.BytesIO(data)) as im:
        im.load()
        colors = im.convert("RGB").getcolors(maxcolors=1 << 20) or []
    check(f"{name} card is not blank", len(colors) > 50 and max(n for n, _ in colors) < 1200 * 630 * 0.9, f"{len(colors)} colors")
    return len(data)


def emails(public, base, hood, week):
    d = os.path.join(public, hood, "digest", week)
    name = f"{hood}/digest/{week}"
    html = open(os.path.join(d, "email.html"), encoding="utf-8").read()
    text = open(os.path.join(d, "email.txt"), encoding="utf-8").read()
    check(f"{name}/email.html has no script, SVG or external stylesheet", not re.search(r"<script|<svg|<link[^>]+stylesheet", html, re.I))
    links = re.findall(r'href="([^"]*)"', html)
    outside = [l for l in links if not (l.startswith(base) or l.startswith("mailto:"))]
    check(f"{name}/email.html links are absolute", links and not outside, outside[:3])
    check(f"{name}/email.html opens with hidden preview text", re.search(r'<body[^>]*>\s*<div style="display:none;[^"]*">[^<]*\w', html), html[:600])
    check(f"{name}/email.html has a main and a contentinfo landmark", 'role="main"' in html and 'role="contentinfo"' in html)
    check(f"{name}/email.html ends with the footer of site.yml", "Unsubscribe</a>" in html and "Unsubscribe (mailto:" in text)
    path = os.path.join(d, "email.eml")
    if not os.path.isfile(path):
        check(f"{name}/email.eml exists", False)
        return
    raw = open(path, "rb").read()
    check(f"{name}/email.eml has CRLF line ends only", b"\n" not in raw.replace(b"\r\n", b"") and b"\r" not in raw.replace(b"\r\n", b""))
    check(f"{name}/email.eml has no line over 998 octets", max(len(l) for l in raw.split(b"\r\n")) <= 998)
    check(f"{name}/email.eml is ASCII", all(b < 0x80 for b in raw))
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    check(f"{name}/email.eml has no defects", not msg.defects and all(not p.defects for p in msg.walk()), msg.defects)
    check(f"{name}/email.eml is multipart/alternative", msg.get_content_type() == "multipart/alternative")
    check(f"{name}/email.eml is from site.yml's address and names no recipient (they are added when it is sent)",
          (str(msg["From"]), msg["To"]) == ("Detroit Neighborhood Digests <digest@example.org>", None) and b"neighbors@lists" not in raw, (msg["From"], msg["To"]))
    title = htmllib.unescape(re.search(r"<title>(.*?)</title>", html).group(1))
    check(f"{name}/email.eml subject is the e-mail's title", str(msg["Subject"]) == title, (msg["Subject"], title))
    check(f"{name}/email.eml has only the headers it needs", sorted(msg.keys()) == sorted(
        ["From", "Subject", "MIME-Version", "Content-Language", "Content-Type"]), msg.keys())
    plain, rich = msg.get_body(("plain",)), msg.get_body(("html",))
    check(f"{name}/email.eml has a text/plain and a text/html part", plain is not None and rich is not None)
    if plain is not None and rich is not None:
        check(f"{name}/email.eml plain part is email.txt", plain.get_content().replace("\r\n", "\n") == text)
        check(f"{name}/email.eml HTML part is email.html", rich.get_content().replace("\r\n", "\n") == html)


def physical(css, rtl):
    """The stylesheet as a page's <style> holds it: logical properties written as the page direction's physical ones."""
    start, end = ("right", "left") if rtl else ("left", "right")
    for side, name in (("start", start), ("end", end)):
        css = css.replace(f"inset-inline-{side}:", f"{name}:")
        for prop in ("border", "margin", "padding"):
            css = css.replace(f"{prop}-inline-{side}-color:", f"{prop}-{name}-color:").replace(f"{prop}-inline-{side}:", f"{prop}-{name}:")
        css = css.replace(f"text-align: {side}", f"text-align: {name}")
    return css


def not_found(public, hood):
    page = open(os.path.join(public, hood, "404.html"), encoding="utf-8").read()
    check(f"{hood}/404.html links no stylesheet", not re.search(r'<link[^>]+rel="stylesheet"', page), re.findall(r"<link[^>]*>", page))
    css = open(os.path.join(public, hood, "assets", "site.css"), encoding="utf-8").read()
    check(f"{hood}/404.html holds the site's stylesheet", "<style>" + physical(css, bool(re.search(r'<html[^>]*\sdir="rtl"', page))) + "</style>" in page)


def emails_and_cards(public, base):
    sizes = []
    for hood in hoods(public):
        h = os.path.join(public, hood)
        not_found(public, hood)
        sizes.append(card(public, base, os.path.join(h, "index.html"), os.path.join(h, "card.png"), f"{hood} home"))
        for week in sorted(os.listdir(os.path.join(h, "digest"))):
            if not os.path.isfile(os.path.join(h, "digest", week, "email.html")):
                continue
            emails(public, base, hood, week)
            d = os.path.join(h, "digest", week)
            sizes.append(card(public, base, os.path.join(d, "index.html"), os.path.join(d, "card.png"), f"{hood}/digest/{week}"))
        for slug in sorted(os.listdir(os.path.join(h, "stories"))):
            d = os.path.join(h, "stories", slug)
            if not os.path.isdir(d):
                continue
            root = ET.parse(os.path.join(d, "card.svg")).getroot()
            check(f"{hood}/{slug} card.svg is 1200x630", (root.get("width"), root.get("height")) == ("1200", "630"))
            sizes.append(card(public, base, os.path.join(d, "index.html"), os.path.join(d, "card.png"), f"{hood}/stories/{slug}"))
    sizes = [s for s in sizes if s]
    print(f"cards: {len(sizes)} PNGs, {min(sizes)} to {max(sizes)} bytes, {sum(sizes) // max(1, len(sizes))} on average")


def main():
    public, base = sys.argv[1], sys.argv[2]
    emails_and_cards(public, base)
    print_flyers(public, base)
    checks.finish()


if __name__ == "__main__":
    main()
