import Diagnostics

/// JSON (RFC 8259) parsed from UTF-8 text into `Node`s that know their line and column.
///
/// The grammar is followed exactly: no leading `+`, `.5`, `01` or `1.`; no `NaN` or `Infinity`; no
/// comments or trailing commas; raw control characters (U+0000–U+001F) only as escapes; every `\u`
/// escape has four hex digits and surrogates come in pairs (§8.2: an unpaired one is an error, never
/// a replacement character). Beyond the RFC's "names SHOULD be unique", a key that appears twice in
/// one object is an error, as in YAML front matter. A byte-order mark is ignored at the very start
/// only (§8.1). Nesting is limited to `maxDepth` levels; numbers must fit a `Double`.
///
/// Keys are compared as Swift compares strings (canonically equivalent spellings are equal), the way
/// `Node`'s subscript finds them, so no lookup can ever see one key and miss another.
public enum JSON {
    public static let maxDepth = 256

    public static func parse(_ text: String, path: String, log: inout DiagnosticLog) -> Node? {
        var parser = ByteCursor(bytes: Array(text.utf8), path: path)
        do {
            parser.skipByteOrderMark()
            parser.skipSpace()
            let node = try parser.value(depth: 0)
            parser.skipSpace()
            if parser.i < parser.bytes.count {
                throw parser.fail("expected the end of the file after the JSON value" + parser.foundSuffix())
            }
            return node
        } catch let failure as Diagnostic {
            log.append(failure)
            return nil
        } catch {
            return nil
        }
    }
}

/// JSON's grammar, read off the text's bytes.
private extension ByteCursor {
    func fail(_ message: String, at location: SourceLocation? = nil) -> Diagnostic {
        .error(location ?? here, "JSON syntax error: " + message)
    }

