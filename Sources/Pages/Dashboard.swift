import Assembly
import CivilTime
import Liquid
import Themes
import Loading

/// A neighborhood the top-level page lists: its name, and what it published lately when known.
public struct ListedNeighborhood: Sendable {
    public var slug: String
    public var name: String
    /// Nil when it could not be counted (a neighborhood left out of an `--only` build that no cache knows and that does not load).
    public var activity: Activity?
    /// Its editions' languages, the site's first; empty when it has one edition.
    public var languages: [String]

    public init(slug: String, name: String, activity: Activity?, languages: [String] = []) {
        self.slug = slug
        self.name = name
        self.activity = activity
        self.languages = languages
    }
}

/// `OUT/index.html`, the activity dashboard: the neighborhoods' published reports week by week,
/// new stories and upcoming events, the busiest categories, the most active neighborhood first.
/// Counts only, of published items; names and links of neighborhoods, nothing else of theirs.
package enum Dashboard {
    /// How many of the busiest categories the dashboard names; a neighborhood names fewer.
    package static let busiestCount = 5
    package static let busiestPerNeighborhood = 3

    /// `languageName`: a language's own name for itself ("Español"), for the links to the editions.
    package static func job(_ site: Site, listed: [ListedNeighborhood], languageName: (String) -> String) -> PageJob {
        let weeks = Activity.weeks(endingWith: site.options.today)
        let counted = listed.compactMap(\.activity)
        let total = Activity.sum(counted, site: site.settings)
        // Most active first; those not counted last; the folder order breaks ties.
        let order = listed.enumerated().sorted { a, b in
            switch (a.element.activity, b.element.activity) {
            case let (x?, y?):
                if Activity.moreActive(x, than: y) { return true }
                if Activity.moreActive(y, than: x) { return false }
            case (.some, nil): return true
            case (nil, .some): return false
            default: break
            }
            return a.offset < b.offset
        }.map(\.element)
        // The neighborhoods' lines share one scale, so that a taller line means more reports.
        let scale = counted.flatMap(\.reportsPerWeek).max() ?? 0
        let hoods: [Value] = order.map { h in
            .object(Object([
                ("slug", .string(h.slug)), ("name", .string(h.name)), ("url", .string(h.slug + "/" + Routes.home)),
                ("stories_url", .string(h.slug + "/" + Routes.stories)), ("events_url", .string(h.slug + "/" + Routes.events)),
                ("editions", .array(h.languages.filter { $0 != site.settings.language }.map { code in
                    .object(Object([("code", .string(code)), ("name", .string(languageName(code))),
                                    ("url", .string(h.slug + "/" + code + "/" + Routes.home))]))
                })),
                ("activity", h.activity.map { value($0, weeks: weeks, site: site.settings, busiest: busiestPerNeighborhood, scale: scale) } ?? .nil),
            ]))
        }
        let variables: [(String, Value)] = [
            ("neighborhoods", .array(hoods)),
            ("activity", value(total, weeks: weeks, site: site.settings, busiest: busiestCount)),
            ("counted_count", .int(counted.count)),
        ]
        return PageJob(path: "index.html", kind: .index, title: site.settings.title, variables: variables,
                       folder: "", absoluteRoot: site.options.baseURL)
    }

    /// Activity as templates see it (`activity` on the dashboard, each neighborhood's, and the home page's).
    /// `digest` gives a week's digest page when there is one (on a neighborhood's own pages).
    /// `scale` is the count its line draws at full height (see `Sparkline`).
    package static func value(_ a: Activity, weeks: [WeekID], site: SiteSettings, busiest: Int, scale: Int? = nil,
                      digest: (WeekID) -> String? = { _ in nil },
                      weekTitle: (WeekID) -> String = { "Week of \($0.start.monthName) \($0.start.day), \($0.start.year)" },
                      shortDay: (CivilDate) -> String = Dashboard.shortDay) -> Value {
        let weekValues: [Value] = zip(weeks, a.reportsPerWeek).enumerated().map { i, pair in
            let (w, count) = pair
            return .object(Object([
                ("week", .string(w.description)), ("label", .string(shortDay(w.start))), ("title", .string(weekTitle(w))),
                ("start_day", .string(w.start.description)), ("end_day", .string(w.end.description)), ("count", .int(count)),
                ("current", .bool(i == weeks.count - 1)), ("url", digest(w).map { .string($0) } ?? .nil),
            ]))
        }
        let categories: [Value] = a.busiest(busiest).map { c in
            .object(Object([("category", ViewModels.category(c.key, site: site)), ("recent", .int(c.recent)), ("total", .int(c.total))]))
        }
        return .object(Object([
            ("weeks", .array(weekValues)), ("week_count", .int(weeks.count)),
            ("first_day", .string(weeks.first?.start.description ?? "")), ("last_day", .string(weeks.last?.end.description ?? "")),
            ("report_count", .int(a.recentReports)), ("this_week", .int(a.reportsPerWeek.last ?? 0)),
            ("busiest_week", .int(a.reportsPerWeek.max() ?? 0)),
            ("story_count", .int(a.newStories)), ("event_count", .int(a.upcomingEvents)),
            ("total_reports", .int(a.totalReports)), ("latest_report_day", a.latestReport.map { .string($0.description) } ?? .nil),
            ("categories", .array(categories)),
            ("sparkline_svg", .safe(Sparkline.svg(a.reportsPerWeek, top: scale))),
        ]))
    }

    /// "Nov 23": a week's Monday in few letters.
    package static func shortDay(_ d: CivilDate) -> String { "\(d.monthName.prefix(3)) \(d.day)" }
}
