#!/usr/bin/env python3
"""Writes a deterministic benchmark corpus: N neighborhoods x M observations (CSV), with stories,
coalitions and events in proportion, as a CommonSight content folder and as an equivalent Hugo site
(one page per observation and story, a list page per neighborhood, category taxonomy pages).

Usage: bench/make_corpus.py N M OUT_DIR   (writes OUT_DIR/content and OUT_DIR/hugo)
"""
import csv
import os
import random
import shutil
import sys

CATEGORIES = [("speeding", "Speeding", "#d55e00"), ("stop-sign-running", "Stop sign running", "#0072b2"),
              ("illegal-parking", "Illegal parking", "#009e73"), ("bike-lane-driving", "Driving in the bike lane", "#56b4e9"),
              ("truck-routes", "Trucks off their routes", "#e69f00"), ("other-traffic", "Other traffic problems", "#555555")]
WORDS = ("cars speed past the school every morning and the crossing guard cannot keep up with the traffic on the "
         "corner near the park where children walk to the bus stop and trucks idle in the bike lane while drivers "
         "ignore the stop sign at the intersection after dark and neighbors ask the city for speed humps").split()


def sentence(rng, lo, hi):
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(lo, hi))).capitalize() + "."


def main():
    n, m, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    rng = random.Random(n * 100_003 + m)
    for sub in ("content", "hugo"):
        shutil.rmtree(os.path.join(out, sub), ignore_errors=True)
    content, hugo = os.path.join(out, "content"), os.path.join(out, "hugo")
    os.makedirs(content)
    with open(os.path.join(content, "site.yml"), "w") as f:
        f.write("title: Benchmark Digests\nbase_url: https://bench.example.org/\ntimezone: America/Detroit\n"
                "privacy:\n  location_precision_m: 50\ncategories:\n")
        for k, label, color in CATEGORIES:
            f.write(f'  {k}: {{ label: {label}, color: "{color}" }}\n')
    os.makedirs(os.path.join(hugo, "content"))
    os.makedirs(os.path.join(hugo, "layouts", "_default"))
    with open(os.path.join(hugo, "config.toml"), "w") as f:
        f.write('baseURL = "https://bench.example.org/"\ntitle = "Benchmark Digests"\ndisableKinds = ["RSS"]\n'
                '[taxonomies]\n  category = "categories"\n  neighborhood = "neighborhoods"\n')
    layouts = {
        "baseof.html": '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head>'
                       '<body><header><a href="{{ "/" | relURL }}">{{ .Site.Title }}</a></header><main>{{ block "main" . }}{{ end }}</main></body></html>',
        "single.html": '{{ define "main" }}<h1>{{ .Title }}</h1><p>{{ .Params.location }} · {{ .Date.Format "January 2, 2006" }}</p>'
                       '{{ with .Params.categories }}<p>{{ range . }}<a href="{{ (printf "/categories/%s/" (urlize .)) | relURL }}">{{ . }}</a> {{ end }}</p>{{ end }}'
                       '{{ .Content }}{{ end }}',
        "list.html": '{{ define "main" }}<h1>{{ .Title }}</h1><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> {{ .Date.Format "Jan 2, 2006" }}</li>{{ end }}</ul>{{ end }}',
        "terms.html": '{{ define "main" }}<h1>{{ .Title }}</h1><ul>{{ range .Data.Terms.Alphabetical }}<li><a href="{{ .Page.RelPermalink }}">{{ .Page.Title }}</a> {{ .Count }}</li>{{ end }}</ul>{{ end }}',
    }
    for name, text in layouts.items():
        open(os.path.join(hugo, "layouts", "_default", name), "w").write(text)
    start = 1_700_000_000
    for h in range(n):
        slug = f"hood-{h:03d}"
        d = os.path.join(content, "neighborhoods", slug)
        os.makedirs(os.path.join(d, "stories"))
        os.makedirs(os.path.join(d, "coalitions"))
        os.makedirs(os.path.join(d, "events"))
        lat0, lon0 = 42.30 + (h % 10) * 0.02, -83.20 + (h // 10) * 0.03
        with open(os.path.join(d, "boundary.geojson"), "w") as f:
            f.write('{"type": "Polygon", "coordinates": [[[%f, %f], [%f, %f], [%f, %f], [%f, %f], [%f, %f]]]}\n' % (
                lon0, lat0, lon0 + 0.025, lat0, lon0 + 0.025, lat0 + 0.018, lon0, lat0 + 0.018, lon0, lat0))
        open(os.path.join(d, "neighborhood.md"), "w").write(f"---\nname: Neighborhood {h}\ndescription: Benchmark neighborhood {h}\n---\n{sentence(rng, 30, 60)}\n")
        hd = os.path.join(hugo, "content", slug)
        os.makedirs(hd)
        open(os.path.join(hd, "_index.md"), "w").write(f"---\ntitle: Neighborhood {h}\n---\n")
        ids = []
        with open(os.path.join(d, "observations.csv"), "w", newline="") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(["id", "category", "location", "lat", "lon", "observed", "description"])
            for i in range(m):
                oid = f"{slug}-{i:05d}"
                ids.append(oid)
                cat = CATEGORIES[rng.randrange(len(CATEGORIES))][0]
                t = start + rng.randrange(0, 2 * 365 * 86400)
                day = f"{1970 + 0}"  # placeholder, replaced below
                import datetime as dt
                when = dt.datetime.fromtimestamp(t, dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
                desc = " ".join(sentence(rng, 8, 25) for _ in range(rng.randint(1, 4)))
                loc = f"Block {rng.randint(1, 80)} of {rng.choice(['Main', 'Oak', 'Elm', 'Grand River', 'Warren'])}"
                lat, lon = lat0 + rng.random() * 0.018, lon0 + rng.random() * 0.025
                w.writerow([oid, cat, loc, f"{lat:.6f}", f"{lon:.6f}", when, desc])
                label = next(l for k, l, _ in CATEGORIES if k == cat)
                open(os.path.join(hd, oid + ".md"), "w").write(
                    f"---\ntitle: \"{label} — {loc}\"\ndate: {when}\nlocation: \"{loc}\"\ncategories: [\"{label}\"]\nneighborhoods: [\"{slug}\"]\n---\n{desc}\n")
        for c in range(max(1, m // 500)):
            open(os.path.join(d, "coalitions", f"coalition-{c}.md"), "w").write(
                f"---\nname: Coalition {c}\nfocus: [{CATEGORIES[c % len(CATEGORIES)][0]}]\nmeets: Tuesdays\n---\n{sentence(rng, 20, 40)}\n")
        for s in range(max(2, m // 100)):
            linked = rng.sample(ids, min(12, len(ids)))
            body = "\n\n".join(" ".join(sentence(rng, 10, 25) for _ in range(3)) for _ in range(rng.randint(3, 8)))
            date = f"2025-{1 + s % 12:02d}-{1 + s % 28:02d}"
            open(os.path.join(d, "stories", f"story-{s}.md"), "w").write(
                f"---\ntitle: Story {s} in neighborhood {h}\nstatus: published\ndate: {date}\nobservations: [{', '.join(linked)}]\n"
                f"call_to_action: Ask the city for speed humps.\ntags: [speeding]\ncoalition: coalition-0\n---\n{body}\n")
            open(os.path.join(hd, f"story-{s}.md"), "w").write(f"---\ntitle: Story {s} in neighborhood {h}\ndate: {date}\nneighborhoods: [\"{slug}\"]\n---\n{body}\n")
        for e in range(max(2, m // 250)):
            open(os.path.join(d, "events", f"event-{e}.md"), "w").write(
                f"---\ntitle: Meeting {e}\nstart: 2026-{1 + e % 12:02d}-{1 + e % 28:02d} 18:30\nlocation: Library\ncoalition: coalition-0\n---\n{sentence(rng, 10, 30)}\n")
    print(f"corpus: {n} neighborhoods x {m} observations in {out}")


if __name__ == "__main__":
    main()
