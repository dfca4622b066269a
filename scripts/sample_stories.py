"""Stories, a coalition and events for one sample neighborhood, written from its real reports.

These are illustrative: the coalitions and events are examples of what organizers would publish,
with example.org contacts, and every number in a story is counted from the reports it links.
"""
import json
import os
from collections import Counter

CALLS = {
    "speeding": "Ask the Department of Public Works for a traffic-calming study (speed humps) on the streets in these reports.",
    "stop-sign-running": "Report every stop-sign run through Improve Detroit, and ask the precinct for enforcement at the corners named here.",
    "ignored-signals": "Ask the City to check the signs and signals at these corners, and report new cases through Improve Detroit.",
    "illegal-parking": "Ask Municipal Parking for regular enforcement on these blocks, and keep sidewalks clear for wheelchairs and strollers.",
    "truck-routes": "Ask the City to sign and enforce the truck routes, and report trucks on residential streets through Improve Detroit.",
    "bike-lane-driving": "Ask the City for protected bike lanes on these streets, and report blocked lanes through Improve Detroit.",
    "wrong-way-driving": "Ask the City to check the one-way signs at these corners, and report wrong-way drivers through Improve Detroit.",
    "improper-passing": "Ask the precinct for enforcement where these reports cluster, and report new cases through Improve Detroit.",
    "other-traffic": "Bring your own observations to the next coalition meeting, and report new problems through Improve Detroit.",
}

# Spread over the weeks before 2026-11-29 so the sample has digests with new stories.
STORY_DATES = ["2026-11-03", "2026-11-24", "2026-11-10", "2026-11-17", "2026-10-27", "2026-11-25", "2026-11-05", "2026-11-19"]


def yaml_str(s):
    return json.dumps(s, ensure_ascii=False)


def short_quote(text):
    first = text.split("\n\n")[0].strip()
    if 20 <= len(first) <= 180:
        return first
    return None


def write_documents(base, name, slug, obs, parks_here, write, labels):
    counts = Counter(o["category"] for o in obs)
    ranked = [k for k, _ in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])) if k != "other-traffic"]
    top = (ranked + ["other-traffic"])[:2]
    coalition = f"{slug}-safe-streets"
    index = sum(map(ord, slug)) % 4
    for n, key in enumerate(top):
        write_story(write, base, name, key, [o for o in obs if o["category"] == key], labels, coalition,
                    STORY_DATES[(index * 2 + n) % len(STORY_DATES)])
    if slug == "corktown":
        write_long_story(write, base, name, [o for o in obs if o["category"] == "illegal-parking"], labels, coalition)
    if slug == "bagley":
        parking = [o for o in obs if o["category"] == "illegal-parking"]
        write(os.path.join(base, "stories", "parking-on-corners.md"),
              "---\n" + f"title: {yaml_str('Cars parked at the corners')}\nstatus: draft\n"
              + f"observations: [{', '.join(o['id'] for o in parking[-6:])}]\n"
              + f"call_to_action: {yaml_str(CALLS['illegal-parking'])}\ntags: [illegal-parking]\ncoalition: {coalition}\n---\n"
              + f"Draft: {len(parking)} reports in {name} describe cars parked too close to stop signs and corners. "
              + "Before publishing, check the newest reports and add what the block club has seen.\n")
    write(os.path.join(base, "coalitions", coalition + ".md"),
          "---\n" + f"name: {yaml_str(name + ' Safe Streets')}\n"
          + f"focus: [{', '.join(top)}, traffic-safety]\n"
          + f"contact: {coalition}@example.org\n"
          + "meets: Second Tuesday of the month, 6:30 pm\n"
          + f"join_url: https://example.org/{coalition}/join\n---\n"
          + f"{name} Safe Streets is an example coalition for this sample site: neighbors who read the Improve "
          + f"Detroit reports from {name}, walk the blocks they describe, and take the patterns to the City. "
          + f"Its focus is {labels[top[0]].lower()} and {labels[top[1]].lower()}, the most reported problems here.\n")
    write_events(base, name, slug, coalition, parks_here, index, write)


