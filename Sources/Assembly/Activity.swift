import CivilTime
import Loading

/// What a neighborhood published lately, for the activity dashboard (`OUT/index.html`) and its own
/// home page: counts of published reports, stories and events only, and never a figure about any
/// one person (no authors, no reporters).
public struct Activity: Sendable, Equatable {
    /// The dashboard looks back this many ISO weeks, the week of `--date` last.
    public static let weekCount = 12

    /// Published reports observed in each of the last `weekCount` weeks, oldest first.
    public var reportsPerWeek: [Int]
    /// Published stories dated in those weeks.
    public var newStories: Int
    /// Published stories dated in the week of `--date`.
    public var storiesThisWeek = 0
    /// Events that have not ended before `--date`.
    public var upcomingEvents: Int
    /// Published reports of all time.
    public var totalReports: Int
    /// The day the newest published report was observed, up to `--date`.
    public var latestReport: CivilDate?
    /// Categories with published reports, in `site.yml` order: reports in the weeks and of all time.
    public var categories: [CategoryActivity]

    public struct CategoryActivity: Sendable, Equatable {
        public var key: String
        public var recent: Int
        public var total: Int

        public init(key: String, recent: Int, total: Int) {
            self.key = key
            self.recent = recent
            self.total = total
        }
    }

    public init(reportsPerWeek: [Int], newStories: Int, upcomingEvents: Int, totalReports: Int, latestReport: CivilDate?,
                categories: [CategoryActivity]) {
        self.reportsPerWeek = reportsPerWeek
        self.newStories = newStories
        self.upcomingEvents = upcomingEvents
        self.totalReports = totalReports
        self.latestReport = latestReport
        self.categories = categories
    }

    public static let none = Activity(reportsPerWeek: Array(repeating: 0, count: weekCount), newStories: 0, upcomingEvents: 0,
                                      totalReports: 0, latestReport: nil, categories: [])

    /// Published reports observed in the week of `--date`.
    public var reportsThisWeek: Int { reportsPerWeek.last ?? 0 }

    /// Published reports in the weeks.
    public var recentReports: Int { reportsPerWeek.reduce(0, +) }

    /// The weeks counted, oldest first, the week of `today` last.
    public static func weeks(endingWith today: CivilDate) -> [WeekID] {
        let last = WeekID(containing: today)
        return (0..<weekCount).reversed().map { WeekID(containing: last.start.adding(days: -7 * $0)) }
    }

    /// The counts of one neighborhood's published content (what `Assembler` kept), as of `today`.
    public static func of(observations: [Observation], stories: [StoryPage], events: [Event], now: Int64,
                          site: SiteSettings, today: CivilDate) -> Activity {
        let weeks = weeks(endingWith: today)
        let first = weeks[0].start, last = weeks[weeks.count - 1].end
        var perWeek = Array(repeating: 0, count: weekCount)
        var recent: [String: Int] = [:], total: [String: Int] = [:]
        var latest: CivilDate?
        for o in observations where o.status == .published {
            let day = o.observed.day
            total[o.category, default: 0] += 1
            if day <= today, latest.map({ day > $0 }) ?? true { latest = day }
            guard day >= first, day <= last else { continue }
            let index = (day.daysSinceEpoch - first.daysSinceEpoch) / 7
            perWeek[index] += 1
            recent[o.category, default: 0] += 1
        }
        let newStories = stories.filter { s in
            guard s.story.status == .published, let day = s.story.date?.day else { return false }
            return day >= first && day <= last
        }.count
        let upcoming = events.filter { ($0.end ?? $0.start).instant >= now }.count
        let categories = site.categories.compactMap { c -> CategoryActivity? in
            guard let all = total[c.key] else { return nil }
            return CategoryActivity(key: c.key, recent: recent[c.key] ?? 0, total: all)
        }
        let thisWeek = weeks[weeks.count - 1]
        var activity = Activity(reportsPerWeek: perWeek, newStories: newStories, upcomingEvents: upcoming,
                                totalReports: observations.filter { $0.status == .published }.count, latestReport: latest, categories: categories)
        activity.storiesThisWeek = stories.filter { s in
            guard s.story.status == .published, let day = s.story.date?.day else { return false }
            return day >= thisWeek.start && day <= thisWeek.end
        }.count
        return activity
    }

    /// Several neighborhoods' counts added up (the dashboard's totals).
    public static func sum(_ all: [Activity], site: SiteSettings) -> Activity {
        var perWeek = Array(repeating: 0, count: weekCount)
        var recent: [String: Int] = [:], total: [String: Int] = [:]
        for a in all {
            for (i, n) in a.reportsPerWeek.enumerated() where i < weekCount { perWeek[i] += n }
            for c in a.categories {
                recent[c.key, default: 0] += c.recent
                total[c.key, default: 0] += c.total
            }
        }
        let categories = site.categories.compactMap { c in total[c.key].map { CategoryActivity(key: c.key, recent: recent[c.key] ?? 0, total: $0) } }
        return Activity(reportsPerWeek: perWeek, newStories: all.reduce(0) { $0 + $1.newStories },
                        upcomingEvents: all.reduce(0) { $0 + $1.upcomingEvents }, totalReports: all.reduce(0) { $0 + $1.totalReports },
                        latestReport: all.compactMap(\.latestReport).max(), categories: categories)
    }

    /// The busiest categories: most reports in the weeks, then of all time, then `site.yml` order.
    public func busiest(_ limit: Int) -> [CategoryActivity] {
        let order = Dictionary(categories.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { a, _ in a })
        return Array(categories.sorted { a, b in
            (a.recent, a.total, -(order[a.key] ?? 0)) > (b.recent, b.total, -(order[b.key] ?? 0))
        }.prefix(limit))
    }

    /// Neighborhoods in order of activity: reports in the weeks, then new stories, then upcoming
    /// events, then reports of all time; then the given order (a stable sort).
    public static func moreActive(_ a: Activity, than b: Activity) -> Bool {
        (a.recentReports, a.newStories, a.upcomingEvents, a.totalReports) > (b.recentReports, b.newStories, b.upcomingEvents, b.totalReports)
    }
}
