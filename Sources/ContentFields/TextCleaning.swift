import Foundation

/// Residents' text as it may be published: no control characters (other than tab and line break)
/// and no bidirectional embedding, override or isolate controls, which could reorder the page
/// around a name (`U+202E`). Marks (LRM, RLM, ALM) stay: they cannot reach past their text.
public enum TextCleaning {
    public static func clean(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isRemoved) else { return text }
        var out = String.UnicodeScalarView()
        for u in text.unicodeScalars where !isRemoved(u) { out.append(u) }
        return String(out)
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
