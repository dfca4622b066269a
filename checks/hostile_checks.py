#!/usr/bin/env python3
"""Builds nothing: checks a site built from checks/fixtures/hostile/content: private data and where a build may write.

Every private field, unpublished observation and draft carries a marker that must appear nowhere;
each neighborhood carries a marker the other must not contain; hostile text must stay text in HTML,
SVG, Atom, iCalendar, the sitemap and e-mail files (no header of its own, however many line breaks
site.yml's addresses and the names hold); exact coordinates must not appear at 4 or 5 decimals.
Usage: checks/hostile_checks.py OUT_DIR CONTENT_DIR. Ends with 'hostile-checks: N passed, N failed'.
"""
import email
import email.policy
import html
import html.parser
import urllib.parse
import re
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import csv
import io
import json

import geojson
import icalendar

from checklib import Checks

checks = Checks("hostile-checks", detail_chars=500)
check = checks.check
HOSTILE = '<script>alert("x")</script> "><img src=x onerror=alert(1)> & \' ; , \u200fعربي 🚦'
BAD_SCHEMES = ("javascript:", "data:", "vbscript:", "file:")


def reader_text(data):
    """What a reader (or a program) can read in a file: JSON, HTML and URL escapes undone, lowercased."""
    t = data.decode("utf-8", "replace")
    t = re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), t)
    t = html.unescape(html.unescape(t))
    t = urllib.parse.unquote_plus(t)
    return t.replace("\\", "").lower()


def files(root):
    for d, _, names in os.walk(root):
        for n in names:
            p = os.path.join(d, n)
            yield os.path.relpath(p, root), open(p, "rb").read()


