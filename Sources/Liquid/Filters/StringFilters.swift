import Foundation

/// Text filters: each reads its input as Ruby's `to_s`.
enum StringFilters {
    static func text(_ body: @escaping @Sendable (String) -> String) -> Filter {
        Filter { input, _, _, _ in .string(body(Ruby.string(input))) }
    }

    static func text1(_ body: @escaping @Sendable (String, String) -> String) -> Filter {
        Filter(arguments: 1...1) { input, args, _, _ in .string(body(Ruby.string(input), Ruby.string(args[0]))) }
    }

    static let all: [String: Filter] = [
        "append": text1 { $0 + $1 },
        "prepend": text1 { $1 + $0 },
        "downcase": text { $0.lowercased() },
        "upcase": text { $0.uppercased() },
        "capitalize": text { s in s.first.map { String($0).uppercased() + s.dropFirst().lowercased() } ?? "" },
        "strip": text { String(String($0.drop(while: Ruby.isSpace).reversed()).drop(while: Ruby.isSpace).reversed()) },
        "lstrip": text { String($0.drop(while: Ruby.isSpace)) },
        "rstrip": text { String(String($0.reversed()).drop(while: Ruby.isSpace).reversed()) },
        "newline_to_br": text { $0.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "<br />\n") },
        "strip_newlines": text { $0.replacingOccurrences(of: "\r\n", with: "").replacingOccurrences(of: "\n", with: "") },
        "escape": Filter { input, _, _, c in
            let s = HTMLEscaping.escape(Ruby.string(input))
            return input.isNil ? .nil : (c.autoescape ? .safe(s) : .string(s))
        },
        "escape_once": Filter { input, _, _, c in
            let s = escapeOnce(Ruby.string(input))
            return c.autoescape ? .safe(s) : .string(s)
        },
        "strip_html": text(stripHTML),
        // Ours: marks trusted HTML so autoescaping writes it as it is.
        "safe": Filter { input, _, _, _ in .safe(input.text) },
        "url_encode": Filter { input, _, _, _ in input.isNil ? .nil : .string(urlEncode(Ruby.string(input))) },
        "url_decode": Filter { input, _, _, _ in input.isNil ? .nil : .string(urlDecode(Ruby.string(input))) },
        "remove": text1 { $0.replacingOccurrences(of: $1, with: "", emptyPattern: true) },
        "remove_first": text1 { s, p in replaceFirst(s, p, "") },
        "remove_last": text1 { s, p in replaceLast(s, p, "") },
        "replace": Filter(arguments: 1...2) { input, args, _, _ in
            .string(Ruby.string(input).replacingOccurrences(of: Ruby.string(args[0]), with: args.count > 1 ? Ruby.string(args[1]) : "", emptyPattern: true))
        },
        "replace_first": Filter(arguments: 1...2) { input, args, _, _ in
            .string(replaceFirst(Ruby.string(input), Ruby.string(args[0]), args.count > 1 ? Ruby.string(args[1]) : ""))
        },
        "replace_last": Filter(arguments: 2...2) { input, args, _, _ in
            .string(replaceLast(Ruby.string(input), Ruby.string(args[0]), Ruby.string(args[1])))
        },
        "slice": Filter(arguments: 1...2) { input, args, _, _ throws(FilterError) in
            let start = try Ruby.integer(args[0])
            let length = args.count > 1 && !args[1].isNil ? try Ruby.integer(args[1]) : 1
            if case .array = input {
                let a = Ruby.items(input)
                return .array(slice(a, start, length))
            }
            if input.isNil { return .nil }
            return .string(String(slice(Array(Ruby.string(input)), start, length)))
        },
        "truncate": Filter(arguments: 0...2) { input, args, _, _ throws(FilterError) in
            if input.isNil { return .nil }
            let s = Array(Ruby.string(input))
            let length = args.isEmpty ? 50 : try Ruby.integer(args[0])
            let end = args.count > 1 ? Ruby.string(args[1]) : "..."
            guard s.count > length else { return .string(String(s)) }
            let keep = max(0, length - end.count)
            return .string(String(s.prefix(keep)) + end)
        },
        "truncatewords": Filter(arguments: 0...2) { input, args, _, _ throws(FilterError) in
            if input.isNil { return .nil }
            let s = Ruby.string(input)
            var words = args.isEmpty ? 15 : try Ruby.integer(args[0])
            if words <= 0 { words = 1 }
            let list = s.split(whereSeparator: { Ruby.isSpace($0) })
            guard list.count > words else { return .string(s) }
            let end = args.count > 1 ? Ruby.string(args[1]) : "..."
            return .string(list.prefix(words).joined(separator: " ") + end)
        },
        "split": Filter(arguments: 1...1) { input, args, _, _ in
            .array(split(Ruby.string(input), Ruby.string(args[0])).map { .string($0) })
        },
        "base64_encode": Filter { input, _, _, _ in .string(Data(Ruby.string(input).utf8).base64EncodedString()) },
        "base64_decode": Filter { input, _, _, _ throws(FilterError) in .string(try base64Decode(Ruby.string(input), urlSafe: false)) },
        "base64_url_safe_encode": Filter { input, _, _, _ in
            .string(Data(Ruby.string(input).utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_"))
        },
        "base64_url_safe_decode": Filter { input, _, _, _ throws(FilterError) in .string(try base64Decode(Ruby.string(input), urlSafe: true)) },
    ]

    static func slice<T>(_ a: [T], _ start: Int, _ length: Int) -> [T] {
        let from = start < 0 ? a.count + start : start
        guard from >= 0, from <= a.count, length >= 0 else { return [] }
        return Array(a[from..<min(a.count, from + length)])
    }

    static func replaceFirst(_ s: String, _ pattern: String, _ with: String) -> String {
        if pattern.isEmpty { return with + s }
        guard let r = s.range(of: pattern) else { return s }
        return s.replacingCharacters(in: r, with: with)
    }

    static func replaceLast(_ s: String, _ pattern: String, _ with: String) -> String {
        if pattern.isEmpty { return s + with }
        guard let r = s.range(of: pattern, options: .backwards) else { return s }
        return s.replacingCharacters(in: r, with: with)
    }

    /// Ruby's `String#split`: a single space splits on runs of whitespace; an empty pattern into characters;
    /// trailing empty strings are dropped.
    static func split(_ s: String, _ pattern: String) -> [String] {
        var parts: [String]
        if pattern == " " {
            parts = s.split(whereSeparator: { Ruby.isSpace($0) }).map(String.init)
        } else if pattern.isEmpty {
            parts = s.map { String($0) }
        } else {
            parts = s.components(separatedBy: pattern)
        }
        while parts.last == "" { parts.removeLast() }
        return parts
    }

    static func escapeOnce(_ s: String) -> String {
        var out = ""
        let chars = Array(s)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "&" {
                var j = i + 1
                var isEntity = false
                if j < chars.count, chars[j] == "#" {
                    j += 1
                    let start = j
                    while j < chars.count, chars[j].isASCII, chars[j].isNumber { j += 1 }
                    isEntity = j > start && j < chars.count && chars[j] == ";"
                } else {
                    let start = j
                    while j < chars.count, chars[j].isASCII, chars[j].isLetter { j += 1 }
                    isEntity = j > start && j < chars.count && chars[j] == ";"
                }
                out += isEntity ? "&" : "&amp;"
            } else {
                out += HTMLEscaping.escape(String(c))
            }
            i += 1
        }
        return out
    }

