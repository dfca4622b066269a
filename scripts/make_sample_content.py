#!/usr/bin/env python3
"""Writes content/ from the real public data in ../shared/data (see README, "Where the sample data comes from").

Observations are real Improve Detroit traffic complaints that fall inside each neighborhood's 2019 City of
Detroit boundary; basemaps are the City's park polygons that touch it. Descriptions that could identify a
person or a home (names, house numbers, plates, phone numbers, a reporter's own home) are left out.
Stories, coalitions and events are illustrative sample content written from those reports.
Deterministic: the same data gives the same files.
"""
import csv, json, math, os, re, sys, shutil

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "..", "shared", "data")
OUT = os.path.join(HERE, "..", "content")

NEIGHBORHOODS = {  # new_nhood name -> (slug, observation format)
    "Bagley": ("bagley", "csv+md"),
    "Corktown": ("corktown", "geojson"),
    "Warrendale": ("warrendale", "csv"),
    "Claytown": ("claytown", "csv"),
}

CATEGORIES = [  # key, label, color (Okabe-Ito, readable for color-blind readers)
    ("speeding", "Speeding", "#d55e00"),
    ("stop-sign-running", "Stop sign running", "#0072b2"),
    ("ignored-signals", "Ignored signals and signs", "#cc79a7"),
    ("illegal-parking", "Illegal parking", "#009e73"),
    ("bike-lane-driving", "Driving in the bike lane", "#56b4e9"),
    ("truck-routes", "Trucks off their routes", "#e69f00"),
    ("wrong-way-driving", "Wrong-way driving", "#882255"),
    ("improper-passing", "Improper passing", "#44aa99"),
    ("other-traffic", "Other traffic problems", "#555555"),
]
LABEL = {k: l for k, l, _ in CATEGORIES}

