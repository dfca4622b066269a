import CivilTime
import ContentFields
import Diagnostics
import Foundation

/// A moment from the content, with the day it falls on in the site's time zone.
///
/// Written as `YYYY-MM-DD` (the start of that day in the site's zone), as a local date-time
/// `YYYY-MM-DD HH:MM[:SS]` (in the site's zone), or as RFC 3339 with `Z` or an offset.
public struct ContentDate: Hashable, Sendable, Comparable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var instant: Int64
    /// The day in the site's time zone.
    public var day: CivilDate
    /// False when only a day was written.
    public var hasTime: Bool
    /// The site zone's offset from UTC at that moment, in seconds.
    public var utcOffset: Int

    public static func < (a: ContentDate, b: ContentDate) -> Bool { a.instant < b.instant }

    public enum Problem: Error, Equatable {
        case shape
        case impossibleDate
        case impossibleTime
    }

    /// Parses one of the three accepted forms.
    public static func parse(_ raw: String, in zone: TimeZone) -> Result<ContentDate, Problem> {
        let text = raw.trimmedOfSpaces
        let u = Array(text.utf8)
        guard u.count >= 10 else { return .failure(.shape) }
        guard let date = CivilDate.parse(text.prefix(10)) else {
            return CivilDate.looksLikeDate(u) ? .failure(.impossibleDate) : .failure(.shape)
        }
        if u.count == 10 {
            return .success(local(date, seconds: 0, zone: zone, hasTime: false))
        }
        guard u.count >= 16, u[10] == UInt8(ascii: "T") || u[10] == UInt8(ascii: " ") || u[10] == UInt8(ascii: "t"),
              u[13] == UInt8(ascii: ":"),
              let hh = CivilDate.digits(u[11..<13]), let mm = CivilDate.digits(u[14..<16]) else { return .failure(.shape) }
        var i = 16
        var ss = 0
        if i < u.count, u[i] == UInt8(ascii: ":") {
            guard i + 3 <= u.count, let s = CivilDate.digits(u[(i + 1)..<(i + 3)]) else { return .failure(.shape) }
            ss = s
            i += 3
            if i < u.count, u[i] == UInt8(ascii: ".") {  // fractional seconds: ignored
                i += 1
                while i < u.count, u[i] >= 0x30, u[i] <= 0x39 { i += 1 }
            }
        }
        guard hh < 24, mm < 60, ss < 60 else { return .failure(.impossibleTime) }
        let seconds = hh * 3600 + mm * 60 + ss
        if i == u.count { return .success(local(date, seconds: seconds, zone: zone, hasTime: true)) }
        var offset = 0
        if u[i] == UInt8(ascii: "Z") || u[i] == UInt8(ascii: "z") {
            guard i + 1 == u.count else { return .failure(.shape) }
        } else if u[i] == UInt8(ascii: "+") || u[i] == UInt8(ascii: "-") {
            guard i + 6 == u.count, u[i + 3] == UInt8(ascii: ":"),
                  let oh = CivilDate.digits(u[(i + 1)..<(i + 3)]), let om = CivilDate.digits(u[(i + 4)..<(i + 6)]),
                  oh < 24, om < 60 else { return .failure(.shape) }
            offset = (oh * 3600 + om * 60) * (u[i] == UInt8(ascii: "-") ? -1 : 1)
        } else {
            return .failure(.shape)
        }
        let instant = Int64(date.daysSinceEpoch) * 86_400 + Int64(seconds - offset)
        return .success(at(instant: instant, zone: zone, hasTime: true))
    }

    /// The moment `instant`, with its day and offset in `zone`.
    public static func at(instant: Int64, zone: TimeZone, hasTime: Bool = true) -> ContentDate {
        let (day, offset) = ZoneClock(zone).day(at: instant)
        return ContentDate(instant: instant, day: day, hasTime: hasTime, utcOffset: offset)
    }

    /// A wall-clock time on `date` in `zone` (the earlier moment when clocks fall back).
    static func local(_ date: CivilDate, seconds: Int, zone: TimeZone, hasTime: Bool) -> ContentDate {
        let (instant, offset) = ZoneClock(zone).instant(date, seconds: seconds)
        return ContentDate(instant: instant, day: date, hasTime: hasTime, utcOffset: offset)
    }
}

extension CivilDate {
    /// `NNNN-NN-NN` whatever the numbers: a date in the right shape that may not exist.
    static func looksLikeDate(_ u: [UInt8]) -> Bool {
        u.count >= 10 && u[4] == UInt8(ascii: "-") && u[7] == UInt8(ascii: "-")
            && digits(u[0..<4]) != nil && digits(u[5..<7]) != nil && digits(u[8..<10]) != nil
    }
}

extension Record {
    /// A date or date-time in the site's zone (see `ContentDate`).
    func date(_ key: String, required: Bool = false, zone: TimeZone, log: inout DiagnosticLog) -> ContentDate? {
        guard let raw = text(key, required: required, log: &log) else { return nil }
        switch ContentDate.parse(raw, in: zone) {
        case .success(let d):
            guard (1900...2200).contains(d.day.year) else {
                log.error(place(key), "'\(key)' is \(quoted(raw)), outside the years 1900 to 2200; check the year")
                return nil
            }
            return d
        case .failure(.impossibleDate):
            log.error(place(key), "'\(key)' is \(quoted(raw)), which is not a real date")
        case .failure(.impossibleTime):
            log.error(place(key), "'\(key)' is \(quoted(raw)), which is not a real time of day")
        case .failure(.shape):
            log.error(place(key), "'\(key)' is \(quoted(raw)); expected a date YYYY-MM-DD or a date-time like 2024-05-01T18:30:00-04:00")
        }
        return nil
    }
}
