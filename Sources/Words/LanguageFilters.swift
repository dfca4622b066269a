import Liquid

/// Which way text runs.
public enum Direction {
    public static func text(_ v: Value) -> String {
        switch v {
        case .string(let s), .safe(let s): return s
        case .int(let n): return String(n)
        default: return "\(v)"
        }
    }

    /// True when the text holds a letter of a right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko, ...).
    public static func hasRightToLeft(_ s: String) -> Bool {
        s.unicodeScalars.contains { u in
            (0x0590...0x08FF).contains(u.value) || (0xFB1D...0xFDFF).contains(u.value) || (0xFE70...0xFEFF).contains(u.value)
                || (0x10800...0x10FFF).contains(u.value) || (0x1E800...0x1EFFF).contains(u.value)
        }
    }
}

/// Filters in the page's language: `t` (a string of the language file, with named parameters),
/// `ldate` (a date in one of its formats) and `num` (a number as it writes numbers).
public enum LanguageFilters {
    public static func make(_ language: Language, escaping: Escaping) -> [String: Filter] {
        let html = escaping != .none
        let own = Language.primarySubtag(language.code)
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
                guard !words.isEmpty, Language.primarySubtag(words) != own else { return .safe("<bdi>" + inner + "</bdi>") }
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
