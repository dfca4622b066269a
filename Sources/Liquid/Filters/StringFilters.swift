import Escaping
import Foundation

/// Text filters: each reads its input as Ruby's `to_s` and works on code points and UTF-8 bytes.
enum StringFilters {
    static func text(_ body: @escaping @Sendable (String) -> String) -> Filter {
        Filter { input, _, _, _ in .string(body(Ruby.string(input))) }
    }

    static let all: [String: Filter] = [
        "append": Filter(arguments: 1...1) { input, args, _, c throws(FilterError) in
            let a = Ruby.string(input), b = Ruby.string(args[0])
            try c.check(a.utf8.count + b.utf8.count, "the appended text")
            return .string(a + b)
        },
        "prepend": Filter(arguments: 1...1) { input, args, _, c throws(FilterError) in
            let a = Ruby.string(input), b = Ruby.string(args[0])
            try c.check(a.utf8.count + b.utf8.count, "the prepended text")
            return .string(b + a)
        },
        "downcase": text(RubyText.downcase),
        "upcase": text(RubyText.upcase),
        "capitalize": text(RubyText.capitalize),
        "strip": text(RubyText.strip),
        "lstrip": text(RubyText.lstrip),
        "rstrip": text(RubyText.rstrip),
        "newline_to_br": Filter { input, _, _, c throws(FilterError) in
            let s = Ruby.string(input)
            try c.check(s.utf8.count + 6 * s.utf8.count { $0 == 0x0A }, "the text with <br />")
            return .string(newlines(s, with: "<br />\n"))
        },
        "strip_newlines": text { newlines($0, with: "") },
        "escape": escapeFilter,
        "h": escapeFilter,
        "escape_once": Filter { input, _, _, c in
            let s = escapeOnce(Ruby.string(input))
            return c.autoescape ? .safe(s) : .string(s)
        },
        "strip_html": text(stripHTML),
        // Ours: marks trusted HTML so autoescaping writes it as it is.
        "safe": Filter { input, _, _, _ in .safe(input.text) },
        "url_encode": Filter { input, _, _, _ in input.isNil ? .nil : .string(urlEncode(Ruby.string(input))) },
        "url_decode": Filter { input, _, _, _ throws(FilterError) in
            guard !input.isNil else { return .nil }
            guard let s = urlDecode(Ruby.string(input)) else { throw FilterError("invalid byte sequence in UTF-8") }
            return .string(s)
        },
        "remove": replaceFilter(1...1) { s, args, c throws(FilterError) in
            let pattern = Ruby.string(args[0])
            try c.check(RubyText.replacedSize(s, pattern, ""), "the text")
            return RubyText.replaceAll(s, pattern, "")
        },
        "remove_first": replaceFilter(1...1) { s, args, _ in RubyText.replaceFirst(s, Ruby.string(args[0]), "") },
        "remove_last": replaceFilter(1...1) { s, args, _ in RubyText.replaceLast(s, Ruby.string(args[0]), "") },
        "replace": replaceFilter(1...2) { s, args, c throws(FilterError) in
            let pattern = Ruby.string(args[0]), with = args.count > 1 ? Ruby.string(args[1]) : ""
            try c.check(RubyText.replacedSize(s, pattern, with), "the replaced text")
            return RubyText.replaceAll(s, pattern, with)
        },
        "replace_first": replaceFilter(1...2) { s, args, c throws(FilterError) in
            let with = args.count > 1 ? Ruby.string(args[1]) : ""
            try c.check(s.utf8.count + with.utf8.count, "the replaced text")
            return RubyText.replaceFirst(s, Ruby.string(args[0]), with)
        },
        "replace_last": replaceFilter(2...2) { s, args, c throws(FilterError) in
            let with = Ruby.string(args[1])
            try c.check(s.utf8.count + with.utf8.count, "the replaced text")
            return RubyText.replaceLast(s, Ruby.string(args[0]), with)
        },
        "slice": Filter(arguments: 1...2) { input, args, _, _ throws(FilterError) in
            let start = try Ruby.integer(args[0])
            var length = 1
            if args.count > 1, args[1].isTruthy { length = try Ruby.integer(args[1]) }
            if case .array(let a) = input {
                let from = start < 0 ? a.count + start : start
                guard from >= 0, from <= a.count, length >= 0 else { return .array([]) }
                return .array(Array(a[from..<(from + min(length, a.count - from))]))
            }
            return .string(RubyText.slice(Ruby.string(input), start, length) ?? "")
        },
        "truncate": Filter(arguments: 0...2) { input, args, _, _ throws(FilterError) in
            if input.isNil { return .nil }
            let s = Ruby.string(input)
            let length = args.isEmpty ? 50 : try Ruby.integer(args[0])
            let end = args.count > 1 ? Ruby.string(args[1]) : "..."
            guard RubyText.length(s) > length else { return .string(s) }
            // l = length - end.length, at least 0; compared first, so no subtraction can overflow.
            let endLength = RubyText.length(end)
            let keep = length > endLength ? length - endLength : 0
            return .string(RubyText.prefix(s, keep) + end)
        },
        "truncatewords": Filter(arguments: 0...2) { input, args, _, _ throws(FilterError) in
            if input.isNil { return .nil }
            let s = Ruby.string(input)
            var words = args.isEmpty ? 15 : try Ruby.integer(args[0])
            if words <= 0 { words = 1 }
            // Ruby passes `words + 1` to `split` as a C int.
            guard words < Int(Int32.max) - 1 else { throw FilterError("integer \(words) too big for truncatewords") }
            var list = RubyText.splitOnSpace(s, limit: words + 1)
            guard list.count > words else { return .string(s) }
            list.removeLast()
            return .string(list.joined(separator: " ") + (args.count > 1 ? Ruby.string(args[1]) : "..."))
        },
        "split": Filter(arguments: 1...1) { input, args, _, c throws(FilterError) in
            let s = Ruby.string(input), pattern = Ruby.string(args[0])
            if pattern.isEmpty { try c.check(17 * s.unicodeScalars.count, "the split text") }
            return .array(RubyText.split(s, pattern).map { .string($0) })
        },
        "base64_encode": Filter { input, _, _, _ in .string(Data(Ruby.string(input).utf8).base64EncodedString()) },
        "base64_decode": Filter { input, _, _, _ throws(FilterError) in
            .string(try base64Decode(Ruby.string(input), name: "base64_decode"))
        },
        "base64_url_safe_encode": Filter { input, _, _, _ in
            .string(Data(Ruby.string(input).utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_"))
        },
        "base64_url_safe_decode": Filter { input, _, _, _ throws(FilterError) in
            var t = Ruby.string(input).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            if !t.hasSuffix("="), t.utf8.count % 4 != 0 { t += String(repeating: "=", count: 4 - t.utf8.count % 4) }
            return .string(try base64Decode(t, name: "base64_url_safe_decode"))
        },
    ]

    static let escapeFilter = Filter { input, _, _, c in
        guard !input.isNil else { return .nil }
        let s = HTMLEscaping.escape(Ruby.string(input))
        return c.autoescape ? .safe(s) : .string(s)
    }

    static func replaceFilter(_ arguments: ClosedRange<Int>, _ body: @escaping @Sendable (String, [Value], FilterContext) throws(FilterError) -> String) -> Filter {
        Filter(arguments: arguments) { input, args, _, c throws(FilterError) in .string(try body(Ruby.string(input), args, c)) }
    }

    /// `gsub(/\r?\n/, with)`.
    static func newlines(_ s: String, with: String) -> String {
        guard s.utf8.contains(0x0A) else { return s }
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        for b in s.utf8 {
            if b == 0x0A {
                if out.last == 0x0D { out.removeLast() }
                out += with.utf8
            } else {
                out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `gsub(/["><']|&(?!([a-zA-Z]+|(#\d+));)/, HTML_ESCAPE)`: escapes all but `&` that starts an entity.
    static func escapeOnce(_ s: String) -> String {
        let u = Array(s.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(u.count + 16)
        func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        for (i, b) in u.enumerated() {
            switch b {
            case UInt8(ascii: "&"):
                var j = i + 1
                var isEntity = false
                if j < u.count, u[j] == UInt8(ascii: "#") {
                    j += 1
                    let start = j
                    while j < u.count, isDigit(u[j]) { j += 1 }
                    isEntity = j > start && j < u.count && u[j] == UInt8(ascii: ";")
                } else {
                    let start = j
                    while j < u.count, isLetter(u[j]) { j += 1 }
                    isEntity = j > start && j < u.count && u[j] == UInt8(ascii: ";")
                }
                out += isEntity ? [b] : Array("&amp;".utf8)
            case UInt8(ascii: "<"): out += "&lt;".utf8
            case UInt8(ascii: ">"): out += "&gt;".utf8
            case UInt8(ascii: "\""): out += "&quot;".utf8
            case UInt8(ascii: "'"): out += "&#39;".utf8
            default: out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Ruby Liquid's `strip_html`: `<script…</script>`, `<!--…-->` and `<style…</style>` blocks go
    /// first (case-sensitive, shortest match, across lines), then every `<…>`. One pass over the bytes each.
    static func stripHTML(_ s: String) -> String {
        let u = Array(s.utf8)
        guard u.contains(UInt8(ascii: "<")) else { return s }
        let blocks: [(open: [UInt8], close: [UInt8])] = [(Array("<script".utf8), Array("</script>".utf8)),
                                                         (Array("<!--".utf8), Array("-->".utf8)),
                                                         (Array("<style".utf8), Array("</style>".utf8))]
        var first: [UInt8] = []
        first.reserveCapacity(u.count)
        // Once a block's end is missing after some point, it is missing after every later point too:
        // remembering that keeps the scan linear (`"<script" * n` would otherwise take n² steps).
        var endless = [false, false, false]
        var i = 0
        scan: while i < u.count {
            if u[i] == UInt8(ascii: "<") {
                for (n, block) in blocks.enumerated() where !endless[n] && u[i...].starts(with: block.open) {
                    if let end = RubyText.find(block.close, in: u, from: i + block.open.count) {
                        i = end + block.close.count
                        continue scan
                    }
                    endless[n] = true
                }
            }
            first.append(u[i])
            i += 1
        }
        var out: [UInt8] = []
        out.reserveCapacity(first.count)
        i = 0
        while i < first.count {
            if first[i] == UInt8(ascii: "<") {
                guard let close = first[(i + 1)...].firstIndex(of: UInt8(ascii: ">")) else {
                    out += first[i...]  // no `>` after this `<`, so none after any later one either
                    break
                }
                i = close + 1
                continue
            }
            out.append(first[i])
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `CGI.escape`: letters, digits and `_.-~` stay, a space becomes `+`, every other byte `%XX`.
    static func urlEncode(_ s: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for b in s.utf8 {
            switch b {
            case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "~"):
                out.append(b)
            case 0x20: out.append(UInt8(ascii: "+"))
            default: out += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `CGI.unescape`: `+` is a space, `%XX` a byte; nil when the bytes are not UTF-8.
    static func urlDecode(_ s: String) -> String? {
        var bytes: [UInt8] = []
        let u = Array(s.utf8)
        let hex = HexDigit.value
        var i = 0
        while i < u.count {
            if u[i] == UInt8(ascii: "+") {
                bytes.append(0x20)
            } else if u[i] == UInt8(ascii: "%"), i + 2 < u.count, let h = hex(u[i + 1]), let l = hex(u[i + 2]) {
                bytes.append(h << 4 | l)
                i += 2
            } else {
                bytes.append(u[i])
            }
            i += 1
        }
        return String(validatingUTF8Bytes: bytes)
    }

    /// `Base64.strict_decode64`: groups of four, `=` only as the last one or two, unused bits zero;
    /// the bytes must be UTF-8 text.
    static func base64Decode(_ s: String, name: String) throws(FilterError) -> String {
        let invalid = FilterError("invalid base64 provided to \(name)")
        let u = Array(s.utf8)
        guard u.count % 4 == 0 else { throw invalid }
        func sextet(_ b: UInt8) -> UInt32? {
            switch b {
            case 0x41...0x5A: return UInt32(b - 0x41)
            case 0x61...0x7A: return UInt32(b - 0x61 + 26)
            case 0x30...0x39: return UInt32(b - 0x30 + 52)
            case UInt8(ascii: "+"): return 62
            case UInt8(ascii: "/"): return 63
            default: return nil
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(u.count / 4 * 3)
        var i = 0
        while i < u.count {
            let last = i + 4 == u.count
            let pad = last ? (u[i + 3] == UInt8(ascii: "=") ? (u[i + 2] == UInt8(ascii: "=") ? 2 : 1) : 0) : 0
            var bits: UInt32 = 0
            for k in 0..<(4 - pad) {
                guard let v = sextet(u[i + k]) else { throw invalid }
                bits = bits << 6 | v
            }
            bits <<= UInt32(6 * pad)
            let bytes = [UInt8(bits >> 16 & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits & 0xFF)]
            // The bits a padded group does not use must be zero.
            if pad == 1, bytes[2] != 0 { throw invalid }
            if pad == 2, bytes[1] != 0 || bytes[2] != 0 { throw invalid }
            out += bytes.prefix(3 - pad)
            i += 4
        }
        guard let text = String(validatingUTF8Bytes: out) else { throw FilterError("\(name) made bytes that are not UTF-8 text") }
        return text
    }
}

extension String {
    /// The bytes as a string when they are valid UTF-8.
    init?(validatingUTF8Bytes bytes: [UInt8]) {
        var valid = true
        let s = String(decoding: bytes, as: UTF8.self)
        if s.utf8.count != bytes.count || !s.utf8.elementsEqual(bytes) { valid = false }
        guard valid else { return nil }
        self = s
    }
}
