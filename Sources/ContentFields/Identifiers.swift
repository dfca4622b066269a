import Diagnostics

/// The shapes of names that become folder and file names.
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

    /// The shape of a BCP 47 language tag: `en`, `es-MX`.
    public static func isLanguageTag(_ s: String) -> Bool {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// `^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$`: no `/`, so an id can never leave its folder.
    public static func isObservationID(_ s: String) -> Bool {
        let u = Array(s.utf8)
        guard let first = u.first, u.count <= 100, isAlnum(first) else { return false }
        return u.allSatisfy { isAlnum($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }
    }

    /// Why a name would break as a file or folder name somewhere the site may be copied to (Windows,
    /// FAT on a USB stick) or collide with a file of the site's own; nil when it is fine.
    public static func portabilityProblem(_ s: String) -> String? {
        // The name before its first dot; a reserved name is at most four letters, which no more than
        // eight bytes uppercase to (`ı` and `ſ` are two bytes each), so a longer one is not looked up.
        let dot = s.utf8.firstIndex(of: UInt8(ascii: ".")) ?? s.utf8.endIndex
        if s.utf8.distance(from: s.utf8.startIndex, to: dot) <= 8, case let base = s[..<dot].uppercased(), reservedOnWindows.contains(base) {
            return "\(quoted(s)) is a reserved device name on Windows (\(base)), so the site could not be copied there; choose another name"
        }
        if s.hasSuffix(".") || s.hasSuffix(" ") {
            return "\(quoted(s)) ends with a dot, which Windows drops (so it would collide with \(quoted(String(s.dropLast())))); remove it"
        }
        if siteFiles.contains(s.lowercased()) {
            return "\(quoted(s)) is the name of a file the site writes itself; choose another name"
        }
        return nil
    }

    static let reservedOnWindows = Set(["CON", "PRN", "AUX", "NUL"] + (1...9).flatMap { ["COM\($0)", "LPT\($0)"] })
    /// Names a page or folder of the site already uses beside the pages named by content.
    static let siteFiles: Set<String> = ["index.html", "index.htm", "404.html", "feed.xml", "sitemap.xml", "events.ics", "map.svg", "assets", "data"]

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
