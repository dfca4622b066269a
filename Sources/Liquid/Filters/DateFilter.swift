import CivilTime
import Foundation
import Synchronization

/// A moment with the UTC offset it is shown in.
public struct LiquidTime: Sendable, Equatable {
    public var seconds: Int64
    public var nanoseconds: Int = 0
    public var utcOffset: Int
    /// How `%Z` names the zone.
    var zoneLabel: ZoneLabel
    /// UTC itself, as Ruby's `Time#utc?` (text ending in `Z`, `UTC`, `-00:00`), not a zone whose offset
    /// is 0: `%Z` is "UTC" and `%-z` is `-0000`.
    public var isUTC = false

    enum ZoneLabel: Sendable, Equatable {
        case name(String)
        /// The offset was written in the text (as Ruby's `Time.parse` has it): `%Z` is the zone's own
        /// name when the zone has that offset at that moment, and nothing otherwise (a fixed offset).
        case written(TimeZone)
    }

    /// `%Z`: the zone's abbreviation, or the offset when none is known; nothing for an offset
    /// written in the text that the zone does not have then.
    public var zoneName: String {
        get {
            switch zoneLabel {
            case .name(let name): return name
            case .written(let zone):
                let date = Date(timeIntervalSince1970: TimeInterval(seconds))
                guard zone.secondsFromGMT(for: date) == utcOffset else { return "" }
                return LiquidTime.abbreviation(zone, date) ?? LiquidTime.offsetText(utcOffset, colon: true)
            }
        }
        set { zoneLabel = .name(newValue) }
    }

    public init(seconds: Int64, utcOffset: Int, zoneName: String? = nil) {
        self.seconds = seconds
        self.utcOffset = utcOffset
        self.zoneLabel = .name(zoneName ?? LiquidTime.offsetText(utcOffset, colon: true))
    }

    /// A moment in UTC itself (read from text that says `Z`, `UTC` or `-00:00`).
    init(utcSeconds: Int64) {
        self.init(seconds: utcSeconds, utcOffset: 0, zoneName: "UTC")
        isUTC = true
    }

    /// A moment read from text with its UTC offset written out (`-05:00`, `+0100`, `EST`), seen from `zone`.
    init(seconds: Int64, writtenOffset: Int, zone: TimeZone) {
        self.seconds = seconds
        self.utcOffset = writtenOffset
        self.zoneLabel = .written(zone)
    }

    /// The moment in `zone`, with the zone's own offset and abbreviation then.
    public init(seconds: Int64, in zone: TimeZone) {
        let date = Date(timeIntervalSince1970: TimeInterval(seconds))
        self.init(seconds: seconds, utcOffset: zone.secondsFromGMT(for: date), zoneName: LiquidTime.abbreviation(zone, date))
    }

    /// "EST", "EDT", "UTC": the zone's short name in English (a fixed locale, never the machine's).
    static func abbreviation(_ zone: TimeZone, _ date: Date) -> String? {
        if zone.identifier == "GMT" || zone.identifier == "UTC" { return "UTC" }
        let daylight = zone.isDaylightSavingTime(for: date)
        return shortName(zone, daylight: daylight) ?? zone.abbreviation(for: date)
    }

    struct NameKey: Hashable {
        var zone: TimeZone
        var daylight: Bool
    }

    /// The zone's short English name for standard or daylight time (it does not change with the
    /// date), looked up once per zone: the lookup goes through ICU and is slow.
    static let shortNames = Mutex<[NameKey: String]>([:])

    static func shortName(_ zone: TimeZone, daylight: Bool) -> String? {
        let key = NameKey(zone: zone, daylight: daylight)
        if let known = shortNames.withLock({ $0[key] }) { return known }
        let style: NSTimeZone.NameStyle = daylight ? .shortDaylightSaving : .shortStandard
        guard let name = zone.localizedName(for: style, locale: Locale(identifier: "en_US")) else { return nil }
        shortNames.withLock { names in
            if names.count >= 64 { names.removeAll() }
            names[key] = name
        }
        return name
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
    typealias Fields = (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, weekday: Int, yday: Int)

    var fields: Fields {
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
        guard let time = DateParsing.time(from: input, context) else { return nil }
        return Strftime.format(time, format, words: words)
    }

    static let all: [String: Filter] = [
        "date": Filter(arguments: 1...1) { input, args, _, context throws(FilterError) in
            let format = Ruby.string(args[0])
            if format.isEmpty { return input }
            guard let time = DateParsing.time(from: input, context) else { return input }
            return .string(try Strftime.validated(time, format))
        },
    ]
}

/// What `DateParsing` read from text other than RFC 3339 (which is read at once), shared by every
/// render with the same `now` and time zone, from any thread: pages show the same few dates (the
/// build's, the week's) again and again. What it holds depends only on the text, `now` and the zone. At most `capacity` entries, each of a short
/// text; full, it starts over, so memory stays bounded whatever the pages hold.
final class DateCache: Sendable {
    /// The cache of a clock: every environment with the same `now` and time zone shares one (a site
    /// build makes an environment per folder depth and escaping; they all show the same dates).
    static func of(now: Int64, zone: TimeZone) -> DateCache {
        let clock = Clock(now: now, zone: zone)
        return clocks.withLock { clocks in
            if let known = clocks.first(where: { $0.clock == clock }) { return known.cache }
            let made = DateCache()
            clocks.append((clock, made))
            if clocks.count > 8 { clocks.removeFirst() }
            return made
        }
    }

    struct Clock: Equatable {
        var now: Int64
        var zone: TimeZone
    }

    /// The last few clocks' caches, newest last.
    static let clocks = Mutex<[(clock: Clock, cache: DateCache)]>([])

    static let capacity = 4_096
    static let longestText = 128
    let table = Mutex<[String: LiquidTime?]>([:])

    /// The time `text` names (nil inside when it names none), or nil when not known yet.
    func lookup(_ text: String) -> LiquidTime?? {
        guard text.utf8.count <= Self.longestText else { return nil }
        return table.withLock { $0[text] }
    }

    func store(_ text: String, _ time: LiquidTime?) {
        guard text.utf8.count <= Self.longestText else { return }
        table.withLock { table in
            if table.count >= Self.capacity { table.removeAll(keepingCapacity: true) }
            table[text] = time
        }
    }
}