# The categories' labels and calls to action, and how to report, in the languages the sample's
# editions are built in (site.yml gives one value per language; the English ones above).
LABELS_ES_AR = {
    "speeding": ("Exceso de velocidad", "السرعة الزائدة"),
    "stop-sign-running": ("No respetar el alto", "تجاوز إشارة التوقف"),
    "ignored-signals": ("Señales y semáforos ignorados", "تجاهل الإشارات واللافتات"),
    "illegal-parking": ("Estacionamiento ilegal", "الوقوف المخالف"),
    "bike-lane-driving": ("Conducir en el carril de bicicletas", "القيادة في مسار الدراجات"),
    "truck-routes": ("Camiones fuera de sus rutas", "شاحنات خارج مساراتها"),
    "wrong-way-driving": ("Conducir en sentido contrario", "القيادة في الاتجاه المعاكس"),
    "improper-passing": ("Rebases indebidos", "التجاوز الخاطئ"),
    "other-traffic": ("Otros problemas de tránsito", "مشكلات مرورية أخرى"),
}
CALLS_ES_AR = {
    "speeding": ("Pidan al Departamento de Obras Públicas un estudio para calmar el tráfico (reductores de velocidad) en las calles de estos reportes.",
                 "اطلبوا من دائرة الأشغال العامة دراسة لتهدئة السير (مطبات) في الشوارع المذكورة في هذه البلاغات."),
    "stop-sign-running": ("Reporten cada vez que alguien no respete el alto en Improve Detroit, y pidan al distrito policial vigilancia en las esquinas nombradas aquí.",
                          "أبلغوا عن كل تجاوز لإشارة التوقف عبر Improve Detroit، واطلبوا من مركز الشرطة المراقبة عند التقاطعات المذكورة هنا."),
    "ignored-signals": ("Pidan a la Ciudad que revise las señales y los semáforos de estas esquinas, y reporten los casos nuevos en Improve Detroit.",
                        "اطلبوا من المدينة فحص اللافتات والإشارات عند هذه التقاطعات، وأبلغوا عن الحالات الجديدة عبر Improve Detroit."),
    "illegal-parking": ("Pidan a Estacionamiento Municipal vigilancia regular en estas cuadras, y mantengan las banquetas libres para sillas de ruedas y carriolas.",
                        "اطلبوا من إدارة المواقف البلدية مراقبة منتظمة في هذه الشوارع، وأبقوا الأرصفة خالية للكراسي المتحركة وعربات الأطفال."),
    "truck-routes": ("Pidan a la Ciudad que señalice y haga cumplir las rutas de camiones, y reporten los camiones en calles residenciales en Improve Detroit.",
                     "اطلبوا من المدينة وضع لافتات لمسارات الشاحنات وتطبيقها، وأبلغوا عن الشاحنات في الشوارع السكنية عبر Improve Detroit."),
    "bike-lane-driving": ("Pidan a la Ciudad carriles de bicicletas protegidos en estas calles, y reporten los carriles bloqueados en Improve Detroit.",
                          "اطلبوا من المدينة مسارات محمية للدراجات في هذه الشوارع، وأبلغوا عن المسارات المسدودة عبر Improve Detroit."),
    "wrong-way-driving": ("Pidan a la Ciudad que revise las señales de un solo sentido en estas esquinas, y reporten a quienes manejen en sentido contrario en Improve Detroit.",
                          "اطلبوا من المدينة فحص لافتات الاتجاه الواحد عند هذه التقاطعات، وأبلغوا عن السائقين في الاتجاه المعاكس عبر Improve Detroit."),
    "improper-passing": ("Pidan al distrito policial vigilancia donde se concentran estos reportes, y reporten los casos nuevos en Improve Detroit.",
                         "اطلبوا من مركز الشرطة المراقبة حيث تتجمع هذه البلاغات، وأبلغوا عن الحالات الجديدة عبر Improve Detroit."),
    "other-traffic": ("Traigan sus propias observaciones a la próxima reunión de la coalición, y reporten los problemas nuevos en Improve Detroit.",
                      "أحضروا ملاحظاتكم إلى الاجتماع القادم للتحالف، وأبلغوا عن المشكلات الجديدة عبر Improve Detroit."),
}
MAP_CREDIT = (
    "Boundaries, parks and street centerlines from City of Detroit open data (streets from the State of Michigan Geographic Framework All Roads v17a) and US Census Bureau TIGER",
    "Límites, parques y ejes de calles de los datos abiertos de la Ciudad de Detroit (calles del Michigan Geographic Framework All Roads v17a del Estado de Michigan) y de TIGER de la Oficina del Censo de EE. UU.",
    "الحدود والحدائق ومحاور الشوارع من البيانات المفتوحة لمدينة ديترويت (الشوارع من Michigan Geographic Framework All Roads v17a لولاية ميشيغان) ومن TIGER التابع لمكتب الإحصاء الأمريكي",
)
HOW_TO_REPORT = (
    "Report traffic problems to the City through the Improve Detroit app, then tell your block club.",
    "Reporten los problemas de tránsito a la Ciudad con la aplicación Improve Detroit, y después avísenle a su club de cuadra.",
    "أبلغوا المدينة عن مشكلات السير عبر تطبيق Improve Detroit، ثم أخبروا نادي الحي.",
)

EMAIL_FOOTER = (
    "You get this digest because you signed up at a neighborhood meeting or on the site. "
    "[Unsubscribe](mailto:digest@example.org?subject=Unsubscribe) at any time.",
    "Recibes este boletín porque te inscribiste en una reunión del vecindario o en el sitio. "
    "Puedes [darte de baja](mailto:digest@example.org?subject=Unsubscribe) cuando quieras.",
    "تصلك هذه النشرة لأنك اشتركت فيها في اجتماع للحي أو على الموقع. "
    "يمكنك [إلغاء الاشتراك](mailto:digest@example.org?subject=Unsubscribe) في أي وقت.",
)

