import CivilTime

/// An ISO 8601 week, `2026-W48`: Monday to Sunday, in the site's time zone.
public struct WeekID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int
    public var week: Int

    /// The week a day falls in.
    public init(containing day: CivilDate) {
        (year, week) = day.isoWeek
    }

    /// Monday.
    public var start: CivilDate { CivilDate.monday(isoYear: year, week: week) }

    /// Sunday.
    public var end: CivilDate { start.adding(days: 6) }

    public var previous: WeekID { WeekID(containing: start.adding(days: -7)) }

    public var description: String { "\(year)-W\(week < 10 ? "0" : "")\(week)" }

    public static func < (a: WeekID, b: WeekID) -> Bool { (a.year, a.week) < (b.year, b.week) }
}
