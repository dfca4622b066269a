/// Text as a reader sees it once the site has rendered it, each byte with the span of the source
/// it came from: HTML entities (`&#45;`, `&commat;`) and percent escapes (`%40`) decoded, Markdown
/// backslash escapes (`\-`) undone, dashes of every kind read as `-`, spaces of every kind (no-break,
/// narrow, tab, line break) as one space, invisible characters (zero-width, soft hyphen) dropped.
///
/// Two readings are made, because Markdown's markup is shown or hidden by context: `markupHidden`
/// also drops emphasis marks (`*`, `_`, `~`, `` ` ``) and HTML tags (`313<b>-</b>555`), which the
/// site renders away or omits; `markupShown` keeps them as written. The redactor searches both, so a
/// finding is made whichever way the text renders, and each is replaced in the source as written:
/// every spelling of it is gone from everything made from that source.
struct ReaderText {
    /// The decoded bytes (UTF-8).
    var bytes: [UInt8] = []
    /// Where in the source each decoded byte begins and ends (UTF-8 offsets).
    var from: [Int] = []
    var to: [Int] = []

    init(_ source: [UInt8], hideMarkup: Bool) {
        bytes.reserveCapacity(source.count)
        from.reserveCapacity(source.count)
        to.reserveCapacity(source.count)
        let n = source.count
        // Where the next `>` is, for every offset: a tag is found in constant time, so the reading stays linear.
        var nextClose = [Int](repeating: n, count: hideMarkup ? n + 1 : 0)
        if hideMarkup, n > 0 {
            for i in stride(from: n - 1, through: 0, by: -1) { nextClose[i] = source[i] == UInt8(ascii: ">") ? i : nextClose[i + 1] }
        }
        var i = 0
        while i < n {
            let c = source[i]
            if c == UInt8(ascii: "\\"), i + 1 < n, Self.isASCIIPunctuation(source[i + 1]) {
                emit(Self.mapped(Unicode.Scalar(source[i + 1])), i, i + 2)
                i += 2
                continue
            }
            if c == UInt8(ascii: "&"), let (scalar, end) = Self.entity(source, at: i) {
                emit(Self.mapped(scalar), i, end)
                i = end
                continue
            }
            if c == UInt8(ascii: "%"), i + 2 < n, let hi = Self.hex(source[i + 1]), let lo = Self.hex(source[i + 2]), hi < 8 {
                emit(Self.mapped(Unicode.Scalar(hi * 16 + lo)), i, i + 3)
                i += 3
                continue
            }
            if hideMarkup {
                if c == UInt8(ascii: "*") || c == UInt8(ascii: "_") || c == UInt8(ascii: "~") || c == UInt8(ascii: "`") {
                    i += 1
                    continue
                }
                if c == UInt8(ascii: "<"), i + 1 < n, Bytes.isLetter(source[i + 1]) || source[i + 1] == UInt8(ascii: "/")
                    || source[i + 1] == UInt8(ascii: "!") || source[i + 1] == UInt8(ascii: "?"), nextClose[i + 1] < n {
                    i = nextClose[i + 1] + 1
                    continue
                }
            }
            if c < 0x80 {
                emit(Self.mapped(Unicode.Scalar(c)), i, i + 1)
                i += 1
                continue
            }
            // A multi-byte character: mapped when it is a dash, a space, invisible or a full-width form; else kept.
            let length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1
            guard length > 1, i + length <= n, let scalar = Self.decode(source, at: i, length: length) else {
                emit(.keep, i, i + 1, keeping: c)
                i += 1
                continue
            }
            let m = Self.mapped(scalar)
            if case .other = m {
                // Kept as written; each byte stands for the whole character.
                for k in 0..<length { emit(.keep, i, i + length, keeping: source[i + k]) }
            } else {
                emit(m, i, i + length)
            }
            i += length
        }
    }

