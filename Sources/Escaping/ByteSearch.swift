/// Searching UTF-8 bytes for bytes (and replacing them): Liquid's filters, the Markdown and template
/// checks, the stylesheet's directions and CSV quotes.
public enum ByteSearch {
    /// The UTF-8 offset of the first `needle` at or after `from`, in linear time whatever the text:
    /// a plain scan for short needles, Knuth–Morris–Pratt for long ones.
    public static func first(_ needle: UnsafeBufferPointer<UInt8>, in hay: UnsafeBufferPointer<UInt8>, from: Int = 0) -> Int? {
        guard from <= hay.count else { return nil }
        guard !needle.isEmpty else { return from }
        guard hay.count - from >= needle.count else { return nil }
        if needle.count <= 16 {
            let first = needle[0]
            var i = from
            let last = hay.count - needle.count
            while i <= last {
                if hay[i] == first {
                    var k = 1
                    while k < needle.count, hay[i + k] == needle[k] { k += 1 }
                    if k == needle.count { return i }
                }
                i += 1
            }
            return nil
        }
        var fail = [Int](repeating: 0, count: needle.count)
        var k = 0
        for q in 1..<needle.count {
            while k > 0, needle[k] != needle[q] { k = fail[k - 1] }
            if needle[k] == needle[q] { k += 1 }
            fail[q] = k
        }
        k = 0
        for i in from..<hay.count {
            while k > 0, needle[k] != hay[i] { k = fail[k - 1] }
            if needle[k] == hay[i] { k += 1 }
            if k == needle.count { return i - needle.count + 1 }
        }
        return nil
    }

    /// The same over arrays.
    public static func first(_ needle: [UInt8], in hay: [UInt8], from: Int = 0) -> Int? {
        needle.withUnsafeBufferPointer { n in hay.withUnsafeBufferPointer { h in first(n, in: h, from: from) } }
    }

    /// Whether the text's bytes hold `needle`.
    public static func contains(_ needle: StaticString, in text: Substring) -> Bool {
        var text = text
        return text.withUTF8 { hay in
            first(UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount), in: hay) != nil
        }
    }

    /// `text` with every `needle` replaced, left to right, matching bytes for bytes. Unlike
    /// Foundation's `replacingOccurrences` (UTF-16, many times slower on long texts), a match counts
    /// even when a combining character follows it: a CSV quote before U+0301 is doubled too.
    public static func replacingAll(_ needle: String, with replacement: String, in text: String) -> String {
        var text = text, needle = needle, replacement = replacement
        let replaced: [UInt8]? = text.withUTF8 { hay in
            needle.withUTF8 { n in
                replacement.withUTF8 { r in
                    guard !n.isEmpty, var at = first(n, in: hay) else { return nil }
                    var out: [UInt8] = []
                    out.reserveCapacity(hay.count + max(0, r.count - n.count) * 8)
                    var from = 0
                    while true {
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: hay[from..<at]))
                        out.append(contentsOf: r)
                        from = at + n.count
                        guard let next = first(n, in: hay, from: from) else { break }
                        at = next
                    }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: hay[from...]))
                    return out
                }
            }
        }
        return replaced.map { String(decoding: $0, as: UTF8.self) } ?? text
    }
}

/// Hexadecimal digits in bytes, as percent-encoding and quoted-printable write them.
public enum HexDigit {
    /// The value of `0`-`9`, `A`-`F` or `a`-`f`; nil for any other byte.
    public static func value(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: return b - 0x30
        case 0x41...0x46: return b - 0x41 + 10
        case 0x61...0x66: return b - 0x61 + 10
        default: return nil
        }
    }
}
