#!/usr/bin/env python3
"""Reads every neighborhood's open data as its users' tools do, and checks it against the content.

For each OUT/<hood>/: data/observations.geojson through the `geojson` package (valid, Points only),
data/observations.csv through Python's csv module (Open311 GeoReport v2 columns, the same reports as
the GeoJSON at the same coordinates, no cell a spreadsheet would run as a formula),
data/stories.json and data.json through json, data/events.ics through icalendar; the counts equal
the published items counted straight from the content folder (and the report pages the site has);
data.json has what DCAT-US v1.1 requires of a dataset and a distribution; the About page names the
counts and links every download; every page's footer links the About page.

Usage: checks/open_data_checks.py OUT CONTENT
Ends with 'open-data-checks: N passed, N failed'.
"""
import csv
import io
import json
import os
import re
import sys

import geojson
import icalendar

from checklib import Checks

checks = Checks("open-data-checks", detail_chars=800)
check = checks.check
OPEN311 = ["service_request_id", "status", "service_code", "service_name", "description", "requested_datetime",
           "address", "lat", "long", "media_url"]
FORMULA = ("=", "+", "-", "@", "\t", "\r")
ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
ISO_INTERVAL = re.compile(r"^\d{4}-\d{2}-\d{2}/\d{4}-\d{2}-\d{2}$")
MEDIA_TYPE = re.compile(r"^[-\w]+/[-\w]+(\.[-\w]+)*([+][-\w]+)?$")
MAILTO = re.compile(r"^mailto:[\w\_\~\!\$\&\'\(\)\*\+\,\;\=\:.-]+@[\w.-]+\.[\w.-]+?$")


def front_matter(path):
    text = open(path, encoding="utf-8-sig").read()
    m = re.match(r"---\r?\n(.*?)\r?\n---", text, re.S)
    return m.group(1) if m else ""


def status_of(fm, default):
    m = re.search(r"^status:\s*['\"]?(\w+)", fm, re.M)
    return m.group(1) if m else default


def published_counts(content, hood):
    """Published reports and stories, and events, counted from the content files themselves."""
    d = os.path.join(content, "neighborhoods", hood)
    reports = 0
    p = os.path.join(d, "observations.csv")
    if os.path.isfile(p):
        for row in csv.DictReader(io.StringIO(open(p, encoding="utf-8-sig").read(), newline="")):
            reports += (row.get("status") or "published").strip() == "published"
    p = os.path.join(d, "observations.geojson")
    if os.path.isfile(p):
        for f in json.load(open(p, encoding="utf-8-sig"))["features"]:
            reports += ((f.get("properties") or {}).get("status") or "published") == "published"
    p = os.path.join(d, "observations")
    if os.path.isdir(p):
        reports += sum(status_of(front_matter(os.path.join(p, n)), "published") == "published" for n in os.listdir(p) if n.endswith(".md"))
    stories = events = 0
    p = os.path.join(d, "stories")
    if os.path.isdir(p):
        # Translations (story.es.md) sit beside the originals and are not items of their own.
        stories = sum(status_of(front_matter(os.path.join(p, n)), "draft") == "published" for n in os.listdir(p) if n.endswith(".md") and n.count(".") == 1)
    p = os.path.join(d, "events")
    if os.path.isdir(p):
        events = sum(n.endswith(".md") and n.count(".") == 1 for n in os.listdir(p))
    return reports, stories, events


def catalog(h, root, cat, base):
    check(f"{h}/data.json is a DCAT-US catalog", cat.get("@type") == "dcat:Catalog"
          and cat.get("conformsTo") == "https://project-open-data.cio.gov/v1.1/schema" and isinstance(cat.get("dataset"), list))
    files = set()
    for ds in cat.get("dataset", []):
        t = ds.get("title", "?")
        for key in ("title", "description", "keyword", "modified", "publisher", "contactPoint", "identifier", "accessLevel", "license", "distribution"):
            check(f"{h}/data.json {t}: has {key}", key in ds, sorted(ds))
        check(f"{h}/data.json {t}: keywords are words", isinstance(ds.get("keyword"), list) and ds["keyword"] and all(isinstance(k, str) and k for k in ds["keyword"]))
        check(f"{h}/data.json {t}: modified is a date", ISO_DATE.match(ds.get("modified", "")), ds.get("modified"))
        check(f"{h}/data.json {t}: accessLevel is public", ds.get("accessLevel") == "public")
        pub = ds.get("publisher", {})
        check(f"{h}/data.json {t}: publisher is an organization with a name", pub.get("@type") == "org:Organization" and pub.get("name"))
        cp = ds.get("contactPoint", {})
        check(f"{h}/data.json {t}: contactPoint has fn and a mailto: hasEmail", cp.get("@type") == "vcard:Contact" and cp.get("fn")
              and MAILTO.match(cp.get("hasEmail", "")), cp)
        if "rights" in ds:
            check(f"{h}/data.json {t}: rights within 255 characters", 1 <= len(ds["rights"]) <= 255)
        if "temporal" in ds:
            check(f"{h}/data.json {t}: temporal is a start/end interval", ISO_INTERVAL.match(ds["temporal"]), ds["temporal"])
        for key in ("license", "landingPage"):
            if key in ds:
                check(f"{h}/data.json {t}: {key} is an absolute URL", re.match(r"^https?://", ds[key]), ds[key])
        for dist in ds.get("distribution", []):
            url = dist.get("downloadURL", "")
            check(f"{h}/data.json {t}: distribution has downloadURL and mediaType", url and MEDIA_TYPE.match(dist.get("mediaType", "")), dist)
            check(f"{h}/data.json {url}: downloadURL is under the base URL", url.startswith(base + h + "/"), url)
            rel = url[len(base + h + "/"):]
            files.add(rel)
            check(f"{h}/data.json {url}: the file exists", os.path.isfile(os.path.join(root, rel)), rel)
    check(f"{h}/data.json lists the four files", files == {"data/observations.geojson", "data/observations.csv", "data/stories.json", "data/events.ics"}, files)


