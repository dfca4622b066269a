import Foundation

/// Residents' text as it may be published: no control characters (other than tab and line break)
/// and no bidirectional embedding, override or isolate controls, which could reorder the page
/// around a name (`U+202E`). Marks (LRM, RLM, ALM) stay: they cannot reach past their text.
public enum TextCleaning {
    public static func clean(_ text: String) -> String {
        guard hasRemoved(text) else { return text }
        var out = String.UnicodeScalarView()
        for u in text.unicodeScalars where !isRemoved(u) { out.append(u) }
        return String(out)
    }

    /// Whether any scalar of `text` is removed, read from its UTF-8 bytes (every field of every report
    /// is asked, and almost none has one): a C0 control but tab and line feed, DEL, a C1 control
    /// (`C2 80`–`C2 9F`), U+202A–U+202E (`E2 80 AA`–`AE`) or U+2066–U+2069 (`E2 81 A6`–`A9`).
    static func hasRemoved(_ text: String) -> Bool {
        guard let found = text.utf8.withContiguousStorageIfAvailable({ b -> Bool in
            var i = 0
            while i < b.count {
                let c = b[i]
                if c < 0x20 {
                    if c != 0x09 && c != 0x0A { return true }
                } else if c == 0x7F {
                    return true
                } else if c == 0xC2, i + 1 < b.count, (0x80...0x9F).contains(b[i + 1]) {
                    return true
                } else if c == 0xE2, i + 2 < b.count {
                    if b[i + 1] == 0x80, (0xAA...0xAE).contains(b[i + 2]) { return true }
                    if b[i + 1] == 0x81, (0xA6...0xA9).contains(b[i + 2]) { return true }
                }
                i += 1
            }
            return false
        }) else { return text.unicodeScalars.contains(where: isRemoved) }
        return found
    }

    static func isRemoved(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x09, 0x0A: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}

extension String {
    /// `trimmingCharacters(in: .whitespaces)`, answered from the end bytes when they cannot be
    /// blank (the case of nearly every field), without going through Foundation.
    public var trimmedOfSpaces: String {
        guard let first = utf8.first, let last = utf8.last else { return self }
        func mayBeBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b >= 0x80 }
        return mayBeBlank(first) || mayBeBlank(last) ? trimmingCharacters(in: .whitespaces) : self
    }
}
