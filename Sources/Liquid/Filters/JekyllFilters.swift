import Foundation

/// The filters Jekyll adds that themes rely on. `where_exp` and `group_by_exp` evaluate Liquid
/// expressions, so the renderer runs them itself (see `ExpressionFilters`).
public enum JekyllFilters {
    /// - Parameters:
    ///   - relativeBase: what `relative_url` puts before a path: Jekyll's `baseurl` (`/blog`), or a
    ///     page-relative prefix (`../../`) for sites that must work from any folder.
    ///   - absoluteBase: what `absolute_url` puts before a path (`https://example.org/blog/`); empty
    ///     when the site has no URL, and then `absolute_url` acts as `relative_url`.
    ///   - markdown: renders Markdown to safe HTML for `markdownify`.
    public static func filters(relativeBase: String = "", absoluteBase: String = "",
                               markdown: @escaping @Sendable (String) -> String = { $0 }) -> [String: Filter] {
        // What a path is joined to, made once for all the pages that use these filters.
        let relativePrefix = relativeBase.hasSuffix("/") ? relativeBase : relativeBase + "/"
        return [
            "relative_url": Filter { input, _, _, _ in
                guard !input.isNil else { return .nil }
                let s = Ruby.string(input)
                // The common case: a path that does not start with "/", joined to a page-relative root.
                if !relativeBase.isEmpty, s.utf8.first != UInt8(ascii: "/"), !hasScheme(s) { return .string(relativePrefix + s) }
                return .string(relativeURL(s, base: relativeBase))
            },
            "absolute_url": Filter { input, _, _, _ in
                guard !input.isNil else { return .nil }
                let s = Ruby.string(input)
                if hasScheme(s) { return .string(s) }
                if absoluteBase.isEmpty { return .string(relativeURL(s, base: relativeBase)) }
                return .string(join(absoluteBase, s))
            },
            "markdownify": Filter { input, _, _, _ in .safe(markdown(Ruby.string(input))) },
            "date_to_xmlschema": dateFilter("%Y-%m-%dT%H:%M:%S%:z"),
            "date_to_rfc822": dateFilter("%a, %d %b %Y %H:%M:%S %z"),
            "date_to_string": Filter(arguments: 0...2) { input, args, _, c in
                dateString(input, args, month: "%b", context: c)
            },
            "date_to_long_string": Filter(arguments: 0...2) { input, args, _, c in
                dateString(input, args, month: "%B", context: c)
            },
            "xml_escape": Filter { input, _, _, c in
                guard !input.isNil else { return .nil }
                let s = HTMLEscaping.escape(Ruby.string(input))
                return c.autoescape ? .safe(s) : .string(s)
            },
            "jsonify": Filter { input, _, _, _ in .string(JSONText.encode(input)) },
            "slugify": Filter(arguments: 0...1) { input, args, _, _ in
                guard !input.isNil else { return .nil }
                return .string(slugify(Ruby.string(input), mode: args.first.map(Ruby.string) ?? "default"))
            },
            "normalize_whitespace": Filter { input, _, _, _ in
                var out = ""
                for c in Ruby.string(input) {
                    if Ruby.isSpace(c) {
                        if out.last != " " { out.append(" ") }
                    } else {
                        out.append(c)
                    }
                }
                return .string(out)
            },
            "number_of_words": Filter(arguments: 0...1) { input, _, _, _ in
                .int(Ruby.string(input).split(whereSeparator: { Ruby.isSpace($0) }).count)
            },
            "array_to_sentence_string": Filter(arguments: 0...1) { input, args, _, c throws(FilterError) in
                let items = try Ruby.items(input, c).map(Ruby.string)
                let connector = args.first.map(Ruby.string) ?? "and"
                switch items.count {
                case 0: return .string("")
                case 1: return .string(items[0])
                case 2: return .string("\(items[0]) \(connector) \(items[1])")
                default: return .string(items.dropLast().joined(separator: ", ") + ", \(connector) " + (items.last ?? ""))
                }
            },
            "group_by": Filter(arguments: 1...1) { input, args, _, c throws(FilterError) in
                var groups = Groups()
                for item in try Ruby.items(input, c) {
                    var key = Value.nil
                    switch Ruby.subscriptValue(item, args[0]) {
                    case .value(let v): key = v
                    case .typeError: throw Ruby.propertyError(args[0])
                    case .noMethod: break
                    }
                    groups.add(item, to: Ruby.string(key))
                }
                let value = groups.value
                try Ruby.checkNesting(value, adding: 0)
                return value
            },
            "push": Filter(arguments: 1...1) { input, args, _, c throws(FilterError) in
                try Ruby.checkNesting(args[0], adding: 1)
                return .array(try Ruby.items(input, c) + [args[0]])
            },
            "unshift": Filter(arguments: 1...1) { input, args, _, c throws(FilterError) in
                try Ruby.checkNesting(args[0], adding: 1)
                return .array([args[0]] + (try Ruby.items(input, c)))
            },
            "pop": Filter(arguments: 0...1) { input, args, _, c throws(FilterError) in
                let n = args.isEmpty ? 1 : try Ruby.integer(args[0])
                return .array(Array(try Ruby.items(input, c).dropLast(max(0, n))))
            },
            "shift": Filter(arguments: 0...1) { input, args, _, c throws(FilterError) in
                let n = args.isEmpty ? 1 : try Ruby.integer(args[0])
                return .array(Array(try Ruby.items(input, c).dropFirst(max(0, n))))
            },
        ]
    }