    /// True when the text reads exactly as written: printable ASCII with no entity, escape, markup,
    /// run of spaces or of dashes (most of what residents write).
    static func readsAsWritten(_ b: [UInt8]) -> Bool {
        var previous: UInt8 = 0
        for c in b {
            guard c >= 0x20, c < 0x7F else { return false }
            switch c {
            case UInt8(ascii: "\\"), UInt8(ascii: "&"), UInt8(ascii: "%"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"),
                 UInt8(ascii: "`"), UInt8(ascii: "<"):
                return false
            case UInt8(ascii: " "), UInt8(ascii: "-"):
                if previous == c { return false }
            default:
                break
            }
            previous = c
        }
        return true
    }

    /// True when the text holds something Markdown may render away (emphasis marks, a tag).
    static func hasMarkup(_ b: [UInt8]) -> Bool {
        b.contains { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "`") || $0 == UInt8(ascii: "<") }
    }

    /// What one source character reads as.
    enum Reading {
        case byte(UInt8)
        case space
        case dash
        case invisible
        case keep
        /// A character from an entity or escape that is none of the above: its UTF-8 bytes.
        case other(Unicode.Scalar)
    }

    mutating func emit(_ r: Reading, _ start: Int, _ end: Int, keeping byte: UInt8 = 0) {
        switch r {
        case .byte(let b): push(b, start, end)
        case .keep: push(byte, start, end)
        case .invisible: break
        case .space:
            // Runs of spaces read as one, as a browser shows them.
            if bytes.last == 0x20 { to[to.count - 1] = end } else { push(0x20, start, end) }
        case .dash:
            // `--` and `---` render as one dash (smart punctuation).
            if bytes.last == UInt8(ascii: "-"), to.last == start { to[to.count - 1] = end } else { push(UInt8(ascii: "-"), start, end) }
        case .other(let s):
            for b in String(Character(s)).utf8 { push(b, start, end) }
        }
    }

    mutating func push(_ b: UInt8, _ start: Int, _ end: Int) {
        bytes.append(b)
        from.append(start)
        to.append(end)
    }

    /// The source span of decoded bytes `start..<end`.
    func sourceSpan(_ start: Int, _ end: Int) -> (start: Int, end: Int) { (from[start], to[end - 1]) }

    static func mapped(_ s: Unicode.Scalar) -> Reading {
        switch s.value {
        case 0x2D, 0x2010...0x2015, 0x2212, 0x2043, 0xFE58, 0xFE63, 0xFF0D, 0x2E3A, 0x2E3B: return .dash
        case 0x09, 0x0A, 0x0D, 0x0B, 0x0C, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0x85: return .space
        case 0xAD, 0x200B...0x200D, 0x2060...0x2064, 0xFEFF, 0x180E, 0x034F: return .invisible
        case 0xFF10...0xFF19: return .byte(UInt8(s.value - 0xFF10) + 0x30)
        case 0xFF20, 0xFE6B: return .byte(UInt8(ascii: "@"))
        case 0xFF0E, 0xFE52, 0x2024: return .byte(UInt8(ascii: "."))
        case 0xFF08, 0xFE59: return .byte(UInt8(ascii: "("))
        case 0xFF09, 0xFE5A: return .byte(UInt8(ascii: ")"))
        case 0xFF0B, 0xFE62: return .byte(UInt8(ascii: "+"))
        case 0..<0x80: return .byte(UInt8(s.value))
        default: return .other(s)
        }
    }

