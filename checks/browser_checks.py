#!/usr/bin/env python3
"""Looks at a built site in headless Chromium as residents do, on a phone and on a desktop:

- no page scrolls sideways at 320 and 390 px wide;
- the map's key (legend, what a group is, credit) and the scale bar on the map are at least 11 CSS
  px at 320 px wide, and at least 7 pt when printed (the pages and both kinds of flyer);
- names on every sample map overlap neither each other nor a mark, the scale bar or the north
  arrow, measured with getBBox() and the text's transform as the browser lays it out;
- a keyboard passes a map without stopping in it (nothing inside an SVG map is tabbable, checked
  by pressing Tab through a home page), and a group's link opens its place in the list under the map;
- axe-core (the copy inside the PyPI package axe-playwright-python) reports no violation of
  serious or critical impact (color contrast among them), and no heading that skips a level, on any
  page kind, at 390 and 1280 px in the light and the dark color scheme (--sample; another site, at
  390 px light and 1280 px dark);
- on each right-to-left edition's home, lists, story and report, every heading, paragraph and list item reads right to left unless marked as another
  language's words;
- every flyer.html has no sideways scroll at 390 px and shows a print button; a story's player
  starts within the first screen and a half at 390 px;
- a group's link (on both drawings of every home page) lands on a list of exactly its count of
  reports; on the wide drawing a group's reports lie within 300 m of each other (--sample);
- no printed flyer map crops its neighborhood: the boundary's box lies inside the printed map's;
- with --sample, every arterial with 300 m or more inside a neighborhood is named on its home
  page's wide and phone maps (a map may name it by a short form: "Warren" for "W Warren Ave");
- the 404 page, copied five folders deep away from its site (a host serves it at any address), has
  the colors, fonts and widths it has at home.

Usage: checks/browser_checks.py PUBLIC_DIR [--sample]. Ends with 'browser-checks: N passed, N failed'.
"""
import importlib.util
import math
import os
import queue
import shutil
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

from selenium.webdriver.common.keys import Keys

from checklib import Checks, chromium

checks = Checks("browser-checks", detail_chars=600)
check = checks.check


def axe_source():
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or not spec.submodule_search_locations:
        sys.exit("browser-checks: axe-playwright-python is not installed (scripts/setup.sh test installs it)")
    return open(os.path.join(list(spec.submodule_search_locations)[0], "axe.min.js"), encoding="utf-8").read()


def first(folder, name="index.html"):
    """The first item folder's page under `folder`, or None."""
    if not os.path.isdir(folder):
        return None
    for item in sorted(os.listdir(folder)):
        path = os.path.join(folder, item, name)
        if os.path.isfile(path):
            return path
    return None


def pages(public):
    """Every page kind of every neighborhood: (kind, path)."""
    out = [("index", os.path.join(public, "index.html"))]
    for hood in sorted(os.listdir(public)):
        h = os.path.join(public, hood)
        if not os.path.isfile(os.path.join(h, "index.html")) or hood == "index.html":
            continue
        digests = sorted(d for d in os.listdir(os.path.join(h, "digest")) if d.startswith("2"))
        latest = os.path.join(h, "digest", digests[-1], "index.html") if digests else None
        # The busiest week: the widest counts table and the longest list.
        busiest = max((os.path.join(h, "digest", d, "index.html") for d in digests), key=os.path.getsize, default=None)
        longest = max((os.path.join(h, "stories", d, "index.html") for d in os.listdir(os.path.join(h, "stories"))
                       if os.path.isfile(os.path.join(h, "stories", d, "index.html"))), key=os.path.getsize, default=None)
        for kind, path in [("home", os.path.join(h, "index.html")), ("observations", os.path.join(h, "observations", "index.html")),
                           ("observation", first(os.path.join(h, "observations"))), ("stories", os.path.join(h, "stories", "index.html")),
                           ("story", first(os.path.join(h, "stories"))), ("coalitions", os.path.join(h, "coalitions", "index.html")),
                           ("coalition", first(os.path.join(h, "coalitions"))), ("events", os.path.join(h, "events", "index.html")),
                           ("digests", os.path.join(h, "digest", "index.html")), ("digest", latest), ("digest", busiest),
                           ("story", longest), ("search", os.path.join(h, "search", "index.html")), ("about-data", os.path.join(h, "data", "index.html")),
                           ("404", os.path.join(h, "404.html"))]:
            if path and os.path.isfile(path) and (kind, path) not in out:
                out.append((kind, path))
    return out


def set_width(driver, width, height=900, media="", scheme="light"):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"media": media, "features": [{"name": "prefers-color-scheme", "value": scheme}]})


