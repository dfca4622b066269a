import Diagnostics
import Formats
import Liquid

/// One language of the theme: `templates/i18n/<lang>.yml`, every word the default theme and the
/// program print in it, its calendar words, how it writes numbers, and its plural rules.
///
/// ```yaml
/// direction: ltr                 # or rtl
/// calendar: { months: [...], months_short: [...], weekdays: [...], weekdays_short: [...], day_periods: [AM, PM] }
/// numbers: { group: ",", decimal: ".", min_grouping: 1 }
/// dates: { long: "%B %-d, %Y", ... }           # strftime formats, for `ldate`
/// strings:
///   skip_link: Skip to content
///   reports_count: { one: "{count} report", other: "{count} reports" }   # plural forms by CLDR category
/// ```
public struct Language: Sendable {
    public enum Message: Sendable {
        case text(MessagePattern)
        /// Forms by CLDR plural category (`zero`, `one`, `two`, `few`, `many`, `other`).
        case plural([String: MessagePattern])
    }

    /// The tag of the file (`es`, `ar`).
    public var code: String
    public var path: String
    /// `ltr` or `rtl`.
    public var direction = "ltr"
    public var calendar = CalendarWords.english
    public var groupSeparator = ","
    public var decimalSeparator = "."
    /// The fewest digits before a group separator is written (Spanish writes 1000 but 10.000: 2).
    public var minimumGrouping = 1
    /// Writes digits as Arabic-Indic (٠١٢٣٤٥٦٧٨٩) rather than 0-9 (`numbering: arab` in `site.yml`).
    public var arabicDigits = false
    public var dates: [String: String] = [:]
    public var messages: [String: Message] = [:]
    /// Where each key of `strings` (`key`) and `dates` (`dates.key`) is written, for `check`.
    public var lines: [String: SourceLocation] = [:]

    public init(code: String, path: String) {
        self.code = code
        self.path = path
    }

    /// The messages and date formats this file lacks, taken from `other` (the built-in theme's file
    /// of the same language); the file's own stay, and only its own count as written (`lines`).
    public mutating func fillMissing(from other: Language) {
        messages.merge(other.messages) { own, _ in own }
        dates.merge(other.dates) { own, _ in own }
    }

    /// The language with the site's digits.
    public func numbering(_ numbering: String) -> Language {
        var l = self
        l.arabicDigits = numbering == "arab"
        if l.arabicDigits {
            // With Arabic-Indic digits the Arabic separators go too.
            l.groupSeparator = "\u{066C}"
            l.decimalSeparator = "\u{066B}"
        }
        return l
    }

    // MARK: Plurals

    /// The CLDR plural category of a whole number in a language (by its primary subtag): English and
    /// Spanish `one`/`other` (Spanish also `many` for whole millions); Arabic `zero`, `one`, `two`,
    /// `few` (3-10, after hundreds), `many` (11-99, after hundreds) and `other`. Other languages
    /// follow English.
    public static func pluralCategory(_ n: Int, language: String) -> String {
        let primary = primarySubtag(language)
        let n = n.magnitude
        switch primary {
        case "ar":
            if n == 0 { return "zero" }
            if n == 1 { return "one" }
            if n == 2 { return "two" }
            let r = n % 100
            if (3...10).contains(r) { return "few" }
            if (11...99).contains(r) { return "many" }
            return "other"
        case "es":
            if n == 1 { return "one" }
            if n != 0 && n % 1_000_000 == 0 { return "many" }
            return "other"
        default:
            return n == 1 ? "one" : "other"
        }
    }

