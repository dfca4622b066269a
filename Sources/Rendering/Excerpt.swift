import Markdown
import Parallelism

/// A short plain-text opening of some Markdown, for cards, feeds and flyers.
///
/// The text is the rendered HTML without its tags (tables left out, entities decoded, block ends
/// as spaces), words joined by single spaces. Each distinct Markdown text is rendered once per
/// build, however many pages show its excerpt.
enum Excerpt {
    static func of(_ markdown: String, limit: Int = 220) -> String {
        shortened(words(markdown), limit: limit)
    }

    /// The excerpt of HTML already rendered (an observation's description: rendered once, not cached).
    static func ofHTML(_ html: String, limit: Int) -> String {
        shortened(split(plainText(html)), limit: limit)
    }

    /// The words up to `limit` characters, with "…" when some were left out.
    static func shortened(_ words: [String], limit: Int) -> String {
        var out = ""
        var count = 0
        for w in words {
            let length = w.count
            if count + length + 1 > limit { return out + "…" }
            if count > 0 {
                out += " "
                count += 1
            }
            out += w
            count += length
        }
        return out
    }

    /// The words of the text, memoized by the Markdown.
    static func words(_ markdown: String) -> [String] {
        if let known = cache.withLock({ $0[markdown] }) { return known }
        let made = split(plainText(MarkdownRenderer.html(markdown)))
        cache.withLock { $0[markdown] = made }
        return made
    }

    private static let cache = Locked<[String: [String]]>([:])

    /// The text of rendered HTML in one run, tables left out.
    static func plainText(_ html: String) -> String { HTMLText.flat(html) }

    /// Words apart by any Unicode white space.
    static func split(_ text: String) -> [String] {
        var words: [String] = []
        var start: String.Index?
        let scalars = text.unicodeScalars
        for i in scalars.indices {
            let v = scalars[i].value
            let blank = v < 0x80 ? (v == 0x20 || (0x09...0x0D).contains(v)) : scalars[i].properties.isWhitespace
            if blank {
                if let s = start { words.append(String(text[s..<i])); start = nil }
            } else if start == nil {
                start = i
            }
        }
        if let s = start { words.append(String(text[s...])) }
        return words
    }
}
