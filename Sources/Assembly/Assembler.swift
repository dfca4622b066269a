import CivilTime
import Formats
import Foundation
import Geo
import Loading
import Parallelism

/// Stage ②: turns loaded content into the pages' data: only what is published, with every
/// reference resolved and every list sorted on a unique key.
public enum Assembler {
    /// `workers`: the threads neighborhoods are assembled on (each is independent of the others).
    public static func assemble(_ content: LoadedContent, options: BuildOptions, workers: Int = 1) -> Site {
        let site = content.site
        let hoods = Parallel.map(content.neighborhoods, workers: workers) { n in
            var hood = assemble(n, site: site, options: options)
            hood.language = site.language
            hood.languages = n.languages
            hood.editions = n.languages.filter { $0 != site.language }.map { edition(of: n, in: $0, site: site, options: options) }
            return hood
        }
        let now = ZoneClock(site.timeZone).startOfDay(options.today)
        return Site(settings: site, neighborhoods: hoods, options: options, now: now)
    }

    static func assemble(_ n: Neighborhood, site: SiteSettings, options: BuildOptions) -> NeighborhoodSite {
        let observations = n.observations.filter { $0.status == .published }
        let byID = Dictionary(observations.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        // Drafts only when asked for; scheduled items only with --future.
        let shown = { (item: Scheduled) in options.includeFuture || !item.isScheduled(on: options.today) }
        let events = n.events.filter { $0.status == .published && shown($0) }
        let shownCoalitions = n.coalitions.filter { $0.status == .published && shown($0) }
        let stories = n.stories
            .filter { ($0.status == .published || options.includeDrafts) && shown($0) }
            .map { s in
                StoryPage(story: s, observations: s.observations.compactMap { byID[$0.value] },
                          coalition: s.coalition.flatMap { ref in shownCoalitions.first { $0.slug == ref.value } })
            }
            .sorted { a, b in
                let da = a.story.date?.instant ?? Int64.max, db = b.story.date?.instant ?? Int64.max
                return da != db ? da > db : a.story.slug < b.story.slug
            }
        let index = FocusIndex(observations: observations, stories: stories)
        let coalitions = shownCoalitions.sorted { $0.slug < $1.slug }.map { c in
            coalitionPage(c, index: index, events: events)
        }
        let now = ZoneClock(site.timeZone).startOfDay(options.today)
        let digests = Digests.make(observations: observations, stories: stories, events: events,
                                   coalitions: coalitions, site: site, today: options.today)
        var hood = NeighborhoodSite(
            slug: n.slug, name: n.name, description: n.description, about: n.about, boundary: n.boundary,
            basemap: n.basemap, observations: observations, stories: stories,
            coalitions: coalitions, events: events, digests: digests, now: now,
            absoluteRoot: options.baseURL.map { $0 + n.slug + "/" }, fingerprint: n.fingerprint)
        hood.activity = Activity.of(observations: observations, stories: stories, events: events, now: now, site: site, today: options.today)
        if let boundary = n.boundary {
            hood.farOutside = Set(observations.filter { boundary.distance(to: $0.coordinate) > CrossReferences.farOutsideMeters }.map(\.id))
        }
        return hood
    }

    /// The neighborhood in another language: its texts replaced by their translations where there
    /// are some (the rest in the original, marked `untranslated`), everything else the same.
    static func edition(of n: Neighborhood, in language: String, site: SiteSettings, options: BuildOptions) -> NeighborhoodSite {
        let t = n.translations[language] ?? Translation()
        var copy = n
        var untranslated: Set<String> = []
        copy.name = t.name ?? n.name
        copy.description = t.description ?? n.description
        if let about = t.about { copy.about = about } else { untranslated.insert("neighborhood") }
        // A translation's status, date and references are its original's (see `DocumentLoader.matched`).
        copy.stories = n.stories.map { s in
            if let translated = t.stories[s.slug] { return translated }
            untranslated.insert("story:" + s.slug)
            return s
        }
        copy.coalitions = n.coalitions.map { c in
            if let translated = t.coalitions[c.slug] { return translated }
            untranslated.insert("coalition:" + c.slug)
            return c
        }
        copy.events = n.events.map { e in
            if let translated = t.events[e.slug] { return translated }
            untranslated.insert("event:" + e.slug)
            return e
        }
        var hood = assemble(copy, site: site, options: options)
        hood.edition = language
        hood.language = language
        hood.languages = n.languages
        hood.untranslated = untranslated
        hood.absoluteRoot = options.baseURL.map { $0 + n.slug + "/" + language + "/" }
        return hood
    }

    /// A coalition's matches: observations whose category or tags are in its focus; stories with a
    /// focus tag, a focus category among their observations, or naming the coalition; its events.
    static func coalitionPage(_ c: Coalition, index: FocusIndex, events: [Event]) -> CoalitionPage {
        let focus = Set(c.focus)
        let (newest, total) = index.newestObservations(matching: focus, limit: CoalitionPage.observationLimit)
        let matchingStories = index.stories.indices.filter { i in
            index.stories[i].coalition?.slug == c.slug || !focus.isDisjoint(with: index.stories[i].story.tags)
                || !focus.isDisjoint(with: index.storyCategories[i])
        }.map { index.stories[$0] }
        return CoalitionPage(coalition: c, observations: newest, observationTotal: total, stories: matchingStories,
                             events: events.filter { $0.coalition?.value == c.slug })
    }

}

extension Result {
    func get(or fallback: Success) -> Success {
        if case .success(let v) = self { return v }
        return fallback
    }
}
