import Markdown
import Parallelism

/// A short plain-text opening of some Markdown, for cards, feeds and flyers.
///
/// The text is the rendered HTML without its tags (tables left out, entities decoded, block ends
/// as spaces), words joined by single spaces. Each distinct Markdown text is rendered once per
/// build, however many pages show its excerpt.
package enum Excerpt {
    package static func of(_ markdown: String, limit: Int = 220) -> String {
        shortened(words(markdown), limit: limit)
    }

    /// The excerpt of HTML already rendered (an observation's description: rendered once, not cached).
    package static func ofHTML(_ html: String, limit: Int) -> String {
        opening(plainText(html), limit: limit)
    }

    /// The words up to `limit` characters, with "…" when some were left out.
    package static func shortened(_ words: [String], limit: Int) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(min(limit, 1_024) + 4)
        var count = 0
        for var w in words {
            // Characters: an ASCII word has as many as bytes (no line break is inside a word).
            let length = w.withUTF8 { $0.allSatisfy { $0 < 0x80 } ? $0.count : nil } ?? w.count
            if count + length + 1 > limit {
                let kept = ending(String(decoding: out, as: UTF8.self))
                return kept
            }
            if count > 0 {
                out.append(0x20)
                count += 1
            }
            w.withUTF8 { out += $0 }
            count += length
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Shortened text with one "…": the stop, comma or dash it was cut after goes first.
    package static func ending(_ text: String) -> String {
        var t = Substring(text)
        while let last = t.last, ".,;:،؛-–— …".contains(last) { t = t.dropLast() }
        return t + "…"
    }

    /// The words of the text, memoized by the Markdown.
    package static func words(_ markdown: String) -> [String] {
        if let known = cache.withLock({ $0[markdown] }) { return known }
        let made = split(plainText(MarkdownRenderer.html(markdown)))
        cache.withLock { $0[markdown] = made }
        return made
    }

    private static let cache = Locked<[String: [String]]>([:])

    /// The text of rendered HTML in one run, tables left out.
    package static func plainText(_ html: String) -> String { HTMLText.flat(html) }

    /// Words apart by any Unicode white space.
    package static func split(_ text: String) -> [String] {
        var text = text
        return text.withUTF8 { bytes in
            var words: [String] = []
            forEachWord(bytes) { word in
                words.append(String(decoding: word, as: UTF8.self))
                return true
            }
            return words
        }
    }

    /// `shortened(split(text), limit:)`, reading the text only as far as the limit: the words
    /// after it are never made.
    package static func opening(_ text: String, limit: Int) -> String {
        var text = text
        return text.withUTF8 { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(min(limit, 1_024) + 4)
            var count = 0
            let whole = forEachWord(bytes) { word in
                // Characters: an ASCII word has as many as bytes (no line break is inside a word).
                let length = word.allSatisfy { $0 < 0x80 } ? word.count : String(decoding: word, as: UTF8.self).count
                if count + length + 1 > limit { return false }
                if count > 0 {
                    out.append(0x20)
                    count += 1
                }
                out.append(contentsOf: word)
                count += length
                return true
            }
            let text = String(decoding: out, as: UTF8.self)
            return whole ? text : ending(text)
        }
    }

    /// Calls `body` with each word of valid UTF-8 (runs apart by any Unicode white space) until it
    /// returns false; true when every word was given.
    @discardableResult
    static func forEachWord(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        var start: Int?
        var i = 0
        while i < bytes.count {
            let lead = bytes[i]
            let blank: Bool
            var width = 1
            if lead < 0x80 {
                blank = lead == 0x20 || (0x09...0x0D).contains(lead)
            } else {
                // A whole character: its lead byte says how long.
                width = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
                var value = UInt32(lead) & (width == 2 ? 0x1F : width == 3 ? 0x0F : 0x07)
                for k in 1..<min(width, bytes.count - i) { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
                blank = Unicode.Scalar(value)?.properties.isWhitespace ?? false
            }
            if blank {
                if let s = start, !body(UnsafeBufferPointer(rebasing: bytes[s..<i])) { return false }
                start = nil
            } else if start == nil {
                start = i
            }
            i += width
        }
        if let s = start, !body(UnsafeBufferPointer(rebasing: bytes[s..<min(i, bytes.count)])) { return false }
        return true
    }
}
