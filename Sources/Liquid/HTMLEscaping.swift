/// Escaping for each place an output can land in HTML.
public enum HTMLEscaping {
    /// `& < > " '` as entities: safe in text and in quoted attribute values.
    public static func escape(_ s: String) -> String {
        guard firstSpecial(s) != nil else { return s }
        var out = ""
        out.reserveCapacity(s.utf8.count + 16)
        escape(s, into: &out)
        return out
    }

    @inline(__always)
    static func isSpecial(_ b: UInt8) -> Bool {
        // All five are at most '>' (0x3E): most text bytes are passed over with one comparison.
        b <= 0x3E && (b == 0x26 || b == 0x3C || b == 0x3E || b == 0x22 || b == 0x27)
    }

    /// The UTF-8 offset of the first character `escape` changes, or nil when there is none.
    static func firstSpecial(_ s: String) -> Int? {
        if let found = s.utf8.withContiguousStorageIfAvailable({ b -> Int? in
            var i = 0
            while i < b.count {
                if isSpecial(b[i]) { return i }
                i += 1
            }
            return nil
        }) {
            return found
        }
        var i = 0
        for c in s.utf8 {
            if isSpecial(c) { return i }
            i += 1
        }
        return nil
    }

    /// `escape(s)` appended to `out`: the text between special characters is appended as it is.
    static func escape(_ s: String, into out: inout String) {
        guard let first = firstSpecial(s) else {
            out += s
            return
        }
        let u = s.utf8
        // Special characters are ASCII: the positions around them are boundaries of the text.
        var run = u.startIndex
        var i = u.index(u.startIndex, offsetBy: first)
        while i != u.endIndex {
            let entity: String
            switch u[i] {
            case 0x26: entity = "&amp;"
            case 0x3C: entity = "&lt;"
            case 0x3E: entity = "&gt;"
            case 0x22: entity = "&quot;"
            case 0x27: entity = "&#39;"
            default:
                i = u.index(after: i)
                continue
            }
            if run != i { out += s[run..<i] }
            out += entity
            i = u.index(after: i)
            run = i
        }
        if run != u.endIndex { out += s[run..<u.endIndex] }
    }

    static func escape(_ s: String, for context: OutputContext) -> String {
        var out = ""
        escape(s, for: context, into: &out)
        return out
    }

    /// The text of an output escaped for where it lands, appended to `out`.
    static func escape(_ s: String, for context: OutputContext, into out: inout String) {
        switch context {
        case .text, .attribute: escape(s, into: &out)
        case .url: escape(safeURL(s), into: &out)
        case .unquotedAttribute:
            for c in s.unicodeScalars {
                if c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "-" || c == "_" || c == "." {
                    out.unicodeScalars.append(c)
                } else {
                    out += "&#\(c.value);"
                }
            }
        }
    }

    static let safePrefixes = ["./", "../", "#", "/", "https://", "http://", "mailto:"]

    /// A URL that cannot run script: relative, or http, https, mailto or tel; anything else becomes `#`.
    public static func safeURL(_ s: String) -> String {
        // The common cases, decided from the first bytes: relative paths, fragments, http(s) and mail.
        // In ASCII text without a carriage return every byte is a character, so bytes decide as
        // characters would; other text is compared by characters.
        let plain = s.utf8.withContiguousStorageIfAvailable { b -> Bool? in
            for c in b where c >= 0x80 || c == 0x0D { return nil }
            func starts(_ p: StaticString) -> Bool {
                guard p.utf8CodeUnitCount <= b.count else { return false }
                for k in 0..<p.utf8CodeUnitCount where b[k] != p.utf8Start[k] { return false }
                return true
            }
            return starts("./") || starts("../") || starts("#") || (starts("/") && !starts("//")) || starts("https://")
                || starts("http://") || starts("mailto:")
        } ?? nil
        if let plain {
            if plain { return s }
        } else {
            for prefix in safePrefixes where s.hasPrefix(prefix) {
                if prefix != "/" || !s.hasPrefix("//") { return s }
            }
        }
        let trimmed = s.drop { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 } ?? false }
        guard let colon = trimmed.firstIndex(of: ":") else { return s }
        let scheme = trimmed[..<colon]
        if scheme.contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { return s }
        let lower = scheme.lowercased().filter { !$0.isWhitespace && !($0.asciiValue.map { $0 < 0x20 } ?? false) }
        return ["http", "https", "mailto", "tel"].contains(lower) ? s : "#"
    }
}
