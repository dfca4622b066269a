import Foundation

/// Reads the dates templates hand to `date`: timestamps, `now`, ISO 8601 and RFC 3339, RFC 2822,
/// and the month-name forms people write ("March 14, 2016", "14 Mar 2016 10:00").
enum DateParsing {
    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    static func time(from v: Value, now: Int64, zone: TimeZone) -> LiquidTime? {
        switch v {
        case .int(let n): return LiquidTime(seconds: Int64(n), in: zone)
        case .float(let d) where d.isFinite && abs(d) < 1e15: return LiquidTime(seconds: Int64(d.rounded(.down)), in: zone)
        case .string(let s), .safe(let s): return parse(s, now: now, zone: zone)
        default: return nil
        }
    }

    static func parse(_ raw: String, now: Int64, zone: TimeZone) -> LiquidTime? {
        let s = raw.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if s.isEmpty { return nil }
        if s == "now" || s == "today" { return LiquidTime(seconds: now, in: zone) }
        if s.allSatisfy({ $0.isASCII && $0.isNumber }) { return Int64(s).map { LiquidTime(seconds: $0, in: zone) } }
        return fields(s).flatMap { build($0, zone: zone) }
    }

    struct Fields {
        var year: Int?, month: Int?, day: Int?
        var hour = 0, minute = 0, second = 0, nanos = 0
        var offset: Int?
        var pm: Bool?
    }

    /// Splits the text into words, numbers, times and offsets and assigns each a role.
    static func fields(_ s: String) -> Fields? {
        var f = Fields()
        var numbers: [(Int, Int)] = []  // (value, digit count)
        var scanner = Array(s.unicodeScalars)
        // ISO dates first: 2016-03-14 or 2016/03/14, then what follows.
        let text = String(String.UnicodeScalarView(scanner))
        if let m = text.firstMatch(of: /^(\d{4})[-\/](\d{1,2})[-\/](\d{1,2})/) {
            f.year = Int(m.1); f.month = Int(m.2); f.day = Int(m.3)
            scanner = Array(text[m.range.upperBound...].unicodeScalars)
        } else if let m = text.firstMatch(of: /^(\d{1,2})\/(\d{1,2})\/(\d{4})/) {
            f.month = Int(m.1); f.day = Int(m.2); f.year = Int(m.3)
            scanner = Array(text[m.range.upperBound...].unicodeScalars)
        }
        var rest = String(String.UnicodeScalarView(scanner))
        if rest.hasPrefix("t") { rest.removeFirst() }
        if let m = rest.firstMatch(of: /(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?/) {
            f.hour = Int(m.1) ?? 0
            f.minute = Int(m.2) ?? 0
            f.second = m.3.flatMap { Int($0) } ?? 0
            if let frac = m.4 { f.nanos = Int(String((String(frac) + "000000000").prefix(9))) ?? 0 }
            let after = rest[m.range.upperBound...]
            if let z = after.firstMatch(of: /^\s*(z|utc|gmt|[+-]\d{2}:?\d{2}|[+-]\d{2})\b/) {
                f.offset = offset(String(z.1))
            } else if let z = after.firstMatch(of: /^\s*(est|edt|cst|cdt|mst|mdt|pst|pdt)\b/) {
                f.offset = ["est": -5, "edt": -4, "cst": -6, "cdt": -5, "mst": -7, "mdt": -6, "pst": -8, "pdt": -7][String(z.1)].map { $0 * 3600 }
            }
            if after.contains(/\bpm\b/) { f.pm = true } else if after.contains(/\bam\b/) { f.pm = false }
            rest = rest.replacingCharacters(in: m.range, with: " ")
        }
        if f.offset == nil, let z = rest.firstMatch(of: /\s([+-]\d{4})\b/) { f.offset = offset(String(z.1)) }
        if f.year == nil {
            for word in rest.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) {
                if let n = Int(word) {
                    numbers.append((n, word.count))
                } else if let i = months.firstIndex(where: { word.hasPrefix($0) }), word.count >= 3, f.month == nil {
                    f.month = i + 1
                }
            }
            guard f.month != nil else { return nil }
            for (n, digits) in numbers {
                if digits == 4, f.year == nil { f.year = n } else if digits <= 2, f.day == nil { f.day = n } else if f.year == nil { f.year = n }
            }
        }
        if let pm = f.pm, f.hour <= 12 { f.hour = pm ? (f.hour % 12) + 12 : f.hour % 12 }
        return f
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
        guard let y = f.year, let m = f.month, let d = f.day, (1...12).contains(m), (1...31).contains(d),
              f.hour < 24, f.minute < 60, f.second < 61 else { return nil }
        let wall = Int64(LiquidTime.days(y, m, d)) * 86_400 + Int64(f.hour * 3600 + f.minute * 60 + f.second)
        var time: LiquidTime
        if let offset = f.offset {
            time = LiquidTime(seconds: wall - Int64(offset), utcOffset: offset)
        } else {
            let guess = wall - Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(wall))))
            let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(guess)))
            time = LiquidTime(seconds: wall - Int64(offset), in: zone)
        }
        time.nanoseconds = f.nanos
        return time
    }
}
