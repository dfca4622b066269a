import CivilTime
import Foundation
import Geo
import Loading
import Markdown
import Redaction

/// Everything a draft may say, taken only from public fields of published reports as the site shows
/// them (the resident's Markdown rendered to the text a reader sees: no HTML comment, no link
/// reference definition), redacted again after rendering: what the model sees, what the grounding
/// check compares its answer with, and what the hand-made draft is written from.
public struct StoryFacts: Sendable {
    /// One report as the model sees it. No author, no private field, no exact point.
    public struct Report: Sendable {
        public var id: String
        public var categoryKey: String
        public var category: String
        public var day: CivilDate
        /// The report's location label (already without a house number).
        public var location: String
        /// The basemap streets nearest its point on the privacy grid.
        public var streets: [String]
        public var title: String
        /// The resident's words, redacted again here, on one line.
        public var text: String
        /// The first paragraph of those words, on one line: what a draft may quote.
        public var firstParagraph: String
    }

    public var neighborhood: String
    public var reports: [Report]
    /// Category key → count, most first.
    public var counts: [(key: String, count: Int)]
    public var labels: [String: String]
    public var place: Place
    public var first: CivilDate
    public var last: CivilDate
    /// The coalition that focuses on the most reported category, when there is one.
    public var coalition: (slug: String, name: String, focus: [String])?
    /// From `site.yml` (`categories.<key>.call_to_action`), else `StoryFacts.defaultCallToAction`.
    public var callToAction: String
    /// The basemap's named streets and parks.
    public var basemapNames: [String]
    /// Every category label of the site.
    public var categoryLabels: [String]
    /// The basemap's street names, lowercased, with and without suffix: for the address finder.
    public var streetNames: Set<String>

    public var count: Int { reports.count }
    public var ids: [String] { reports.map(\.id) }

    /// How many reports each year and each month had, in order.
    public var byYear: [(year: Int, count: Int)] {
        var t: [Int: Int] = [:]
        for r in reports { t[r.day.year, default: 0] += 1 }
        return t.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    public var byMonth: [(year: Int, month: Int, count: Int)] {
        var t: [Int: Int] = [:]
        for r in reports { t[r.day.year * 12 + r.day.month - 1, default: 0] += 1 }
        return t.sorted { $0.key < $1.key }.map { ($0.key / 12, $0.key % 12 + 1, $0.value) }
    }

    public static func defaultCallToAction(coalition: String?, count: Int = 2) -> String {
        let these = count == 1 ? "this report" : "these reports"
        if let coalition {
            return "Bring \(these) to the next \(coalition) meeting, and add your own when you see the same thing."
        }
        return "Share \(these) with your neighbors and with whoever can fix the problem, and add your own when you see the same thing."
    }

    /// Facts of `reports` (only published ones are taken; the caller has left the others out).
    public init(neighborhood n: Neighborhood, site: SiteSettings, reports: [Observation]) {
        let published = reports.filter { $0.status == .published }.sorted { ($0.observed.day, $0.id) < ($1.observed.day, $1.id) }
        let namer = PlaceNamer(n)
        let streetSet = n.streetNames
        let redactor = Redactor(kinds: Set(Redactor.Kind.allCases), streets: streetSet)
        var labels: [String: String] = [:]
        for c in site.categories { labels[c.key] = c.label }
        neighborhood = n.name
        self.labels = labels
        self.reports = published.map { o in
            // The prompt is English: a place or title the content did not write is said in English here.
            let place = o.location.english(in: n.name)
            let streets = namer.streets.isEmpty ? [] : namer.streets.nearest(o.coordinate, within: PlaceNamer.streetReach).prefix(2).map(\.name)
            let shown = PublicText.of(o, in: n, site: site)
            // Redacted again once rendered (an entity or a backslash no longer hides a number), and
            // what the redactor may still miss masked (see `ContactScanner`).
            let field = { (name: String) in shown.field(name)?.published ?? "" }
            let clean = { (text: String) in ContactScanner.masked(redactor.redact(text).text, streets: streetSet) }
            // One block a line: the first line is the first paragraph.
            let words = clean(Self.shownText(field("description")))
            let paragraph = words.split(separator: "\n").first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map(String.init) ?? ""
            return Report(id: o.id, categoryKey: o.category, category: labels[o.category] ?? o.category, day: o.observed.day,
                          location: Self.oneLine(clean(shown.field("location")?.published ?? place)), streets: streets,
                          title: Self.oneLine(clean(shown.field("title")?.published ?? "\(labels[o.category] ?? o.category) — \(place)")), text: Self.oneLine(words),
                          firstParagraph: Self.oneLine(paragraph))
        }
        let counts = Suggester.counts(published)
        self.counts = counts
        place = namer.place(of: published)
        first = published.first?.observed.day ?? CivilDate(unchecked: 1970, 1, 1)
        last = published.last?.observed.day ?? first
        let top = counts.first?.key ?? ""
        let focused = n.coalitions.filter { $0.status == .published && $0.focus.contains(top) }
        // Of the coalitions focused on the top category, the one that covers most of the others.
        let best = focused.max { a, b in
            let ca = counts.filter { a.focus.contains($0.key) }.count, cb = counts.filter { b.focus.contains($0.key) }.count
            return ca != cb ? ca < cb : a.slug > b.slug
        }
        coalition = best.map { ($0.slug, $0.name, $0.focus) }
        callToAction = site.category(top)?.callToAction ?? Self.defaultCallToAction(coalition: best?.name, count: published.count)
        basemapNames = namer.basemapNames
        categoryLabels = site.categories.map(\.label)
        streetNames = streetSet
    }

    /// A resident's Markdown as the report's page shows it, in plain text, one block a line: what
    /// the site renders (raw HTML, comments and link reference definitions are never shown),
    /// entities decoded.
    static func shownText(_ markdown: String) -> String {
        markdown.isEmpty ? "" : HTMLText.lines(MarkdownRenderer.html(markdown))
    }

    /// Text on one line: Markdown line breaks and runs of spaces become single spaces.
    static func oneLine(_ s: String) -> String {
        s.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == " " }).joined(separator: " ")
    }
}
