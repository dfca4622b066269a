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
        shortened(plainText(html).split(whereSeparator: \.isWhitespace).map(String.init), limit: limit)
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
        let made = plainText(MarkdownRenderer.html(markdown)).split(whereSeparator: \.isWhitespace).map(String.init)
        cache.withLock { $0[markdown] = made }
        return made
    }

    private static let cache = Locked<[String: [String]]>([:])

    static func plainText(_ html: String) -> String {
        var text = ""
        text.reserveCapacity(html.utf8.count)
        var inTag = false
        var skipDepth = 0
        var tag = ""
        var entity: String?
        for c in html {
            if inTag {
                if c == ">" {
                    inTag = false
                    if tag.hasPrefix("table") { skipDepth += 1 } else if tag.hasPrefix("/table") { skipDepth -= 1 }
                    if tag.hasPrefix("/p") || tag.hasPrefix("br") || tag.hasPrefix("/li") || tag.hasPrefix("/h") { text += " " }
                } else if tag.utf8.count < 8 {
                    tag.append(c)
                }
                continue
            }
            if c == "<" { inTag = true; tag = ""; continue }
            guard skipDepth == 0 else { continue }
            if var e = entity {
                if c == ";" {
                    text += entities[e] ?? "&\(e);"
                    entity = nil
                } else if e.utf8.count < 8 {
                    e.append(c)
                    entity = e
                } else {
                    text += "&" + e
                    entity = nil
                }
                continue
            }
            if c == "&" { entity = ""; continue }
            text.append(c)
        }
        return text
    }

    static let entities = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "#39": "'"]
}
