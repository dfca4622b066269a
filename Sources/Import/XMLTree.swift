import Diagnostics

/// A small XML reader for flat data documents like Open311's: elements, text, CDATA, comments, the
/// five named entities and numeric references. Attributes are read past; a DOCTYPE is refused (no
/// entity of its own is ever expanded). Linear in the input, nesting at most 64 deep.
struct XMLTree {
    var name: String
    var text = ""
    var children: [XMLTree] = []
    var location: SourceLocation

    static let maxDepth = 64

    static func parse(_ text: String, path: String, log: inout DiagnosticLog) -> XMLTree? {
        var p = XMLScanner(bytes: Array(text.utf8), path: path)
        do throws(Diagnostic) {
            return try p.document()
        } catch {
            log.append(error)
            return nil
        }
    }
}

/// The reader's state: bytes, offset, line and column.
struct XMLScanner {
    let bytes: [UInt8]
    let path: String
    var i = 0
    var line = 1
    var lineStart = 0

    var here: SourceLocation {
        // Scalars counted on ordinary lines; on a very long one (a document on one line) each byte
        // counts, so that placing every element stays linear.
        let end = min(i, bytes.count)
        let column = end - lineStart > 1_000 ? end - lineStart + 1 : bytes[lineStart..<end].filter { $0 & 0xC0 != 0x80 }.count + 1
        return SourceLocation(path: path, line: line, column: column)
    }

    func fail(_ message: String) -> Diagnostic { .error(here, message) }

    mutating func advance(_ n: Int = 1) {
        for _ in 0..<n where i < bytes.count {
            if bytes[i] == 0x0A { line += 1; lineStart = i + 1 }
            i += 1
        }
    }

    func starts(_ s: String) -> Bool {
        let u = Array(s.utf8)
        return i + u.count <= bytes.count && Array(bytes[i..<(i + u.count)]) == u
    }

    /// Moves past `end`, or fails with `what` never closed.
    mutating func skip(past end: String, what: String) throws(Diagnostic) {
        let start = here
        while i < bytes.count {
            if starts(end) { advance(end.utf8.count); return }
            advance()
        }
        throw Diagnostic.error(start, "this \(what) is never closed")
    }

    mutating func skipSpaceAndMarkup() throws(Diagnostic) {
        while i < bytes.count {
            if bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D || (i == 0 && starts("\u{FEFF}")) {
                advance(bytes[i] == 0xEF ? 3 : 1)
            } else if starts("<?") {
                try skip(past: "?>", what: "declaration")
            } else if starts("<!--") {
                try skip(past: "-->", what: "comment")
            } else if starts("<!DOCTYPE") || starts("<!doctype") {
                throw fail("a DOCTYPE is not read here; an Open311 document has none")
            } else {
                return
            }
        }
    }

    mutating func document() throws(Diagnostic) -> XMLTree {
        try skipSpaceAndMarkup()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "<") else { throw fail("expected an XML element") }
        let root = try element(depth: 0)
        try skipSpaceAndMarkup()
        guard i >= bytes.count else { throw fail("unexpected text after the document's element") }
        return root
    }

    static func isNameByte(_ b: UInt8) -> Bool {
        b >= 0x80 || (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x2D || b == 0x2E || b == 0x3A
    }

    mutating func name() throws(Diagnostic) -> String {
        let start = i
        while i < bytes.count, Self.isNameByte(bytes[i]) { advance() }
        guard i > start else { throw fail("expected an element name") }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    /// An element starting at `<`.
    mutating func element(depth: Int) throws(Diagnostic) -> XMLTree {
        guard depth < XMLTree.maxDepth else { throw fail("elements are nested more than \(XMLTree.maxDepth) deep") }
        let at = here
        advance()  // <
        var node = XMLTree(name: try name(), location: at)
        // Attributes: read past, quotes respected.
        while true {
            guard i < bytes.count else { throw Diagnostic.error(at, "the tag <\(node.name)> is never closed") }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                try skip(past: b == UInt8(ascii: "\"") ? "\"" : "'", what: "quoted attribute value")
                continue
            }
            if starts("/>") { advance(2); return node }
            if b == UInt8(ascii: ">") { advance(); break }
            if b == UInt8(ascii: "<") { throw fail("'<' inside the tag <\(node.name)>") }
            advance()
        }
        var text: [UInt8] = []
        while true {
            guard i < bytes.count else { throw Diagnostic.error(at, "the element <\(node.name)> is never closed; expected </\(node.name)>") }
            if starts("</") {
                advance(2)
                let end = try name()
                guard end == node.name else { throw fail("</\(end)> closes <\(node.name)>; expected </\(node.name)>") }
                while i < bytes.count, bytes[i] != UInt8(ascii: ">") { advance() }
                guard i < bytes.count else { throw fail("the closing tag </\(end)> is never closed") }
                advance()
                node.text = String(decoding: text, as: UTF8.self)
                return node
            } else if starts("<![CDATA[") {
                advance(9)
                let start = i
                try skip(past: "]]>", what: "CDATA section")
                text += bytes[start..<(i - 3)]
            } else if starts("<!--") {
                try skip(past: "-->", what: "comment")
            } else if starts("<?") {
                try skip(past: "?>", what: "processing instruction")
            } else if bytes[i] == UInt8(ascii: "<") {
                node.children.append(try element(depth: depth + 1))
            } else if bytes[i] == UInt8(ascii: "&") {
                text += Array(try entity().utf8)
            } else {
                text.append(bytes[i])
                advance()
            }
        }
    }

    /// `&amp;`, `&#233;`, `&#xE9;` and the other named four.
    mutating func entity() throws(Diagnostic) -> String {
        let at = here
        advance()
        let start = i
        while i < bytes.count, bytes[i] != UInt8(ascii: ";"), i - start < 12 { advance() }
        guard i < bytes.count, bytes[i] == UInt8(ascii: ";") else { throw Diagnostic.error(at, "'&' starts no entity; write it as &amp;") }
        let name = String(decoding: bytes[start..<i], as: UTF8.self)
        advance()
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            var number: UInt32?
            if name.hasPrefix("#x") || name.hasPrefix("#X") { number = UInt32(name.dropFirst(2), radix: 16) }
            else if name.hasPrefix("#") { number = UInt32(name.dropFirst()) }
            guard let number, number != 0, let scalar = Unicode.Scalar(number) else {
                throw Diagnostic.error(at, "unknown entity &\(name); expected &amp;, &lt;, &gt;, &quot;, &apos; or a number")
            }
            return String(Character(scalar))
        }
    }
}
