import Foundation

/// Reads the dates templates hand to `date`: timestamps, `now`, ISO 8601 and RFC 3339, RFC 2822,
/// and the month-name forms people write ("March 14, 2016", "14 Mar 2016 10:00").
enum DateParsing {
    /// Timestamps up to about ±285 billion years: room left for the UTC offset, so no sum can overflow.
    static let maxSeconds = 9_000_000_000_000_000_000

    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    static func time(from v: Value, now: Int64, zone: TimeZone) -> LiquidTime? {
        switch v {
        // Ruby's `to_date` takes integers and text; a float is not a date (the filter returns it as it is).
        case .int(let n): return abs(n) <= maxSeconds ? LiquidTime(seconds: Int64(n), in: zone) : nil
        case .string(let s), .safe(let s): return parse(s, now: now, zone: zone)
        default: return nil
        }
    }

    /// `time(from:now:zone:)` with a filter's clock and zone, remembering what text other than
    /// RFC 3339 named in the environment's cache.
    static func time(from v: Value, _ c: FilterContext) -> LiquidTime? {
        guard let cache = c.dates, let text = v.stringValue else { return time(from: v, now: c.now, zone: c.timeZone) }
        if let fast = rfc3339(text, zone: c.timeZone) { return fast }
        if let known = cache.lookup(text) { return known }
        let made = parse(text, now: c.now, zone: c.timeZone)
        cache.store(text, made)
        return made
    }