    static func stripHTML(_ s: String) -> String {
        var out = s
        for pattern in ["<script.*?</script>", "<!--.*?-->", "<style.*?</style>", "<.*?>"] {
            if let re = try? NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators, .caseInsensitive]) {
                out = re.stringByReplacingMatches(in: out, range: NSRange(out.startIndex..., in: out), withTemplate: "")
            }
        }
        return out
    }

    static func urlEncode(_ s: String) -> String {
        var out = ""
        for b in s.utf8 {
            switch b {
            case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "~"), UInt8(ascii: "*"):
                out.unicodeScalars.append(Unicode.Scalar(b))
            case 0x20: out += "+"
            default: out += String(format: "%%%02X", b)
            }
        }
        return out
    }

    static func urlDecode(_ s: String) -> String {
        var bytes: [UInt8] = []
        let u = Array(s.utf8)
        var i = 0
        while i < u.count {
            if u[i] == UInt8(ascii: "+") {
                bytes.append(0x20)
            } else if u[i] == UInt8(ascii: "%"), i + 2 < u.count, let h = UInt8(String(decoding: u[(i + 1)...(i + 2)], as: UTF8.self), radix: 16) {
                bytes.append(h)
                i += 2
            } else {
                bytes.append(u[i])
            }
            i += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func base64Decode(_ s: String, urlSafe: Bool) throws(FilterError) -> String {
        var t = s
        if urlSafe {
            t = t.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            while t.utf8.count % 4 != 0 { t += "=" }
        }
        guard let data = Data(base64Encoded: t) else { throw FilterError("invalid base64 provided to base64_decode") }
        return String(decoding: data, as: UTF8.self)
    }
}

extension String {
    /// Like Ruby's `gsub` with a plain pattern: an empty pattern matches between every character.
    func replacingOccurrences(of pattern: String, with replacement: String, emptyPattern: Bool) -> String {
        guard pattern.isEmpty else { return replacingOccurrences(of: pattern, with: replacement) }
        return replacement + map { String($0) + replacement }.joined()
    }
}
