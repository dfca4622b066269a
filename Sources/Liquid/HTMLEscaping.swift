import Escaping

/// Escaping for each place an output can land in HTML.
public enum HTMLEscaping {
    /// `& < > " '` as entities: safe in text and in quoted attribute values (the tool's one HTML escaper).
    @inline(__always)
    public static func escape(_ s: String) -> String { HTMLEntities.escape(s) }

    @inline(__always)
    static func escape(_ s: String, into out: inout String) { HTMLEntities.escape(s, into: &out) }

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

    /// The same, as UTF-8 appended to `out` (a render's output).
    static func escape(_ s: String, for context: OutputContext, into out: inout [UInt8]) {
        switch context {
        case .text, .attribute: HTMLEntities.escape(s, into: &out)
        case .url: HTMLEntities.escape(safeURL(s), into: &out)
        case .unquotedAttribute: out.append(contentsOf: escape(s, for: context).utf8)
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