# The effective size of every piece of text in the map's key and of the scale bar drawn on the
# visible map, in CSS px: an SVG's text is scaled by how wide the SVG is drawn against its viewBox.
TEXT_SIZES = """
const out = [];
for (const fig of document.querySelectorAll('.map-figure, .map')) {
  for (const el of fig.querySelectorAll('.map-legend li, .map-credit, .map-caption')) {
    if (el.getClientRects().length) out.push([el.className || el.tagName, parseFloat(getComputedStyle(el).fontSize), el.textContent.trim().slice(0, 40)]);
  }
}
for (const svg of document.querySelectorAll('svg.map')) {
  const box = svg.getBoundingClientRect();
  if (!box.width) continue;
  const factor = box.width / svg.viewBox.baseVal.width;
  for (const t of svg.querySelectorAll('.scale text')) {
    out.push(['scale', parseFloat(getComputedStyle(t).fontSize) * factor, t.textContent]);
  }
}
return out;
"""

# Names, marks, the scale bar and the north arrow of the visible maps, as four corners each in the
# SVG's own units (getBBox() through the element's transform: a name along a street is turned).
MAP_BOXES = """
const maps = [];
for (const svg of document.querySelectorAll('svg.map')) {
  if (!svg.getBoundingClientRect().width) continue;
  const corners = (el) => {
    const b = el.getBBox(), m = svg.getScreenCTM().inverse().multiply(el.getScreenCTM());
    return [[b.x, b.y], [b.x + b.width, b.y], [b.x + b.width, b.y + b.height], [b.x, b.y + b.height]]
      .map(([x, y]) => [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f]);
  };
  const names = [...svg.querySelectorAll('.names > g:last-child > text')].map(t => [t.textContent, corners(t)]);
  const others = [...svg.querySelectorAll('.marks > a, .scale, .north')].map(el => [el.getAttribute('aria-label') || el.getAttribute('class'), corners(el)]);
  maps.push([svg.getAttribute('class'), names, others]);
}
return maps;
"""


def overlaps(a, b, slack=0.5):
    """Separating-axis test on two convex quadrilaterals, each shrunk by `slack` along every axis."""
    for poly in (a, b):
        for i in range(4):
            (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % 4]
            ax, ay = y0 - y1, x1 - x0
            length = math.hypot(ax, ay) or 1
            ax, ay = ax / length, ay / length
            pa = [x * ax + y * ay for x, y in a]
            pb = [x * ax + y * ay for x, y in b]
            if max(pa) - slack <= min(pb) or max(pb) - slack <= min(pa):
                return False
    return True


def phones(driver, items):
    for width in (320, 390):
        set_width(driver, width)
        for kind, path in items:
            driver.get("file://" + path)
            sw, iw = driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
            check(f"{path} at {width} px does not scroll sideways", sw <= iw, f"{sw} px of content in {iw}")
            if width == 320:
                for what, size, text in driver.execute_script(TEXT_SIZES):
                    check(f"{path} at 320 px: map text '{text}' ({what}) is at least 11 px", size >= 11 - 1e-6, f"{size:.1f} px")


def printed(driver, items, public):
    """Print media on a Letter page's width (7.5 in of content): the key and scale at least 7 pt."""
    set_width(driver, 720, 960, "print")
    flyers = []
    for hood in sorted(os.listdir(public)):
        for sub in ("stories", "digest"):
            f = first(os.path.join(public, hood, sub), "flyer.html")
            if f:
                flyers.append(f)
    for path in [p for k, p in items if k in ("home", "story", "digest", "observation")] + flyers:
        driver.get("file://" + path)
        sizes = driver.execute_script(TEXT_SIZES)
        has_map = driver.execute_script("return document.querySelectorAll('svg.map').length > 0")
        check(f"{path} printed shows a map key", len(sizes) > 0 or not has_map)
        for what, size, text in sizes:
            check(f"{path} printed: map text '{text}' ({what}) is at least 7 pt", size * 0.75 >= 7 - 1e-6, f"{size * 0.75:.1f} pt")


# A flyer's blocks as laid out for print: what each holds, where, and whether a column cuts text off.
FLYER_BLOCKS = """
const sheet = document.querySelector('.sheet');
if (!sheet) return null;
const r = e => {
  // A map counts where it is drawn: its viewBox as laid out, not the box around any letterboxing.
  if (e.matches('svg.map') && e.getScreenCTM()) {
    const m = e.getScreenCTM(), v = e.viewBox.baseVal;
    return [m.e, m.f, m.e + m.a * v.width, m.f + m.d * v.height];
  }
  const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom];
};
const blocks = [...sheet.querySelectorAll(
  '.kicker, h1, .draft, .text > p, .text > ul, .text > ol, .text > table, .text > h2, .text > h3, .text > blockquote, ' +
  '.lower > p, .map > svg.map, .map-legend, .map-credit, .side > .box, .side > .whole > .box, footer')]
  .filter(e => e.getClientRects().length)
  // A box shown whole or not at all counts where it is shown: not when it wrapped out of sight.
  .filter(e => { if (!e.parentElement.matches('.whole')) return true;
    const [a, w] = [r(e), r(e.parentElement)]; return a[0] >= w[0] - 1 && a[2] <= w[2] + 1 && a[3] <= w[3] + 1; })
  .map(e => [e.className || e.tagName.toLowerCase(), r(e)]);
const cut = [...sheet.querySelectorAll('.text, .lower, .side')].filter(e => e.scrollHeight > e.clientHeight + 1)
  .map(e => e.className + ' ' + (e.scrollHeight - e.clientHeight) + ' px');
return {sheet: r(sheet), blocks: blocks, cut: cut};
"""

