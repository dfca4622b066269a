import CivilTime

/// Ruby's `Time#strftime`, as Ruby 3's `strftime.c` reads a format: byte by byte, with the `-`, `_`,
/// `0`, `^` and `#` flags, widths, the `E` and `O` modifiers (ignored before the conversions POSIX
/// allows them on), colons before `z`; anything else after a `%` is written as it is.
public enum Strftime {
    /// The widest padding a conversion may ask for (`%65536Y`); a wider one is written as it is.
    static let maxWidth = 65_536
    static let dayNames = CalendarNames.weekdays
    static let monthNames = CalendarNames.months

    /// The text of `t` in `format`. A format that ends inside a conversion (`%`, `a%`, `%-`, `%5`),
    /// which Ruby refuses, keeps that ending as it is written; `date` reports it (`validated`).
    public static func format(_ t: LiquidTime, _ format: String) -> String {
        Self.format(t, format, words: .english)
    }

    /// The same with another language's month, weekday and AM/PM words (`%B`, `%b`, `%A`, `%a`, `%p`, `%P`).
    public static func format(_ t: LiquidTime, _ format: String, words: CalendarWords) -> String {
        var out: [UInt8] = []
        _ = write(t, Array(format.utf8), words: words, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `format`, or an error where Ruby's `strftime` raises one: the format ends inside a conversion.
    static func validated(_ t: LiquidTime, _ format: String, words: CalendarWords = .english) throws(FilterError) -> String {
        var out: [UInt8] = []
        guard write(t, Array(format.utf8), words: words, into: &out) else { throw FilterError("invalid format: \(format)") }
        return String(decoding: out, as: UTF8.self)
    }

    /// One conversion's flags, width and colons, as `strftime.c` keeps them.
    struct Spec {
        /// `-`: no padding.
        var left = false
        /// `#`: change case (upper for names, lower for `%p` and `%Z`).
        var changeCase = false
        var upper = false
        var lower = false
        /// `_` (space), `0`, or 0 for the conversion's own.
        var padding: UInt8 = 0
        /// The width, -1 when none was given (0 after `-`).
        var precision = -1
        var colons = 0
    }

    /// Writes `t` in format `b` into `out`; false when the format ends inside a conversion (what is
    /// left of it is written as it is).
    static func write(_ t: LiquidTime, _ b: [UInt8], words: CalendarWords, into out: inout [UInt8]) -> Bool {
        let n = b.count
        // The calendar fields, worked out once for all the conversions.
        let fields = t.fields
        var i = 0
        while i < n {
            guard b[i] == UInt8(ascii: "%") else {
                var e = i + 1
                while e < n, b[e] != UInt8(ascii: "%") { e += 1 }
                out.append(contentsOf: b[i..<e])
                i = e
                continue
            }
            let start = i
            var spec = Spec()
            var j = i
            var known = false
            scan: while true {
                j += 1
                guard j < n else {
                    out.append(contentsOf: b[start..<n])
                    return false
                }
                let c = b[j]
                switch c {
                case UInt8(ascii: "-"), UInt8(ascii: "^"), UInt8(ascii: "#"), UInt8(ascii: "_"):
                    if spec.precision > 0 { break scan }  // a flag after a width is not a conversion
                    switch c {
                    case UInt8(ascii: "-"): spec.left = true; spec.padding = 0; spec.precision = 0
                    case UInt8(ascii: "^"): spec.upper = true
                    case UInt8(ascii: "#"): spec.changeCase = true
                    default: spec.padding = UInt8(ascii: " ")
                    }
                case UInt8(ascii: ":"):
                    var colons = 1
                    var complete = false
                    while colons <= 3 {
                        if j + colons >= n { break }
                        if b[j + colons] == UInt8(ascii: "z") { complete = true; break }
                        if b[j + colons] != UInt8(ascii: ":") { break }
                        colons += 1
                    }
                    if !complete && colons <= 3 { break scan }
                    spec.colons = colons
                    j += colons - 1
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    if c == UInt8(ascii: "0") { spec.padding = UInt8(ascii: "0") }
                    var value = 0
                    var e = j
                    while e < n, b[e] >= UInt8(ascii: "0"), b[e] <= UInt8(ascii: "9") {
                        value = min(value * 10 + Int(b[e] - UInt8(ascii: "0")), Int(Int32.max) + 1)
                        e += 1
                    }
                    if value > Self.maxWidth { j = e - 1; break scan }
                    spec.precision = value
                    j = e - 1
                case UInt8(ascii: "E"):
                    guard j + 1 < n, Array("cCxXyY".utf8).contains(b[j + 1]) else { break scan }
                case UInt8(ascii: "O"):
                    guard j + 1 < n, Array("deHkIlmMSuUVwWy".utf8).contains(b[j + 1]) else { break scan }
                default:
                    known = convert(c, t, fields, &spec, words: words, into: &out)
                    break scan
                }
            }
            if !known { out.append(contentsOf: b[start...j]) }
            i = j + 1
        }
        return true
    }

    /// `%0*d` or `%*d` with the conversion's default padding and width, as `strftime.c`'s `FMT`.
    static func number(_ v: Int, _ defaultPad: UInt8, _ defaultWidth: Int, _ spec: Spec, into out: inout [UInt8]) {
        let width = spec.left ? 1 : (spec.precision <= 0 ? defaultWidth : spec.precision)
        let zeros = spec.padding == UInt8(ascii: "0") || (spec.padding == 0 && defaultPad == UInt8(ascii: "0"))
        // The digits, last first, without a string between (a page writes thousands of dates).
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { room in
            var m = v.magnitude
            repeat {
                room[count] = UInt8(ascii: "0") + UInt8(m % 10)
                m /= 10
                count += 1
            } while m > 0
        }
        let length = count + (v < 0 ? 1 : 0)
        let fill = max(0, width - length)
        if zeros {
            if v < 0 { out.append(UInt8(ascii: "-")) }
            out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: fill))
        } else {
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: fill))
            if v < 0 { out.append(UInt8(ascii: "-")) }
        }
        withUnsafeBytes(of: &digits) { room in
            for k in stride(from: count - 1, through: 0, by: -1) { out.append(room[k]) }
        }
    }

    /// A name or other text: padded to the width (unless `-`), then upper or lower case.
    static func text(_ s: String, _ spec: Spec, into out: inout [UInt8]) {
        guard !s.isEmpty else { return }
        // Characters are counted only when a width was given.
        if !spec.left, spec.precision > 0, case let length = s.count, spec.precision > length {
            out.append(contentsOf: repeatElement(spec.padding == 0 ? UInt8(ascii: " ") : spec.padding, count: spec.precision - length))
        }
        out.append(contentsOf: cased(s, spec).utf8)
    }

    static func cased(_ s: String, _ spec: Spec) -> String {
        if spec.upper && !spec.lower { return s.uppercased() }
        if spec.lower && !spec.upper { return s.lowercased() }
        return s
    }

    /// A conversion made of others (`%c`, `%F` …): their text in case, padded to the width (even after `-`).
    static func composite(_ format: String, _ t: LiquidTime, _ spec: Spec, words: CalendarWords, into out: inout [UInt8]) {
        var inner: [UInt8] = []
        _ = write(t, Array(format.utf8), words: words, into: &inner)
        let s = cased(String(decoding: inner, as: UTF8.self), spec)
        let length = s.count
        if spec.precision > length {
            out.append(contentsOf: repeatElement(spec.padding == 0 ? UInt8(ascii: " ") : spec.padding, count: spec.precision - length))
        }
        out.append(contentsOf: s.utf8)
    }

    /// Ruby's `%`: the remainder with the divisor's sign.
    static func modulo(_ a: Int, _ b: Int) -> Int { ((a % b) + b) % b }
    static func floorDivide(_ a: Int, _ b: Int) -> Int { (a - modulo(a, b)) / b }

    /// Writes conversion `c`; false when `c` is not one (the caller writes the text as it is).
    static func convert(_ c: UInt8, _ t: LiquidTime, _ f: LiquidTime.Fields, _ spec: inout Spec, words: CalendarWords, into out: inout [UInt8]) -> Bool {
        let hour12 = f.hour % 12 == 0 ? 12 : f.hour % 12
        func num(_ v: Int, _ width: Int, _ pad: Character = "0") { number(v, pad == "0" ? UInt8(ascii: "0") : UInt8(ascii: " "), width, spec, into: &out) }
        func name(_ s: String) {
            if spec.changeCase { spec.upper = true; spec.lower = false }
            text(s, spec, into: &out)
        }
        func pad1(_ byte: UInt8) {
            if !spec.left, spec.precision > 1 {
                out.append(contentsOf: repeatElement(spec.padding == 0 ? UInt8(ascii: " ") : spec.padding, count: spec.precision - 1))
            }
            out.append(byte)
        }
        switch c {
        case UInt8(ascii: "Y"): num(f.year, f.year >= 0 ? 4 : 5)
        case UInt8(ascii: "C"): num(floorDivide(f.year, 100), 2)
        case UInt8(ascii: "y"): num(modulo(f.year, 100), 2)
        case UInt8(ascii: "m"): num(f.month, 2)
        case UInt8(ascii: "B"): name(words.months[f.month - 1])
        case UInt8(ascii: "b"), UInt8(ascii: "h"): name(words.shortMonths[f.month - 1])
        case UInt8(ascii: "A"): name(words.weekdays[f.weekday])
        case UInt8(ascii: "a"): name(words.shortWeekdays[f.weekday])
        case UInt8(ascii: "d"): num(f.day, 2)
        case UInt8(ascii: "e"): num(f.day, 2, " ")
        case UInt8(ascii: "j"): num(f.yday, 3)
        case UInt8(ascii: "H"): num(f.hour, 2)
        case UInt8(ascii: "k"): num(f.hour, 2, " ")
        case UInt8(ascii: "I"): num(hour12, 2)
        case UInt8(ascii: "l"): num(hour12, 2, " ")
        case UInt8(ascii: "p"), UInt8(ascii: "P"):
            if (c == UInt8(ascii: "p") && spec.changeCase) || (c == UInt8(ascii: "P") && !spec.changeCase && !spec.upper) {
                spec.upper = false
                spec.lower = true
            }
            text(words.english ? (f.hour < 12 ? "AM" : "PM") : words.dayPeriods[f.hour < 12 ? 0 : 1], spec, into: &out)
        case UInt8(ascii: "M"): num(f.minute, 2)
        case UInt8(ascii: "S"): num(f.second, 2)
        case UInt8(ascii: "L"), UInt8(ascii: "N"):
            let digits = spec.precision <= 0 ? (c == UInt8(ascii: "L") ? 3 : 9) : spec.precision
            let nine = Array(LiquidTime.pad(t.nanoseconds, 9).utf8)
            if digits <= 9 {
                out.append(contentsOf: nine.prefix(digits))
            } else {
                out.append(contentsOf: nine)
                out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits - 9))
            }
        case UInt8(ascii: "z"):
            guard spec.colons <= 3 else { return false }
            zone(t, spec, into: &out)
        case UInt8(ascii: "Z"):
            if spec.changeCase { spec.upper = false; spec.lower = true }
            text(t.isUTC ? "UTC" : t.zoneName, spec, into: &out)
        case UInt8(ascii: "u"): num(f.weekday == 0 ? 7 : f.weekday, 1)
        case UInt8(ascii: "w"): num(f.weekday, 1)
        case UInt8(ascii: "U"): num((f.yday + 6 - f.weekday) / 7, 2)
        case UInt8(ascii: "W"): num((f.yday + 6 - (f.weekday + 6) % 7) / 7, 2)
        case UInt8(ascii: "G"), UInt8(ascii: "g"), UInt8(ascii: "V"):
            let (isoYear, week) = isoWeek(f)
            if c == UInt8(ascii: "V") {
                num(week, 2)
            } else if c == UInt8(ascii: "G") {
                num(isoYear, isoYear >= 0 ? 4 : 5)
            } else {
                num(modulo(isoYear, 100), 2)
            }
        case UInt8(ascii: "s"): num(Int(t.seconds), 1)
        case UInt8(ascii: "n"): pad1(UInt8(ascii: "\n"))
        case UInt8(ascii: "t"): pad1(UInt8(ascii: "\t"))
        case UInt8(ascii: "%"): pad1(UInt8(ascii: "%"))
        case UInt8(ascii: "c"): composite("%a %b %e %H:%M:%S %Y", t, spec, words: words, into: &out)
        case UInt8(ascii: "D"), UInt8(ascii: "x"): composite("%m/%d/%y", t, spec, words: words, into: &out)
        case UInt8(ascii: "F"): composite("%Y-%m-%d", t, spec, words: words, into: &out)
        case UInt8(ascii: "T"), UInt8(ascii: "X"): composite("%H:%M:%S", t, spec, words: words, into: &out)
        case UInt8(ascii: "R"): composite("%H:%M", t, spec, words: words, into: &out)
        case UInt8(ascii: "r"): composite("%I:%M:%S %p", t, spec, words: words, into: &out)
        case UInt8(ascii: "v"): composite("%e-%^b-%4Y", t, spec, words: words, into: &out)
        default: return false
        }
        return true
    }

    /// `%z`, `%:z`, `%::z`, `%:::z`: the offset, its hours padded as `strftime.c` pads them. A time in
    /// UTC itself (`Z` in the text) shows `-` with the `-` flag: RFC 3339's "offset unknown".
    static func zone(_ t: LiquidTime, _ spec: Spec, into out: inout [UInt8]) {
        var off = t.isUTC ? 0 : t.utcOffset
        var negative = false
        if off < 0 || (t.isUTC && spec.left) {
            off = -off
            negative = true
        }
        let p = spec.precision
        var width: Int
        switch spec.colons {
        case 0: width = p <= 5 ? 2 : p - 3
        case 1: width = p <= 6 ? 2 : p - 4
        case 2: width = p <= 9 ? 2 : p - 7
        default:
            if off % 3600 == 0 {
                width = p <= 3 ? 2 : p - 1
            } else if off % 60 == 0 {
                width = p <= 6 ? 2 : p - 4
            } else {
                width = p <= 9 ? 2 : p - 7
            }
        }
        let hours = String(off / 3600)
        let sign: UInt8 = negative ? UInt8(ascii: "-") : UInt8(ascii: "+")
        if spec.padding == UInt8(ascii: " ") {
            // `%+*ld`: the sign and the hours right-aligned in width + 1.
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: max(0, width + 1 - hours.utf8.count - 1)))
            out.append(sign)
        } else {
            // `%+.*ld`: the sign, then the hours with zeros to `width` digits.
            out.append(sign)
            out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(0, width - hours.utf8.count)))
        }
        out.append(contentsOf: hours.utf8)
        off %= 3600
        if spec.colons == 3 && off == 0 { return }
        if spec.colons >= 1 { out.append(UInt8(ascii: ":")) }
        out.append(contentsOf: LiquidTime.pad(off / 60, 2).utf8)
        off %= 60
        if spec.colons == 3 && off == 0 { return }
        if spec.colons >= 2 {
            out.append(UInt8(ascii: ":"))
            out.append(contentsOf: LiquidTime.pad(off, 2).utf8)
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
