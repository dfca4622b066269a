/// An e-mail address with its display name: `Bagley Safe Streets <digest@example.org>`.
///
/// Only plain ASCII addresses (`local@example.org`, no comments or quoted local parts) are
/// accepted; the name may be any text and is quoted or encoded (RFC 2047) when it is written.
public struct MailAddress: Sendable, Equatable {
    /// The display name, on one line; empty for a bare address.
    public var name: String
    public var address: String

    public init?(name: String = "", address: String) {
        guard Self.isAddress(address) else { return nil }
        self.name = MailHeader.oneLine(name)
        self.address = address
    }

    /// `Name <local@domain>`, `"Name, Jr." <local@domain>` or `local@domain`; nil when it is none of them.
    public init?(parsing text: String) {
        let t = MailHeader.oneLine(text)
        guard t.hasSuffix(">"), let open = t.lastIndex(of: "<") else {
            self.init(address: t)
            return
        }
        var name = t[..<open].trimmingSpaces
        if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") {
            name = Self.unquoted(name.dropFirst().dropLast())
        }
        self.init(name: String(name), address: String(t[t.index(after: open)..<t.index(before: t.endIndex)]))
    }

    /// The text of a quoted string: `\x` is `x`.
    static func unquoted(_ s: Substring) -> Substring {
        var out = ""
        var escaped = false
        for c in s {
            if escaped || c != "\\" {
                out.append(c)
                escaped = false
            } else {
                escaped = true
            }
        }
        return Substring(out)
    }

    /// `local@domain`: a dot-atom local part of at most 64 characters and a domain of two or more
    /// labels (letters, digits, inner hyphens), 254 characters in all.
    public static func isAddress(_ s: String) -> Bool {
        let parts = s.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, s.utf8.count <= 254 else { return false }
        let local = parts[0], domain = parts[1]
        let atext = Set("!#$%&'*+/=?^_`{|}~-".utf8)
        func isAtom(_ a: Substring) -> Bool {
            !a.isEmpty && a.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || atext.contains($0) }
        }
        func isLabel(_ l: Substring) -> Bool {
            (1...63).contains(l.utf8.count) && l.first != "-" && l.last != "-"
                && l.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x2D }
        }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        return local.utf8.count <= 64 && local.split(separator: ".", omittingEmptySubsequences: false).allSatisfy(isAtom)
            && labels.count >= 2 && labels.allSatisfy(isLabel)
    }

    /// The address as header tokens (see `MailHeader.field`): the name as words, a quoted string
    /// or encoded words, then `<local@domain>`.
    var tokens: [String] {
        guard !name.isEmpty else { return [address] }
        return MailHeader.phrase(name) + ["<\(address)>"]
    }
}

extension StringProtocol {
    var trimmingSpaces: Substring {
        let s = self[...]
        guard let first = s.firstIndex(where: { $0 != " " }), let last = s.lastIndex(where: { $0 != " " }) else { return "" }
        return Substring(s[first...last])
    }
}
