import Diagnostics
import Formats
import Foundation

/// Where a status is written in a file, and the one edit that makes it say another word.
struct StatusChange {
    var edit: ByteEdit
    /// The word written before; nil when no status was written (the default applied).
    var old: String?
    /// Where the status is written, or where it is added.
    var location: SourceLocation
}

/// The `status:` of a Markdown file's front matter: its value's bytes replaced (quoted as it was),
/// or, when there is none, a `status:` line added before the closing `---` with the file's own line
/// break. The key is the exact `status` the loader reads.
enum FrontMatterStatus {
    static func change(_ raw: RawText, path: String, to value: String) throws(Diagnostic) -> StatusChange {
        let doc = try parse(raw.bytes, path: path)
        let entries = doc.fields.entries ?? []
        guard let entry = entries.first(where: { $0.key == "status" }) else {
            return try added(raw, path: path, value: value, entries: entries, doc: doc)
        }
        let here = SourceLocation(path: path, line: entry.keyLocation.line, column: entry.keyLocation.column)
        guard let keyStart = raw.offset(line: entry.keyLocation.line, column: entry.keyLocation.column) else {
            throw Diagnostic.error(here, "cannot find the 'status' key in the file's bytes")
        }
        // The key as written ("status", 'status' or status), spaces, and the colon.
        var i = keyStart
        let b = raw.bytes
        if b[i] == UInt8(ascii: "\"") || b[i] == UInt8(ascii: "'") {
            guard let end = Scalars.quotedEnd(b, from: i) else { throw Diagnostic.error(here, "the 'status' key is not closed on its line") }
            i = end
        } else {
            i += "status".utf8.count
        }
        while i < b.count, RawText.isSpace(b[i]) { i += 1 }
        guard i < b.count, b[i] == UInt8(ascii: ":") else {
            throw Diagnostic.error(here, "cannot find the ':' after 'status'; write it as 'status: pending'")
        }
        let colon = i
        i += 1
        while i < b.count, RawText.isSpace(b[i]) { i += 1 }
        let nothingOnLine = i >= b.count || raw.isBreak(i) || b[i] == UInt8(ascii: "#")
        if entry.value.isNull, nothingOnLine || Scalars.isNullWord(b, at: i) {
            // `status:` with no word (or `~`, `null`): the default applied; the word goes after the colon.
            if nothingOnLine {
                return StatusChange(edit: ByteEdit(range: (colon + 1)..<(colon + 1), replacement: Array((" " + value).utf8)),
                                    old: nil, location: here)
            }
            let end = Scalars.plainEnd(b, from: i)
            return StatusChange(edit: ByteEdit(range: i..<end, replacement: Array(value.utf8)), old: nil, location: here)
        }
        guard let written = entry.value.scalarText else {
            throw Diagnostic.error(here, "'status' must be one word; found \(entry.value.kindName)")
        }
        var start = i
        if nothingOnLine {
            // The word is on a later line.
            guard let s = raw.offset(line: entry.value.location.line, column: entry.value.location.column) else {
                throw Diagnostic.error(here, "cannot find the value of 'status' in the file's bytes")
            }
            start = s
        }
        let token = try Scalars.token(raw, at: start, path: path)
        guard token.text == written else {
            throw Diagnostic.error(SourceLocation(path: path, line: raw.line(of: start), column: raw.column(of: start)),
                                   "'status' is written over more than one line or in a form review cannot change in place; write it as 'status: \(written)' and run review again")
        }
        let quote = token.quote.map { [$0] } ?? []
        return StatusChange(edit: ByteEdit(range: token.range, replacement: quote + Array(value.utf8) + quote), old: written,
                            location: SourceLocation(path: path, line: raw.line(of: start), column: raw.column(of: start)))
    }

