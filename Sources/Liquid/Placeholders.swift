/// Safe HTML carried through a Markdown renderer as private-use tokens, then put back.
public enum Placeholders {
    static let open: Character = "\u{E000}"
    static let close: Character = "\u{E001}"

    static func token(_ n: Int) -> String { "\(open)\(n)\(close)" }

    /// Backslash before every ASCII punctuation mark, and line breaks as spaces, so the text stays
    /// text: no links, images, emphasis, headings or list items can come from it.
    public static func escapeMarkdown(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count + 8)
        for c in s.unicodeScalars {
            switch c {
            case "\n", "\r": out += " "
            case "\u{E000}", "\u{E001}": continue
            default:
                if c.isASCII, c.properties.isPatternSyntax || c == "_" || c == "`" {
                    out += "\\"
                }
                out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// Puts each placeholder's HTML back; a placeholder alone in a paragraph replaces the paragraph
    /// when its HTML starts with a block of its own (`<div`, `<ul`, ...), and stays in it when it is text.
    /// Works on the UTF-8 bytes: the marks are found wherever they are, whatever characters touch them.
    public static func restore(_ html: String, _ values: [String]) -> String {
        guard !values.isEmpty else { return html }
        var bytes = html
        return bytes.withUTF8 { b -> String? in
            // U+E000 and U+E001 in UTF-8.
            func mark(_ last: UInt8, from: Int) -> Int? {
                var i = from
                while i + 2 < b.count {
                    if b[i] == 0xEE, b[i + 1] == 0x80, b[i + 2] == last { return i }
                    i += 1
                }
                return nil
            }
            guard var start = mark(0x80, from: 0) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(b.count + values.reduce(0) { $0 + $1.utf8.count })
            var rest = 0
            while true {
                // No closing mark after this opening one means none after any later one: stay linear.
                guard let end = mark(0x81, from: start + 3) else { break }
                guard let n = Int(String(decoding: b[(start + 3)..<end], as: UTF8.self)), values.indices.contains(n) else {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: b[rest..<(start + 3)]))
                    rest = start + 3
                    guard let next = mark(0x80, from: rest) else { break }
                    start = next
                    continue
                }
                var before = rest..<start
                var after = end + 3
                if before.count >= 3, b[start - 3] == UInt8(ascii: "<"), b[start - 2] == UInt8(ascii: "p"), b[start - 1] == UInt8(ascii: ">"),
                   after + 4 <= b.count, b[after] == UInt8(ascii: "<"), b[after + 1] == UInt8(ascii: "/"), b[after + 2] == UInt8(ascii: "p"),
                   b[after + 3] == UInt8(ascii: ">"), startsWithBlock(values[n]) {
                    before = rest..<(start - 3)
                    after += 4
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: b[before]))
                out.append(contentsOf: values[n].utf8)
                rest = after
                guard let next = mark(0x80, from: rest) else { break }
                start = next
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: b[rest...]))
            return String(decoding: out, as: UTF8.self)
        } ?? html
    }

    /// Elements that make a block of their own: a paragraph around them would be invalid or empty.
    static let blockElements: Set<String> = [
        "address", "article", "aside", "blockquote", "details", "dialog", "div", "dl", "fieldset", "figure", "footer", "form",
        "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "main", "nav", "ol", "p", "pre", "section", "table", "ul",
        "figcaption", "li", "dd", "dt", "summary", "svg", "audio", "video", "picture", "iframe", "script", "style", "template",
    ]

    /// Whether `html`, after white space, starts with a block element's tag (or a comment).
    static func startsWithBlock(_ html: String) -> Bool {
        var name = ""
        var sawOpen = false
        for u in html.unicodeScalars {
            if !sawOpen {
                if u == " " || u == "\n" || u == "\t" || u == "\r" { continue }
                guard u == "<" else { return false }
                sawOpen = true
                continue
            }
            if name.isEmpty, u == "!" { return true }
            guard u.isASCII, u.properties.isAlphabetic || ("0"..."9").contains(u) else { break }
            name.unicodeScalars.append(u)
            if name.count > 10 { return false }
        }
        return blockElements.contains(name.lowercased())
    }
}
