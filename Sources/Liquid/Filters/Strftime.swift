import CivilTime

/// Ruby's `Time#strftime`: every conversion, with the `-`, `_`, `0`, `^` and `#` flags and widths.
public enum Strftime {
    /// The widest padding a conversion may ask for (`%65536Y`).
    static let maxWidth = 65_536
    static let dayNames = CalendarNames.weekdays
    static let monthNames = CalendarNames.months

    /// Flags of one conversion, as bits.
    struct Flags: OptionSet {
        let rawValue: UInt8
        static let minus = Flags(rawValue: 1)  // `-`: no padding
        static let space = Flags(rawValue: 2)  // `_`: pad with spaces
        static let zero = Flags(rawValue: 4)  // `0`: pad with zeros
        static let upper = Flags(rawValue: 8)  // `^`: upper case
        static let swap = Flags(rawValue: 16)  // `#`: change case

        init(rawValue: UInt8) { self.rawValue = rawValue }

        /// The flag a byte names, or nil.
        init?(byte: UInt8) {
            switch byte {
            case UInt8(ascii: "-"): self = .minus
            case UInt8(ascii: "_"): self = .space
            case UInt8(ascii: "0"): self = .zero
            case UInt8(ascii: "^"): self = .upper
            case UInt8(ascii: "#"): self = .swap
            default: return nil
            }
        }
    }

    public static func format(_ t: LiquidTime, _ format: String) -> String {
        Self.format(t, format, words: .english)
    }

