/// Numbers and text as SVG needs them: fixed decimals, never an exponent; XML escaping (also used
/// for Atom and the sitemap).
public enum SVGText {
    /// One decimal place: `12.3`, `-0.5`, `0.0`.
    public static func number(_ v: Double) -> String {
        guard v.isFinite else { return "0.0" }
        let tenths = Int((v * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }

    /// Text and attribute values for XML: `& < > " '` as entities, characters XML forbids dropped.
    public static func escape(_ s: String) -> String {
        // Most text needs nothing: one pass over the bytes says so.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 || $0 == 0xEF }) { return s }
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(c)
            default:
                if c.value < 0x20 || c.value == 0xFFFE || c.value == 0xFFFF { continue }
                out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