    /// A `status:` line before the closing `---`, when the front matter is written as `key: value` lines.
    static func added(_ raw: RawText, path: String, value: String, entries: [Node.Entry], doc: FrontMatter) throws(Diagnostic) -> StatusChange {
        // FrontMatter.bodyLine is the line after the closing `---`.
        let closing = doc.bodyLine - 1
        let at = SourceLocation(path: path, line: closing, column: 1)
        if let first = entries.first, first.keyLocation.column != 1 {
            throw Diagnostic.error(first.keyLocation, "the front matter is not written as 'key: value' lines; add 'status: \(value)' yourself")
        }
        guard closing >= 2, closing <= raw.lineStarts.count else {
            throw Diagnostic.error(at, "cannot find the closing '---' of the front matter")
        }
        let start = raw.lineStarts[closing - 1]
        let lineBreak = Array(raw.lineBreak(after: closing - 1))
        let line = Array("status: \(value)".utf8) + (lineBreak.isEmpty ? [0x0A] : lineBreak)
        return StatusChange(edit: ByteEdit(range: start..<start, replacement: line), old: nil, location: at)
    }

    static func parse(_ bytes: [UInt8], path: String) throws(Diagnostic) -> FrontMatter {
        let text: String
        switch TextFile.decode(bytes, path: path) {
        case .success(let t): text = t
        case .failure(let d): throw d
        }
        var log = DiagnosticLog()
        guard let doc = FrontMatter.parse(text, path: path, log: &log) else {
            throw log.items.first { $0.isError } ?? Diagnostic.error(SourceLocation(path: path), "cannot read the front matter")
        }
        return doc
    }

    /// The `status` the front matter of `bytes` says, or nil: to check an edit.
    static func status(_ bytes: [UInt8], path: String) -> String? {
        guard let doc = try? parse(bytes, path: path) else { return nil }
        return doc.fields["status"]?.scalarText
    }
}

/// Scalars as YAML and JSON write them on one line: quoted (`"…"`, `'…'`) or plain.
enum Scalars {
    struct Token {
        var range: Range<Int>
        /// The quote it was written with, if any.
        var quote: UInt8?
        /// Its text (quotes removed, YAML's `''` read as `'`; `"…"` with a backslash is left as written).
        var text: String
    }

    /// The scalar that starts at `start`, on one line.
    static func token(_ raw: RawText, at start: Int, path: String) throws(Diagnostic) -> Token {
        let b = raw.bytes
        if b[start] == UInt8(ascii: "\"") || b[start] == UInt8(ascii: "'") {
            guard let end = quotedEnd(b, from: start) else {
                throw Diagnostic.error(SourceLocation(path: path, line: raw.line(of: start), column: raw.column(of: start)),
                                       "this quoted value does not end on its line; write 'status' on one line")
            }
            var text = raw.text((start + 1)..<(end - 1))
            if b[start] == UInt8(ascii: "'") { text = text.replacingOccurrences(of: "''", with: "'") }
            return Token(range: start..<end, quote: b[start], text: text)
        }
        let end = plainEnd(b, from: start)
        return Token(range: start..<end, quote: nil, text: raw.text(start..<end))
    }

    /// The end (after the closing quote) of the quoted scalar at `start`, if it closes on its line.
    static func quotedEnd(_ b: [UInt8], from start: Int) -> Int? {
        let q = b[start]
        var i = start + 1
        while i < b.count, b[i] != 0x0A, b[i] != 0x0D {
            if q == UInt8(ascii: "\""), b[i] == UInt8(ascii: "\\") {
                i += 2
                continue
            }
            if b[i] == q {
                if q == UInt8(ascii: "'"), i + 1 < b.count, b[i + 1] == q {
                    i += 2
                    continue
                }
                return i + 1
            }
            i += 1
        }
        return nil
    }

    /// The end of a plain scalar: the line's end or a ` #` comment, trailing spaces left out.
    static func plainEnd(_ b: [UInt8], from start: Int) -> Int {
        var i = start
        while i < b.count, b[i] != 0x0A, b[i] != 0x0D {
            if b[i] == UInt8(ascii: "#"), i > start, RawText.isSpace(b[i - 1]) { break }
            i += 1
        }
        while i > start, RawText.isSpace(b[i - 1]) { i -= 1 }
        return i
    }

    /// `~`, `null`, `Null` or `NULL` as a plain scalar at `i`.
    static func isNullWord(_ b: [UInt8], at i: Int) -> Bool {
        let end = plainEnd(b, from: i)
        return ["~", "null", "Null", "NULL"].contains(String(decoding: b[i..<end], as: UTF8.self))
    }
}