    static func parse(_ raw: String, now: Int64, zone: TimeZone) -> LiquidTime? {
        if let fast = rfc3339(raw, zone: zone) { return fast }
        if let day = isoDay(raw) { return build(day, zone: zone) }
        // Ruby's `to_date`: only "now", "today" and digits alone, exactly as written, are not parsed as text.
        if raw.lowercased() == "now" || raw.lowercased() == "today" { return LiquidTime(seconds: now, in: zone) }
        if !raw.isEmpty, raw.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            return Int64(raw).flatMap { abs($0) <= Int64(maxSeconds) ? LiquidTime(seconds: $0, in: zone) : nil }
        }
        let s = raw.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if s.isEmpty { return nil }
        return fields(s).flatMap { build($0, zone: zone) }
    }

    struct Fields {
        var year: Int?, month: Int?, day: Int?
        var hour = 0, minute = 0, second = 0, nanos = 0
        var offset: Int?
        /// The offset was written as UTC itself (`Z`, `UTC`, `UT`, `-00:00`), which Ruby shows as "UTC".
        var utc = false
        var pm: Bool?
    }

    /// Ruby's `Time.zone_utc?`: the zone names that mean UTC itself rather than an offset of 0.
    static func isUTC(_ zone: String) -> Bool { ["z", "utc", "ut", "-00:00", "-0000", "-00"].contains(zone) }

    /// Splits the text into words, numbers, times and offsets and assigns each a role (bytes only, no regex).
    static func fields(_ s: String) -> Fields? {
        var f = Fields()
        let u = Array(s.utf8)
        var i = 0
        func digits(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= u.count else { return nil }
            var v = 0
            for k in from..<(from + count) {
                guard u[k] >= 0x30, u[k] <= 0x39 else { return nil }
                v = v * 10 + Int(u[k] - 0x30)
            }
            return v
        }
        func isDigit(_ k: Int) -> Bool { k < u.count && u[k] >= 0x30 && u[k] <= 0x39 }
        // 2016-03-14 or 2016/03/14 (anywhere in the text, as Ruby finds it); 3/14/2016.
        var at = 0
        while at + 4 < u.count, !(digits(at, 4) != nil && (u[at + 4] == UInt8(ascii: "-") || u[at + 4] == UInt8(ascii: "/"))
                                    && (at == 0 || !isDigit(at - 1))) {
            at += 1
        }
        if at + 4 < u.count, let y = digits(at, 4), u[at + 4] == UInt8(ascii: "-") || u[at + 4] == UInt8(ascii: "/") {
            let separator = u[at + 4]
            var k = at + 5
            let mStart = k
            while isDigit(k), k - mStart < 2 { k += 1 }
            if k > mStart, k < u.count, u[k] == separator, let m = digits(mStart, k - mStart) {
                k += 1
                let dStart = k
                while isDigit(k), k - dStart < 2 { k += 1 }
                if k > dStart, let d = digits(dStart, k - dStart) {
                    f.year = y; f.month = m; f.day = d
                    i = k
                }
            }
        } else {
            var k = 0
            while isDigit(k), k < 2 { k += 1 }
            if k > 0, k < u.count, u[k] == UInt8(ascii: "/"), let m = digits(0, k) {
                let dStart = k + 1
                var e = dStart
                while isDigit(e), e - dStart < 2 { e += 1 }
                if e > dStart, e < u.count, u[e] == UInt8(ascii: "/"), let d = digits(dStart, e - dStart), let y = digits(e + 1, 4), !isDigit(e + 5) {
                    f.year = y; f.month = m; f.day = d
                    i = e + 5
                }
            }
        }
        var rest = Array(u[i...])
        if rest.first == UInt8(ascii: "t") { rest[0] = 0x20 }
        // The time: H:MM or HH:MM, then :SS and a fraction.
        var timeEnd = -1
        var k = 0
        while k < rest.count {
            if rest[k] == UInt8(ascii: ":"), k >= 1 {
                let hStart = k >= 2 && rest[k - 2] >= 0x30 && rest[k - 2] <= 0x39 ? k - 2 : k - 1
                if let mm = number(rest, k + 1, 2), let hh = number(rest, hStart, k - hStart) {
                    f.hour = hh
                    f.minute = mm
                    var e = k + 3
                    if e < rest.count, rest[e] == UInt8(ascii: ":"), let ss = number(rest, e + 1, 2) {
                        f.second = ss
                        e += 3
                        if e < rest.count, rest[e] == UInt8(ascii: ".") || rest[e] == UInt8(ascii: ",") {
                            var fracEnd = e + 1
                            while fracEnd < rest.count, rest[fracEnd] >= 0x30, rest[fracEnd] <= 0x39 { fracEnd += 1 }
                            let frac = String(decoding: rest[(e + 1)..<fracEnd], as: UTF8.self)
                            f.nanos = Int(String((frac + "000000000").prefix(9))) ?? 0
                            e = fracEnd
                        }
                    }
                    timeEnd = e
                    for z in hStart..<e { rest[z] = 0x20 }
                    break
                }
            }
            k += 1
        }
        if timeEnd >= 0 {
            var e = timeEnd
            while e < rest.count, rest[e] == 0x20 { e += 1 }
            let after = String(decoding: rest[e...], as: UTF8.self)
            if after.hasPrefix("z") && (after.count == 1 || !(after.dropFirst().first?.isLetter ?? false)) {
                f.offset = 0
                f.utc = true
            } else if let word = after.split(separator: " ").first.map(String.init) {
                if word == "utc" || word == "ut" || word == "gmt" {
                    f.offset = 0
                    f.utc = word != "gmt"
                } else if let z = usZones[word] {
                    f.offset = z * 3600
                } else if word.first == "+" || word.first == "-" {
                    f.offset = offset(String(word.prefix(6)))
                    f.utc = f.offset != nil && isUTC(String(word.prefix(6)))
                }
            }
            let words = Set(after.split(whereSeparator: { !$0.isLetter }).map(String.init))
            if words.contains("pm") { f.pm = true } else if words.contains("am") { f.pm = false }
        }
        let restText = String(decoding: rest, as: UTF8.self)
        if f.offset == nil, let plus = restText.split(separator: " ").first(where: { ($0.first == "+" || $0.first == "-") && $0.count == 5 && $0.dropFirst().allSatisfy(\.isNumber) }) {
            f.offset = offset(String(plus))
            f.utc = f.offset != nil && isUTC(String(plus))
        }
        if f.year == nil {
            var numbers: [(Int, Int)] = []
            for word in restText.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) {
                if let n = Int(word) {
                    numbers.append((n, word.count))
                } else if let m = months.firstIndex(where: { word.hasPrefix($0) }), word.count >= 3, f.month == nil {
                    f.month = m + 1
                }
            }
            guard f.month != nil else { return nil }
            for (n, count) in numbers {
                if count == 4, f.year == nil { f.year = n } else if count <= 2, f.day == nil { f.day = n } else if f.year == nil { f.year = n }
            }
        }
        if let pm = f.pm, f.hour <= 12 { f.hour = pm ? (f.hour % 12) + 12 : f.hour % 12 }
        return f
    }

    /// `2026-11-03` exactly (the day every view model writes): what `fields` reads from it, without searching.
    static func isoDay(_ s: String) -> Fields? {
        let u = s.utf8
        guard u.count == 10 else { return nil }
        return u.withContiguousStorageIfAvailable { b -> Fields? in
            var v = [0, 0, 0], field = 0
            for (i, c) in b.enumerated() {
                if i == 4 || i == 7 {
                    guard c == 0x2D else { return nil }
                    field += 1
                } else {
                    guard c >= 0x30, c <= 0x39 else { return nil }
                    v[field] = v[field] * 10 + Int(c - 0x30)
                }
            }
            var f = Fields()
            (f.year, f.month, f.day) = (v[0], v[1], v[2])
            return f
        } ?? nil
    }

    /// `2026-11-03T09:05:00-05:00` or `…Z` exactly: the form every view model writes, read without searching.
    static func rfc3339(_ s: String, zone: TimeZone) -> LiquidTime? {
        let u = s.utf8
        guard u.count == 25 || u.count == 20 else { return nil }
        return u.withContiguousStorageIfAvailable { b -> LiquidTime? in
            func d(_ i: Int, _ n: Int) -> Int? {
                var v = 0
                for k in i..<(i + n) {
                    let c = b[k]
                    guard c >= 0x30, c <= 0x39 else { return nil }
                    v = v * 10 + Int(c - 0x30)
                }
                return v
            }
            guard b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54, b[13] == 0x3A, b[16] == 0x3A,
                  let y = d(0, 4), let mo = d(5, 2), let da = d(8, 2), let h = d(11, 2), let mi = d(14, 2), let se = d(17, 2),
                  (1...12).contains(mo), (1...31).contains(da), h < 24, mi < 60, se < 61 else { return nil }
            var offset = 0
            var utc = false
            if b.count == 20 {
                guard b[19] == 0x5A else { return nil }
                utc = true
            } else {
                guard b[19] == 0x2B || b[19] == 0x2D, b[22] == 0x3A, let oh = d(20, 2), let om = d(23, 2) else { return nil }
                offset = (oh * 3600 + om * 60) * (b[19] == 0x2D ? -1 : 1)
                utc = b[19] == 0x2D && offset == 0  // -00:00
            }
            let wall = Int64(LiquidTime.days(y, mo, da)) * 86_400 + Int64(h * 3600 + mi * 60 + se)
            if utc { return LiquidTime(utcSeconds: wall) }
            return LiquidTime(seconds: wall - Int64(offset), writtenOffset: offset, zone: zone)
        } ?? nil
    }

    static let usZones = ["est": -5, "edt": -4, "cst": -6, "cdt": -5, "mst": -7, "mdt": -6, "pst": -8, "pdt": -7]

    static func number(_ u: [UInt8], _ from: Int, _ count: Int) -> Int? {
        guard count > 0, from >= 0, from + count <= u.count else { return nil }
        var v = 0
        for k in from..<(from + count) {
            guard u[k] >= 0x30, u[k] <= 0x39 else { return nil }
            v = v * 10 + Int(u[k] - 0x30)
        }
        return v
    }

    static func offset(_ z: String) -> Int? {
        if z == "z" || z == "utc" || z == "gmt" { return 0 }
        let sign = z.hasPrefix("-") ? -1 : 1
        let digits = z.dropFirst().filter(\.isNumber)
        guard digits.count >= 2, let h = Int(digits.prefix(2)) else { return nil }
        let m = digits.count >= 4 ? Int(digits.dropFirst(2).prefix(2)) ?? 0 : 0
        return sign * (h * 3600 + m * 60)
    }

    static func build(_ f: Fields, zone: TimeZone) -> LiquidTime? {
        guard let y = f.year, abs(y) <= 1_000_000, let m = f.month, let d = f.day, (1...12).contains(m), (1...31).contains(d),
              f.hour < 24, f.minute < 60, f.second < 61 else { return nil }
        let wall = Int64(LiquidTime.days(y, m, d)) * 86_400 + Int64(f.hour * 3600 + f.minute * 60 + f.second)
        var time: LiquidTime
        if f.utc {
            time = LiquidTime(utcSeconds: wall)
        } else if let offset = f.offset {
            time = LiquidTime(seconds: wall - Int64(offset), writtenOffset: offset, zone: zone)
        } else {
            let guess = wall - Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(wall))))
            let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(guess)))
            time = LiquidTime(seconds: wall - Int64(offset), in: zone)
        }
        time.nanoseconds = f.nanos
        return time
    }
}
