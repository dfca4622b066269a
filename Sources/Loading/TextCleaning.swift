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
