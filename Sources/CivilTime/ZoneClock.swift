import Foundation

/// Moments and wall clocks in one time zone: the only place daylight-saving time is resolved.
public struct ZoneClock: Sendable {
    public let zone: TimeZone

    public init(_ zone: TimeZone) { self.zone = zone }

    /// The zone's offset from UTC at a moment, in seconds.
    public func offset(at instant: Int64) -> Int {
        zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
    }

    /// The moment a wall-clock time happens: `seconds` after midnight of `date`. When clocks fall
    /// back the earlier of the two moments; in a gap skipped by spring forward, the moment the same
    /// number of seconds after the gap's start.
    public func instant(_ date: CivilDate, seconds: Int) -> (instant: Int64, offset: Int) {
        let wall = Int64(date.daysSinceEpoch) * 86_400 + Int64(seconds)
        let guess = wall - Int64(offset(at: wall))
        let offset = offset(at: guess)
        return (wall - Int64(offset), offset)
    }

    /// Midnight at the start of `date`.
    public func startOfDay(_ date: CivilDate) -> Int64 { instant(date, seconds: 0).instant }

    /// The day a moment falls on, and the offset then.
    public func day(at instant: Int64) -> (day: CivilDate, offset: Int) {
        let offset = offset(at: instant)
        let local = instant + Int64(offset)
        let days = Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
        return (CivilDate(daysSinceEpoch: days), offset)
    }
}

extension ZoneClock {
    /// RFC 3339 with the zone's offset: `2026-11-29T10:00:00-05:00`.
    public func rfc3339(_ instant: Int64) -> String {
        let offset = offset(at: instant)
        let local = instant + Int64(offset)
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        return Self.stamp(local, dateSeparator: "-", timeSeparator: ":", between: "T")
            + sign + Self.pad(minutes / 60, 2) + ":" + Self.pad(minutes % 60, 2)
    }

    /// iCalendar's UTC form: `20261129T150000Z`.
    public static func utcStamp(_ instant: Int64) -> String {
        stamp(instant, dateSeparator: "", timeSeparator: "", between: "T") + "Z"
    }

    static func stamp(_ seconds: Int64, dateSeparator: String, timeSeparator: String, between: String) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = Int(seconds - days * 86_400)
        let d = CivilDate(daysSinceEpoch: Int(days))
        return pad(d.year, 4) + dateSeparator + pad(d.month, 2) + dateSeparator + pad(d.day, 2) + between
            + pad(rest / 3600, 2) + timeSeparator + pad(rest / 60 % 60, 2) + timeSeparator + pad(rest % 60, 2)
    }

    static func pad(_ n: Int, _ width: Int) -> String {
        let s = String(n)
        return String(repeating: "0", count: max(0, width - s.utf8.count)) + s
    }
}
