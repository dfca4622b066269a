import Assembly
import Liquid
import Loading

/// The share cards of a neighborhood (its home page, each story, each week's digest) and the Open
/// Graph values that point link previews at them.
extension ViewModels {
    func storyCard(_ s: StoryPage) -> ShareCard {
        let keys = orderedCategories(s.observations).compactMap { site.category($0) }.map { ShareCard.Key(color: $0.color, label: $0.label) }
        return ShareCard(kicker: hood.name, title: s.story.title, text: Excerpt.of(s.story.body, limit: 160), keys: keys, footer: site.title,
                         description: "\(s.story.title): a story from \(hood.name)")
    }

    func digestCard(_ d: Digest) -> ShareCard {
        let title = Self.weekTitle(d.week)
        let figures = [
            ShareCard.Figure(value: d.observations.count, label: Self.counted(d.observations.count, "report", "reports")),
            ShareCard.Figure(value: d.stories.count, label: Self.counted(d.stories.count, "new story", "new stories")),
            ShareCard.Figure(value: d.events.count, label: Self.counted(d.events.count, "event coming up", "events coming up")),
        ]
        let keys = d.counts.filter { $0.thisWeek > 0 }
            .map { ShareCard.Key(color: $0.category.color, label: "\($0.category.label) \($0.thisWeek)", weight: $0.thisWeek) }
        return ShareCard(kicker: "\(hood.name) · Weekly digest", title: title, titleLines: 2, figures: figures, keys: keys, footer: site.title,
                         description: "\(hood.name), \(title.lowercasedFirst): " + Self.sentence(figures))
    }

    func homeCard() -> ShareCard {
        var counts: [String: Int] = [:]
        for o in hood.observations { counts[o.category, default: 0] += 1 }
        let keys = site.categories.compactMap { c in counts[c.key].map { ShareCard.Key(color: c.color, label: c.label, weight: $0) } }
        let figures = [
            ShareCard.Figure(value: hood.observations.count, label: Self.counted(hood.observations.count, "report", "reports")),
            ShareCard.Figure(value: hood.stories.count, label: Self.counted(hood.stories.count, "story", "stories")),
            ShareCard.Figure(value: hood.coalitions.count, label: Self.counted(hood.coalitions.count, "coalition", "coalitions")),
        ]
        return ShareCard(kicker: site.title, title: hood.name, titleSizes: [96, 80, 64, 56], titleLines: 2, text: hood.description ?? "",
                         textLines: 1, figures: figures, keys: keys, description: "\(hood.name): " + Self.sentence(figures))
    }

    /// Open Graph values: the page's absolute address and its card's, when the site has a base URL.
    func openGraph(type: String, title: String, description: String, page: String, card: String, alt: String) -> Value {
        .object(Object([
            ("type", .string(type)), ("title", .string(title)), ("description", .string(description)),
            ("url", hood.absoluteRoot.map { .string($0 + page) } ?? .nil),
            ("image", options.shareCards ? hood.absoluteRoot.map { .string($0 + card) } ?? .nil : .nil),
            ("image_alt", .string(alt)),
        ]))
    }

    static func counted(_ n: Int, _ one: String, _ many: String) -> String { n == 1 ? one : many }

    /// "12 reports, 1 new story, 3 events coming up".
    static func sentence(_ figures: [ShareCard.Figure]) -> String {
        figures.map { "\($0.value) \($0.label)" }.joined(separator: ", ")
    }
}

extension String {
    /// "Week of November 23" as "week of November 23".
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