def main():
    out, content = sys.argv[1], sys.argv[2]
    site = open(os.path.join(content, "site.yml"), encoding="utf-8").read()
    base = re.search(r"^base_url:\s*(\S+)", site, re.M).group(1).strip("\"'")
    base = base if base.endswith("/") else base + "/"
    hoods = sorted(d for d in os.listdir(out) if os.path.isdir(os.path.join(out, d)))
    for h in hoods:
        root = os.path.join(out, h)
        reports, stories, events = published_counts(content, h)
        pages = sum(os.path.isfile(os.path.join(root, "observations", d, "index.html")) for d in os.listdir(os.path.join(root, "observations")))
        check(f"{h}: the content's published reports are the report pages", reports == pages, (reports, pages))

        gj = geojson.loads(open(os.path.join(root, "data", "observations.geojson"), encoding="utf-8").read())
        check(f"{h}/data/observations.geojson is valid GeoJSON", gj.is_valid, gj.errors())
        features = gj["features"]
        check(f"{h}/data/observations.geojson has one Point per published report", len(features) == reports
              and all(f["geometry"]["type"] == "Point" for f in features), (len(features), reports))

        raw = open(os.path.join(root, "data", "observations.csv"), "rb").read()
        check(f"{h}/data/observations.csv is UTF-8 with CRLF records", raw.endswith(b"\r\n") and raw.decode("utf-8") is not None)
        rows = list(csv.reader(io.StringIO(raw.decode("utf-8"), newline="")))
        check(f"{h}/data/observations.csv has the Open311 GeoReport v2 columns", rows and rows[0] == OPEN311, rows[:1])
        records = [dict(zip(rows[0], r)) for r in rows[1:]]
        check(f"{h}/data/observations.csv has one row per published report", len(records) == reports and all(len(r) == len(OPEN311) for r in rows[1:]),
              (len(records), reports))
        by_id = {f["properties"]["service_request_id"]: f for f in features}
        for r in records:
            f = by_id.get(r["service_request_id"])
            ok = f is not None and [float(r["long"]), float(r["lat"])] == f["geometry"]["coordinates"] \
                and all(r[k] in (f["properties"][k], "'" + f["properties"][k]) for k in ("status", "service_code", "service_name", "requested_datetime", "address", "description"))
            check(f"{h}/data/observations.csv {r['service_request_id']} is the GeoJSON feature, at the same point", ok, (r, f and f["properties"]))
            check(f"{h}/data/observations.csv {r['service_request_id']}: status open, no media", r["status"] == "open" and r["media_url"] == "")
            for k, v in r.items():
                if k not in ("lat", "long"):
                    check(f"{h}/data/observations.csv {r['service_request_id']} {k}: no cell a spreadsheet runs as a formula", not v.startswith(FORMULA), v[:40])

        st = json.load(open(os.path.join(root, "data", "stories.json"), encoding="utf-8"))
        check(f"{h}/data/stories.json has every published story", len(st["stories"]) == stories, (len(st["stories"]), stories))
        for s in st["stories"]:
            check(f"{h}/data/stories.json {s['slug']}: its reports are published ones", all(o in by_id for o in s["observations"]), s["observations"])
        cal = icalendar.Calendar.from_ical(open(os.path.join(root, "data", "events.ics"), "rb").read())
        check(f"{h}/data/events.ics has every event", len(cal.walk("VEVENT")) == events, (len(cal.walk("VEVENT")), events))

        catalog(h, root, json.load(open(os.path.join(root, "data.json"), encoding="utf-8")), base)

        about = open(os.path.join(root, "data", "index.html"), encoding="utf-8").read()
        text = re.sub(r"<[^>]+>", " ", about)
        for n, what in ((reports, "published report"), (stories, "published stor"), (events, "event")):
            check(f"{h}/data/index.html says {n} {what}", re.search(rf"\b{n}\s+{what}", text), what)
        for link in ("data.json", "data/observations.geojson", "data/observations.csv", "data/stories.json", "data/events.ics"):
            check(f"{h}/data/index.html links {link}", f'href="../{link}"' in about or f'href="{link.removeprefix("data/")}"' in about)
        for page in ("index.html", "observations/index.html", "stories/index.html", "404.html"):
            html = open(os.path.join(root, page), encoding="utf-8").read()
            footer = html[html.rfind("<footer"):]
            check(f"{h}/{page}: its footer links the About page", re.search(r'href="[^"]*data/index\.html"', footer), footer[:300])
    checks.finish()


if __name__ == "__main__":
    main()
