import Liquid

/// Filters the default theme needs besides Jekyll's: direction isolation for residents' text.
enum SiteFilters {
    static let all: [String: Filter] = [
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
enum Shortening {
    /// HTML of an address or URL with a place to wrap (`<wbr>`) after each of its punctuation marks.
    static func breakable(_ text: String) -> String {
        var out = ""
        for c in text {
            out += HTMLEscaping.escape(String(c))
            if "/.@-_?&=:;,".contains(c) { out += "<wbr>" }
        }
        return out
    }

    static func text(_ text: String, limit: Int) -> String {
        guard text.count > limit, limit > 1 else { return text }
        let head = String(text.prefix(limit))
        // A whole sentence or more, when that keeps at least half of the room.
        if let end = head.lastIndex(where: { ".!?؟。".contains($0) }), head.distance(from: head.startIndex, to: end) >= limit / 2 {
            let next = head.index(after: end)
            if next == head.endIndex || head[next].isWhitespace { return String(head[...end]) }
        }
        var words = head.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        // The last word may be cut: it goes, unless it is the only one.
        if words.count > 1, !text[text.index(text.startIndex, offsetBy: limit)].isWhitespace { words.removeLast() }
        return Excerpt.ending(words.joined(separator: " "))
    }
}

/// Which way text runs.
enum Direction {
    static func text(_ v: Value) -> String {
        switch v {
        case .string(let s), .safe(let s): return s
        case .int(let n): return String(n)
        default: return "\(v)"
        }
    }

    /// True when the text holds a letter of a right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko, ...).
    static func hasRightToLeft(_ s: String) -> Bool {
        s.unicodeScalars.contains { u in
            (0x0590...0x08FF).contains(u.value) || (0xFB1D...0xFDFF).contains(u.value) || (0xFE70...0xFEFF).contains(u.value)
                || (0x10800...0x10FFF).contains(u.value) || (0x1E800...0x1EFFF).contains(u.value)
        }
    }
}

/// Filters in the page's language: `t` (a string of the language file, with named parameters),
/// `ldate` (a date in one of its formats) and `num` (a number as it writes numbers).
enum LanguageFilters {
    static func make(_ language: Language, escaping: Escaping) -> [String: Filter] {
        let html = escaping != .none
        return [
            // `{{ 'reports_count' | t: count: n, place: neighborhood.name | bdi }}`.
            "t": Filter { (input, _, keywords, _) throws(FilterError) -> Value in
                let key = Direction.text(input)
                do throws(Language.Failure) {
                    // In HTML and Markdown, a safe parameter (a `<bdi>`) goes in whole, the rest escaped.
                    if html, keywords.values.contains(where: { if case .safe = $0 { return true } else { return false } }) {
                        return .safe(try language.render(key, keywords, html: true))
                    }
                    return .string(try language.render(key, keywords, html: false))
                } catch {
                    throw FilterError(error.message)
                }
            },
            // `{{ observation.excerpt | in_language: observation.text_language }}`: words kept in the language
            // they were written in. HTML: isolated in a <bdi>, with `lang` when it is not the page's. Plain
            // text: isolated as the `isolate` filter does.
            "in_language": Filter(arguments: 1...1) { input, args, _, _ in
                guard !input.isNil else { return .nil }
                let text = Direction.text(input)
                guard html else { return .string(Direction.hasRightToLeft(text) ? "\u{2068}" + text + "\u{2069}" : text) }
                let words = Direction.text(args[0])
                let inner: String
                if case .safe(let markup) = input { inner = markup } else { inner = HTMLEscaping.escape(text) }
                guard !words.isEmpty, Language.primarySubtag(words) != Language.primarySubtag(language.code) else { return .safe("<bdi>" + inner + "</bdi>") }
                return .safe("<bdi lang=\"" + HTMLEscaping.escape(words) + "\">" + inner + "</bdi>")
            },
            // `{{ story.date | ldate: 'long' }}`: the language's `dates.long`, with its words and digits.
            "ldate": Filter(arguments: 1...1) { (input, args, _, context) throws(FilterError) -> Value in
                let name = Direction.text(args[0])
                guard let format = language.dates[name] else { throw FilterError("no date format '\(name)' in \(language.path) (dates.\(name))") }
                guard let text = DateFilter.format(input, format, words: language.calendar, context: context) else { return input }
                return .string(language.digits(text))
            },
            // `{{ y.year | digits }}`: the digits alone, in the site's numbering (no grouping: a year).
            "digits": Filter { input, _, _, _ in input.isNil ? .nil : .string(language.digits(Direction.text(input))) },
            // `{% capture link %}<a href="...">{{ name | bdi }}</a>{% endcapture %}{% assign link = link | markup %}`:
            // HTML the template wrote itself (its outputs already escaped), to pass whole as a `t` parameter.
            "markup": Filter { input, _, _, _ in input.isNil ? .nil : .safe(Direction.text(input)) },
            // `{{ total | num }}`: "1,234", "1234" (Spanish), "١٬٢٣٤" (Arabic digits).
            "num": Filter { input, _, _, _ in
                switch input {
                case .int(let n): return .string(language.number(n))
                case .float(let f): return .string(language.number(f))
                case .nil: return .nil
                default: return .string(language.digits(Direction.text(input)))
                }
            },
        ]
    }
}
