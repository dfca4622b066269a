import Diagnostics

/// JSON (RFC 8259) parsed from UTF-8 bytes into `Node`s that know their line and column.
public enum JSON {
    public static let maxDepth = 256

    public static func parse(_ text: String, path: String, log: inout DiagnosticLog) -> Node? {
        var parser = JSONParser(bytes: Array(text.utf8), path: path)
        do {
            parser.skipSpace()
            let node = try parser.value(depth: 0)
            parser.skipSpace()
            if parser.i < parser.bytes.count { throw parser.fail("unexpected text after the JSON value") }
            return node
        } catch let failure as Diagnostic {
            log.append(failure)
            return nil
        } catch {
            return nil
        }
    }
}

private struct JSONParser {
    let bytes: [UInt8]
    let path: String
    var i = 0
    var line = 1
    var column = 1

    init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    var here: SourceLocation { SourceLocation(path: path, line: line, column: column) }

    func fail(_ message: String) -> Diagnostic {
        .error(here, "JSON syntax error: " + message)
    }

    mutating func advance() {
        if bytes[i] == 0x0A { line += 1; column = 1 } else if bytes[i] & 0xC0 != 0x80 { column += 1 }
        i += 1
    }

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x09 || bytes[i] == 0x0D { advance() }
    }

    mutating func expect(_ c: UInt8, _ what: String) throws {
        guard i < bytes.count, bytes[i] == c else { throw fail("expected \(what)") }
        advance()
    }

    mutating func value(depth: Int) throws -> Node {
        guard depth < JSON.maxDepth else { throw fail("nesting is deeper than \(JSON.maxDepth) levels") }
        guard i < bytes.count else { throw fail("expected a value, found the end of the file") }
        let at = here
        switch bytes[i] {
        case UInt8(ascii: "{"):
            advance(); skipSpace()
            var entries: [Node.Entry] = []
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { advance(); return Node(.map(entries), at: at) }
            while true {
                skipSpace()
                let keyAt = here
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a quoted key") }
                let key = try string()
                skipSpace()
                try expect(UInt8(ascii: ":"), "':' after the key")
                skipSpace()
                let v = try value(depth: depth + 1)
                entries.append(.init(key: key, keyLocation: keyAt, value: v))
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: ",") { advance(); continue }
                try expect(UInt8(ascii: "}"), "',' or '}'")
                return Node(.map(entries), at: at)
            }
        case UInt8(ascii: "["):
            advance(); skipSpace()
            var items: [Node] = []
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { advance(); return Node(.list(items), at: at) }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: ",") { advance(); continue }
                try expect(UInt8(ascii: "]"), "',' or ']'")
                return Node(.list(items), at: at)
            }
        case UInt8(ascii: "\""):
            return Node(.string(try string()), at: at)
        case UInt8(ascii: "t"): try word("true"); return Node(.bool(true), at: at)
        case UInt8(ascii: "f"): try word("false"); return Node(.bool(false), at: at)
        case UInt8(ascii: "n"): try word("null"); return Node(.null, at: at)
        default:
            return try number(at: at)
        }
    }

    mutating func word(_ w: String) throws {
        for c in w.utf8 {
            guard i < bytes.count, bytes[i] == c else { throw fail("expected '\(w)'") }
            advance()
        }
    }

    mutating func number(at: SourceLocation) throws -> Node {
        let start = i
        while i < bytes.count, let c = Optional(bytes[i]),
              (c >= 0x30 && c <= 0x39) || c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".")
                || c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
            advance()
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard !text.isEmpty, let n = NumberSyntax.parse(text), !text.hasPrefix("+") else {
            i = start
            throw fail(text.isEmpty ? "expected a value" : "\(quoted(text)) is not a number")
        }
        return Node(.number(n, text), at: at)
    }

    mutating func string() throws -> String {
        advance()  // opening quote
        var out: [UInt8] = []
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") { advance(); return String(decoding: out, as: UTF8.self) }
            if c < 0x20 { throw fail("a control character inside a string; escape it") }
            if c == UInt8(ascii: "\\") {
                advance()
                guard i < bytes.count else { break }
                let e = bytes[i]
                advance()
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
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code), i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                        advance(); advance()
                        let low = try hex4()
                        if (0xDC00..<0xE000).contains(low) { code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00) }
                    }
                    let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: throw fail("unknown escape '\\\(Character(Unicode.Scalar(e)))'")
                }
                continue
            }
            out.append(c)
            advance()
        }
        throw fail("a string is never closed; expected '\"'")
    }

    mutating func hex4() throws -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard i < bytes.count, let d = Self.hexValue(bytes[i]) else { throw fail("expected four hex digits after '\\u'") }
            v = v * 16 + d
            advance()
        }
        return v
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