class Page(html.parser.HTMLParser):
    """Collects elements, attributes and text of an HTML (or inline SVG) document."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.attrs, self.text = [], [], []
        self.scripts = []  # (src, inline text) of each script element
        self.in_script = False

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attrs += [(tag, k, v or "") for k, v in attrs]
        if tag == "script":
            self.scripts.append([dict(attrs).get("src") or "", ""])
            self.in_script = True

    def handle_endtag(self, tag):
        if tag == "script":
            self.in_script = False

    def handle_data(self, data):
        if self.in_script:
            self.scripts[-1][1] += data
        else:
            self.text.append(data)


# The theme's own scripts: the search page loads its index and its code, from the site, by a relative path.
OWN_SCRIPTS = re.compile(r"^(\.\./)*(assets/search\.js|assets/flyer\.js|search/index\.js|index\.js)$")


def check_html(name, markup, site_hosts=("example.org",)):
    p = Page()
    p.feed(markup)
    foreign = [s for s in p.scripts if not OWN_SCRIPTS.match(s[0]) or s[1].strip()]
    check(f"{name}: no script element but the theme's own, loaded from the site with nothing inline", not foreign, foreign)
    handlers = [(t, k) for t, k, _ in p.attrs if k.startswith("on")]
    check(f"{name}: no event-handler attribute", not handlers, handlers)
    for tag, k, v in p.attrs:
        if k in ("href", "src", "action", "xlink:href", "poster"):
            low = "".join(v.split()).lower()
            check(f"{name}: {tag}[{k}] is not a script URL", not low.startswith(BAD_SCHEMES), v)
            if k == "src" or (tag == "link" and k == "href"):
                check(f"{name}: {tag}[{k}] loads nothing from another host", not low.startswith(("http:", "https:", "//")) or any(h in low for h in site_hosts) and tag == "link" and low.startswith("https://example.org/hostile/"), v)
    return "".join(p.text)


def open_data(out):
    """The open data of each neighborhood parses, keeps hostile text as text, and never lets a spreadsheet run a cell."""
    for hood in ("alpha", "beta"):
        root = os.path.join(out, hood)
        rows = list(csv.DictReader(io.StringIO(open(os.path.join(root, "data", "observations.csv"), encoding="utf-8").read(), newline="")))
        gj = geojson.loads(open(os.path.join(root, "data", "observations.geojson"), encoding="utf-8").read())
        check(f"{hood}/data/observations.geojson is valid GeoJSON", gj.is_valid, gj.errors())
        pages = [d for d in os.listdir(os.path.join(root, "observations")) if os.path.isfile(os.path.join(root, "observations", d, "index.html"))]
        check(f"{hood}: the data has exactly the published reports", sorted(r["service_request_id"] for r in rows) == sorted(pages)
              == sorted(f["id"] for f in gj["features"]), (len(rows), pages))
        for r in rows:
            for k, v in r.items():
                if k not in ("lat", "long"):
                    check(f"{hood}/data/observations.csv {r['service_request_id']} {k}: not a formula", not v.startswith(("=", "+", "-", "@", "\t", "\r")), v[:60])
        loc = {"alpha": "Loc ALPHAONLY " + HOSTILE, "beta": "Geo BETAONLY " + HOSTILE}[hood]
        check(f"{hood}/data/observations.csv: the hostile place survives exactly", any(r["address"] == loc for r in rows), [r["address"] for r in rows][:3])
        check(f"{hood}/data/observations.geojson: the hostile place survives exactly", any(f["properties"]["address"] == loc for f in gj["features"]))
        json.load(open(os.path.join(root, "data", "stories.json"), encoding="utf-8"))
        cat = json.load(open(os.path.join(root, "data.json"), encoding="utf-8"))
        ds = cat["dataset"][0]
        check(f"{hood}/data.json: the hostile contact, credit and publisher survive as text",
              (ds["contactPoint"]["fn"], ds["contactPoint"]["hasEmail"], ds["rights"], ds["publisher"]["name"], ds["license"])
              == ("Data " + HOSTILE, "mailto:data@example.org", "Credit " + HOSTILE, "Publisher " + HOSTILE, "https://example.org/hostile/license?a=1&b=<2>"),
              (ds["contactPoint"], ds.get("rights"), ds["publisher"]))
        about = open(os.path.join(root, "data", "index.html"), encoding="utf-8").read()
        text = check_html(f"{hood}/data/index.html", about)
        for part in ("Credit " + HOSTILE, "Source " + HOSTILE, "Data " + HOSTILE, "Publisher " + HOSTILE):
            check(f"{hood}/data/index.html shows {part[:8]}... as text", part in text)
        check(f"{hood}/data/index.html: the license link is escaped in its attribute", 'href="https://example.org/hostile/license?a=1&amp;b=&lt;2&gt;"' in about)
    rows = {r["service_request_id"]: r for r in csv.DictReader(io.StringIO(open(os.path.join(out, "alpha", "data", "observations.csv"), encoding="utf-8").read(), newline=""))}
    f = rows.get("alpha-formula", {})
    check("alpha-formula: a description that starts with + is led by ' in the CSV", f.get("description", "").startswith("'+cmd|"), f)
    check("alpha-formula: a place that starts with @ is led by ' in the CSV", f.get("address", "").startswith("'@SUM(1+1)"), f)


def main():
    out, content, program = sys.argv[1], sys.argv[2], sys.argv[3]
    everything = list(files(out))
    # Share cards are pictures: their bytes are compressed pixels, not text. E-mail files are read as
    # text once their bodies are decoded.
    pictures = [(p, d) for p, d in everything if p.endswith(".png")]
    for path, data in pictures:
        check(f"{path} is a 1200 x 630 PNG", data[:8] == b"\x89PNG\r\n\x1a\n" and data[16:24] == (1200).to_bytes(4, "big") + (630).to_bytes(4, "big"))
    everything = [(p, d) for p, d in everything if not p.endswith(".png")]
    messages = [(p, email.message_from_bytes(d, policy=email.policy.default)) for p, d in everything if p.endswith(".eml")]
    check("the hostile site writes e-mail files", len(messages) > 0)
    everything += [(f"{p} ({part.get_content_type()}, decoded)", part.get_content().encode("utf-8"))
                   for p, m in messages for part in m.walk() if not part.is_multipart()]
    for path, data in everything:
        for marker in (b"PRIVMARK", b"HIDDENMARK", b"DRAFTMARK"):
            check(f"{path} holds no {marker.decode()}", marker not in data and marker.decode().lower() not in path.lower())
        for value in (42.0512347, -83.1487659, 42.0734561, -83.1721843, 42.0398765, -83.1198765):
            for places in (4, 5, 7):
                exact = f"{value:.{places}f}"
                # a whole number, not the start of a longer one (a snapped value may share leading digits)
                found = re.search(re.escape(exact).encode() + rb"(?![0-9])", data)
                check(f"{path} holds no exact coordinate {exact}", not found)
        # Control characters and bidi overrides never; the tool's own first-strong isolates (FSI ... PDI)
        # only in plain text, and always balanced.
        isolates = rb"" if path.endswith((".txt", "(text/plain, decoded)")) else rb"|\xe2\x81[\xa8\xa9]"
        bad = re.search(rb"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]|\xc2[\x80-\x9f]|\xe2\x80[\xaa-\xae]|\xe2\x81[\xa6\xa7]" + isolates, data)
        check(f"{path} holds no control or bidi override character", not bad, bad and data[max(0, bad.start() - 20):bad.end() + 20])
        check(f"{path} opens and closes its isolates", data.count(b"\xe2\x81\xa8") == data.count(b"\xe2\x81\xa9"))
        for leak in (b"555-0142", b"7946 0958", b"leak@example.net", b"4242 Hostile"):
            check(f"{path} holds no {leak.decode()} (redacted free text)", leak not in data)
        check(f"{path} names no subscriber", b"neighbors@example.org" not in data)
        # alpha-spellings writes phones, e-mails and house numbers in every spelling a reader still reads
        # as one (entities, escapes, dashes and spaces of any kind, "at ... dot ..."), and its
        # source_url carries user info, a query and a fragment: none of it may be readable anywhere.
        text = reader_text(data)
        squeezed = "".join(c for c in text if c.isalnum())
        for n in range(101, 116):
            check(f"{path} holds no 313-555-0{n} in any spelling", f"3135550{n}" not in squeezed)
        check(f"{path} holds no zyx... e-mail part, user info, query or fragment", "zyx" not in text, text[max(0, text.find("zyx") - 60):text.find("zyx") + 60])
        for number in ("86420", "86421", "86425", "86430", "86440", "97531", "97539"):
            check(f"{path} holds no house number {number}", not re.search(r"(?<![0-9])" + number + r"(?![0-9])", text))
        if path.startswith("alpha/"):
            check(f"{path} holds nothing of beta", b"BETAONLY" not in data)
        if path.startswith("beta/"):
            check(f"{path} holds nothing of alpha", b"ALPHAONLY" not in data)
    top = open(os.path.join(out, "index.html"), encoding="utf-8").read()
    check("the top index holds only names, links and counts", "ALPHAONLY" not in top and "BETAONLY" not in top, top[:300])
    text = check_html("index.html", top)
    check("index.html names the neighborhoods as text", "Alpha " + HOSTILE in text, text[:300])
    # The dashboard counts published reports only: as many as each neighborhood has observation pages.
    for hood in ("alpha", "beta"):
        folder = os.path.join(out, hood, "observations")
        pages = [d for d in os.listdir(folder) if os.path.isfile(os.path.join(folder, d, "index.html"))]
        m = re.search(r'href="\./' + hood + r'/index\.html".*?(\d+) reports? in all', top, re.S)
        check(f"the dashboard counts only {hood}'s published reports", m is not None and int(m.group(1)) == len(pages), (m and m.group(1), len(pages)))

    for path, message in messages:
        hood = path.split("/")[0]
        check(f"{path}: only the headers the tool writes, and no recipient", sorted(message.keys()) == sorted(
            ["From", "Subject", "MIME-Version", "Content-Language", "Content-Type"]), message.keys())
        check(f"{path}: no defects", not message.defects and all(not p.defects for p in message.walk()), message.defects)
        one_line = lambda s: " ".join(s.split())
        sender = message["From"].addresses[0]
        check(f"{path}: the From name is one line of text", (one_line(sender.display_name), sender.addr_spec) ==
              (one_line("Org " + HOSTILE + " Bcc: evil@example.net"), "digest@example.org"), str(message["From"]))
        # The recipients are added only when the message is sent: `commonsight email` prints it for sendmail -t.
        week = path.split("/")[-2]
        sent = subprocess.run([program, "email", hood, "--out", out, "--content", content, "--week", week], capture_output=True)
        check(f"{path}: 'commonsight email {hood}' prints it", sent.returncode == 0, sent.stderr[-300:])
        sendable = email.message_from_bytes(sent.stdout, policy=email.policy.default)
        check(f"{path}: sent, To is one address", sendable["To"] is not None and [(a.display_name, a.addr_spec) for a in sendable["To"].addresses] ==
              [('Neighbors "List" Cc: evil@example.net', "neighbors@example.org")], str(sendable["To"]))
        check(f"{path}: sent, the rest is the built message", sent.stdout.replace(b"\n", b"\r\n").endswith(open(os.path.join(out, path), "rb").read()))
        check(f"{path}: the Subject survives exactly", str(message["Subject"]) == f"{hood.capitalize()} {HOSTILE}: Week of November 23, 2026"
              or str(message["Subject"]).startswith(f"{hood.capitalize()} {HOSTILE}: Week of"), str(message["Subject"]))
        folder = os.path.join(out, os.path.dirname(path))
        plain, rich = message.get_body(("plain",)), message.get_body(("html",))
        check(f"{path}: its parts are email.txt and email.html", plain is not None and rich is not None
              and plain.get_content().replace("\r\n", "\n") == open(os.path.join(folder, "email.txt"), encoding="utf-8").read()
              and rich.get_content().replace("\r\n", "\n") == open(os.path.join(folder, "email.html"), encoding="utf-8").read())
        if rich is not None:
            markup = rich.get_content()
            text = check_html(path + " HTML part", markup)
            check(f"{path}: the footer's text shows as text", "Footer " + HOSTILE in text, text[-300:])
            check(f"{path}: the footer's merge tag link is kept as written", '<a href="*|UNSUB|*" style="color:#0b5d5b;">Unsubscribe &lt;b&gt;now&lt;/b&gt;</a>' in markup)
            check(f"{path}: the footer's URL is escaped in its attribute", 'href="https://example.org/hostile/u?a=1&amp;b=&quot;2&quot;"' in markup)

    for path, data in everything:
        if path.endswith((".eml", "decoded)")):
            continue
        body = data.decode("utf-8")
        if path.endswith(".html"):
            text = check_html(path, body)
            if path.endswith("stories/hostile-story/index.html"):
                check(f"{path}: the hostile title shows as text", "story " + HOSTILE in text, text[:400])
                check(f"{path}: no remote image", "evil.example/pixel.png\"" not in body or "<img src=\"https://evil" not in body)
        if path.endswith(".svg"):
            root = ET.fromstring(data)
            names = {el.tag.split("}")[-1] for el in root.iter()}
            check(f"{path}: no script in SVG", "script" not in names and "foreignObject" not in names, names)
            attrs = [k for el in root.iter() for k in el.attrib if k.lower().startswith("on")]
            check(f"{path}: no event handlers in SVG", not attrs, attrs)
        if path.endswith("feed.xml"):
            root = ET.fromstring(data)
            ns = {"a": "http://www.w3.org/2005/Atom"}
            titles = [t.text for t in root.findall("a:entry/a:title", ns)]
            hood = path.split("/")[0]
            check(f"{path}: the story title survives exactly", f"{hood.upper()}ONLY story {HOSTILE}" in titles, titles)
            for c in root.findall("a:entry/a:content", ns):
                check_html(f"{path} entry content", c.text or "")
        if path.endswith("sitemap.xml"):
            root = ET.fromstring(data)
            locs = [l.text for l in root.iter("{http://www.sitemaps.org/schemas/sitemap/0.9}loc")]
            check(f"{path}: every URL is under the base URL", all(l.startswith("https://example.org/hostile/") for l in locs), locs[:3])
        if path.endswith("events.ics"):
            cal = icalendar.Calendar.from_ical(data)
            hood = path.split("/")[0]
            for ev in cal.walk("VEVENT"):
                check(f"{path}: SUMMARY round-trips exactly", str(ev["SUMMARY"]) == f"{hood.upper()}ONLY Meet; bring, snacks {HOSTILE}", str(ev["SUMMARY"]))
                check(f"{path}: LOCATION round-trips exactly", str(ev["LOCATION"]) == "Hall; room 1, floor 2 " + HOSTILE, str(ev["LOCATION"]))
                check(f"{path}: DESCRIPTION keeps its line break", "line one\nline two" in str(ev.get("DESCRIPTION", "")) or "line one line two" in str(ev.get("DESCRIPTION", "")), str(ev.get("DESCRIPTION")))
    open_data(out)
    page = open(os.path.join(out, "alpha/observations/alpha-redact/index.html"), encoding="utf-8").read()
    for mark in ("[phone removed]", "[e-mail removed]", "[address removed]", "Hostile Ave"):
        check(f"the redacted report shows {mark}", mark in page)
    page = open(os.path.join(out, "alpha/observations/alpha-spellings/index.html"), encoding="utf-8").read()
    check("the report of every spelling shows its marks", page.count("[phone removed]") >= 12 and page.count("[e-mail removed]") >= 5
          and page.count("[address removed]") == 4, (page.count("[phone removed]"), page.count("[e-mail removed]"), page.count("[address removed]")))
    check("its source link keeps the host and path only", 'href="https://example.org/issues/12"' in page)
    check("a link in its description keeps the host and path only", 'href="https://example.org/r/7"' in page)
    checks.finish()


if __name__ == "__main__":
    main()
