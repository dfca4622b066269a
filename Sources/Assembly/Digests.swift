import CivilTime
import Foundation
import Loading

/// The weekly digests: one per week with published activity, and one for the week of
/// `--date`; none after it.
enum Digests {
    static func make(observations: [Observation], stories: [StoryPage], events: [Event],
                     coalitions: [CoalitionPage], site: SiteSettings, today: CivilDate) -> [Digest] {
        let current = WeekID(containing: today)
        var byWeek: [WeekID: [Observation]] = [:]
        for o in observations { byWeek[WeekID(containing: o.observed.day), default: []].append(o) }
        var storiesByWeek: [WeekID: [StoryPage]] = [:]
        for s in stories where !s.isDraft {
            if let d = s.story.date { storiesByWeek[WeekID(containing: d.day), default: []].append(s) }
        }
        let focus = coalitions.map { Set($0.coalition.focus) }
        let weeks = Set(byWeek.keys).union(storiesByWeek.keys).union([current]).filter { $0 <= current }.sorted(by: >)
        return weeks.map { week in
            let these = byWeek[week] ?? []
            let before = byWeek[week.previous] ?? []
            let counts = site.categories.compactMap { c -> CategoryCount? in
                let now = these.filter { $0.category == c.key }.count
                let then = before.filter { $0.category == c.key }.count
                return now == 0 && then == 0 ? nil : CategoryCount(category: c, thisWeek: now, previousWeek: then)
            }
            let from = week.end.adding(days: 1), to = week.end.adding(days: 14)
            // A week's digest never changes after the fact: only what was out by its Sunday is in it.
            let upcoming = events.filter { $0.start.day >= from && $0.start.day <= to && $0.isOut(by: week.end) }
            let known = coalitions.indices.filter { coalitions[$0].coalition.isOut(by: week.end) }
            let weekStories = storiesByWeek[week] ?? []
            let mondayInstant = ZoneClock(site.timeZone).startOfDay(week.start)
            let updated = (these.map(\.observed.instant) + weekStories.compactMap { $0.story.date?.instant }).max() ?? mondayInstant
            return Digest(week: week, observations: these, counts: counts, stories: weekStories, events: upcoming,
                          spotlight: spotlight(known.map { coalitions[$0] }, focus: known.map { focus[$0] }, these, week: week), updated: updated,
                          isCurrentWeek: week == current)
        }
    }

    /// The coalition whose focus matches most of the week's observations; with no match, coalitions
    /// take turns by week number.
    static func spotlight(_ coalitions: [CoalitionPage], focus: [Set<String>], _ observations: [Observation], week: WeekID) -> CoalitionPage? {
        guard !coalitions.isEmpty else { return nil }
        // Counted by category once; only observations with tags are looked at one by one.
        var byCategory: [String: Int] = [:]
        for o in observations { byCategory[o.category, default: 0] += 1 }
        let tagged = observations.filter { !$0.tags.isEmpty }
        let scored = zip(coalitions, focus).map { c, f in
            (c, f.reduce(0) { $0 + (byCategory[$1] ?? 0) } + tagged.reduce(0) { $0 + (!f.contains($1.category) && !f.isDisjoint(with: $1.tags) ? 1 : 0) })
        }
        if let best = scored.max(by: { a, b in a.1 != b.1 ? a.1 < b.1 : a.0.coalition.slug > b.0.coalition.slug }), best.1 > 0 {
            return best.0
        }
        return coalitions[(week.year * 53 + week.week) % coalitions.count]
    }
}
