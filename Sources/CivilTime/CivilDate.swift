
/// A calendar day with no time zone: `2024-05-01`.
public struct CivilDate: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    /// A valid date, or nil (month 13, February 30 …).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...CivilDate.daysIn(month: month, year: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    public init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    public static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int { DayCount.days(year: year, month: month, day: day) }

    /// The date `days` days after 1970-01-01.
    public init(daysSinceEpoch days: Int) {
        let c = DayCount.civil(days)
        self.init(unchecked: c.year, c.month, c.day)
    }

    public func adding(days: Int) -> CivilDate { CivilDate(daysSinceEpoch: daysSinceEpoch + days) }

    /// 1 = Monday … 7 = Sunday.
    public var isoWeekday: Int {
        let w = (daysSinceEpoch + 3) % 7  // 1970-01-01 was a Thursday
        return (w < 0 ? w + 7 : w) + 1
    }

    /// 1 = January 1 … 366.
    public var dayOfYear: Int { daysSinceEpoch - (CivilDate(year: year, month: 1, day: 1)?.daysSinceEpoch ?? daysSinceEpoch) + 1 }

    /// The ISO 8601 week this day falls in: the week (Monday to Sunday) and the year of its Thursday.
    public var isoWeek: (year: Int, week: Int) {
        let thursday = adding(days: 4 - isoWeekday)
        let jan1 = CivilDate(unchecked: thursday.year, 1, 1)
        return (thursday.year, (thursday.daysSinceEpoch - jan1.daysSinceEpoch) / 7 + 1)
    }

    /// The Monday of an ISO 8601 week.
    public static func monday(isoYear year: Int, week: Int) -> CivilDate {
        let jan4 = CivilDate(unchecked: year, 1, 4)
        return jan4.adding(days: 1 - jan4.isoWeekday + (week - 1) * 7)
    }

    /// "November", "Sunday": the English names, which the theme's languages replace.
    public var monthName: String { CalendarNames.months[month - 1] }
    public var weekdayName: String { CalendarNames.weekdays[isoWeekday % 7] }

    public var description: String {
        func pad(_ n: Int, _ width: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public static func < (a: CivilDate, b: CivilDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    /// Parses exactly `YYYY-MM-DD`; nil when the text has another shape or names no real day.
    public static func parse<S: StringProtocol>(_ text: S) -> CivilDate? {
        let u = Array(text.utf8)
        guard u.count == 10, u[4] == UInt8(ascii: "-"), u[7] == UInt8(ascii: "-"),
              let y = digits(u[0..<4]), let m = digits(u[5..<7]), let d = digits(u[8..<10]) else { return nil }
        return CivilDate(year: y, month: m, day: d)
    }

    public static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
        var v = 0
        for b in bytes {
            guard b >= 0x30, b <= 0x39 else { return nil }
            v = v * 10 + Int(b - 0x30)
        }
        return v
    }
}
