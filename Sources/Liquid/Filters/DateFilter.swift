import DayCount
import Foundation

/// A moment with the UTC offset it is shown in.
public struct LiquidTime: Sendable, Equatable {
    public var seconds: Int64
    public var nanoseconds: Int = 0
    public var utcOffset: Int
    /// `%Z`: the zone's abbreviation, or the offset when none is known.
    public var zoneName: String

    public init(seconds: Int64, utcOffset: Int, zoneName: String? = nil) {
        self.seconds = seconds
        self.utcOffset = utcOffset
        self.zoneName = zoneName ?? LiquidTime.offsetText(utcOffset, colon: true)
    }

    /// The moment in `zone`, with the zone's own offset and abbreviation then.
    public init(seconds: Int64, in zone: TimeZone) {
        let date = Date(timeIntervalSince1970: TimeInterval(seconds))
        self.init(seconds: seconds, utcOffset: zone.secondsFromGMT(for: date), zoneName: LiquidTime.abbreviation(zone, date))
    }

    /// "EST", "EDT", "UTC": the zone's short name in English (a fixed locale, never the machine's).
    static func abbreviation(_ zone: TimeZone, _ date: Date) -> String? {
        if zone.identifier == "GMT" || zone.identifier == "UTC" { return "UTC" }
        let style: NSTimeZone.NameStyle = zone.isDaylightSavingTime(for: date) ? .shortDaylightSaving : .shortStandard
        return zone.localizedName(for: style, locale: Locale(identifier: "en_US")) ?? zone.abbreviation(for: date)
    }

    static func offsetText(_ offset: Int, colon: Bool) -> String {
        let sign = offset < 0 ? "-" : "+"
        let h = abs(offset) / 3600, m = abs(offset) % 3600 / 60
        return sign + pad(h, 2) + (colon ? ":" : "") + pad(m, 2)
    }

    static func pad(_ n: Int, _ width: Int, with c: Character = "0") -> String {
        let s = String(n)
        return s.count >= width ? s : String(repeating: c, count: width - s.count) + s
    }

    /// Local calendar fields.
    var fields: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, weekday: Int, yday: Int) {
        let local = seconds + Int64(utcOffset)
        let days = Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
        let secs = Int(local - Int64(days) * 86_400)
        let (y, m, d) = LiquidTime.civil(days)
        let weekday = ((days % 7) + 11) % 7  // 0 = Sunday; 1970-01-01 was a Thursday
        let yday = days - LiquidTime.days(y, 1, 1) + 1
        return (y, m, d, secs / 3600, secs % 3600 / 60, secs % 60, weekday, yday)
    }

    static func days(_ y: Int, _ m: Int, _ d: Int) -> Int { DayCount.days(year: y, month: m, day: d) }

    static func civil(_ days: Int) -> (Int, Int, Int) {
        let c = DayCount.civil(days)
        return (c.year, c.month, c.day)
    }
}

public enum DateFilter {
    /// `date` with another language's words: the moment (a time, a date text, `now`) formatted with `format`,
    /// nil when the input is not a moment.
    public static func format(_ input: Value, _ format: String, words: CalendarWords, context: FilterContext) -> String? {
        guard let time = DateParsing.time(from: input, now: context.now, zone: context.timeZone) else { return nil }
        return Strftime.format(time, format, words: words)
    }

    static let all: [String: Filter] = [
        "date": Filter(arguments: 1...1) { input, args, _, context in
            let format = Ruby.string(args[0])
            if format.isEmpty { return input }
            guard let time = DateParsing.time(from: input, now: context.now, zone: context.timeZone) else { return input }
            return .string(Strftime.format(time, format))
        },
    ]
}