    mutating func skipByteOrderMark() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
    }

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x09 || bytes[i] == 0x0D { advance() }
    }

    mutating func expect(_ c: UInt8, _ what: String) throws {
        guard i < bytes.count, bytes[i] == c else { throw fail("expected \(what)" + foundSuffix()) }
        advance()
    }

    // MARK: What was found instead

    /// `, found …` when what stands here needs naming; nothing for plain punctuation, which the
    /// column already shows.
    func foundSuffix() -> String {
        guard let found = foundDescription() else { return "" }
        return ", found " + found
    }

    func foundDescription() -> String? {
        guard let c = byte() else { return "the end of the file" }
        switch c {
        case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "/") || byte(1) == UInt8(ascii: "*"):
            return "a comment; JSON has no comments"
        case UInt8(ascii: "'"):
            return "a single quote; JSON strings use '\"'"
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"), UInt8(ascii: "$"):
            return quoted(wordHere())
        case 0xEF where byte(1) == 0xBB && byte(2) == 0xBF:
            return "a byte-order mark (U+FEFF), which is allowed only at the start of the file"
        case 0x00..<0x20, 0x7F:
            return "the control character U+\(hex4(UInt32(c)))"
        case 0x80...:
            let scalar = scalarHere()
            return "'\(Character(scalar))' (U+\(hex4(scalar.value)))"
        default:
            return nil
        }
    }

    /// The run of letters, digits, `_` and `$` that starts here (at most 40 bytes of it).
    func wordHere() -> String {
        var end = i
        while end < bytes.count, end - i < 40, Self.isWordByte(bytes[end]) { end += 1 }
        return String(decoding: bytes[i..<end], as: UTF8.self)
    }

    static func isWordByte(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == UInt8(ascii: "_") || c == UInt8(ascii: "$")
    }

    /// The Unicode scalar that starts at `i` (the text came from a `String`, so it is valid UTF-8).
    func scalarHere() -> Unicode.Scalar {
        var end = i + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[i..<end], as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
    }

    func hex4(_ v: UInt32) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }

    static let valueChoices = "a number, a string, an object, an array, true, false or null"

    // MARK: Values

    mutating func value(depth: Int) throws -> Node {
        guard depth < JSON.maxDepth else { throw fail("nesting is deeper than \(JSON.maxDepth) levels") }
        guard let c = byte() else { throw fail("expected a value, found the end of the file") }
        let at = here
        switch c {
        case UInt8(ascii: "{"):
            return try object(at: at, depth: depth)
        case UInt8(ascii: "["):
            return try array(at: at, depth: depth)
        case UInt8(ascii: "\""):
            return Node(.string(try string()), at: at)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "."):
            return try number(at: at)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"), UInt8(ascii: "$"):
            let word = wordHere()
            switch word {
            case "true": advance(count: 4); return Node(.bool(true), at: at)
            case "false": advance(count: 5); return Node(.bool(false), at: at)
            case "null": advance(count: 4); return Node(.null, at: at)
            default: throw fail("\(quoted(word)) is not a JSON value; expected \(Self.valueChoices)")
            }
        default:
            throw fail("expected a value" + foundSuffix())
        }
    }

    mutating func object(at: SourceLocation, depth: Int) throws -> Node {
        advance()  // {
        skipSpace()
        var entries: [Node.Entry] = []
        var firstSeen: [String: SourceLocation] = [:]
        if byte() == UInt8(ascii: "}") { advance(); return Node(.map(entries), at: at) }
        while true {
            skipSpace()
            let keyAt = here
            guard byte() == UInt8(ascii: "\"") else {
                if byte() == UInt8(ascii: "}"), !entries.isEmpty {
                    throw fail("expected a quoted key after ',', found '}'; JSON allows no comma before '}'")
                }
                throw fail("expected a quoted key" + foundSuffix())
            }
            let key = try string()
            if let first = firstSeen[key] {
                throw Diagnostic.error(keyAt, "the key \(quoted(key)) appears twice; first at line \(first.line), column \(first.column)")
            }
            firstSeen[key] = keyAt
            skipSpace()
            try expect(UInt8(ascii: ":"), "':' after the key")
            skipSpace()
            let v = try value(depth: depth + 1)
            entries.append(.init(key: key, keyLocation: keyAt, value: v))
            skipSpace()
            if byte() == UInt8(ascii: ",") { advance(); continue }
            try expect(UInt8(ascii: "}"), "',' or '}'")
            return Node(.map(entries), at: at)
        }
    }

    mutating func array(at: SourceLocation, depth: Int) throws -> Node {
        advance()  // [
        skipSpace()
        var items: [Node] = []
        if byte() == UInt8(ascii: "]") { advance(); return Node(.list(items), at: at) }
        while true {
            skipSpace()
            if byte() == UInt8(ascii: "]"), !items.isEmpty {
                throw fail("expected a value after ',', found ']'; JSON allows no comma before ']'")
            }
            items.append(try value(depth: depth + 1))
            skipSpace()
            if byte() == UInt8(ascii: ",") { advance(); continue }
            try expect(UInt8(ascii: "]"), "',' or ']'")
            return Node(.list(items), at: at)
        }
    }

    // MARK: Numbers

    static func isDigit(_ c: UInt8?) -> Bool { c.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, exactly.
    mutating func number(at: SourceLocation) throws -> Node {
        let start = i
        func bad(_ reason: String) -> Diagnostic {
            fail("\(quoted(numberText(from: start))) is not a JSON number: \(reason)", at: at)
        }
        if byte() == UInt8(ascii: "+") { throw bad("expected '-' or a digit at its start, not '+'") }
        if byte() == UInt8(ascii: ".") { throw bad("expected a digit before '.'") }
        if byte() == UInt8(ascii: "-") {
            advance()
            if let c = byte(), c >= 0x41, Self.isWordByte(c) {
                // -Infinity, -NaN
                let word = "-" + wordHere()
                throw fail("\(quoted(word)) is not a JSON value; expected \(Self.valueChoices)", at: at)
            }
            guard Self.isDigit(byte()) else { throw bad("expected a digit after '-'") }
        }
        if byte() == UInt8(ascii: "0") {
            advance()
            if Self.isDigit(byte()) { throw bad("expected '.', 'e' or the end of the number after a leading 0") }
        } else {
            while Self.isDigit(byte()) { advance() }
        }
        if byte() == UInt8(ascii: ".") {
            advance()
            guard Self.isDigit(byte()) else { throw bad("expected a digit after '.'") }
            while Self.isDigit(byte()) { advance() }
        }
        if byte() == UInt8(ascii: "e") || byte() == UInt8(ascii: "E") {
            advance()
            if byte() == UInt8(ascii: "+") || byte() == UInt8(ascii: "-") { advance() }
            guard Self.isDigit(byte()) else { throw bad("expected a digit in the exponent") }
            while Self.isDigit(byte()) { advance() }
        }
        if let c = byte(), Self.isNumberByte(c) {
            let valid = String(decoding: bytes[start..<i], as: UTF8.self)
            throw bad("expected it to end after \(quoted(valid))")
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let n = Double(text), n.isFinite else {
            throw bad("expected a magnitude of at most 1.7976931348623157e308")
        }
        return Node(.number(n, text), at: at)
    }

    static func isNumberByte(_ c: UInt8) -> Bool {
        isWordByte(c) || c == UInt8(ascii: ".") || c == UInt8(ascii: "+") || c == UInt8(ascii: "-")
    }

    /// The number-like run from `start`, for a message (at most 40 bytes of it).
    func numberText(from start: Int) -> String {
        var end = start
        while end < bytes.count, end - start < 40, end == start || Self.isNumberByte(bytes[end]) { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    // MARK: Strings

    mutating func string() throws -> String {
        let opening = here
        advance()  // opening quote
        var out: [UInt8] = []
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") { advance(); return String(decoding: out, as: UTF8.self) }
            if c < 0x20 {
                let escape = Self.shortEscapes[c].map { "'\\\($0)'" } ?? "'\\u\(hex4(UInt32(c)))'"
                throw fail("the control character U+\(hex4(UInt32(c))) inside a string; expected '\"' or an escape such as \(escape)")
            }
            if c == UInt8(ascii: "\\") {
                try escape(into: &out)
                continue
            }
            out.append(c)
            advance()
        }
        throw fail("this string is never closed; expected '\"' before the end of the file", at: opening)
    }

    static let shortEscapes: [UInt8: Character] = [0x08: "b", 0x0C: "f", 0x0A: "n", 0x0D: "r", 0x09: "t"]

    mutating func escape(into out: inout [UInt8]) throws {
        let at = here
        advance()  // backslash
        guard let e = byte() else { return }  // the caller reports the unclosed string
        switch e {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "/"): out.append(0x2F)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            advance()
            let code = try hexDigits()
            var scalarValue = code
            if (0xDC00..<0xE000).contains(code) {
                throw fail("unpaired surrogate '\\u\(hex4(code))'; expected a high surrogate '\\uD800'…'\\uDBFF' right before it", at: at)
            }
            if (0xD800..<0xDC00).contains(code) {
                guard byte() == UInt8(ascii: "\\"), byte(1) == UInt8(ascii: "u") else {
                    throw fail("unpaired surrogate '\\u\(hex4(code))'; expected a low surrogate '\\uDC00'…'\\uDFFF' right after it", at: at)
                }
                advance(); advance()
                let low = try hexDigits()
                guard (0xDC00..<0xE000).contains(low) else {
                    throw fail("unpaired surrogate '\\u\(hex4(code))'; expected a low surrogate '\\uDC00'…'\\uDFFF' right after it, found '\\u\(hex4(low))'", at: at)
                }
                scalarValue = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
            let scalar = Unicode.Scalar(scalarValue) ?? "\u{FFFD}"
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
            return
        default:
            let shown = e < 0x20 || e == 0x7F ? "U+\(hex4(UInt32(e)))" : String(Character(scalarHere()))
            throw fail("unknown escape '\\\(shown)'; expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u and four hex digits", at: at)
        }
        advance()
    }

    /// Four hex digits after `\u`, read from `i`.
    mutating func hexDigits() throws -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let c = byte(), let d = Self.hexValue(c) else {
                throw fail("expected four hex digits after '\\u'" + foundSuffixInString())
            }
            v = v * 16 + d
            advance()
        }
        return v
    }

    /// Like `foundSuffix`, for a place inside a string: any character is named.
    func foundSuffixInString() -> String {
        guard let c = byte() else { return ", found the end of the file" }
        if c < 0x20 || c == 0x7F { return ", found the control character U+\(hex4(UInt32(c)))" }
        return ", found \(quoted(String(Character(scalarHere()))))"
    }

    static func hexValue(_ c: UInt8) -> UInt32? {
        switch c {
        case 0x30...0x39: return UInt32(c - 0x30)
        case 0x41...0x46: return UInt32(c - 0x41 + 10)
        case 0x61...0x66: return UInt32(c - 0x61 + 10)
        default: return nil
        }
    }
}