    /// The same with another language's month, weekday and AM/PM words (`%B`, `%b`, `%A`, `%a`, `%p`, `%P`).
    public static func format(_ t: LiquidTime, _ format: String, words: CalendarWords) -> String {
        // ASCII without carriage returns, byte by byte (each byte is one character); anything else by characters.
        if format.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            var out = ""
            if format.utf8.withContiguousStorageIfAvailable({ formatASCII(t, $0, words: words, into: &out) }) == nil {
                formatASCII(t, Array(format.utf8), words: words, into: &out)
            }
            return out
        }
        return formatCharacters(t, format, words: words)
    }

    static func formatASCII<Bytes: RandomAccessCollection>(_ t: LiquidTime, _ b: Bytes, words: CalendarWords, into out: inout String) where Bytes.Element == UInt8, Bytes.Index == Int {
        let f = t.fields
        var i = 0
        while i < b.count {
            guard b[i] == UInt8(ascii: "%"), i + 1 < b.count else {
                // Text up to the next conversion, as it is.
                var e = i + 1
                while e < b.count, b[e] != UInt8(ascii: "%") { e += 1 }
                out += String(decoding: b[i..<e], as: UTF8.self)
                i = e
                continue
            }
            var j = i + 1
            var flags: Flags = []
            while j < b.count, let flag = Flags(byte: b[j]) { flags.insert(flag); j += 1 }
            var width: Int?
            while j < b.count, b[j] >= 0x30, b[j] <= 0x39 {
                width = min((width ?? 0) * 10 + Int(b[j] - 0x30), Self.maxWidth + 1)
                j += 1
            }
            var colons = 0
            while j < b.count, b[j] == UInt8(ascii: ":") { colons += 1; j += 1 }
            guard j < b.count else { out += String(decoding: b[i...], as: UTF8.self); break }
            // A width beyond `maxWidth` is not a conversion: written as it is (Ruby refuses such widths).
            if (width ?? 0) <= Self.maxWidth, let text = convert(b[j], f, t, flags: flags, width: width, colons: colons, words: words) {
                out += text
            } else {
                out += String(decoding: b[i...j], as: UTF8.self)
            }
            i = j + 1
        }
    }

    static func formatCharacters(_ t: LiquidTime, _ format: String, words: CalendarWords) -> String {
        let f = t.fields
        var out = ""
        let chars = Array(format)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            guard c == "%", i + 1 < chars.count else { out.append(c); i += 1; continue }
            var j = i + 1
            var flags: Flags = []
            while j < chars.count, let ascii = chars[j].asciiValue, chars[j].unicodeScalars.count == 1, let flag = Flags(byte: ascii) {
                flags.insert(flag)
                j += 1
            }
            var width: Int?
            while j < chars.count, let digit = chars[j].asciiValue, digit >= 0x30, digit <= 0x39 {
                width = min((width ?? 0) * 10 + Int(digit - 0x30), Self.maxWidth + 1)
                j += 1
            }
            var colons = 0
            while j < chars.count, chars[j] == ":" { colons += 1; j += 1 }
            guard j < chars.count else { out += String(chars[i...]); break }
            let conversion = chars[j]
            // A width beyond `maxWidth` is not a conversion: written as it is (Ruby refuses such widths).
            // Only a character that is one ASCII scalar names a conversion.
            if (width ?? 0) <= Self.maxWidth, conversion.unicodeScalars.count == 1, let byte = conversion.asciiValue,
               let text = convert(byte, f, t, flags: flags, width: width, colons: colons, words: words) {
                out += text
            } else {
                out += String(chars[i...j])
            }
            i = j + 1
        }
        return out
    }

    static func number(_ n: Int, _ defaultWidth: Int, pad defaultPad: Character, flags: Flags, width: Int?) -> String {
        if flags.contains(.minus) { return String(n) }
        let padChar: Character = flags.contains(.space) ? " " : (flags.contains(.zero) ? "0" : defaultPad)
        let w = width ?? defaultWidth
        let s = String(n.magnitude)
        let digits = s.utf8.count, sign = n < 0 ? 1 : 0
        let padded = digits >= w - sign ? s : String(repeating: padChar, count: w - digits - sign) + s
        return sign == 1 ? "-" + padded : padded
    }

    static func text(_ s: String, flags: Flags, width: Int?) -> String {
        var s = s
        if flags.contains(.upper) { s = s.uppercased() }
        if flags.contains(.swap) { s = s == s.uppercased() ? s.lowercased() : s.uppercased() }
        if let w = width, s.count < w { s = String(repeating: flags.contains(.zero) ? "0" : " ", count: w - s.count) + s }
        return s
    }

    static func convert(_ c: UInt8, _ f: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, weekday: Int, yday: Int),
                        _ t: LiquidTime, flags: Flags, width: Int?, colons: Int, words: CalendarWords) -> String? {
        func num(_ n: Int, _ w: Int, _ p: Character = "0") -> String { number(n, w, pad: p, flags: flags, width: width) }
        func txt(_ s: String) -> String { text(s, flags: flags, width: width) }
        let hour12 = f.hour % 12 == 0 ? 12 : f.hour % 12
        switch c {
        case UInt8(ascii: "Y"): return flags.isEmpty && width == nil ? String(f.year) : num(f.year, 4)
        case UInt8(ascii: "C"): return num(f.year / 100, 2)
        case UInt8(ascii: "y"): return num(f.year % 100, 2)
        case UInt8(ascii: "m"): return num(f.month, 2)
        case UInt8(ascii: "B"): return txt(words.months[f.month - 1])
        case UInt8(ascii: "b"), UInt8(ascii: "h"): return txt(words.shortMonths[f.month - 1])
        case UInt8(ascii: "d"): return num(f.day, 2)
        case UInt8(ascii: "e"): return num(f.day, 2, " ")
        case UInt8(ascii: "j"): return num(f.yday, 3)
        case UInt8(ascii: "H"): return num(f.hour, 2)
        case UInt8(ascii: "k"): return num(f.hour, 2, " ")
        case UInt8(ascii: "I"): return num(hour12, 2)
        case UInt8(ascii: "l"): return num(hour12, 2, " ")
        case UInt8(ascii: "P"): return txt(words.english ? (f.hour < 12 ? "am" : "pm") : words.dayPeriods[f.hour < 12 ? 0 : 1])
        case UInt8(ascii: "p"):
            guard words.english else { return txt(words.dayPeriods[f.hour < 12 ? 0 : 1]) }
            return flags.contains(.swap) ? (f.hour < 12 ? "am" : "pm") : txt(f.hour < 12 ? "AM" : "PM")
        case UInt8(ascii: "M"): return num(f.minute, 2)
        case UInt8(ascii: "S"): return num(f.second, 2)
        case UInt8(ascii: "L"): return num(t.nanoseconds / 1_000_000, 3)
        case UInt8(ascii: "N"):
            let digits = width ?? 9
            let s = LiquidTime.pad(t.nanoseconds, 9)
            return digits <= 9 ? String(s.prefix(digits)) : s + String(repeating: "0", count: digits - 9)
        case UInt8(ascii: "z"):
            let sign = t.utcOffset < 0 ? "-" : "+"
            let h = abs(t.utcOffset) / 3600, m = abs(t.utcOffset) % 3600 / 60, s = abs(t.utcOffset) % 60
            switch colons {
            case 1: return sign + LiquidTime.pad(h, 2) + ":" + LiquidTime.pad(m, 2)
            case 2: return sign + LiquidTime.pad(h, 2) + ":" + LiquidTime.pad(m, 2) + ":" + LiquidTime.pad(s, 2)
            default: return sign + LiquidTime.pad(h, 2) + LiquidTime.pad(m, 2)
            }
        case UInt8(ascii: "Z"): return txt(t.zoneName)
        case UInt8(ascii: "A"): return txt(words.weekdays[f.weekday])
        case UInt8(ascii: "a"): return txt(words.shortWeekdays[f.weekday])
        case UInt8(ascii: "u"): return num(f.weekday == 0 ? 7 : f.weekday, 1)
        case UInt8(ascii: "w"): return num(f.weekday, 1)
        case UInt8(ascii: "U"): return num((f.yday + 6 - f.weekday) / 7, 2)
        case UInt8(ascii: "W"): return num((f.yday + 6 - (f.weekday + 6) % 7) / 7, 2)
        case UInt8(ascii: "G"), UInt8(ascii: "g"), UInt8(ascii: "V"):
            let (isoYear, week) = isoWeek(f)
            if c == UInt8(ascii: "V") { return num(week, 2) }
            return c == UInt8(ascii: "G") ? num(isoYear, 4) : num(isoYear % 100, 2)
        case UInt8(ascii: "s"): return String(t.seconds)
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "%"): return "%"
        case UInt8(ascii: "c"): return format(t, "%a %b %e %H:%M:%S %Y", words: words)
        case UInt8(ascii: "D"), UInt8(ascii: "x"): return format(t, "%m/%d/%y")
        case UInt8(ascii: "F"): return format(t, "%Y-%m-%d")
        case UInt8(ascii: "T"), UInt8(ascii: "X"): return format(t, "%H:%M:%S")
        case UInt8(ascii: "R"): return format(t, "%H:%M")
        case UInt8(ascii: "r"): return format(t, "%I:%M:%S %p", words: words)
        case UInt8(ascii: "v"): return format(t, "%e-%^b-%Y", words: words)
        case UInt8(ascii: "+"): return format(t, "%a %b %e %H:%M:%S %Z %Y", words: words)
        default: return nil
        }
    }

    /// ISO 8601 week-numbering year and week.
    static func isoWeek(_ f: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, weekday: Int, yday: Int)) -> (Int, Int) {
        let isoWeekday = f.weekday == 0 ? 7 : f.weekday
        let week = (f.yday - isoWeekday + 10) / 7
        if week < 1 {
            let prev = f.year - 1
            let prevDays = CivilDate.isLeap(prev) ? 366 : 365
            return (prev, (f.yday + prevDays - isoWeekday + 10) / 7)
        }
        let days = CivilDate.isLeap(f.year) ? 366 : 365
        if week == 53, f.yday - isoWeekday + 4 > days { return (f.year + 1, 1) }
        return (f.year, week)
    }
}

