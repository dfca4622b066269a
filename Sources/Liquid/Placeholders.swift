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

    /// Puts each placeholder's HTML back; a placeholder alone in a paragraph replaces the paragraph.
    public static func restore(_ html: String, _ values: [String]) -> String {
        guard !values.isEmpty, html.contains(open) else { return html }
        var out = ""
        var rest = Substring(html)
        while let start = rest.firstIndex(of: open) {
            // No closing mark after this opening one means none after any later one: stay linear.
            guard let end = rest[start...].firstIndex(of: close) else { break }
            guard let n = Int(rest[rest.index(after: start)..<end]), values.indices.contains(n) else {
                out += rest[...start]
                rest = rest[rest.index(after: start)...]
                continue
            }
            var before = rest[..<start]
            var after = rest[rest.index(after: end)...]
            if before.hasSuffix("<p>"), after.hasPrefix("</p>") {
                before = before.dropLast(3)
                after = after.dropFirst(4)
            }
            out += before
            out += values[n]
            rest = after
        }
        out += rest
        return out
    }
}
