import Words
import Liquid
import Words

/// Filters the default theme needs besides Jekyll's: direction isolation for residents' text.
package enum SiteFilters {
    package static let all: [String: Filter] = [
        // HTML: the text in a <bdi>, so that a name in another script never reorders what is around it.
        "bdi": Filter { input, _, _, _ in
            input.isNil ? .nil : .safe("<bdi>" + HTMLEscaping.escape(Direction.text(input)) + "</bdi>")
        },
        // Plain text: the text between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE when it
        // holds right-to-left letters (in left-to-right text they change nothing, so they are left out).
        "isolate": Filter { input, _, _, _ in
            guard !input.isNil else { return .nil }
            let text = Direction.text(input)
            return .string(Direction.hasRightToLeft(text) ? "\u{2068}" + text + "\u{2069}" : text)
        },
        // `{{ event.location | shorten: 90 }}`: at most that many characters, cut after a whole
        // sentence when one fits, else between words with one "…".
        "shorten": Filter(arguments: 1...1) { input, args, _, _ in
            guard !input.isNil else { return .nil }
            let limit: Int
            switch args[0] {
            case .int(let n): limit = n
            default: limit = Int(Direction.text(args[0])) ?? 80
            }
            return .string(Shortening.text(Direction.text(input), limit: limit))
        },
        // HTML: an address or URL that wraps only after its punctuation (`/`, `.`, `@`, `-`, ...).
        "breakable": Filter { input, _, _, _ in
            input.isNil ? .nil : .safe(Shortening.breakable(Direction.text(input)))
        },
    ]
}

/// Text cut to a length where a reader expects it: after a sentence, else between words; and
/// addresses that wrap only where a reader expects it.
package enum Shortening {
    /// HTML of an address or URL with a place to wrap (`<wbr>`) after each of its punctuation marks.
    package static func breakable(_ text: String) -> String {
        var out = ""
        for c in text {
            out += HTMLEscaping.escape(String(c))
            if "/.@-_?&=:;,".contains(c) { out += "<wbr>" }
        }
        return out
    }

    /// The marks that end a sentence.
    static let sentenceEnds: Set<Character> = [".", "!", "?", "؟", "。"]

    package static func text(_ text: String, limit: Int) -> String {
        // No more bytes than the limit is no more characters: whole, without counting them.
        guard text.utf8.count > limit, text.count > limit, limit > 1 else { return text }
        let head = String(text.prefix(limit))
        // A whole sentence or more, when that keeps at least half of the room.
        if let end = head.lastIndex(where: { sentenceEnds.contains($0) }), head.distance(from: head.startIndex, to: end) >= limit / 2 {
            let next = head.index(after: end)
            if next == head.endIndex || head[next].isWhitespace { return String(head[...end]) }
        }
        var words = head.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        // The last word may be cut: it goes, unless it is the only one.
        if words.count > 1, !text[text.index(text.startIndex, offsetBy: limit)].isWhitespace { words.removeLast() }
        return Excerpt.ending(words.joined(separator: " "))
    }
}