# Letter and A4 with the flyers' 0.45 in page margins, in CSS px.
PRINT_PAGES = {"Letter": (816 - 86, 1056 - 86), "A4": (794 - 86, 1123 - 86)}


def flyers(driver, public, half):
    """Every flyer, the editions' too (this part takes every other one, from `half`), opened once:
    on a phone (390 px) it fits the width and offers a print button; then under print emulation on
    Letter and on A4: no block over another, nothing cut off, nothing outside the sheet, no box
    showing its heading alone, and (in the site's language) at most about a third of the sheet left
    empty; on Letter, the cropping of its map (`crop`). How many had a map with a boundary, and the
    emptiest sheet."""
    # How full a sheet is, only in the site's language: an edition's longer words may drop a side box
    # that is shown whole or not at all, which leaves its sheet emptier by design.
    main = set(all_flyers(public, editions=()))
    worst, cropped = (0, ""), 0
    for path in all_flyers(public)[half::2]:
        set_width(driver, 390)
        driver.get("file://" + path)
        sw, iw, button = driver.execute_script("""
            const b = document.getElementById('print-button');
            return [document.documentElement.scrollWidth, window.innerWidth, !!b && b.getClientRects().length > 0];""")
        check(f"{path} at 390 px does not scroll sideways", sw <= iw, f"{sw} px of content in {iw}")
        check(f"{path} at 390 px shows a print button", button)
        for paper, (w, h) in PRINT_PAGES.items():
            set_width(driver, w, h, "print")
            now = driver.execute_script(FLYER_NOW, paper == "Letter")
            if now["crop"]:
                cropped += crop(path, now["crop"])
            got, alone = now["blocks"], now["alone"]
            name = f"{os.path.relpath(path, public)} on {paper}"
            check(f"{name}: no box shows its heading alone", not alone, alone)
            if not got:
                check(f"{name} has a sheet", False)
                continue
            sx0, sy0, sx1, sy1 = got["sheet"]
            blocks = got["blocks"]
            clashes = []
            for i, (a, ra) in enumerate(blocks):
                for b, rb in blocks[i + 1:]:
                    if min(ra[2], rb[2]) - max(ra[0], rb[0]) > 1 and min(ra[3], rb[3]) - max(ra[1], rb[1]) > 1:
                        clashes.append(f"{a} over {b}")
            outside = [a for a, r in blocks if r[0] < sx0 - 1 or r[1] < sy0 - 1 or r[2] > sx1 + 1 or r[3] > sy1 + 1]
            check(f"{name}: no block over another", not clashes, clashes)
            check(f"{name}: nothing cut off or outside the page", not got["cut"] and not outside, got["cut"] + outside)
            if path not in main:
                continue
            # The share of the sheet no block covers, counted on a grid of 4 px cells.
            cell, covered = 4, set()
            for _, (x0, y0, x1, y1) in blocks:
                for gx in range(int(max(x0, sx0) // cell), int(min(x1, sx1) // cell)):
                    for gy in range(int(max(y0, sy0) // cell), int(min(y1, sy1) // cell)):
                        covered.add((gx, gy))
            total = max(1, int((sx1 - sx0) // cell) * int((sy1 - sy0) // cell))
            empty = 1 - len(covered) / total
            worst = max(worst, (empty, name))
            check(f"{name}: at most about a third of the page is empty", empty <= 0.36, f"{empty:.0%} empty")
    return cropped, worst


def names_never_collide(driver, items, sample):
    count = 0
    for width in (390, 1280):
        set_width(driver, width)
        for kind, path in items:
            if kind not in ("home", "story", "observation", "digest", "coalition"):
                continue
            driver.get("file://" + path)
            for cls, names, others in driver.execute_script(MAP_BOXES):
                count += len(names)
                clashes = []
                for i, (text, box) in enumerate(names):
                    clashes += [f"'{text}' over '{t2}'" for t2, b2 in names[i + 1:] if overlaps(box, b2)]
                    clashes += [f"'{text}' over {what}" for what, b2 in others if overlaps(box, b2)]
                check(f"{path} at {width} px ({cls}): {len(names)} names clear of each other, the marks, scale and north arrow",
                      not clashes, "; ".join(clashes))
    if sample:
        check("the sample maps carry names", count > 50, count)


def keyboard(driver, items):
    """Nothing inside a map takes focus; Tab through a home page never stops in a map; a group's
    link shows its place in the list."""
    set_width(driver, 1280)
    for kind, path in items:
        driver.get("file://" + path)
        inside = driver.execute_script(
            "return [...document.querySelectorAll('svg.map *')].filter(e => e.tabIndex >= 0).length")
        check(f"{path}: nothing inside a map is in the tab order", inside == 0, f"{inside} tabbable")
    homes = [p for k, p in items if k == "home"]
    for path in homes[:1]:
        driver.get("file://" + path)
        stops_in_map, reached_after = 0, False
        for _ in range(400):
            driver.switch_to.active_element.send_keys(Keys.TAB)
            where = driver.execute_script("""
                const a = document.activeElement, fig = document.querySelector('.map-figure');
                if (!fig) return 'none';
                if (a.closest && a.closest('svg.map')) return 'map';
                return (fig.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING) ? 'after' : 'before';""")
            if where == "map":
                stops_in_map += 1
            if where == "after":
                reached_after = True
                break
        check(f"{path}: Tab passes the map without stopping in it", stops_in_map == 0 and reached_after,
              f"{stops_in_map} stops in the map, reached past it: {reached_after}")
    for path in homes:
        driver.get("file://" + path)
        anchor = driver.execute_script("""
            const a = document.querySelector('svg.map-wide .marks a[href*="#map-g"], svg.map .marks a[href*="#map-g"]');
            return a ? a.getAttribute('href').split('#')[1] : null;""")
        if not anchor:
            continue
        driver.get("file://" + path + "#" + anchor)
        shown = driver.execute_script(f"""
            const li = document.getElementById('{anchor}');
            return li ? [li.getClientRects().length > 0, li.querySelectorAll('a').length] : [false, 0];""")
        check(f"{path}#{anchor}: following a group's link shows its place and its reports", shown[0] and shown[1] > 0, shown)


def search(driver, items, public):
    """The search page finds a report by a word of its own, links to a page that exists, and
    shows a hostile query as text."""
    import json
    set_width(driver, 390)
    for kind, path in items:
        if kind != "search":
            continue
        index = open(os.path.join(os.path.dirname(path), "index.js"), encoding="utf-8").read()
        entries = json.loads(index[index.index("= [") + 2:index.rindex("]") + 1])
        words = next((e[4].split() for e in entries if e[0] == "o" and len(e[4].split()) >= 3), None)
        if not words:
            words = entries[0][2].split() if entries else ["nothing"]
        query = " ".join(w.strip(".,;:!?\"'()") for w in words[:2])
        driver.get("file://" + path + "?q=" + query.replace(" ", "%20"))
        found = driver.execute_script("return [...document.querySelectorAll('#search-results a')].map(a => a.href)")
        status = driver.execute_script("return document.getElementById('search-status').textContent")
        check(f"{path}: '{query}' finds something", len(found) > 0, status)
        check(f"{path}: the results link to pages that exist",
              all(os.path.isfile(h[len('file://'):].split('#')[0].split('?')[0]) for h in found), found[:3])
        # A word with a letter left out finds nothing, and the page proposes the word ("parkng": "parking").
        import re
        known = [w for e in entries for w in re.findall(r"[a-z]{7,}", (e[2] + " " + e[4]).lower())]
        word = "parking" if "parking" in known else (known[0] if known else None)
        if word:
            typo = word[:4] + word[5:]
            if not any(typo in (e[2] + " " + e[3] + " " + e[4]).lower() for e in entries):
                driver.get("file://" + path + "?q=" + typo)
                proposed = driver.execute_script("const a = document.querySelector('#search-suggest a'); return a ? a.textContent : null")
                check(f"{path}: '{typo}' finds nothing and proposes '{word}'", proposed == word, proposed)
                if proposed:
                    driver.find_element("css selector", "#search-suggest a").click()
                    found = driver.execute_script("return document.querySelectorAll('#search-results a').length")
                    check(f"{path}: following the proposal finds something", found > 0, found)
        driver.get("file://" + path + "?q=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E")
        images = driver.execute_script("return document.querySelectorAll('#search-results img, #search-status img').length")
        check(f"{path}: a query with markup is shown as text", images == 0)


# The sample is looked at in all four; another site of the same theme (an edition, the hostile
# fixture) in the first two, the phone in the light scheme and the desktop in the dark: what changes
# with width and scheme alone is the theme's, which the sample's four already cover.
AXE_VIEWS = ((390, "light"), (1280, "dark"), (1280, "light"), (390, "dark"))


def axe(driver, items, source, views):
    """Each page in each view: (width, color scheme)."""
    for width, scheme in views:
        set_width(driver, width, scheme=scheme)
        for kind, path in items:
            driver.get("file://" + path)
            driver.execute_script(source)
            result = driver.execute_async_script("""
                const done = arguments[arguments.length - 1];
                axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations.map(v =>
                  [v.id, v.impact, v.help, v.nodes.slice(0, 3).map(n => n.target.join(' '))]))).catch(e => done([['error', 'critical', String(e), []]]));""")
            # Headings that skip a level (moderate in axe) too: a screen reader's outline of the page.
            bad = [v for v in result if v[1] in ("serious", "critical") or v[0] == "heading-order"]
            check(f"{path} ({kind}) at {width} px, {scheme}: no serious or critical axe-core violation, no skipped heading level", not bad, bad)


def all_flyers(public, editions=("es", "ar")):
    """Every story and digest flyer of each neighborhood, and of its editions in `editions`."""
    out = []
    for hood in sorted(os.listdir(public)):
        for sub in ("stories", "digest"):
            for d in [os.path.join(public, hood, sub)] + [os.path.join(public, hood, lang, sub) for lang in editions]:
                if os.path.isdir(d):
                    out += [os.path.join(d, i, "flyer.html") for i in sorted(os.listdir(d)) if os.path.isfile(os.path.join(d, i, "flyer.html"))]
    return out


# The boundary's box and the printed map's box, in page pixels: the map as its viewBox is laid out.
BOUNDARY_BOX = """
const svg = document.querySelector('.map svg.map'), b = svg && svg.querySelector('path.boundary');
if (!b) return null;
const m = svg.getScreenCTM(), v = svg.viewBox.baseVal, r = b.getBoundingClientRect(), lower = svg.closest('.lower') || svg.parentElement;
const l = lower.getBoundingClientRect();
return {map: [m.e, m.f, m.e + m.a * v.width, m.f + m.d * v.height], boundary: [r.left, r.top, r.right, r.bottom],
        room: [l.left, l.top, l.right, l.bottom], marks: [...svg.querySelectorAll('.marks > a')].map(a => { const q = a.getBoundingClientRect(); return [q.left, q.top, q.right, q.bottom]; })};
"""


def crop(path, got):
    """Printed on Letter (`got`: BOUNDARY_BOX measured under that emulation), the flyer's map holds
    its whole boundary and every mark, and the map itself lies inside the room the sheet gives it. 1."""
    (mx0, my0, mx1, my1), (bx0, by0, bx1, by1), (rx0, ry0, rx1, ry1) = got["map"], got["boundary"], got["room"]
    inside = bx0 >= mx0 - 1 and by0 >= my0 - 1 and bx1 <= mx1 + 1 and by1 <= my1 + 1
    check(f"{path}: the printed map holds its whole boundary", inside, (got["map"], got["boundary"]))
    check(f"{path}: the printed map lies inside its room", mx0 >= rx0 - 1 and my0 >= ry0 - 1 and mx1 <= rx1 + 1 and my1 <= ry1 + 1,
          (got["map"], got["room"]))
    outside = [q for q in got["marks"] if q[0] < mx0 - 1 or q[1] < my0 - 1 or q[2] > mx1 + 1 or q[3] > my1 + 1]
    check(f"{path}: every mark is on the printed map", not outside, outside[:3])
    return 1


# The boxes of a flyer's side column that show their heading and nothing under it: the words that
# were to follow it did not fit the paper (a heading alone promises what the page does not say).
HEADING_ALONE = """
const alone = [];
for (const box of document.querySelectorAll('.side .box')) {
  const r = box.getBoundingClientRect(), h = box.querySelector('h2');
  if (!h || r.height < 1 || h.getBoundingClientRect().bottom > r.bottom) continue;
  const shown = [...box.querySelectorAll(':scope > :not(h2)')].some(e => { const q = e.getBoundingClientRect();
    return q.height > 0 && q.top >= r.top && q.bottom <= r.bottom + 1 && q.left >= r.left - 1 && q.right <= r.right + 1; });
  if (!shown) alone.push(h.textContent.trim());
}
return alone;"""

# A flyer as laid out now: its blocks, the boxes showing their heading alone and (on Letter) its
# map's cropping. The page's own resize handler runs first, as it does when a page opens at this size.
FLYER_NOW = (
    "window.dispatchEvent(new Event('resize'));"
    "return {blocks: (() => {" + FLYER_BLOCKS + "})(), alone: (() => {" + HEADING_ALONE + "})(),"
    " crop: arguments[0] ? (() => {" + BOUNDARY_BOX + "})() : null};")


def player_near_top(driver, items):
    """A story read aloud: its player starts within a screen and a half at 390 px."""
    set_width(driver, 390, 844)
    for kind, path in items:
        if kind != "story":
            continue
        driver.get("file://" + path)
        top = driver.execute_script("const a = document.querySelector('.narration audio'); return a ? a.getBoundingClientRect().top + scrollY : null;")
        if top is not None:
            check(f"{path}: the player starts within 1.5 screens at 390 px", top <= 1.5 * 844, f"{top:.0f} px down")


# Each group link of each drawing, its count (the number on the circle) and the list it opens.
GROUP_LINKS = """
const out = [];
for (const svg of document.querySelectorAll('svg.map')) {
  for (const a of svg.querySelectorAll('.marks > a')) {
    const href = a.getAttribute('href');
    if (!href.startsWith('#')) continue;
    out.push([svg.getAttribute('class'), href.slice(1), parseInt(a.querySelector('text').textContent, 10)]);
  }
}
return out;
"""

ARABIC_DIGITS = str.maketrans("٠١٢٣٤٥٦٧٨٩", "0123456789")
SHOWN_LIST = """
const s = document.getElementById(arguments[0]);
if (!s) return null;
return [s.getClientRects().length > 0, [...s.querySelectorAll('li.obs a.obs-place')].map(a => a.getAttribute('href')),
        !!s.querySelector('h2, h3') && s.querySelector('h2, h3').textContent.trim(), !!s.querySelector('a[href="#map"]'),
        s.querySelector('.map-group-more a') && [s.querySelector('.map-group-more a').textContent, s.querySelector('.map-group-more a').getAttribute('href')]];
"""


def meters(a, b):
    lat = math.radians((a[1] + b[1]) / 2)
    return math.hypot((a[0] - b[0]) * 111320 * math.cos(lat), (a[1] - b[1]) * 111320)


def groups_hold_their_reports(driver, items, public, sample):
    """Every group link of every home page (both drawings) opens a list of its reports (all of
    them, or its newest and a link to the list of all saying how many more there are); on the
    wide drawing a group's reports lie within 300 m of each other."""
    import json
    import re
    set_width(driver, 1280)
    for kind, path in items:
        if kind != "home":
            continue
        folder = os.path.dirname(path)
        geo = os.path.join(folder, "data", "observations.geojson")
        where = {}
        if os.path.isfile(geo):
            for f in json.load(open(geo, encoding="utf-8"))["features"]:
                where[str(f.get("id"))] = f["geometry"]["coordinates"]
        driver.get("file://" + path)
        links = driver.execute_script(GROUP_LINKS)
        widest = 0
        for cls, anchor, count in links:
            driver.get("file://" + path + "#" + anchor)
            shown = driver.execute_script(SHOWN_LIST, anchor)
            if not shown:
                check(f"{path}#{anchor}: a group's link has its list", False)
                continue
            visible, hrefs, heading, back, more = shown
            check(f"{path}#{anchor} ({cls}): the list shows its {count} reports under a heading, with a way back",
                  visible and 0 < len(hrefs) <= count and len(set(hrefs)) == len(hrefs) and heading and back, (visible, len(hrefs), heading, back))
            if sample:
                check(f"{path}#{anchor} ({cls}): a sample neighborhood's group lists exactly its {count} reports", len(hrefs) == count, len(hrefs))
            if len(hrefs) < count:
                rest = str(count - len(hrefs))
                check(f"{path}#{anchor} ({cls}): the {rest} reports not listed are counted, with a link to all reports",
                      # ("another report", "two more reports": some languages spell out one and two)
                      bool(more) and (rest in more[0].translate(ARABIC_DIGITS) or int(rest) <= 2) and more[1].endswith("observations/index.html"), more)
            if "map-wide" in cls and where:
                ids = [m.group(1) for h in hrefs for m in [re.search(r"observations/([^/]+)/", h)] if m]
                points = [where[i] for i in ids if i in where]
                span = max((meters(p, q) for p in points for q in points), default=0)
                widest = max(widest, span)
                check(f"{path}#{anchor}: a wide drawing's group holds reports within 300 m", span <= 300, f"{span:.0f} m")
        if sample:
            check(f"{path}: the home map has groups to follow", len(links) > 0, len(links))
        print(f"{os.path.relpath(path, public)}: {len(links)} group links; widest wide group {widest:.0f} m")


ARTERIALS = {"freeway", "motorway", "principal_arterial", "primary", "trunk", "minor_arterial", "secondary"}
STREET_KINDS = {"Ave", "Rd", "St", "Blvd", "Hwy", "Dr", "Trl", "Pkwy", "Ln", "Way", "Ct", "Pl", "Fwy", "Expy"}


def short_forms(name):
    """A street's name and the shorter forms a map may use ("W Warren Ave", "Warren Ave", "Warren")."""
    words, forms = name.split(), [name]
    if len(words) > 1 and words[0] in ("N", "S", "E", "W", "NE", "NW", "SE", "SW"):
        words = words[1:]
        forms.append(" ".join(words))
    if len(words) > 1 and words[-1] in STREET_KINDS:
        forms.append(" ".join(words[:-1]))
    return forms


def inside_rings(x, y, rings):
    hit = False
    for ring in rings:
        for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]):
            if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
                hit = not hit
    return hit


def arterials_named(driver, public):
    """The sample: every arterial with 300 m or more inside a neighborhood is named on its home
    page's wide and phone maps (the neighborhoods' content sits beside this script)."""
    import json
    content = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "content", "neighborhoods")
    for hood in sorted(os.listdir(content)):
        page = os.path.join(public, hood, "index.html")
        folder = os.path.join(content, hood)
        if not os.path.isfile(page) or not os.path.isfile(os.path.join(folder, "basemap.geojson")):
            continue
        b = json.load(open(os.path.join(folder, "boundary.geojson"), encoding="utf-8"))
        geom = b["features"][0]["geometry"] if "features" in b else b.get("geometry", b)
        polygons = geom["coordinates"] if geom["type"] == "MultiPolygon" else [geom["coordinates"]]
        rings = [r for p in polygons for r in p]
        inside = {}
        for f in json.load(open(os.path.join(folder, "basemap.geojson"), encoding="utf-8"))["features"]:
            p = f.get("properties") or {}
            if p.get("class") not in ARTERIALS or not p.get("name"):
                continue
            g = f["geometry"]
            for line in (g["coordinates"] if g["type"] == "MultiLineString" else [g["coordinates"]]):
                for a, c in zip(line, line[1:]):
                    length, n = meters(a, c), max(1, int(meters(a, c) // 10))
                    for k in range(n):
                        t = (k + 0.5) / n
                        if inside_rings(a[0] + (c[0] - a[0]) * t, a[1] + (c[1] - a[1]) * t, rings):
                            inside[p["name"]] = inside.get(p["name"], 0) + length / n
        wanted = sorted(name for name, length in inside.items() if length >= 300)
        for width, cls in ((1280, "map-wide"), (390, "map-narrow")):
            set_width(driver, width)
            driver.get("file://" + page)
            names = set(driver.execute_script(
                f"return [...document.querySelectorAll('svg.{cls} .names > g:last-child > text')].map(t => t.textContent)"))
            missing = [n for n in wanted if not any(f in names for f in short_forms(n))]
            check(f"{hood}: the {cls} home map names all {len(wanted)} arterials crossing the neighborhood", not missing, missing)


# Text blocks in main that do not take the page's direction: on a right-to-left page, every heading,
# paragraph and list item reads right to left, unless it is marked as another language's words
# (`lang`, on it or around all its words) or deliberately left to right. (`dir="auto"` around words isolated in a <bdi> would make
# a block left to right: the direction is read from the block's own text, and a <bdi>'s is skipped.)
LTR_BLOCKS = """
const bad = [], page = document.documentElement.lang.split('-')[0];
const foreign = e => { const l = e.closest('[lang]'); return l && l.lang.split('-')[0] !== page; };
// Letters of the block not marked as another language's (a transcript's paragraph all in English is English).
const own = e => { const w = document.createTreeWalker(e, NodeFilter.SHOW_TEXT); let n = 0;
  while (w.nextNode()) if (!foreign(w.currentNode.parentElement) && /\p{L}/u.test(w.currentNode.data)) n++; return n; };
for (const e of document.querySelectorAll('main h1, main h2, main h3, main p, main li, main dd, main dt')) {
  if (!e.getClientRects().length || !e.textContent.trim() || e.closest('[dir="ltr"], pre') || foreign(e) || !own(e)) continue;
  if (getComputedStyle(e).direction !== 'rtl') bad.push(e.tagName + ': ' + e.textContent.trim().slice(0, 50));
}
return bad;"""


def right_to_left_blocks(driver, items, public):
    """The pages of each right-to-left edition (`NEIGHBORHOOD/LANG/`), whose words' languages the
    content states: a site whose own language is right to left may hold words it does not mark."""
    paths = []
    for hood in sorted(os.listdir(public)):
        h = os.path.join(public, hood)
        for edition in sorted(os.listdir(h)) if os.path.isdir(h) else []:
            folder = os.path.join(h, edition)
            if len(edition) == 2 and os.path.isfile(os.path.join(folder, "index.html")):
                paths += [os.path.join(folder, p) for p in ("index.html", "stories/index.html", "coalitions/index.html",
                                                            "events/index.html", "observations/index.html", "digest/index.html")]
                paths += [p for p in (first(os.path.join(folder, "stories")), first(os.path.join(folder, "observations"))) if p]
    set_width(driver, 390)
    seen = 0
    for path in paths:
        if not os.path.isfile(path) or 'dir="rtl"' not in open(path, encoding="utf-8").read(400):
            continue
        seen += 1
        driver.get("file://" + path)
        bad = driver.execute_script(LTR_BLOCKS)
        check(f"{path}: every block of text reads right to left, as the page does", not bad, bad[:5])
    return seen


def standalone_map_page(driver, public, source):
    """The home map's page of its own fits a phone, showing the phone drawing; with a place of the
    map opened (its list shown), axe finds nothing serious and no skipped heading level."""
    set_width(driver, 390)
    for hood in sorted(os.listdir(public)):
        page = os.path.join(public, hood, "map.html")
        if not os.path.isfile(page):
            continue
        driver.get("file://" + page)
        sw, iw, drawn = driver.execute_script("""
            const s = document.querySelector('svg.map-narrow');
            return [document.documentElement.scrollWidth, window.innerWidth, s ? s.getBoundingClientRect().width / s.viewBox.baseVal.width : 0];""")
        check(f"{page} at 390 px fits the screen", sw <= iw, f"{sw} in {iw}")
        check(f"{page} at 390 px shows the phone drawing at a readable scale", drawn >= 0.95, f"{drawn:.2f}")
        group = driver.execute_script("const g = document.querySelector('section.map-group'); return g ? g.id : null;")
        if group:
            driver.get("file://" + page + "#" + group)
            driver.execute_script(source)
            result = driver.execute_async_script("""
                const done = arguments[arguments.length - 1];
                axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations.map(v => [v.id, v.impact])))
                  .catch(e => done([['error', 'critical']]));""")
            bad = [v for v in result if v[1] in ("serious", "critical") or v[0] == "heading-order"]
            check(f"{page}#{group}: the opened place's list skips no heading level", not bad, bad)



STYLE = "const s = getComputedStyle(document.body); return [s.backgroundColor, s.fontFamily, s.color, getComputedStyle(document.querySelector('main') || document.body).maxWidth];"


def not_found_anywhere(driver, public):
    """A host serves 404.html at any address: copied five folders deep, away from assets/, it looks as it does at home."""
    with tempfile.TemporaryDirectory() as tmp:
        for hood in sorted(os.listdir(public)):
            page = os.path.join(public, hood, "404.html")
            if not os.path.isfile(page):
                continue
            driver.get("file://" + page)
            home = driver.execute_script(STYLE)
            deep = os.path.join(tmp, hood, "a", "b", "c", "d", "404.html")
            os.makedirs(os.path.dirname(deep))
            shutil.copy(page, deep)
            driver.get("file://" + deep)
            away = driver.execute_script(STYLE)
            check(f"{hood}/404.html is styled five folders away from its site", away == home, (home, away))


def main():
    if len(sys.argv) not in (2, 3) or (len(sys.argv) == 3 and sys.argv[2] != "--sample"):
        sys.exit("usage: browser_checks.py PUBLIC_DIR [--sample]   (--sample: the site has street basemaps, so its maps must carry names)")
    public = os.path.abspath(sys.argv[1])
    sample = len(sys.argv) == 3
    source = axe_source()
    items = pages(public)
    laid_out = []  # (flyers with a boundary checked for cropping, the emptiest sheet) of each part that lays flyers out
    # Each part sets the width and media it needs, so any Chromium can run it: one per core takes
    # the next part when it is done with its last.
    parts = [
        ("phones", lambda d: phones(d, items)),
        ("printed", lambda d: printed(d, items, public)),
        *((f"flyers {half + 1} of 2", lambda d, half=half: laid_out.append(flyers(d, public, half))) for half in (0, 1)),
        ("map names", lambda d: names_never_collide(d, items, sample)),
        ("keyboard", lambda d: keyboard(d, items)),
        ("player near the top", lambda d: player_near_top(d, items)),
        ("groups hold their reports", lambda d: groups_hold_their_reports(d, items, public, sample)),
        *([("arterials named", lambda d: arterials_named(d, public))] if sample else []),
        ("map page", lambda d: standalone_map_page(d, public, source)),
        ("right to left", lambda d: right_to_left_blocks(d, items, public)),
        ("search", lambda d: search(d, items, public)),
        *((f"axe at {w} px, {scheme}", lambda d, w=w, scheme=scheme: axe(d, items, source, [(w, scheme)]))
          for w, scheme in AXE_VIEWS[:4 if sample else 2]),
        ("404 anywhere", lambda d: not_found_anywhere(d, public)),
    ]
    # The longest first (axe and the phone widths), so that no Chromium is left with one at the end.
    parts.sort(key=lambda p: not p[0].startswith(("axe", "flyer", "phones", "map names")))
    todo = queue.SimpleQueue()
    for part in parts:
        todo.put(part)

    def work():
        driver = chromium("--hide-scrollbars")
        driver.set_script_timeout(60)
        try:
            while True:
                try:
                    name, run = todo.get_nowait()
                except queue.Empty:
                    return
                start = time.monotonic()
                run(driver)
                print(f"browser-checks: {name}: {time.monotonic() - start:.1f} s", flush=True)
        finally:
            driver.quit()

    n = max(1, min(os.cpu_count() or 1, 4))
    with ThreadPoolExecutor(n) as pool:
        for done in [pool.submit(work) for _ in range(n)]:
            done.result()
    cropped, worst = sum(c for c, _ in laid_out), max(w for _, w in laid_out)
    check("flyers with a boundary were checked for cropping", cropped > 0, cropped)
    print(f"flyers: {len(all_flyers(public))} laid out on a phone, Letter and A4; the emptiest is {worst[1]} at {worst[0]:.0%}")
    checks.finish(f" ({len(items)} pages)")


if __name__ == "__main__":
    main()
