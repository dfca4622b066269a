/// Finds, in one line of a template, the two ways it names a language file's words: a message,
/// `'key' | t` (then a space, `:`, `}`, `|`, `%` or `-`), and a date format, `| ldate: 'name'`.
/// Each is found where it starts, left to right, one after another without overlapping; a key
/// is ASCII letters, digits, `_`, `.` and `-` (a date format's without `.` and `-`), in matching
/// quotes, and spaces may be any Unicode white space.
enum KeyScan {
    struct Use: Equatable {
        var key: String
        /// The character (not byte) where the use starts, from 1.
        var column: Int
        /// `ldate: 'name'` rather than `'key' | t`.
        var date: Bool
    }

    static func uses(in line: Substring) -> [Use] {
        let scalars = Array(line.unicodeScalars)
        // Messages first, then date formats, each in the order of the line (as `check` reports them).
        return matches(message, in: scalars, of: line, date: false) + matches(dateFormat, in: scalars, of: line, date: true)
    }

    /// Every match of `match`, left to right, each search going on where the last match ended.
    static func matches(_ match: ([Unicode.Scalar], Int) -> (String, Int)?, in scalars: [Unicode.Scalar], of line: Substring,
                        date: Bool) -> [Use] {
        var out: [Use] = []
        var i = 0
        while i < scalars.count {
            guard let (key, end) = match(scalars, i) else {
                i += 1
                continue
            }
            out.append(Use(key: key, column: column(line, scalars: i), date: date))
            i = end
        }
        return out
    }

    /// `'key' | t` starting at `i`: the key and where the match ends (after the `t`).
    static func message(_ s: [Unicode.Scalar], _ start: Int) -> (String, Int)? {
        guard let (key, afterQuote) = quoted(s, at: start, allowed: isMessageKey) else { return nil }
        var i = skipSpaces(s, from: afterQuote)
        guard i < s.count, s[i] == "|" else { return nil }
        i = skipSpaces(s, from: i + 1)
        guard i < s.count, s[i] == "t" else { return nil }
        // What follows `t` ends the filter's name: it must be there, and is not part of the use.
        guard i + 1 < s.count, isSpace(s[i + 1]) || ":}|%-".unicodeScalars.contains(s[i + 1]) else { return nil }
        return (key, i + 1)
    }

    /// `| ldate: 'name'` starting at `i`: the name and where the match ends (after its closing quote).
    static func dateFormat(_ s: [Unicode.Scalar], _ start: Int) -> (String, Int)? {
        guard s[start] == "|" else { return nil }
        var i = skipSpaces(s, from: start + 1)
        for letter in "ldate".unicodeScalars {
            guard i < s.count, s[i] == letter else { return nil }
            i += 1
        }
        i = skipSpaces(s, from: i)
        guard i < s.count, s[i] == ":" else { return nil }
        i = skipSpaces(s, from: i + 1)
        return quoted(s, at: i, allowed: isDateKey)
    }

    /// A key of at least one allowed character between two of the same quote, starting at `i`.
    static func quoted(_ s: [Unicode.Scalar], at start: Int, allowed: (Unicode.Scalar) -> Bool) -> (String, Int)? {
        guard start < s.count, s[start] == "'" || s[start] == "\"" else { return nil }
        var i = start + 1
        while i < s.count, allowed(s[i]) { i += 1 }
        guard i > start + 1, i < s.count, s[i] == s[start] else { return nil }
        var key = String.UnicodeScalarView()
        key.append(contentsOf: s[(start + 1)..<i])
        return (String(key), i + 1)
    }

    static func skipSpaces(_ s: [Unicode.Scalar], from start: Int) -> Int {
        var i = start
        while i < s.count, isSpace(s[i]) { i += 1 }
        return i
    }

    static func isSpace(_ c: Unicode.Scalar) -> Bool { c.properties.isWhitespace }

    static func isDateKey(_ c: Unicode.Scalar) -> Bool {
        c.isASCII && (("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "_")
    }

    static func isMessageKey(_ c: Unicode.Scalar) -> Bool { isDateKey(c) || c == "." || c == "-" }

    /// The column of the scalar at `index`: the characters before it, plus one.
    static func column(_ line: Substring, scalars index: Int) -> Int {
        let end = line.unicodeScalars.index(line.unicodeScalars.startIndex, offsetBy: index)
        return line[..<end].count + 1
    }
}