    /// `es` of `es-MX`, lowercased: the first piece between hyphens (the tag itself when it has none).
    public static func primarySubtag(_ tag: String) -> String {
        // Most tags are already one: "en", "es", "ar".
        if !tag.isEmpty, tag.utf8.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) { return tag }
        let dash = UInt8(ascii: "-")
        guard let start = tag.utf8.firstIndex(where: { $0 != dash }) else { return tag }
        let end = tag.utf8[start...].firstIndex(of: dash) ?? tag.utf8.endIndex
        return tag[start..<end].lowercased()
    }

    /// The categories a plural message of the language must give.
    public static func pluralCategories(language: String) -> [String] {
        switch primarySubtag(language) {
        case "ar": return ["zero", "one", "two", "few", "many", "other"]
        case "es": return ["one", "many", "other"]
        default: return ["one", "other"]
        }
    }

    // MARK: Numbers

    /// Digits in the site's numbering.
    public func digits(_ text: String) -> String {
        guard arabicDigits else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { u in
            (0x30...0x39).contains(u.value) ? Unicode.Scalar(0x0660 + u.value - 0x30)! : u
        }))
    }

    /// A whole number as the language writes it: grouped by thousands, in the site's digits.
    public func number(_ n: Int) -> String {
        let plain = String(n.magnitude)
        var out = ""
        if plain.count >= 4 + minimumGrouping - 1, !groupSeparator.isEmpty {
            for (k, ch) in plain.reversed().enumerated() {
                if k > 0, k % 3 == 0 { out = groupSeparator + out }
                out = String(ch) + out
            }
        } else {
            out = plain
        }
        return (n < 0 ? "-" : "") + digits(out)
    }

    /// A number with a fraction (as `SVGText` would write it), in the language's separators and digits.
    public func number(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return number(Int(v)) }
        let s = String(v)
        let parts = s.split(separator: ".", maxSplits: 1)
        let whole = Int(parts[0]).map(number) ?? String(parts[0])
        return whole + (parts.count > 1 ? decimalSeparator + digits(String(parts[1])) : "")
    }

    // MARK: Dates

    /// A day or moment formatted with the language's `dates.<name>` format (English `%B %-d, %Y` when missing).
    public func date(_ time: LiquidTime, _ name: String) -> String {
        digits(Strftime.format(time, dates[name] ?? "%B %-d, %Y", words: calendar))
    }

    // MARK: Messages

    /// A message with its parameters: `{name}` in the text is replaced by the parameter's text, a
    /// number written as the language writes it; a plural message picks its form by `count`.
    public func text(_ key: String, _ parameters: [String: Value] = [:]) -> String {
        (try? render(key, parameters, html: false)) ?? key
    }

    /// The same with whole numbers only, for the program's own strings.
    /// Parameters are looked up one by one, without a dictionary made per message (maps ask for
    /// several messages for each of their thousands of drawings).
    public func text(_ key: String, count: Int? = nil, _ parameters: KeyValuePairs<String, String> = [:]) -> String {
        let found = try? render(key, html: false) { name -> Value? in
            if let count, name == "count" { return .int(count) }
            return parameters.first { $0.key == name }.map { .string($0.value) }
        }
        return found ?? key
    }

    public struct Failure: Error, Sendable {
        public var message: String
    }

    /// The message rendered; with `html`, text is escaped for HTML and safe parameters go in whole.
    public func render(_ key: String, _ parameters: [String: Value], html: Bool) throws(Failure) -> String {
        try render(key, html: html) { parameters[$0] }
    }

    /// The message rendered, each parameter given by `parameter(name)`.
    public func render(_ key: String, html: Bool, parameter: (String) -> Value?) throws(Failure) -> String {
        guard let message = messages[key] else {
            throw Failure(message: "no string '\(key)' in \(path)")
        }
        let pattern: MessagePattern
        switch message {
        case .text(let t): pattern = t
        case .plural(let forms):
            // `form:` picks a form by name (for a script that fills in `{count}` itself).
            if case .string(let form)? = parameter("form"), let text = forms[form] ?? forms["other"] {
                pattern = text
                break
            }
            guard let count = parameter("count") else {
                throw Failure(message: "'\(key)' has plural forms: give it a count (t: count: n)")
            }
            let n: Int
            switch count {
            case .int(let i): n = i
            case .float(let f): n = Int(f)
            case .string(let s), .safe(let s): n = Int(s) ?? 0
            default: n = 0
            }
            // A `zero` form, when given, says 0 in words in every language ("none this week").
            let zero = n == 0 ? forms["zero"] : nil
            pattern = zero ?? forms[Self.pluralCategory(n, language: code)] ?? forms["other"] ?? MessagePattern("")
        }
        // Most messages are one piece of text: given as it is, without a copy.
        if pattern.parts.count == 1, case .literal(let raw, let escaped) = pattern.parts[0] { return html ? escaped : raw }
        var out = ""
        out.reserveCapacity(pattern.length + 16)
        var afterParameter = false
        for part in pattern.parts {
            switch part {
            case .literal(let raw, let escaped):
                let text = html ? escaped : raw
                // A value that ends its sentence ("… EE. UU.") is not given a second full stop.
                out += afterParameter && text.hasPrefix(".") && Self.endsWithFullStop(out) ? String(text.dropFirst()) : text
                afterParameter = false
            case .parameter(let name):
                afterParameter = true
                guard let value = parameter(name) else {
                    throw Failure(message: "'\(key)' needs the parameter '\(name)'")
                }
                out += parameterText(value, html: html)
            }
        }
        return out
    }

    /// Whether the text, tags at its end aside (`…UU.</bdi>`), ends with a full stop.
    static func endsWithFullStop(_ text: String) -> Bool {
        var end = text.endIndex
        while end > text.startIndex, text[text.index(before: end)] == ">", let open = text[..<end].lastIndex(of: "<") { end = open }
        return end > text.startIndex && text[text.index(before: end)] == "."
    }

    func parameterText(_ v: Value, html: Bool) -> String {
        switch v {
        case .int(let n): return number(n)
        case .float(let f): return number(f)
        case .safe(let s): return s
        case .string(let s): return html ? HTMLEscaping.escape(s) : s
        case .nil: return ""
        default: return html ? HTMLEscaping.escape(Direction.text(v)) : Direction.text(v)
        }
    }

    // MARK: Reading

    /// Reads a language file, reporting what is wrong in it at its line.
    /// Spaces made no-break spaces.
    static func unbroken(_ words: String) -> String { words.replacingOccurrences(of: " ", with: "\u{00A0}") }

    /// A date format whose day period (`%p`, `%P`) is joined to the time beside it by no-break spaces.
    static func timeKeptTogether(_ format: String) -> String {
        var out = format
        for p in ["%p", "%P"] {
            out = out.replacingOccurrences(of: " " + p, with: "\u{00A0}" + p).replacingOccurrences(of: p + " %", with: p + "\u{00A0}%")
        }
        return out
    }

    public static func read(_ source: String, code: String, path: String, log: inout DiagnosticLog) -> Language? {
        guard let root = YAML.parse(source, path: path, log: &log) else { return nil }
        guard let entries = root.entries else {
            log.error(SourceLocation(path: path, line: 1, column: 1), "a language file is a mapping: direction, calendar, numbers, dates and strings")
            return nil
        }
        var l = Language(code: code, path: path)
        func words(_ node: Node?, _ name: String, count: Int) -> [String]? {
            guard let node else {
                log.error(SourceLocation(path: path, line: 1, column: 1), "calendar.\(name) is missing (\(count) words)")
                return nil
            }
            guard let items = node.items?.compactMap(\.scalarText), items.count == count else {
                log.error(node.location, "calendar.\(name) must be a list of \(count) words")
                return nil
            }
            return items
        }
        for entry in entries {
            switch entry.key {
            case "direction":
                let d = entry.value.scalarText ?? ""
                if d == "ltr" || d == "rtl" { l.direction = d } else { log.error(entry.value.location, "direction must be 'ltr' or 'rtl'") }
            case "calendar":
                let c = entry.value
                if let m = words(c["months"], "months", count: 12), let ms = words(c["months_short"], "months_short", count: 12),
                   let w = words(c["weekdays"], "weekdays", count: 7), let ws = words(c["weekdays_short"], "weekdays_short", count: 7),
                   let p = words(c["day_periods"], "day_periods", count: 2) {
                    // A time is never broken across lines: "10:00 a. m." keeps its period with it.
                    l.calendar = CalendarWords(months: m, shortMonths: ms, weekdays: w, shortWeekdays: ws, dayPeriods: p.map(Self.unbroken))
                }
            case "numbers":
                if let g = entry.value["group"]?.scalarText { l.groupSeparator = g }
                if let d = entry.value["decimal"]?.scalarText { l.decimalSeparator = d }
                if let m = entry.value["min_grouping"]?.scalarText.flatMap({ Int($0) }) { l.minimumGrouping = max(1, m) }
            case "dates":
                for d in entry.value.entries ?? [] {
                    guard let format = d.value.scalarText else {
                        log.error(d.value.location, "dates.\(d.key) must be a strftime format like \"%B %-d, %Y\"")
                        continue
                    }
                    l.dates[d.key] = Self.timeKeptTogether(format)
                    l.lines["dates." + d.key] = d.keyLocation
                }
            case "strings":
                guard let strings = entry.value.entries else {
                    log.error(entry.value.location, "strings must be a mapping of keys to texts")
                    continue
                }
                for s in strings {
                    l.lines[s.key] = s.keyLocation
                    if let text = s.value.scalarText {
                        l.messages[s.key] = .text(MessagePattern(text))
                    } else if let forms = s.value.entries {
                        var out: [String: MessagePattern] = [:]
                        for f in forms {
                            guard ["zero", "one", "two", "few", "many", "other"].contains(f.key), let t = f.value.scalarText else {
                                log.error(f.keyLocation, "'\(s.key)': a plural form is one of zero, one, two, few, many, other, with a text")
                                continue
                            }
                            out[f.key] = MessagePattern(t)
                        }
                        let missing = Self.pluralCategories(language: code).filter { out[$0] == nil }
                        if !missing.isEmpty {
                            log.error(s.keyLocation, "'\(s.key)' needs the plural form\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")) in \(code)")
                        }
                        l.messages[s.key] = .plural(out)
                    } else {
                        log.error(s.value.location, "'\(s.key)' must be a text, or plural forms (one: ..., other: ...)")
                    }
                }
            case "language", "name":
                continue
            default:
                log.warning(entry.keyLocation, "unknown key '\(entry.key)' in a language file; expected direction, calendar, numbers, dates, strings")
            }
        }
        return l
    }
}
