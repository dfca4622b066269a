/// Ruby's `Time#strftime`: every conversion, with the `-`, `_`, `0`, `^` and `#` flags and widths.
public enum Strftime {
    /// The widest padding a conversion may ask for (`%65536Y`).
    static let maxWidth = 65_536
    static let dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                             "September", "October", "November", "December"]

    public static func format(_ t: LiquidTime, _ format: String) -> String {
        Self.format(t, format, words: .english)
    }

    /// The same with another language's month, weekday and AM/PM words (`%B`, `%b`, `%A`, `%a`, `%p`, `%P`).
    public static func format(_ t: LiquidTime, _ format: String, words: CalendarWords) -> String {
        let f = t.fields
        var out = ""
        let chars = Array(format)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            guard c == "%", i + 1 < chars.count else { out.append(c); i += 1; continue }
            var j = i + 1
            var flags = Set<Character>()
            while j < chars.count, "-_0^#".contains(chars[j]) { flags.insert(chars[j]); j += 1 }
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
            if (width ?? 0) <= Self.maxWidth, let text = convert(conversion, f, t, flags: flags, width: width, colons: colons, words: words) {
                out += text
            } else {
                out += String(chars[i...j])
            }
            i = j + 1
        }
        return out
    }

    static func number(_ n: Int, _ defaultWidth: Int, pad defaultPad: Character, flags: Set<Character>, width: Int?) -> String {
        if flags.contains("-") { return String(n) }
        let padChar: Character = flags.contains("_") ? " " : (flags.contains("0") ? "0" : defaultPad)
        let w = width ?? defaultWidth
        let s = String(abs(n))
        let padded = s.count >= w - (n < 0 ? 1 : 0) ? s : String(repeating: padChar, count: w - s.count - (n < 0 ? 1 : 0)) + s
        return (n < 0 ? "-" : "") + padded
    }

    static func text(_ s: String, flags: Set<Character>, width: Int?) -> String {
        var s = s
        if flags.contains("^") { s = s.uppercased() }
        if flags.contains("#") { s = s == s.uppercased() ? s.lowercased() : s.uppercased() }
        if let w = width, s.count < w { s = String(repeating: flags.contains("0") ? "0" : " ", count: w - s.count) + s }
        return s
    }

    static func convert(_ c: Character, _ f: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, weekday: Int, yday: Int),
                        _ t: LiquidTime, flags: Set<Character>, width: Int?, colons: Int, words: CalendarWords) -> String? {
        func num(_ n: Int, _ w: Int, _ p: Character = "0") -> String { number(n, w, pad: p, flags: flags, width: width) }
        func txt(_ s: String) -> String { text(s, flags: flags, width: width) }
        let hour12 = f.hour % 12 == 0 ? 12 : f.hour % 12
        switch c {
        case "Y": return flags.isEmpty && width == nil ? String(f.year) : num(f.year, 4)
        case "C": return num(f.year / 100, 2)
        case "y": return num(f.year % 100, 2)
        case "m": return num(f.month, 2)
        case "B": return txt(words.months[f.month - 1])
        case "b", "h": return txt(words.shortMonths[f.month - 1])
        case "d": return num(f.day, 2)
        case "e": return num(f.day, 2, " ")
        case "j": return num(f.yday, 3)
        case "H": return num(f.hour, 2)
        case "k": return num(f.hour, 2, " ")
        case "I": return num(hour12, 2)
        case "l": return num(hour12, 2, " ")
        case "P": return txt(words.english ? (f.hour < 12 ? "am" : "pm") : words.dayPeriods[f.hour < 12 ? 0 : 1])
        case "p":
            guard words.english else { return txt(words.dayPeriods[f.hour < 12 ? 0 : 1]) }
            return flags.contains("#") ? (f.hour < 12 ? "am" : "pm") : txt(f.hour < 12 ? "AM" : "PM")
        case "M": return num(f.minute, 2)
        case "S": return num(f.second, 2)
        case "L": return num(t.nanoseconds / 1_000_000, 3)
        case "N":
            let digits = width ?? 9
            let s = LiquidTime.pad(t.nanoseconds, 9)
            return digits <= 9 ? String(s.prefix(digits)) : s + String(repeating: "0", count: digits - 9)
        case "z":
            let sign = t.utcOffset < 0 ? "-" : "+"
            let h = abs(t.utcOffset) / 3600, m = abs(t.utcOffset) % 3600 / 60, s = abs(t.utcOffset) % 60
            switch colons {
            case 1: return sign + LiquidTime.pad(h, 2) + ":" + LiquidTime.pad(m, 2)
            case 2: return sign + LiquidTime.pad(h, 2) + ":" + LiquidTime.pad(m, 2) + ":" + LiquidTime.pad(s, 2)
            default: return sign + LiquidTime.pad(h, 2) + LiquidTime.pad(m, 2)
            }
        case "Z": return txt(t.zoneName)
        case "A": return txt(words.weekdays[f.weekday])
        case "a": return txt(words.shortWeekdays[f.weekday])
        case "u": return num(f.weekday == 0 ? 7 : f.weekday, 1)
        case "w": return num(f.weekday, 1)
        case "U": return num((f.yday + 6 - f.weekday) / 7, 2)
        case "W": return num((f.yday + 6 - (f.weekday + 6) % 7) / 7, 2)
        case "G", "g", "V":
            let (isoYear, week) = isoWeek(f)
            if c == "V" { return num(week, 2) }
            return c == "G" ? num(isoYear, 4) : num(isoYear % 100, 2)
        case "s": return String(t.seconds)
        case "n": return "\n"
        case "t": return "\t"
        case "%": return "%"
        case "c": return format(t, "%a %b %e %H:%M:%S %Y", words: words)
        case "D", "x": return format(t, "%m/%d/%y")
        case "F": return format(t, "%Y-%m-%d")
        case "T", "X": return format(t, "%H:%M:%S")
        case "R": return format(t, "%H:%M")
        case "r": return format(t, "%I:%M:%S %p")
        case "v": return format(t, "%e-%^b-%Y", words: words)
        case "+": return format(t, "%a %b %e %H:%M:%S %Z %Y", words: words)
        default: return nil
        }
    }

    /// ISO 8601 week-numbering year and week.
    static func isoWeek(_ f: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, weekday: Int, yday: Int)) -> (Int, Int) {
        let isoWeekday = f.weekday == 0 ? 7 : f.weekday
        let week = (f.yday - isoWeekday + 10) / 7
        if week < 1 {
            let prev = f.year - 1
            let prevDays = (prev % 4 == 0 && prev % 100 != 0) || prev % 400 == 0 ? 366 : 365
            return (prev, (f.yday + prevDays - isoWeekday + 10) / 7)
        }
        let days = (f.year % 4 == 0 && f.year % 100 != 0) || f.year % 400 == 0 ? 366 : 365
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
