import DayCount

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

    init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    static func daysIn(month: Int, year: Int) -> Int {
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

    static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
        var v = 0
        for b in bytes {
            guard b >= 0x30, b <= 0x39 else { return nil }
            v = v * 10 + Int(b - 0x30)
        }
        return v
    }
}