ATTRIBUTION = (
    "Detroit Neighborhood Digests, from residents' Improve Detroit reports",
    "Detroit Neighborhood Digests, a partir de los reportes de los vecinos a Improve Detroit",
    "Detroit Neighborhood Digests، استنادًا إلى بلاغات السكان عبر Improve Detroit",
)

DATA_SOURCE = (
    "Residents' traffic complaints to the City of Detroit through Improve Detroit (SeeClickFix), 2018 to 2025, "
    "from the City's open data; each report kept here falls inside the neighborhood's boundary.",
    "Quejas de tránsito de los vecinos a la Ciudad de Detroit por Improve Detroit (SeeClickFix), de 2018 a 2025, "
    "tomadas de los datos abiertos de la Ciudad; cada reporte que se guarda aquí cae dentro del límite del vecindario.",
    "شكاوى السكان المرورية إلى مدينة ديترويت عبر Improve Detroit (SeeClickFix)، من 2018 إلى 2025، "
    "مأخوذة من البيانات المفتوحة للمدينة؛ وكل بلاغ محفوظ هنا يقع داخل حدود الحي.",
)

# Neighborhoods built in more than one language (the site's, English, first), with hand-written
# translations of their page, stories and events in scripts/sample_translations/<slug>/, copied as they are.
LANGUAGES = {"claytown": ["en", "es"], "warrendale": ["en", "ar"]}
TRANSLATIONS = os.path.join(HERE, "sample_translations")

NATURE = {
    "Speeding": "speeding",
    "Stop sign violation": "stop-sign-running",
    "Disregarding traffic control device": "ignored-signals",
    "Car traveling in bike lane": "bike-lane-driving",
    "Truck driving on restricted street": "truck-routes",
    "Truck driving in left lane": "truck-routes",
    "Driving wrong way on one-way street": "wrong-way-driving",
    "Improper passing": "improper-passing",
}

# Capitalized words that are places, agencies or ordinary words, not people.
ALLOWED_CAPITALS = set("""
I I'm I've I'd It's Detroit City DPW DDOT DPD Police Lyft Uber Stop Yield No Parking Speed Street Avenue Ave St Rd
Road Blvd Boulevard Drive Dr Hwy Fwy Freeway Lane Ln Court Ct Place Park Mile Michigan Livernois McNichols Curtis
Pennington Roselawn Thatcher Wyoming Santa Clara Pembroke Cambridge Outer Vernor Trumbull Church Warren Greenfield
Southfield Telegraph Evergreen Plymouth Joy Tireman Ford Rouge Fenkell Schoolcraft Lodge Lahser Bagley Corktown
Warrendale Claytown Rosa Parks Porter Bagley Leverette Vermont Labrosse Brooklyn Harrison Wabash Rosa Lafayette
Fort Howard Spruce Cherry Temple Abbott Perry Trumbull Dragoon Horatio Cabot Lonyo Central Dix Waterman Martin
Luther King MLK Grand River Ave. Greenview Warwick Minock Sawyer Stahelin Asbury Heyden Burt Westwood Mansfield
Ashton Artesian Rutherford Coyle Cherrylawn Lindsay Whitcomb Prest Stoepel Wisconsin Meyers Monica Griggs
Northlawn Ilene Indiana Roselawn Birwood Washburn Marlowe Monte Vista Tracey Cheyenne Hubbell Pinehurst Ohio
Sorrento Stoepel Ward Littlefield Prairie Freeland Mark Twain Wildemere Dexter Linwood Lyndon Pierson Kentfield
Mondays Tuesdays Wednesdays Thursdays Fridays Saturdays Sundays Monday Tuesday Wednesday Thursday Friday
Saturday Sunday January February March April May June July August September October November December AM PM
Please Also The This These There They Cars Car Vehicles Vehicle Trucks Truck Semi People Drivers Driver Speeding
Excessive Constant Multiple Many Every Lots Large Traffic Bike Bus Buses School Children Kids Residents Neighbors
We Our My When On At In And But Or So If As To From Near By Of For With All Heavy Constantly Daily Nightly Almost
Cross Intersection Corner Light Lights Signal Sign Signs Lane Lanes Sidewalk Sidewalks Crosswalk Road Alley Block
Semis Red Green Yellow Left Right North South East West Northbound Southbound Eastbound Westbound Westside
Eastside Downtown Ambassador Bridge Gordie Howe Michigan Central Station Roosevelt Tiger Stadium Cass Third Second
Fourth Fifth Sixth Seventh Eighth Ninth Tenth Highway Interstate I-94 I-96 Jeffries M-10 Southwest
""".split())

