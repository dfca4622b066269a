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
        let minutes = abs(offset) / 60
        var out: [UInt8] = []
        out.reserveCapacity(32)
        Self.stamp(instant + Int64(offset), dateSeparator: "-", timeSeparator: ":", between: "T", into: &out)
        out.append(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        Self.pad(minutes / 60, 2, into: &out)
        out.append(UInt8(ascii: ":"))
        Self.pad(minutes % 60, 2, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// iCalendar's UTC form: `20261129T150000Z`.
    public static func utcStamp(_ instant: Int64) -> String {
        stamp(instant, dateSeparator: "", timeSeparator: "", between: "T") + "Z"
    }

    static func stamp(_ seconds: Int64, dateSeparator: String, timeSeparator: String, between: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(32)
        stamp(seconds, dateSeparator: dateSeparator, timeSeparator: timeSeparator, between: between, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func stamp(_ seconds: Int64, dateSeparator: String, timeSeparator: String, between: String, into out: inout [UInt8]) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = Int(seconds - days * 86_400)
        let d = CivilDate(daysSinceEpoch: Int(days))
        pad(d.year, 4, into: &out)
        out += dateSeparator.utf8
        pad(d.month, 2, into: &out)
        out += dateSeparator.utf8
        pad(d.day, 2, into: &out)
        out += between.utf8
        pad(rest / 3600, 2, into: &out)
        out += timeSeparator.utf8
        pad(rest / 60 % 60, 2, into: &out)
        out += timeSeparator.utf8
        pad(rest % 60, 2, into: &out)
    }

    static func pad(_ n: Int, _ width: Int) -> String {
        let s = String(n)
        return String(repeating: "0", count: max(0, width - s.utf8.count)) + s
    }

    /// `pad(n, width)`'s bytes appended to `out`.
    static func pad(_ n: Int, _ width: Int, into out: inout [UInt8]) {
        guard n >= 0 else { return out += pad(n, width).utf8 }
        var digits = 1, rest = n
        while rest >= 10 { rest /= 10; digits += 1 }
        for _ in 0..<max(0, width - digits) { out.append(UInt8(ascii: "0")) }
        let end = out.count + digits
        out += repeatElement(UInt8(ascii: "0"), count: digits)
        rest = n
        for k in stride(from: end - 1, through: end - digits, by: -1) {
            out[k] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
    }
}
