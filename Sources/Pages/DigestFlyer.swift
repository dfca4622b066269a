import Assembly
import Liquid
import Loading

/// What a week's printed flyer shows besides the digest: its map, sized to the room the text
/// leaves; in a quiet week, where neighbors reported lately and the latest story, so the page
/// still tells a neighbor what is going on and how to take part.
extension ViewModels {
    /// A quiet week's map shows at most this many of the latest reports.
    package static let recentOnFlyer = 30

    package func digestFlyer(_ d: Digest, in h: NeighborhoodSite) -> (map: MapRequest, variables: [(String, Value)]) {
        let title = weekTitle(d.week)
        let latest = h.stories.filter { !$0.isDraft && ($0.story.date.map { $0.day <= d.week.end } ?? false) }
            .max { ($0.story.date?.instant ?? 0, $1.story.slug) < ($1.story.date?.instant ?? 0, $0.story.slug) }
        var variables: [(String, Value)] = [("latest_story", latest.map { story($0) } ?? .nil)]
        var text: Double
        let shown: [Observation]
        let mapTitle: String
        if d.observations.isEmpty {
            shown = Array(h.observations.filter { $0.observed.day <= d.week.end }.suffix(Self.recentOnFlyer))
            mapTitle = t("map_recent", count: shown.count, ["place": h.name])
            // The week's line and the quiet week's words, then the latest story: its title, opening and call to action
            // (11 pt lines of about 62 characters).
            text = 3 * FlyerSpace.line + 24
            if let s = latest {
                func lines(_ text: String) -> Double { Double((text.count + 61) / 62) * 20 }
                text += 26 + lines(s.story.title) + lines(Excerpt.of(s.story.body)) + lines("What you can do: " + (s.story.callToAction ?? "")) + 16
            }
        } else {
            shown = d.observations
            mapTitle = t("map_week", ["week": t("week_title_inline", ["date": longDate(d.week.start)])])
            let rows = min(d.counts.count, 6), items = min(d.observations.count, 6)
            text = 2 * FlyerSpace.line + 12 + Double(rows + 1) * 22 + 14 + Double(items) * 20 + 10
            if d.observations.count > 6 { text += 20 }
            if !d.stories.isEmpty { text += 2 * FlyerSpace.line }
        }
        variables.append(("map_count", .int(shown.count)))
        let map = MapRequest.printed(shown, title: mapTitle, height: FlyerSpace.mapHeight(title: title, text: text))
        return (map, variables)
    }
}
