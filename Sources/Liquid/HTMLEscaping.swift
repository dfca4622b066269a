/// Escaping for each place an output can land in HTML.
public enum HTMLEscaping {
    /// `& < > " '` as entities: safe in text and in quoted attribute values.
    public static func escape(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else { return s }
        var out = ""
        out.reserveCapacity(s.utf8.count + 16)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    static func escape(_ s: String, for context: OutputContext) -> String {
        switch context {
        case .text, .attribute: return escape(s)
        case .url: return escape(safeURL(s))
        case .unquotedAttribute:
            var out = ""
            for c in s.unicodeScalars {
                if c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "-" || c == "_" || c == "." {
                    out.unicodeScalars.append(c)
                } else {
                    out += "&#\(c.value);"
                }
            }
            return out
        }
    }

    /// A URL that cannot run script: relative, or http, https, mailto or tel; anything else becomes `#`.
    public static func safeURL(_ s: String) -> String {
        // The common cases, decided from the first bytes: relative paths, fragments, http(s) and mail.
        for prefix in ["./", "../", "#", "/", "https://", "http://", "mailto:"] where s.hasPrefix(prefix) {
            if prefix != "/" || !s.hasPrefix("//") { return s }
        }
        let trimmed = s.drop { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 } ?? false }
        guard let colon = trimmed.firstIndex(of: ":") else { return s }
        let scheme = trimmed[..<colon]
        if scheme.contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { return s }
        let lower = scheme.lowercased().filter { !$0.isWhitespace && !($0.asciiValue.map { $0 < 0x20 } ?? false) }
        return ["http", "https", "mailto", "tel"].contains(lower) ? s : "#"
    }
}