/// The words `strftime` writes: English unless a language gives its own (from the theme's language file).
public struct CalendarWords: Sendable {
    /// January first.
    public var months: [String]
    public var shortMonths: [String]
    /// Sunday first, as `strftime` counts.
    public var weekdays: [String]
    public var shortWeekdays: [String]
    /// Before and after noon.
    public var dayPeriods: [String]
    /// True for Ruby's own words (whose `%p` and `%P` differ in case).
    var english = false

    public init(months: [String], shortMonths: [String], weekdays: [String], shortWeekdays: [String], dayPeriods: [String]) {
        precondition(months.count == 12 && shortMonths.count == 12 && weekdays.count == 7 && shortWeekdays.count == 7 && dayPeriods.count == 2)
        self.months = months
        self.shortMonths = shortMonths
        self.weekdays = weekdays
        self.shortWeekdays = shortWeekdays
        self.dayPeriods = dayPeriods
    }

    public static let english: CalendarWords = {
        var w = CalendarWords(months: Strftime.monthNames, shortMonths: Strftime.monthNames.map { String($0.prefix(3)) },
                              weekdays: Strftime.dayNames, shortWeekdays: Strftime.dayNames.map { String($0.prefix(3)) }, dayPeriods: ["AM", "PM"])
        w.english = true
        return w
    }()
}

extension Strftime {
    /// `2026-11-03T09:05:00-05:00`: a moment in RFC 3339, with the zone's offset then.
    public static func rfc3339(_ seconds: Int64, zone: TimeZone) -> String {
        format(LiquidTime(seconds: seconds, in: zone), "%Y-%m-%dT%H:%M:%S%:z")
    }
}

import Foundation
