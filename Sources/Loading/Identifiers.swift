/// The shapes of names that become folder and file names (SPEC §2).
public enum Identifiers {
    /// `^[a-z0-9]+(-[a-z0-9]+)*$`, at most 64 characters.
    public static func isSlug(_ s: String) -> Bool {
        let u = Array(s.utf8)
        guard !u.isEmpty, u.count <= 64, u.first != UInt8(ascii: "-"), u.last != UInt8(ascii: "-") else { return false }
        var previousHyphen = false
        for b in u {
            if b == UInt8(ascii: "-") {
                if previousHyphen { return false }
                previousHyphen = true
            } else if (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) {
                previousHyphen = false
            } else {
                return false
            }
        }
        return true
    }

    /// `^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$`: no `/`, so an id can never leave its folder.
    public static func isObservationID(_ s: String) -> Bool {
        let u = Array(s.utf8)
        guard let first = u.first, u.count <= 100, isAlnum(first) else { return false }
        return u.allSatisfy { isAlnum($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }
    }

    static func isAlnum(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
    }

    /// A slug suggestion for a message: `My Story` → `my-story`.
    public static func suggestSlug(_ s: String) -> String {
        var out = ""
        for ch in s.lowercased().unicodeScalars {
            if ch.properties.isAlphabetic && ch.isASCII || ("0"..."9").contains(ch) {
                out.unicodeScalars.append(ch)
            } else if !out.isEmpty, out.last != "-" {
                out += "-"
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "my-page" : String(out.prefix(64))
    }
}
