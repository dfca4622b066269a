/// Rendered HTML read back as the text a reader sees, on its UTF-8 bytes: tags dropped (each told to
/// the reader by its first bytes, lowercased), the entities cmark-gfm writes decoded.
protocol HTMLTextReader {
    /// Text between tags, entities decoded.
    mutating func text(_ byte: UInt8)
    /// A tag's first bytes (`p`, `/li`, `table`), lowercased.
    mutating func tag(_ name: [UInt8])
}

public enum HTMLText {
    static let entities: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "#39": "'"]

    /// Reads `html` into `reader`. An entity it does not know, or one cut short, is kept as written.
    static func read<R: HTMLTextReader>(_ html: String, tagLimit: Int, into reader: inout R) {
        var html = html
        html.withUTF8 { read($0, tagLimit: tagLimit, into: &reader) }
    }

    /// `read` on the bytes of the HTML.
    static func read<R: HTMLTextReader>(_ html: UnsafeBufferPointer<UInt8>, tagLimit: Int, into reader: inout R) {
        var inTag = false
        var tag: [UInt8] = []
        tag.reserveCapacity(tagLimit)
        var entity: [UInt8]?
        func put(_ bytes: some Sequence<UInt8>) { for b in bytes { reader.text(b) } }
        for b in html {
            if inTag {
                if b == UInt8(ascii: ">") {
                    inTag = false
                    reader.tag(tag)
                } else if tag.count < tagLimit {
                    tag.append(b >= 0x41 && b <= 0x5A ? b + 0x20 : b)
                }
                continue
            }
            if b == UInt8(ascii: "<") {
                // An entity cut short by a tag is text before it.
                if let e = entity {
                    put([UInt8(ascii: "&")] + e)
                    entity = nil
                }
                inTag = true
                tag.removeAll(keepingCapacity: true)
                continue
            }
            if let e = entity {
                if b == UInt8(ascii: ";") {
                    if let known = entities[String(decoding: e, as: UTF8.self)] { put(known.utf8) } else { put([UInt8(ascii: "&")] + e + [b]) }
                    entity = nil
                    continue
                }
                if e.count < 8, Self.isNameByte(b) {
                    entity = e + [b]
                    continue
                }
                // Not an entity after all: what was held back is text, and so is this byte.
                put([UInt8(ascii: "&")] + e)
                entity = nil
            }
            if b == UInt8(ascii: "&") {
                entity = []
                continue
            }
            reader.text(b)
        }
        if let e = entity { put([UInt8(ascii: "&")] + e) }
    }

    static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "#")
    }

    static func starts(_ name: [UInt8], with prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard name.count >= count else { return false }
        let p = prefix.utf8Start
        for i in 0..<count where name[i] != p[i] { return false }
        return true
    }

    /// The text in one run, tables left out, every paragraph, line break, list item or heading ending
    /// in a space (for excerpts). It ends with "…" before the first words marked as another language
    /// (`LanguageMarks`): an excerpt cannot say where they start.
    public static func flat(_ html: String) -> String {
        var reader = FlatReader()
        reader.bytes.reserveCapacity(html.utf8.count)
        read(html, tagLimit: 10, into: &reader)
        return String(decoding: reader.bytes, as: UTF8.self)
    }

    /// The text a line a block: each paragraph, list item, heading or table row on a line of its own,
    /// cells apart by a space, blanks within a line collapsed to one space (for open data).
    public static func lines(_ html: String) -> String {
        var reader = LineReader()
        reader.out.reserveCapacity(html.utf8.count)
        reader.line.reserveCapacity(html.utf8.count)
        read(html, tagLimit: 12, into: &reader)
        reader.endLine()
        return String(decoding: reader.out, as: UTF8.self)
    }

    /// The text in one run as `flat` reads it (without its stop), in pieces: words marked with their
    /// language (`LanguageMarks`) apart from the rest, each with its `lang` (nil: the text's own).
    public static func languageSpans(_ html: String) -> [(text: String, language: String?)] {
        var reader = SpansReader()
        read(html, tagLimit: 40, into: &reader)
        reader.close()
        return reader.spans
    }

    struct SpansReader: HTMLTextReader {
        var flat = FlatReader()
        var spans: [(text: String, language: String?)] = []
        /// The `lang` of each open `div` and `span` (nil for one without).
        var open: [String?] = []
        var current: String? { open.last { $0 != nil } ?? nil }

        mutating func text(_ byte: UInt8) { flat.text(byte) }

        mutating func tag(_ name: [UInt8]) {
            let isDiv = HTMLText.starts(name, with: "div"), isSpan = HTMLText.starts(name, with: "span")
            let closes = HTMLText.starts(name, with: "/div") || HTMLText.starts(name, with: "/span")
            if (isDiv && (name.count == 3 || name[3] == 0x20)) || (isSpan && (name.count == 4 || name[4] == 0x20)) {
                close()
                open.append(Self.language(name))
            } else if closes {
                close()
                if !open.isEmpty { open.removeLast() }
            } else {
                flat.tag(name)
            }
        }

        /// Ends the piece read so far.
        mutating func close() {
            if !flat.bytes.isEmpty { spans.append((String(decoding: flat.bytes, as: UTF8.self), current)) }
            flat.bytes.removeAll(keepingCapacity: true)
        }

        /// `en` of `span lang="en" dir="auto"`.
        static func language(_ tag: [UInt8]) -> String? {
            let text = String(decoding: tag, as: UTF8.self)
            guard let start = text.range(of: " lang=\"") else { return nil }
            let rest = text[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { return nil }
            return String(rest[..<end])
        }
    }

    struct FlatReader: HTMLTextReader {
        var bytes: [UInt8] = []
        var tableDepth = 0
        var stopped = false

        mutating func text(_ byte: UInt8) {
            if tableDepth == 0, !stopped { bytes.append(byte) }
        }

        mutating func tag(_ name: [UInt8]) {
            guard !stopped else { return }
            if HTMLText.starts(name, with: "div lang=") || HTMLText.starts(name, with: "span lang") {
                bytes += " …".utf8
                stopped = true
                return
            }
            if HTMLText.starts(name, with: "table") { tableDepth += 1 } else if HTMLText.starts(name, with: "/table") { tableDepth -= 1 }
            if HTMLText.starts(name, with: "/p") || HTMLText.starts(name, with: "br") || HTMLText.starts(name, with: "/li") || HTMLText.starts(name, with: "/h") {
                bytes.append(0x20)
            }
        }
    }

    struct LineReader: HTMLTextReader {
        var out: [UInt8] = []
        var line: [UInt8] = []
        /// A blank is waiting to be written before the next word of the line.
        var blank = false

        mutating func text(_ byte: UInt8) {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A {
                blank = !line.isEmpty
                return
            }
            if blank { line.append(0x20); blank = false }
            line.append(byte)
        }

        mutating func tag(_ name: [UInt8]) {
            if Self.endsLine(name) { endLine(); return }
            if HTMLText.starts(name, with: "/td") || HTMLText.starts(name, with: "/th") { text(0x20) }
        }

        /// Whether a tag ends a line: `/p`, `br`, `/li`, `/h1` to `/h6`, `/tr`, `/pre`, `/blockquote`
        /// or `hr`, whole or followed by a space or `/` (`/p ...`, `br/`; `/pre` is not `/p`).
        static func endsLine(_ name: [UInt8]) -> Bool {
            // The tag's word: up to its first space or `/` after the first byte.
            var n = name.count
            if n > 1, let stop = name[1...].firstIndex(where: { $0 == 0x20 || $0 == 0x2F }) { n = stop }
            let slash = name.first == UInt8(ascii: "/")
            switch n {
            case 2:
                return (slash && name[1] == UInt8(ascii: "p")) || (name[1] == UInt8(ascii: "r") && (name[0] == UInt8(ascii: "b") || name[0] == UInt8(ascii: "h")))
            case 3:
                guard slash else { return false }
                switch (name[1], name[2]) {
                case (UInt8(ascii: "l"), UInt8(ascii: "i")), (UInt8(ascii: "t"), UInt8(ascii: "r")), (UInt8(ascii: "h"), UInt8(ascii: "1")...UInt8(ascii: "6")): return true
                default: return false
                }
            case 4: return slash && name[1] == UInt8(ascii: "p") && name[2] == UInt8(ascii: "r") && name[3] == UInt8(ascii: "e")
            case 11: return slash && name[1...10].elementsEqual("blockquote".utf8)
            default: return false
            }
        }

        mutating func endLine() {
            if !line.isEmpty {
                if !out.isEmpty { out.append(0x0A) }
                out += line
            }
            line.removeAll(keepingCapacity: true)
            blank = false
        }
    }
}