HOME_WORDS = re.compile(r"\b(my|our) (house|home|driveway|garage|yard|porch|lawn|property|street|block)\b|\bi live\b|"
                        r"\bnext[ -]door\b|\bneighbou?rs?\b|\bhandicap ramp\b|\baddress\b|\bresidents?\b|\bproperty\b|\bcamera\b|"
                        r"\brevenge\b|\bpart(y|ies)\b|\bbabies\b|\bhouses?\b|\bhomes?\b|\bowners?\b|\bcaller\b|\bdoors\b", re.I)
PERSON_WORDS = re.compile(r"\b(drugs?|dope|prostitut\w*|dealers?|dealing|sell(s|ing)?|sold|sales|money|customers?|guns?|shoot\w*|"
                          r"named?|mr|mrs|ms|miss|plates?|license|licence|tags?|phone|call|text|he|she|his|her|him|my|me|"
                          r"dodge|chevy|chevrolet|ford|charger|mustang|camaro|impala|malibu|jeep|honda|toyota|nissan|bmw|"
                          r"mercedes|cadillac|buick|chrysler|kia|hyundai|audi|lexus|infiniti|gmc|tahoe|escalade)\b", re.I)
HOUSE_NUMBER = re.compile(r"\b\d{3,5}\s+[A-Za-z]")
PHONE = re.compile(r"\d{3}\D{0,2}\d{3}\D?\d{4}")
PLATE = re.compile(r"\b(?=[A-Za-z0-9-]*[A-Za-z])(?=[A-Za-z0-9-]*\d)[A-Za-z0-9-]{4,9}\b")
ALLOWED_PLATE_LIKE = re.compile(r"^(I-\d+|M-\d+|\d+(st|nd|rd|th|am|pm|mph|ft)|\d+-?way)$", re.I)


def is_safe(text):
    """True when the text names no person, home, plate or phone number (as far as rules can tell)."""
    if not text:
        return False
    if HOME_WORDS.search(text) or PERSON_WORDS.search(text) or HOUSE_NUMBER.search(text) or PHONE.search(text):
        return False
    for token in PLATE.findall(text):
        if not ALLOWED_PLATE_LIKE.match(token):
            return False
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        words = re.findall(r"[A-Za-z][A-Za-z'.-]*", sentence)
        for w in words[1:]:
            if w[0].isupper() and w.strip(".'") not in ALLOWED_CAPITALS:
                return False
    return True


def clean(text):
    text = re.sub(r"\s+", " ", text or "").strip()
    return text


def point_in_ring(ring, x, y):
    inside, j = False, len(ring) - 1
    for i in range(len(ring)):
        xi, yi = ring[i][0], ring[i][1]
        xj, yj = ring[j][0], ring[j][1]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def in_multipolygon(polys, x, y):
    return any(point_in_ring(p[0], x, y) and not any(point_in_ring(h, x, y) for h in p[1:]) for p in polys)


def polygons_of(geometry):
    return geometry["coordinates"] if geometry["type"] == "MultiPolygon" else [geometry["coordinates"]]


def centroid(polys):
    ring = max((p[0] for p in polys), key=len)
    xs = [c[0] for c in ring]
    ys = [c[1] for c in ring]
    return sum(xs) / len(xs), sum(ys) / len(ys)


def meters(a, b):
    dx = (b[0] - a[0]) * 111320 * math.cos(math.radians(a[1]))
    dy = (b[1] - a[1]) * 111320
    return math.hypot(dx, dy), math.degrees(math.atan2(dx, dy)) % 360