def write_story(write, base, name, key, items, labels, coalition, date):
    label = labels[key]
    years = Counter(o["observed"][:4] for o in items)
    first, last = min(years), max(years)
    busiest = max(sorted(years), key=lambda y: years[y])
    linked = items
    quotes = [q for q in (short_quote(o["description"]) for o in reversed(items) if o["description"]) if q][:2]
    body = [f"Residents of {name} filed {len(items)} Improve Detroit reports about {label.lower()} between "
            f"{first} and {last}; {busiest} was the busiest year, with {years[busiest]}.", ""]
    body.append("| Year | Reports |")
    body.append("|---|---:|")
    for y in sorted(years):
        body.append(f"| {y} | {years[y]} |")
    body.append("")
    if quotes:
        body.append("In their own words:")
        body.append("")
        for q in quotes:
            body.append(f"> {q}")
            body.append("")
    body.append(f"All {len(linked)} reports are linked below and shown on the map. "
                "Each one is a neighbor who took the time to write it down; together they show where to start.")
    slug = key + "-reports"
    write(os.path.join(base, "stories", slug + ".md"),
          "---\n" + f"title: {yaml_str(f'{label} in {name}: {len(items)} reports since {first}')}\n"
          + f"status: published\ndate: {date}\n"
          + f"observations: [{', '.join(o['id'] for o in linked)}]\n"
          + f"call_to_action: {yaml_str(CALLS.get(key, CALLS['other-traffic']))}\n"
          + f"tags: [{key}, traffic-safety]\ncoalition: {coalition}\nauthor: {yaml_str(name + ' Safe Streets volunteers')}\n---\n"
          + "\n".join(body) + "\n")


def write_events(base, name, slug, coalition, parks_here, index, write):
    park = parks_here[index % len(parks_here)] if parks_here else None
    day = 5 + index  # a December Saturday or thereabouts
    if park:
        park_name, (x, y) = park
        place = f"lat: {y:.5f}\nlon: {x:.5f}\nlocation: {yaml_str('At ' + park_name)}\n"
    else:
        park_name = name
        place = f"location: {yaml_str(name + '; the meeting point is sent to members')}\n"
    write(os.path.join(base, "events", "walk-audit.md"),
          "---\n" + f"title: {yaml_str(f'Walk audit around {park_name}' if park else f'Walk audit in {name}')}\n"
          + f"start: 2026-12-{day:02d} 10:00\nend: 2026-12-{day:02d} 12:00\n" + place + f"coalition: {coalition}\n---\n"
          + "We walk the blocks with the most reports, note missing signs and worn crosswalks, and count cars. "
          + "Wear good shoes; clipboards provided.\n")
    write(os.path.join(base, "events", "monthly-meeting.md"),
          "---\n" + f"title: {yaml_str(name + ' Safe Streets monthly meeting')}\n"
          + f"start: 2026-12-{8 + index:02d} 18:30\nend: 2026-12-{8 + index:02d} 20:00\n"
          + "location: Online; the link is sent to members\n" + f"coalition: {coalition}\n---\n"
          + "We read the week's digest together and decide what to bring to the City.\n")
    write(os.path.join(base, "events", "november-meeting.md"),
          "---\n" + f"title: {yaml_str(name + ' Safe Streets November meeting')}\n"
          + f"start: 2026-11-{10 + index:02d} 18:30\nend: 2026-11-{10 + index:02d} 20:00\n"
          + "location: Online; the link is sent to members\n" + f"coalition: {coalition}\n---\n"
          + "Looked back at a year of reports and planned the December walk audit.\n")


def write_long_story(write, base, name, items, labels, coalition):
    """A story long enough that its flyer must be shortened: every report's own words, in order."""
    quotes = [q for q in (o["description"].split("\n\n")[0].strip() for o in items if o["description"]) if q]
    years = Counter(o["observed"][:4] for o in items)
    body = [f"This story reads the {len(items)} Improve Detroit reports about illegal parking in {name} one by one, "
            f"from {min(years)} to {max(years)}, in the residents' own words. Sidewalks, corners and bike lanes come up "
            "again and again; so do the same few blocks.", ""]
    for year in sorted(years):
        said = [q for o, q in ((o, o["description"].split("\n\n")[0].strip()) for o in items if o["observed"][:4] == year and o["description"]) if q]
        body.append(f"## {year}: {years[year]} report{'s' if years[year] != 1 else ''}")
        body.append("")
        for q in said[:8]:
            body.append(f"> {q}")
            body.append("")
    body.append("Read together, the reports ask for the same thing: keep the sidewalks and crossings clear, and enforce it.")
    write(os.path.join(base, "stories", "parking-report-by-report.md"),
          "---\n" + f"title: {yaml_str(f'Parked on the sidewalk: {name} report by report')}\n"
          + f"status: published\ndate: 2026-11-28\n"
          + f"observations: [{', '.join(o['id'] for o in items)}]\n"
          + f"call_to_action: {yaml_str(CALLS['illegal-parking'])}\n"
          + f"tags: [illegal-parking, sidewalks]\ncoalition: {coalition}\nauthor: {yaml_str(name + ' Safe Streets volunteers')}\n---\n"
          + "\n".join(body) + "\n")
