import Words
import CivilTime
import Escaping
import Fingerprint
import Assembly
import Foundation
import Geo
import Liquid
import Loading
import Maps
import Markdown
import Parallelism

/// The only data templates see: published content as Liquid values, built once per neighborhood.
///
/// URLs are relative to the neighborhood's folder (`stories/x/index.html`); templates pass them
/// through `relative_url`, which prefixes the page's way back to that folder.
///
/// A class, so that every page of the neighborhood holds a reference rather than a copy; it is
/// written only while it is made (in `init`), never after, and read by many threads.
package final class ViewModels: @unchecked Sendable {
    package let site: SiteSettings
    package let hood: NeighborhoodSite
    package let options: BuildOptions
    /// The site's language: every word the program writes on a page comes from it.
    package let language: Language
    /// The build's threads in all.
    package let jobs: Int
    /// The neighborhood's editions, each (language, its name in that language, its folder inside OUT);
    /// empty with one language.
    package let alternates: [(code: String, name: String, folder: String)]
    package private(set) var observationValues: [String: Value] = [:]
    /// "Title, November 23, 2026": each report's name on a map, made once.
    package private(set) var markLabels: [String: String] = [:]
    package private(set) var categoryValues: [String: Value] = [:]
    /// Each category's legend icon under a map, by shape and color (made once, in `init`).
    package private(set) var legendIcons: [(shape: MarkShape, color: String, icon: Value)] = []
    /// Values used on many pages, made once: story cards, coalition cards, events.
    package private(set) var storyCards: [String: Value] = [:]
    package private(set) var coalitionCards: [String: Value] = [:]
    package private(set) var eventValues: [String: Value] = [:]
    /// The neighborhood's named streets, for the names of places on its maps.
    package private(set) var streets = StreetIndex([])
    /// The basemap and the words every map of the neighborhood draws with.
    package private(set) var ground = Ground([])
    package private(set) var mapWords = MapWords()
    /// The north arrows and scale bars the neighborhood's maps have drawn (see `MapPieces`).
    package let mapPieces = MapPieces()
    /// The pictures every report's locator map is a window of (nil without a boundary: then each is drawn whole).
    package private(set) var locatorGrounds: LocatorGrounds?
    /// The zoom levels the maps of reports are windows of (nil without a boundary: then each is drawn whole).
    package private(set) var zoomedGrounds: ZoomedGrounds?
    /// A hash of what all of this neighborhood's maps share (see `MapRequest`).
    package private(set) var mapFingerprint = Fingerprint(high: 0, low: 0)
    /// The neighborhood map's layout, by depth and reports, from `map.svg`'s drawing until the pages'
    /// (see `map`).
    let neighborhoodLayouts = Locked<[String: MapRenderer.Layout]>([:])

    /// `workers`: the threads this neighborhood may use, its own included (more than one when fewer
    /// neighborhoods are prepared than there are cores, as in a rebuild after one report changed).
    /// `jobs`: the build's threads in all (`--jobs`), which a large neighborhood's reports may use.
    package init(site: SiteSettings, hood: NeighborhoodSite, options: BuildOptions, language: Language,
                 alternates: [(code: String, name: String, folder: String)] = [], workers: Int = 1, jobs: Int = 1) {
        self.jobs = jobs
        self.alternates = alternates
        self.site = site
        self.hood = hood
        self.options = options
        self.language = language
        ground = Ground(Self.basemapShapes(hood))
        mapWords = Self.mapWords(language)
        locatorGrounds = MapRenderer.locatorGrounds(Self.locatorSpec(hood: hood, ground: ground))
        zoomedGrounds = MapRenderer.zoomedGrounds(Self.reportsSpec(hood: hood, ground: ground))
        for c in site.categories { categoryValues[c.key] = makeCategory(c.key) }
        legendIcons = site.categories.indices.map { i in
            let shape = MarkShape.forCategory(at: i), color = site.categories[i].color
            return (shape, color, .safe(MapKey.icon(shape, color: color)))
        }
        // A large neighborhood's reports are made on every core (each renders its Markdown), and
        // so are any neighborhood's when cores are spare.
        let me: ViewModels = self
        let made = { @Sendable (o: Observation) in (me.observationValue(o), me.markLabel(o)) }
        let threads = hood.observations.count > 2_000 ? max(jobs, workers) : workers
        let values = threads > 1 && hood.observations.count > 1
            ? Parallel.map(hood.observations, workers: threads, made)
            : hood.observations.map(made)
        observationValues.reserveCapacity(values.count)
        markLabels.reserveCapacity(values.count)
        for (o, v) in zip(hood.observations, values) {
            observationValues[o.id] = v.0
            markLabels[o.id] = v.1
        }
        for e in hood.events { eventValues[e.slug] = eventValue(e) }
        for s in hood.stories { storyCards[s.story.slug] = storyValue(s, full: false) }
        for c in hood.coalitions { coalitionCards[c.coalition.slug] = coalitionValue(c, full: false) }
        mapFingerprint = Self.mapFingerprint(site: site, hood: hood)
        streets = StreetIndex(hood.basemap.filter { $0.kind == .street }.flatMap { f in f.lines.map { (f.name ?? "", $0) } })
    }

    /// The language an item's words are in: the page's, or the original's when it is not translated.
    package func textLanguage(_ key: String) -> Value {
        .string(hood.isTranslated(key) ? site.language : (hood.languages.first ?? site.language))
    }

    // MARK: Dates

    package func instant(_ seconds: Int64) -> String {
        ZoneClock(site.timeZone).rfc3339(seconds)
    }

    package func date(_ d: ContentDate) -> Value { .string(instant(d.instant)) }

    /// "a", "a and b", "a, b and c" in the page's words.
    package func list(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        guard items.count > 1 else { return last }
        return items.dropLast().joined(separator: t("list_separator")) + t("list_and") + last
    }

    /// A string of the language file with its parameters.
    package func t(_ key: String, count: Int? = nil, _ parameters: KeyValuePairs<String, String> = [:]) -> String {
        language.text(key, count: count, parameters)
    }

    /// A day in one of the language's date formats (`dates.<format>`).
    package func day(_ d: CivilDate, _ format: String = "long") -> String {
        language.date(LiquidTime(seconds: Int64(d.daysSinceEpoch) * 86_400, utcOffset: 0), format)
    }

    /// "November 23, 2026" ("23 de noviembre de 2026").
    package func longDate(_ d: CivilDate) -> String { day(d, "long") }

    /// "Week of November 23, 2026".
    package func weekTitle(_ w: WeekID) -> String { t("week_title", ["date": longDate(w.start)]) }

    /// "Home", "Observations, page 2": a fixed page's title.
    package func pageTitle(_ key: String) -> String { t(key) }

    // MARK: Values

    /// A category as templates see it: made once per category, shared by every report.
    package func category(_ key: String) -> Value { categoryValues[key] ?? makeCategory(key) }

    package func makeCategory(_ key: String) -> Value { Self.category(key, site: site) }

    /// A category as templates see it, for pages of no one neighborhood (the dashboard) too.
    package static func category(_ key: String, site: SiteSettings) -> Value {
        let c = site.category(key)
        let color = c?.color ?? "#555555"
        let index = site.categories.firstIndex { $0.key == key } ?? 0
        let shape = MarkShape.forCategory(at: index)
        let icon = "<svg class=\"icon\" viewBox=\"0 0 16 16\" width=\"14\" height=\"14\" aria-hidden=\"true\">"
            + "<path d=\"\(shape.path(x: 8, y: 8, r: 6.5))\" fill=\"\(Escape.xml(color))\" stroke=\"#1d2327\" stroke-width=\"0.8\"/></svg>"
        return .object(Object([("key", .string(key)), ("label", .string(c?.label ?? key)), ("color", .string(color)),
                               ("shape", .string(String(describing: shape))), ("icon", .safe(icon))]))
    }

    /// Residents' and organizers' Markdown as HTML, in a block that takes its direction from its own text.
    package func html(_ markdown: String) -> Value {
        let rendered = MarkdownRenderer.html(markdown)
        return .safe(rendered.isEmpty ? "" : "<div dir=\"auto\">" + rendered + "</div>")
    }

    /// A report's place in the page's words: the resident's own, or the streets or neighborhood it is near.
    package func place(_ p: Observation.Place) -> String {
        switch p {
        case .written(let text): return text
        case .near(let street, let crossing?): return t("place_near_corner", ["street": street, "crossing": crossing])
        case .near(let street, nil): return t("place_near_street", ["street": street])
        case .inNeighborhood: return t("place_in", ["place": hood.name])
        }
    }

    /// A report's title: the one the content gives, else its category and place in the page's words.
    package func title(_ o: Observation) -> String {
        o.title ?? t("report_title", ["category": site.category(o.category)?.label ?? o.category, "place": place(o.location)])
    }

    /// The language residents write their reports in: the neighborhood's first.
    package var residentsLanguage: String { hood.languages.first ?? site.language }

    package func observationValue(_ o: Observation) -> Value {
        let rendered = MarkdownRenderer.html(o.description)
        let place = self.place(o.location)
        let words = residentsLanguage, written = { (yes: Bool) -> Value in .string(yes ? words : self.site.language) }
        let lang = words == site.language ? "" : " lang=\"\(HTMLEscaping.escape(words))\""
        var isWritten = false
        if case .written = o.location { isWritten = true }
        return .object(Object([
            ("id", .string(o.id)), ("url", .string(Routes.observation(o.id))), ("title", .string(title(o))),
            ("category", category(o.category)), ("location", .string(place)),
            ("observed", date(o.observed)), ("observed_day", .string(o.observed.day.description)),
            ("author", .string(o.author ?? t("anonymous_author"))), ("tags", .array(o.tags.map { .string($0) })),
            ("description_html", .safe(rendered.isEmpty ? "" : "<div dir=\"auto\"\(lang)>" + rendered + "</div>")),
            ("has_description", .bool(!o.description.isEmpty)),
            ("excerpt", .string(rendered.isEmpty ? "" : Excerpt.ofHTML(rendered, limit: 140))),
            // What a list names it by: a title the content wrote, else its place (the category shows beside it).
            ("heading", .string(o.title ?? place)),
            // The language of each of the resident's own texts, for `lang` (see the `in_language` filter).
            ("text_language", .string(words)), ("title_language", written(o.title != nil)),
            ("location_language", written(isWritten)), ("heading_language", written(o.title != nil || isWritten)),
            ("source_url", o.sourceURL.map { .string($0) } ?? .nil),
            ("lat", .float(Self.round5(o.coordinate.latitude))), ("lon", .float(Self.round5(o.coordinate.longitude))),
        ]))
    }

    package func observation(_ o: Observation) -> Value { observationValues[o.id] ?? observationValue(o) }

    package func story(_ s: StoryPage, full: Bool = false) -> Value {
        if !full, let card = storyCards[s.story.slug] { return card }
        return storyValue(s, full: full)
    }

    package func storyValue(_ s: StoryPage, full: Bool) -> Value {
        var o = Object([
            ("slug", .string(s.story.slug)), ("url", .string(Routes.story(s.story.slug))), ("title", .string(s.story.title)),
            ("date", s.story.date.map(date) ?? .nil), ("date_day", s.story.date.map { .string($0.day.description) } ?? .nil),
            ("draft", .bool(s.isDraft)), ("call_to_action", s.story.callToAction.map { .string($0) } ?? .nil),
            ("tags", .array(s.story.tags.map { .string($0) })), ("author", s.story.author.map { .string($0) } ?? .nil),
            ("excerpt", .string(Excerpt.of(s.story.body))), ("observation_count", .int(s.observations.count)),
            ("categories", .array(orderedCategories(s.observations).map(category))),
            ("coalition", s.coalition.map { .object(Object([("name", .string($0.name)), ("url", .string(Routes.coalition($0.slug)))])) } ?? .nil),
            ("translated", .bool(hood.isTranslated("story:" + s.story.slug))), ("text_language", textLanguage("story:" + s.story.slug)),
        ])
        if full {
            o["body_html"] = html(s.story.body)
            let (lead, rest) = Self.lead(MarkdownRenderer.html(s.story.body))
            o["lead_html"] = .safe(lead.isEmpty ? "" : "<div dir=\"auto\">" + lead + "</div>")
            o["rest_html"] = .safe(rest.isEmpty ? "" : "<div dir=\"auto\">" + rest + "</div>")
            o["observations"] = .array(s.observations.map(observation))
            o["flyer_url"] = .nil
        }
        return .object(o)
    }

    /// Rendered HTML split after its first paragraph (a story's summary), when it opens with one.
    package static func lead(_ html: String) -> (lead: String, rest: String) {
        guard html.hasPrefix("<p>"), let end = html.range(of: "</p>\n") else { return ("", html) }
        return (String(html[..<end.upperBound]), String(html[end.upperBound...]))
    }

    package func coalition(_ c: CoalitionPage, full: Bool = false) -> Value {
        if !full, let card = coalitionCards[c.coalition.slug] { return card }
        return coalitionValue(c, full: full)
    }

    package func coalitionValue(_ c: CoalitionPage, full: Bool) -> Value {
        let k = c.coalition
        var o = Object([
            ("slug", .string(k.slug)), ("url", .string(Routes.coalition(k.slug))), ("name", .string(k.name)),
            ("focus", .array(k.focus.map { site.category($0) != nil ? category($0) : .object(Object([("key", .string($0)), ("label", .string($0)), ("color", .nil)])) })),
            ("contact", k.contact.map { .string($0) } ?? .nil),
            ("contact_url", k.contact.map { .string($0.contains("@") && !$0.contains("/") ? "mailto:" + $0 : $0) } ?? .nil),
            ("meets", k.meets.map { .string($0) } ?? .nil), ("join_url", k.joinURL.map { .string($0) } ?? .nil),
            ("members", k.members.map { .int($0) } ?? .nil), ("excerpt", .string(Excerpt.of(k.about))),
            ("observation_count", .int(c.observationTotal)), ("observations_shown", .int(c.observations.count)), ("story_count", .int(c.stories.count)),
            ("translated", .bool(hood.isTranslated("coalition:" + k.slug))), ("text_language", textLanguage("coalition:" + k.slug)),
        ])
        if full {
            o["about_html"] = html(k.about)
            o["observations"] = .array(c.observations.map(observation))
            o["stories"] = .array(c.stories.prefix(Self.coalitionStoryLimit).map { story($0) })
            o["stories_shown"] = .int(min(c.stories.count, Self.coalitionStoryLimit))
            o["upcoming_events"] = .array(c.events.filter { ($0.end ?? $0.start).instant >= hood.now }.map(event))
            o["past_events"] = .array(c.events.filter { ($0.end ?? $0.start).instant < hood.now }.reversed().map(event))
        }
        return .object(o)
    }

    package func event(_ e: Event) -> Value { eventValues[e.slug] ?? eventValue(e) }

    package func eventValue(_ e: Event) -> Value {
        let coalition = e.coalition.flatMap { ref in hood.coalitions.first { $0.coalition.slug == ref.value } }
        return .object(Object([
            ("slug", .string(e.slug)), ("url", .string(Routes.event(e.slug))), ("title", .string(e.title)),
            ("start", date(e.start)), ("start_day", .string(e.start.day.description)), ("all_day", .bool(!e.start.hasTime)),
            ("end", e.end.map(date) ?? .nil), ("location", e.location.map { .string($0) } ?? .nil),
            ("body_html", html(e.body)),
            ("translated", .bool(hood.isTranslated("event:" + e.slug))), ("text_language", textLanguage("event:" + e.slug)),
            ("coalition", coalition.map { .object(Object([("name", .string($0.coalition.name)), ("url", .string(Routes.coalition($0.coalition.slug)))])) } ?? .nil),
        ]))
    }

    package static let digestListLimit = 300
    /// A coalition's page shows its newest stories as cards, at most this many (all are on the stories page).
    package static let coalitionStoryLimit = 24
    /// The search index holds the newest this many reports (with every story, coalition and event), so the
    /// search page loads in about a megabyte however many reports there are; the rest are on the list pages.
    package static let searchReportLimit = 3_000
    /// The stories list shows this many cards a page (a page stays far under 2 MB).
    package static let storyPageSize = 60

    package func digest(_ d: Digest, full: Bool = false) -> Value {
        var o = Object([
            ("week", .string(d.week.description)), ("url", .string(Routes.digest(d.week))),
            ("title", .string(weekTitle(d.week))), ("start_day", .string(d.week.start.description)),
            ("end_day", .string(d.week.end.description)), ("observation_count", .int(d.observations.count)),
            ("story_count", .int(d.stories.count)), ("event_count", .int(d.events.count)), ("current", .bool(d.isCurrentWeek)),
        ])
        if full {
            // A digest lists at most this many of the week's reports; the map shows them all.
            o["observations"] = .array(d.observations.prefix(Self.digestListLimit).map(observation))
            o["observations_shown"] = .int(min(d.observations.count, Self.digestListLimit))
            o["counts"] = .array(d.counts.map { c in
                .object(Object([("category", category(c.category.key)), ("this_week", .int(c.thisWeek)),
                                ("previous_week", .int(c.previousWeek)), ("change", .int(c.thisWeek - c.previousWeek))]))
            })
            o["stories"] = .array(d.stories.map { story($0) })
            o["events"] = .array(d.events.map(event))
            o["spotlight"] = d.spotlight.map { coalition($0) } ?? .nil
            o["previous_week"] = .string(d.week.previous.description)
        }
        return .object(o)
    }

    /// Categories of some observations, in `site.yml` order.
    package func orderedCategories(_ observations: [Observation]) -> [String] {
        let present = Set(observations.map(\.category))
        return site.categories.map(\.key).filter(present.contains)
    }

    package static func round5(_ v: Double) -> Double { (v * 100_000).rounded() / 100_000 }
}