def compass(bearing):
    names = ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"]
    return names[int((bearing + 22.5) // 45) % 8]


def round_coords(value, places=6):
    if isinstance(value, list):
        return [round_coords(v, places) for v in value]
    return round(value, places)


def yaml_str(s):
    return json.dumps(s, ensure_ascii=False)


def category_of(row):
    key = NATURE.get(row["nature"])
    if key:
        return key
    text = (row["description"] + " " + row["details"]).lower()
    if re.search(r"\bpark(ed|ing)?\b", text):
        return "illegal-parking"
    return "other-traffic"


def load():
    rows = list(csv.DictReader(open(os.path.join(DATA, "detroit-improve-traffic-complaints/improve_detroit_traffic_complaints.csv"), encoding="utf-8")))
    hoods = json.load(open(os.path.join(DATA, "detroit-neighborhoods-2019/detroit_neighborhoods.geojson")))
    parks = json.load(open(os.path.join(DATA, "detroit-parks-2015/detroit_parks.geojson")))
    return rows, hoods, parks


def touching_parks(polys, parks):
    out = []
    for f in parks["features"]:
        ppolys = polygons_of(f["geometry"])
        touches = any(in_multipolygon(polys, c[0], c[1]) for p in ppolys for c in p[0]) or \
            any(in_multipolygon(ppolys, c[0], c[1]) for p in polys for c in p[0])
        if touches and f["properties"].get("NAME"):
            out.append(f)
    return sorted(out, key=lambda f: (f["properties"]["NAME"], f["properties"].get("PARKID") or ""))


def park_name(p):
    name = re.sub(r"(\d)St\b", r"\1st", p["properties"]["NAME"].title())
    return name if re.search(r"park|playground|field|playfield", name, re.I) else name + " Park"


def is_named(p):
    return "future" not in p["properties"]["NAME"].lower()


def part_of(bounds, x, y):
    """'Northwest', 'Central', ...: which ninth of the neighborhood's box the point is in."""
    (x0, y0, x1, y1) = bounds
    col = min(2, max(0, int(3 * (x - x0) / (x1 - x0))))
    row = min(2, max(0, int(3 * (y - y0) / (y1 - y0))))
    ns = ["South", "", "North"][row]
    ew = ["west", "", "east"][col]
    if not ns and not ew:
        return "Central"
    if not ns:
        return ew.capitalize() + "ern"
    return ns + (ew or "ern")


def observation(row, parks_here, hood, bounds):
    # No location label: commonsight words each place from the basemap's streets at the 50 m grid
    # ("Near Pickford St and Wyoming St"), so a label is never more precise than the map.
    x, y = float(row["lng"]), float(row["lat"])
    parts = [clean(row["description"]), clean(row["details"])]
    kept = [p for p in parts if p and is_safe(p)]
    if len(kept) == 2 and kept[0].lower().rstrip(".") == kept[1].lower().rstrip("."):
        kept = kept[:1]
    return {
        "id": row["id"], "category": category_of(row),
        "lat": f"{y:.7f}", "lon": f"{x:.7f}", "observed": row["created_at"],
        # The public page of the original SeeClickFix post (PROVENANCE.md), for "the original report".
        "source_url": f"https://seeclickfix.com/issues/{row['id']}",
        "description": "\n\n".join(kept),
    }


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def main():
    rows, hoods, parks = load()
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    site = ["title:",
            "  en: Detroit Neighborhood Digests",
            "  es: Boletines vecinales de Detroit",
            "  ar: نشرات أحياء ديترويت",
            "description: Weekly notes on traffic safety from residents' Improve Detroit reports",
            "base_url: https://digest.example.org/",
            "language: en",
            "timezone: America/Detroit",
            "privacy:",
            "  location_precision_m: 50",
            "  private_fields: [reporter_id]",
            "how_to_report:",
            "  en: " + json.dumps(HOW_TO_REPORT[0], ensure_ascii=False),
            "  es: " + json.dumps(HOW_TO_REPORT[1], ensure_ascii=False),
            "  ar: " + json.dumps(HOW_TO_REPORT[2], ensure_ascii=False),
            "email:",
            '  from: "Detroit Neighborhood Digests <digest@example.org>"',
            "  to: neighbors@lists.example.org",
            "  footer:",
            "    en: " + json.dumps(EMAIL_FOOTER[0], ensure_ascii=False),
            "    es: " + json.dumps(EMAIL_FOOTER[1], ensure_ascii=False),
            "    ar: " + json.dumps(EMAIL_FOOTER[2], ensure_ascii=False),
            "license: https://creativecommons.org/licenses/by/4.0/",
            "attribution:",
            "  en: " + json.dumps(ATTRIBUTION[0], ensure_ascii=False),
            "  es: " + json.dumps(ATTRIBUTION[1], ensure_ascii=False),
            "  ar: " + json.dumps(ATTRIBUTION[2], ensure_ascii=False),
            "publisher: Detroit Neighborhood Digests",
            "contact: \"Data desk <data@example.org>\"",
            "data_source:",
            "  en: " + json.dumps(DATA_SOURCE[0], ensure_ascii=False),
            "  es: " + json.dumps(DATA_SOURCE[1], ensure_ascii=False),
            "  ar: " + json.dumps(DATA_SOURCE[2], ensure_ascii=False),
            "narration:",
            "  voices: { en: en-us, es: es-419, ar: ar }",
            "map_attribution:",
            "  en: " + json.dumps(MAP_CREDIT[0], ensure_ascii=False),
            "  es: " + json.dumps(MAP_CREDIT[1], ensure_ascii=False),
            "  ar: " + json.dumps(MAP_CREDIT[2], ensure_ascii=False),
            "import:",
            "  address: reports@example.org",
            "  categories:"] + [f"    {json.dumps(nature)}: {key}" for nature, key in NATURE.items()] + [
            "categories:"]
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from sample_stories import CALLS, yaml_str
    for key, label, color in CATEGORIES:
        es, ar = LABELS_ES_AR[key]
        site.append(f"  {key}:")
        site.append(f"    label: {{ en: {yaml_str(label)}, es: {yaml_str(es)}, ar: {yaml_str(ar)} }}")
        site.append(f'    color: "{color}"')
        if key in CALLS:
            call_es, call_ar = CALLS_ES_AR[key]
            site.append(f"    call_to_action:")
            for code, text in (("en", CALLS[key]), ("es", call_es), ("ar", call_ar)):
                site.append(f"      {code}: {yaml_str(text)}")
    write(os.path.join(OUT, "site.yml"), "\n".join(site) + "\n")
    total = 0
    for name, (slug, fmt) in NEIGHBORHOODS.items():
        feature = next(f for f in hoods["features"] if f["properties"]["new_nhood"] == name)
        polys = polygons_of(feature["geometry"])
        here = [r for r in rows if in_multipolygon(polys, float(r["lng"]), float(r["lat"]))]
        parks_here = touching_parks(polys, parks)
        ring = [c for p in polys for c in p[0]]
        bounds = (min(c[0] for c in ring), min(c[1] for c in ring), max(c[0] for c in ring), max(c[1] for c in ring))
        obs = [observation(r, parks_here, name, bounds) for r in here]
        total += len(obs)
        base = os.path.join(OUT, "neighborhoods", slug)
        write_neighborhood(base, name, slug, feature, parks_here, obs)
        write_observations(base, fmt, obs)
        import sample_stories
        named_parks = [(park_name(p), centroid(polygons_of(p["geometry"]))) for p in parks_here if is_named(p)]
        sample_stories.write_documents(base, name, slug, obs, named_parks, write, LABEL)
        copy_translations(base, slug)
    print(f"wrote {len(NEIGHBORHOODS)} neighborhoods, {total} observations into {os.path.relpath(OUT)}")


def streets_of(slug):
    """The real named street centerlines within 300 m of the neighborhood (detroit-streets-2025)."""
    data = json.load(open(os.path.join(DATA, "detroit-streets-2025", slug + ".geojson")))
    return [{"type": "Feature", "properties": {"kind": "street", "class": f["properties"]["class"], "name": f["properties"]["name"]},
             "geometry": f["geometry"]} for f in data["features"] if f["properties"].get("name")]


def write_neighborhood(base, name, slug, feature, parks_here, obs):
    boundary = {"type": "Feature", "properties": {"name": name},
                "geometry": {"type": feature["geometry"]["type"], "coordinates": round_coords(feature["geometry"]["coordinates"])}}
    write(os.path.join(base, "boundary.geojson"), json.dumps(boundary) + "\n")
    basemap = {"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {"kind": "park", "name": park_name(p)},
         "geometry": {"type": p["geometry"]["type"], "coordinates": round_coords(p["geometry"]["coordinates"])}}
        for p in parks_here] + streets_of(slug)}
    write(os.path.join(base, "basemap.geojson"), '{"type": "FeatureCollection", "features": [\n'
          + ",\n".join(json.dumps(f) for f in basemap["features"]) + "\n]}\n")
    first, last = min(o["observed"] for o in obs)[:10], max(o["observed"] for o in obs)[:10]
    write(os.path.join(base, "neighborhood.md"),
          f"---\nname: {name}\ndescription: {yaml_str(f'Traffic safety reports from {name}, Detroit')}\n"
          + (f"languages: [{', '.join(LANGUAGES[slug])}]\n" if slug in LANGUAGES else "") + "---\n"
          f"{name} is one of Detroit's neighborhoods (City of Detroit boundary, 2019). This digest gathers the "
          f"{len(obs)} traffic complaints that residents filed through the City's Improve Detroit app inside it "
          f"between {first} and {last}, the parks that border it, and what neighbors are doing about them.\n\n"
          f"Each report is placed on a 50 m grid and described by the nearest streets to that grid point, never "
          f"as a street address.\n")