    /// An entity at `at` (`&#45;`, `&#x2D;`, `&commat;`) and where it ends, as HTML reads it.
    static func entity(_ b: [UInt8], at: Int) -> (Unicode.Scalar, Int)? {
        var i = at + 1
        guard i < b.count else { return nil }
        if b[i] == UInt8(ascii: "#") {
            i += 1
            let isHex = i < b.count && (b[i] | 0x20) == UInt8(ascii: "x")
            if isHex { i += 1 }
            let digitsStart = i
            var value: UInt32 = 0
            while i < b.count, i - digitsStart < 8 {
                if isHex, let h = hex(b[i]) { value = value * 16 + UInt32(h) } else if !isHex, Bytes.isDigit(b[i]) { value = value * 10 + UInt32(b[i] - 0x30) } else { break }
                i += 1
            }
            guard i > digitsStart, i < b.count, b[i] == UInt8(ascii: ";") else { return nil }
            return (Unicode.Scalar(value) ?? "\u{FFFD}", i + 1)
        }
        let nameStart = i
        while i < b.count, i - nameStart < 32, Bytes.isDigit(b[i]) || Bytes.isLetter(b[i]) { i += 1 }
        guard i > nameStart, i < b.count, b[i] == UInt8(ascii: ";"),
              let s = named[String(decoding: b[nameStart..<i], as: UTF8.self)] else { return nil }
        return (s, i + 1)
    }

    /// The named entities that can spell a phone number, an e-mail or an address (HTML's names, which are case-sensitive).
    static let named: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "NonBreakingSpace": "\u{A0}",
        "commat": "@", "period": ".", "hyphen": "\u{2010}", "dash": "\u{2010}", "ndash": "\u{2013}", "mdash": "\u{2014}",
        "horbar": "\u{2015}", "minus": "\u{2212}", "lpar": "(", "rpar": ")", "plus": "+", "num": "#", "sol": "/", "half": "\u{BD}",
        "frac12": "\u{BD}", "lowbar": "_", "UnderBar": "_", "colon": ":", "comma": ",", "excl": "!", "percnt": "%", "ast": "*",
        "midast": "*", "bsol": "\\", "lsqb": "[", "rsqb": "]", "lbrack": "[", "rbrack": "]", "grave": "`", "DiacriticalGrave": "`",
        "ensp": "\u{2002}", "emsp": "\u{2003}", "emsp13": "\u{2004}", "emsp14": "\u{2005}", "numsp": "\u{2007}", "puncsp": "\u{2008}",
        "thinsp": "\u{2009}", "ThinSpace": "\u{2009}", "hairsp": "\u{200A}", "VeryThinSpace": "\u{200A}", "MediumSpace": "\u{205F}",
        "ZeroWidthSpace": "\u{200B}", "NegativeVeryThinSpace": "\u{200B}", "NegativeThinSpace": "\u{200B}",
        "NegativeMediumSpace": "\u{200B}", "NegativeThickSpace": "\u{200B}", "zwj": "\u{200D}", "zwnj": "\u{200C}",
        "NoBreak": "\u{2060}", "shy": "\u{AD}", "Tab": "\t", "NewLine": "\n", "dollar": "$", "semi": ";", "equals": "=",
        "quest": "?", "verbar": "|", "vert": "|", "VerticalLine": "|", "lcub": "{", "rcub": "}", "lbrace": "{", "rbrace": "}",
        "Hat": "^", "tilde": "~",
    ]

    static func decode(_ b: [UInt8], at i: Int, length: Int) -> Unicode.Scalar? {
        var v = UInt32(b[i]) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for k in 1..<length {
            guard b[i + k] & 0xC0 == 0x80 else { return nil }
            v = v << 6 | UInt32(b[i + k] & 0x3F)
        }
        return Unicode.Scalar(v)
    }

    static func hex(_ c: UInt8) -> UInt8? {
        if Bytes.isDigit(c) { return c - 0x30 }
        let l = c | 0x20
        return l >= UInt8(ascii: "a") && l <= UInt8(ascii: "f") ? l - UInt8(ascii: "a") + 10 : nil
    }

    /// What a Markdown backslash can escape.
    static func isASCIIPunctuation(_ c: UInt8) -> Bool {
        (0x21...0x2F).contains(c) || (0x3A...0x40).contains(c) || (0x5B...0x60).contains(c) || (0x7B...0x7E).contains(c)
    }
}