    /// Items grouped by a key's text, groups in the order their first item came (one dictionary lookup an item).
    struct Groups {
        var names: [String] = []
        var items: [[Value]] = []
        var index: [String: Int] = [:]

        mutating func add(_ item: Value, to name: String) {
            if let i = index[name] {
                items[i].append(item)
            } else {
                index[name] = names.count
                names.append(name)
                items.append([item])
            }
        }

        var value: Value {
            .array(zip(names, items).map { .object(Object([("name", .string($0.0)), ("items", .array($0.1)), ("size", .int($0.1.count))])) })
        }
    }

    /// `https:`, `mailto:` …, or `//host`: a URL that is not a path.
    static func hasScheme(_ s: String) -> Bool {
        func scan<Bytes: Sequence>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
            var sawChar = false
            for b in bytes {
                switch b {
                case 0x3A: return sawChar  // ':'
                case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2B, 0x2D, 0x2E: sawChar = true
                default: return !sawChar && s.hasPrefix("//")
                }
            }
            return false
        }
        return s.utf8.withContiguousStorageIfAvailable(scan) ?? scan(s.utf8)
    }

    static func relativeURL(_ s: String, base: String) -> String {
        if hasScheme(s) { return s }
        if base.isEmpty { return s.hasPrefix("/") ? s : "/" + s }
        return join(base, s)
    }

    static func join(_ base: String, _ path: String) -> String {
        let b = base.hasSuffix("/") ? base : base + "/"
        return b + path.drop { $0 == "/" }
    }

    static func dateFilter(_ format: String) -> Filter {
        Filter { input, _, _, c in
            guard let t = DateParsing.time(from: input, c) else { return input }
            return .string(Strftime.format(t, format))
        }
    }

    /// `date_to_string` and `date_to_long_string`, with Jekyll's `"ordinal"` and `"US"` options.
    static func dateString(_ input: Value, _ args: [Value], month: String, context c: FilterContext) -> Value {
        guard let t = DateParsing.time(from: input, c) else { return input }
        let ordinal = args.first.map(Ruby.string) == "ordinal"
        let us = args.count > 1 && Ruby.string(args[1]) == "US"
        let m = Strftime.format(t, month), y = Strftime.format(t, "%Y")
        guard ordinal else { return .string(Strftime.format(t, "%d \(month) %Y")) }
        let day = t.fields.day
        let suffix = (11...13).contains(day % 100) ? "th" : (["th", "st", "nd", "rd"] + Array(repeating: "th", count: 6))[day % 10]
        return .string(us ? "\(m) \(day)\(suffix), \(y)" : "\(day)\(suffix) \(m) \(y)")
    }

    /// Jekyll's `slugify` modes: `default`, `raw`, `pretty`, `ascii`, `latin` and `none`.
    static func slugify(_ s: String, mode: String) -> String {
        if mode == "none" { return s }
        var text = s
        if mode == "latin" { text = text.folding(options: [.diacriticInsensitive], locale: nil) }
        let keep: (Character) -> Bool
        switch mode {
        case "raw": keep = { !$0.isWhitespace }
        case "pretty": keep = { $0.isLetter || $0.isNumber || "._~!$&'()+,;=@".contains($0) }
        case "ascii", "latin": keep = { $0.isASCII && ($0.isLetter || $0.isNumber) }
        default: keep = { $0.isLetter || $0.isNumber }
        }
        var out = ""
        var pendingDash = false
        for c in text {
            if keep(c) {
                if pendingDash, !out.isEmpty { out += "-" }
                pendingDash = false
                out.append(c)
            } else {
                pendingDash = true
            }
        }
        return out.lowercased()
    }
}