def copy_translations(base, slug):
    """The neighborhood's translations (story.es.md beside story.md), in file-name order."""
    folder = os.path.join(TRANSLATIONS, slug)
    if not os.path.isdir(folder):
        return
    for root, dirs, files in os.walk(folder):
        dirs.sort()
        for name in sorted(files):
            source = os.path.join(root, name)
            with open(source, encoding="utf-8") as f:
                write(os.path.join(base, os.path.relpath(source, folder)), f.read())


def write_observations(base, fmt, obs):
    columns = ["id", "category", "lat", "lon", "observed", "source_url", "description"]
    if fmt == "geojson":
        fc = {"type": "FeatureCollection", "features": [
            {"type": "Feature", "geometry": {"type": "Point", "coordinates": [float(o["lon"]), float(o["lat"])]},
             "properties": {k: o[k] for k in columns if k not in ("lat", "lon") and o[k]}} for o in obs]}
        text = '{"type": "FeatureCollection", "features": [\n' + ",\n".join(json.dumps(f, ensure_ascii=False) for f in fc["features"]) + "\n]}\n"
        write(os.path.join(base, "observations.geojson"), text)
        return
    as_markdown = obs[-5:] if fmt == "csv+md" else []
    path = os.path.join(base, "observations.csv")
    os.makedirs(base, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(columns)
        for o in obs:
            if o not in as_markdown:
                w.writerow([o[k] for k in columns])
    for o in as_markdown:
        front = [f"{k}: {o[k]}" for k in ("category", "lat", "lon", "observed", "source_url")]
        write(os.path.join(base, "observations", o["id"] + ".md"), "---\n" + "\n".join(front) + "\n---\n" + o["description"] + ("\n" if o["description"] else ""))


if __name__ == "__main__":
    sys.path.insert(0, HERE)
    main()
