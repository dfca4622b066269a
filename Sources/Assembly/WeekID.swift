import Loading

/// An ISO 8601 week, `2026-W48`: Monday to Sunday, in the site's time zone.
public struct WeekID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int
    public var week: Int

    /// The week a day falls in.
    public init(containing day: CivilDate) {
        let thursday = day.adding(days: 4 - day.isoWeekday)
        year = thursday.year
        let jan1 = CivilDate(year: thursday.year, month: 1, day: 1) ?? thursday
        week = (thursday.daysSinceEpoch - jan1.daysSinceEpoch) / 7 + 1
    }

    /// Monday.
    public var start: CivilDate {
        let jan4 = CivilDate(year: year, month: 1, day: 4) ?? CivilDate(daysSinceEpoch: 0)
        return jan4.adding(days: 1 - jan4.isoWeekday + (week - 1) * 7)
    }

    /// Sunday.
    public var end: CivilDate { start.adding(days: 6) }

    public var previous: WeekID { WeekID(containing: start.adding(days: -7)) }

    public var description: String { "\(year)-W\(week < 10 ? "0" : "")\(week)" }

    public static func < (a: WeekID, b: WeekID) -> Bool { (a.year, a.week) < (b.year, b.week) }
}
