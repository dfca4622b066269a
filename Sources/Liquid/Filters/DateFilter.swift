import DayCount
import Foundation
import Synchronization

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

enum DateFilter {
    static let all: [String: Filter] = [
        "date": Filter(arguments: 1...1) { input, args, _, context in
            let format = Ruby.string(args[0])
            if format.isEmpty { return input }
            // Text is read and formatted once per environment (pages show the same dates again and again).
            if let dates = context.dates, let text = input.stringValue {
                if let known = dates.lookup(text, format) { return known.map { .string($0) } ?? input }
                let made = DateParsing.parse(text, now: context.now, zone: context.timeZone).map { Strftime.format($0, format) }
                dates.store(text, format, made)
                return made.map { .string($0) } ?? input
            }
            guard let time = DateParsing.time(from: input, now: context.now, zone: context.timeZone) else { return input }
            return .string(Strftime.format(time, format))
        },
    ]
}

/// What `date` made of each text and format, shared by every render of one `Environment` (from any
/// thread). What it holds depends only on the text, the format, and the environment's `now` and
/// time zone, which make a new cache when they change. It holds at most `capacity` entries and
/// starts over when full, so memory stays bounded whatever the pages hold.
final class DateCache: Sendable {
    struct Key: Hashable {
        var text: String
        var format: String
    }

    static let capacity = 8_192
    let table = Mutex<[Key: String?]>([:])

    /// The formatted text (nil inside when the text is not a date), or nil when not known yet.
    func lookup(_ text: String, _ format: String) -> String?? {
        guard text.utf8.count <= 256, format.utf8.count <= 256 else { return nil }
        return table.withLock { $0[Key(text: text, format: format)] }
    }

    func store(_ text: String, _ format: String, _ made: String?) {
        guard text.utf8.count <= 256, format.utf8.count <= 256, (made?.utf8.count ?? 0) <= 1_024 else { return }
        table.withLock { table in
            if table.count >= Self.capacity { table.removeAll(keepingCapacity: true) }
            table[Key(text: text, format: format)] = made
        }
    }
}
