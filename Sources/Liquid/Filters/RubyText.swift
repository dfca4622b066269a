import Escaping
/// Ruby's `String` methods as Liquid's filters use them. Ruby counts and cuts UTF-8 text by code
/// point (`"a\r\nb".size` is 4; `"e\u{301}".size` is 2), and matches patterns byte for byte, so
/// everything here works on `unicodeScalars` and UTF-8 bytes, never on grapheme clusters.
enum RubyText {
    /// `String#strip`'s whitespace: NUL, tab, line feed, vertical tab, form feed, carriage return, space.
    static func isStripSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0 || (b >= 0x09 && b <= 0x0D) }

    /// The whitespace `split(" ")` splits on (NUL is not one).
    static func isSplitSpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }

    static func strip(_ s: String) -> String { rstrip(lstrip(s)) }

    static func lstrip(_ s: String) -> String {
        let u = s.utf8
        guard let first = u.firstIndex(where: { !isStripSpace($0) }) else { return "" }
        return first == u.startIndex ? s : String(s[first...])
    }

    static func rstrip(_ s: String) -> String {
        let u = s.utf8
        guard let last = u.lastIndex(where: { !isStripSpace($0) }) else { return "" }
        let end = u.index(after: last)
        return end == u.endIndex ? s : String(s[..<end])
    }

    /// `String#length`: code points.
    static func length(_ s: String) -> Int { s.unicodeScalars.count }

    /// `String#slice(start, length)`: nil when `start` lies beyond the end or `length` is negative.
    static func slice(_ s: String, _ start: Int, _ length: Int) -> String? {
        let scalars = s.unicodeScalars
        let count = scalars.count
        let from = start < 0 ? count + start : start
        guard from >= 0, from <= count, length >= 0 else { return nil }
        let take = min(length, count - from)
        let lo = scalars.index(scalars.startIndex, offsetBy: from)
        let hi = scalars.index(lo, offsetBy: take)
        return String(scalars[lo..<hi])
    }

    /// `String#[](index)`: the code point there (negative from the end), or nil.
    static func character(_ s: String, _ index: Int) -> String? {
        let scalars = s.unicodeScalars
        let count = scalars.count
        let i = index < 0 ? count + index : index
        guard i >= 0, i < count else { return nil }
        return String(scalars[scalars.index(scalars.startIndex, offsetBy: i)])
    }

    /// The first `n` code points.
    static func prefix(_ s: String, _ n: Int) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.prefix(max(0, n))))
    }

    // MARK: Searching (byte for byte)

    /// The UTF-8 offset of the first `needle` at or after `from` (see `ByteSearch`).
    static func find(_ needle: [UInt8], in hay: [UInt8], from: Int = 0) -> Int? {
        ByteSearch.first(needle, in: hay, from: from)
    }

    /// The UTF-8 offset of the last `needle` (the first of the reversed needle in the reversed text).
    static func findLast(_ needle: [UInt8], in hay: [UInt8]) -> Int? {
        guard !needle.isEmpty else { return hay.count }
        guard let at = find(Array(needle.reversed()), in: Array(hay.reversed())) else { return nil }
        return hay.count - at - needle.count
    }

    static func contains(_ s: String, _ part: String) -> Bool {
        part.isEmpty || find(Array(part.utf8), in: Array(s.utf8)) != nil
    }

    /// The bytes `gsub(pattern, replacement)` would make, counted before making them.
    static func replacedSize(_ s: String, _ pattern: String, _ replacement: String) -> Int {
        let hay = Array(s.utf8), needle = Array(pattern.utf8)
        let matches: Int
        if needle.isEmpty {
            matches = s.unicodeScalars.count + 1
        } else {
            var n = 0, i = 0
            while let at = find(needle, in: hay, from: i) { n += 1; i = at + needle.count }
            matches = n
        }
        let (grow, o1) = matches.multipliedReportingOverflow(by: replacement.utf8.count)
        let (total, o2) = (hay.count - matches * needle.count).addingReportingOverflow(grow)
        return o1 || o2 ? Int.max : total
    }

    /// `gsub` with a plain pattern: every match replaced; an empty pattern matches before each code point and at the end.
    static func replaceAll(_ s: String, _ pattern: String, _ replacement: String) -> String {
        if pattern.isEmpty {
            var out = replacement
            for c in s.unicodeScalars {
                out.unicodeScalars.append(c)
                out += replacement
            }
            return out
        }
        return ByteSearch.replacingAll(pattern, with: replacement, in: s)
    }

    /// `sub`: the first match replaced (an empty pattern matches at the start).
    static func replaceFirst(_ s: String, _ pattern: String, _ replacement: String) -> String {
        let hay = Array(s.utf8), needle = Array(pattern.utf8)
        guard let at = find(needle, in: hay) else { return s }
        return String(decoding: hay[..<at] + Array(replacement.utf8) + hay[(at + needle.count)...], as: UTF8.self)
    }

    /// Liquid's `replace_last`: the match `rindex` finds replaced (an empty pattern matches at the end).
    static func replaceLast(_ s: String, _ pattern: String, _ replacement: String) -> String {
        let hay = Array(s.utf8), needle = Array(pattern.utf8)
        guard let at = findLast(needle, in: hay) else { return s }
        return String(decoding: hay[..<at] + Array(replacement.utf8) + hay[(at + needle.count)...], as: UTF8.self)
    }

    // MARK: Splitting

    /// `String#split(pattern)` with a string pattern: `" "` splits on runs of whitespace and ignores
    /// leading whitespace; `""` splits into code points; trailing empty strings are dropped.
    static func split(_ s: String, _ pattern: String) -> [String] {
        var parts: [String]
        if pattern == " " {
            parts = splitOnSpace(s, limit: 0)
        } else if pattern.isEmpty {
            parts = s.unicodeScalars.map { String($0) }
        } else {
            parts = []
            let hay = Array(s.utf8), needle = Array(pattern.utf8)
            var i = 0
            while let at = find(needle, in: hay, from: i) {
                parts.append(String(decoding: hay[i..<at], as: UTF8.self))
                i = at + needle.count
            }
            parts.append(String(decoding: hay[i...], as: UTF8.self))
        }
        while parts.last?.isEmpty == true { parts.removeLast() }
        return parts
    }

    /// `split(" ", limit)` as Ruby's `rb_str_split_m` does it (0: no limit, and the caller drops
    /// trailing empty strings); with a limit, the last field is the rest after the separating
    /// whitespace, even when that is empty.
    static func splitOnSpace(_ s: String, limit: Int) -> [String] {
        let u = Array(s.utf8)
        guard !u.isEmpty else { return [] }
        if limit == 1 { return [s] }
        var parts: [String] = []
        var beg = 0, end = 0, i = 1
        var skip = true
        var p = 0
        while p < u.count {
            let c = u[p]
            p += 1
            if skip {
                if isSplitSpace(c) {
                    beg = p
                } else {
                    end = p
                    skip = false
                    if limit > 0, limit <= i { break }
                }
            } else if isSplitSpace(c) {
                parts.append(String(decoding: u[beg..<end], as: UTF8.self))
                skip = true
                beg = p
                if limit > 0 { i += 1 }
            } else {
                end = p
            }
        }
        if limit > 0 || u.count > beg {
            parts.append(String(decoding: u[beg...], as: UTF8.self))
        }
        return parts
    }

    // MARK: Case

    static func upcase(_ s: String) -> String { mapScalars(s) { $0.properties.uppercaseMapping } }
    static func downcase(_ s: String) -> String { mapScalars(s) { $0.properties.lowercaseMapping } }

    /// `String#capitalize`: the first code point in title case ("ﬁ" becomes "Fi"), the rest in lower case.
    static func capitalize(_ s: String) -> String {
        var out = ""
        var first = true
        for c in s.unicodeScalars {
            if c.isASCII {
                let b = UInt8(c.value)
                let lower = b >= 0x41 && b <= 0x5A ? b + 32 : b
                let upper = b >= 0x61 && b <= 0x7A ? b - 32 : b
                out.unicodeScalars.append(Unicode.Scalar(first ? upper : lower))
            } else {
                out += first ? c.properties.titlecaseMapping : c.properties.lowercaseMapping
            }
            first = false
        }
        return out
    }

    static func mapScalars(_ s: String, _ map: (Unicode.Scalar) -> String) -> String {
        if s.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: s.utf8.map { b in
                map(Unicode.Scalar(b)).utf8.first ?? b
            }, as: UTF8.self)
        }
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars { out += map(c) }
        return out
    }

    // MARK: inspect

    /// `String#inspect` for a UTF-8 string: quotes, backslash escapes, `\#{`, and `\uXXXX` for what Ruby cannot print.
    static func inspect(_ s: String) -> String {
        var out = "\""
        let scalars = Array(s.unicodeScalars)
        for (i, c) in scalars.enumerated() {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\u{1B}": out += "\\e"
            case "\u{0B}": out += "\\v"
            case "\u{0C}": out += "\\f"
            case "\u{08}": out += "\\b"
            case "\u{07}": out += "\\a"
            case "#":
                let next = i + 1 < scalars.count ? scalars[i + 1] : " "
                out += next == "{" || next == "$" || next == "@" ? "\\#" : "#"
            default:
                if isPrintable(c) {
                    out.unicodeScalars.append(c)
                } else {
                    let hex = String(c.value, radix: 16, uppercase: true)
                    out += c.value > 0xFFFF ? "\\u{\(hex)}" : "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            }
        }
        return out + "\""
    }

    static func isPrintable(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        if v < 0x20 || v == 0x7F || (v >= 0x80 && v < 0xA0 && v != 0x85) { return false }
        switch c.properties.generalCategory {
        case .lineSeparator, .paragraphSeparator, .unassigned, .surrogate: return false
        default: return true
        }
    }
}
