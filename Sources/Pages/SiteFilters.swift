import Escaping
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
        // ASCII (most addresses and URLs): each byte is a character, escaped and marked on its own.
        if let ascii = asciiBreakable(text) { return ascii }
        var out = ""
        for c in text {
            out += HTMLEscaping.escape(String(c))
            if "/.@-_?&=:;,".contains(c) { out += "<wbr>" }
        }
        return out
    }

    static func asciiBreakable(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { b -> String? in
            guard !b.contains(where: { $0 >= 0x80 }) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(b.count * 2)
            var from = 0
            for i in b.indices where breaksAfter(b[i]) {
                HTMLEntities.escape(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: b[from...i])), into: &out)
                out.append(contentsOf: "<wbr>".utf8)
                from = i + 1
            }
            HTMLEntities.escape(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: b[from...])), into: &out)
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// The punctuation an address may wrap after, as bytes.
    static func breaksAfter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "@"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "?"),
             UInt8(ascii: "&"), UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: ","): true
        default: false
        }
    }

    /// Whether a character ends a sentence.
    static func endsSentence(_ c: Character) -> Bool {
        // By its length first: most characters are compared with none of the five.
        switch c.utf8.count {
        case 1: c == "." || c == "!" || c == "?"
        case 2: c == "؟"
        case 3: c == "。"
        default: false
        }
    }

    /// At most `limit` characters: the text whole when it fits; else its first `limit` characters,
    /// ending after a whole sentence when the last sentence in them ends past half of them, else
    /// between words with "…". Only the characters up to the limit are looked at.
    package static func text(_ text: String, limit: Int) -> String {
        // No more bytes than the limit is no more characters: whole, without counting them.
        guard text.utf8.count > limit, limit > 1 else { return text }
        if let short = asciiText(text, limit: limit) { return short }
        guard let cut = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), cut != text.endIndex else { return text }
        let head = text[..<cut]
        // The last sentence's end among the characters from half the limit on.
        var i = cut
        for _ in stride(from: limit - 1, through: limit / 2, by: -1) {
            i = head.index(before: i)
            guard endsSentence(head[i]) else { continue }
            let next = head.index(after: i)
            if next == cut || head[next].isWhitespace { return String(head[...i]) }
            break
        }
        // The last word may be cut: it goes, unless it is the only one.
        let kept = text[cut].isWhitespace ? head : head.lastIndex(of: " ").map { head[..<$0] } ?? head
        return Excerpt.ending(String(kept))
    }

    /// `text` read as bytes, when its first `limit + 1` are ASCII without a carriage return (so that
    /// each byte is one character: "\r\n" is one); nil otherwise. Its caller checked that it is
    /// longer than `limit` bytes.
    static func asciiText(_ text: String, limit: Int) -> String? {
        var text = text
        return text.withUTF8 { b -> String? in
            for i in 0...limit where b[i] >= 0x80 || b[i] == 0x0D { return nil }
            func isSpace(_ c: UInt8) -> Bool { c == 0x20 || (0x09...0x0D).contains(c) }
            // The last sentence's end among the characters from half the limit on.
            for i in stride(from: limit - 1, through: limit / 2, by: -1) where b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: "!") || b[i] == UInt8(ascii: "?") {
                if i + 1 == limit || isSpace(b[i + 1]) { return String(decoding: UnsafeBufferPointer(rebasing: b[...i]), as: UTF8.self) }
                break
            }
            // The last word may be cut: it goes, unless it is the only one.
            var end = limit
            if !isSpace(b[limit]), let space = b[..<limit].lastIndex(of: 0x20) { end = space }
            return Excerpt.ending(String(decoding: UnsafeBufferPointer(rebasing: b[..<end]), as: UTF8.self))
        }
    }
}
