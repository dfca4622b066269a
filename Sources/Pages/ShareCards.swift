import Assembly
import Liquid
import Loading

/// The share cards of a neighborhood (its home page, each story, each week's digest) and the Open
/// Graph values that point link previews at them.
extension ViewModels {
    package func storyCard(_ s: StoryPage) -> ShareCard {
        let keys = orderedCategories(s.observations).compactMap { site.category($0) }.map { ShareCard.Key(color: $0.color, label: $0.label) }
        return ShareCard(kicker: hood.name, title: s.story.title, text: Excerpt.of(s.story.body, limit: 160), keys: keys, footer: site.title,
                         description: t("card_story_description", ["title": s.story.title, "place": hood.name]), rightToLeft: rightToLeft)
    }

    package func digestCard(_ d: Digest) -> ShareCard {
        let title = weekTitle(d.week)
        let figures = [
            figure(d.observations.count, "card_reports", "count_reports"),
            figure(d.stories.count, "card_new_stories", "count_new_stories"),
            figure(d.events.count, "card_events_coming", "count_events_coming"),
        ]
        let keys = d.counts.filter { $0.thisWeek > 0 }
            .map { ShareCard.Key(color: $0.category.color, label: "\($0.category.label) \(language.number($0.thisWeek))", weight: $0.thisWeek) }
        return ShareCard(kicker: t("card_digest_kicker", ["place": hood.name]), title: title, titleLines: 2, figures: figures.map(\.figure),
                         keys: keys, footer: site.title,
                         description: t("card_digest_description", ["place": hood.name, "week": t("week_title_inline", ["date": longDate(d.week.start)]),
                                                                    "summary": sentence(figures)]), rightToLeft: rightToLeft)
    }

    package func homeCard() -> ShareCard {
        var counts: [String: Int] = [:]
        for o in hood.observations { counts[o.category, default: 0] += 1 }
        let keys = site.categories.compactMap { c in counts[c.key].map { ShareCard.Key(color: c.color, label: c.label, weight: $0) } }
        let figures = [
            figure(hood.observations.count, "card_reports", "count_reports"),
            figure(hood.stories.count, "card_stories", "count_stories"),
            figure(hood.coalitions.count, "card_coalitions", "count_coalitions"),
        ]
        return ShareCard(kicker: site.title, title: hood.name, titleSizes: [96, 80, 64, 56], titleLines: 2, text: hood.description ?? "",
                         textLines: 1, figures: figures.map(\.figure), keys: keys,
                         description: t("card_home_description", ["place": hood.name, "summary": sentence(figures)]), rightToLeft: rightToLeft)
    }

    /// Open Graph values: the page's absolute address and its card's, when the site has a base URL.
    package func openGraph(type: String, title: String, description: String, page: String, card: String, alt: String) -> Value {
        .object(Object([
            ("type", .string(type)), ("title", .string(title)), ("description", .string(description)),
            ("url", hood.absoluteRoot.map { .string($0 + page) } ?? .nil),
            ("image", options.shareCards ? hood.absoluteRoot.map { .string($0 + card) } ?? .nil : .nil),
            ("image_alt", .string(alt)),
        ]))
    }

    /// A large number with its word (`card_…`, the word alone in the form the number takes) and the same
    /// as a phrase (`count_…`, "12 reports") for the card's description.
    package func figure(_ n: Int, _ word: String, _ phrase: String) -> (figure: ShareCard.Figure, phrase: String) {
        (ShareCard.Figure(value: n, label: t(word, count: n), text: language.number(n)), t(phrase, count: n))
    }

    /// "12 reports, 1 new story, 3 events coming up".
    package func sentence(_ figures: [(figure: ShareCard.Figure, phrase: String)]) -> String {
        figures.map(\.phrase).joined(separator: t("list_separator"))
    }

    package var rightToLeft: Bool { language.direction == "rtl" }
}
