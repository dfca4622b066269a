import ContentFields
/// The footer of every e-mail digest (`email.footer` in `site.yml`): text, and links written
/// `[label](target)`, where the target is an http(s) or mailto: URL or an e-mail service's merge tag
/// (`*|UNSUB|*`, `{{ unsubscribe_url }}`), kept exactly as written so the service can replace it.
public struct EmailFooter: Sendable, Equatable {
    public enum Part: Sendable, Equatable {
        case text(String)
        case link(label: String, target: String)
    }

    public var parts: [Part]

    /// Says how to stop the digest without any service's merge tags.
    public static let standard = EmailFooter(parts: [
        .text("You get this digest because you signed up for it. To unsubscribe, reply to this e-mail and say so."),
    ])

    public init(parts: [Part]) {
        self.parts = parts
    }

    /// The footer's parts, or the first link whose target is a URL of another kind (`javascript:`).
    public static func parse(_ text: String) -> Result<EmailFooter, BadTarget> {
        var parts: [Part] = []
        var plain = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "[") {
            guard let middle = rest[open...].range(of: "]("), let close = closing(rest[middle.upperBound...]),
                  !rest[rest.index(after: open)..<middle.lowerBound].contains("[") else {
                plain += rest[...open]
                rest = rest[rest.index(after: open)...]
                continue
            }
            let label = String(rest[rest.index(after: open)..<middle.lowerBound])
            let target = String(rest[middle.upperBound..<close]).trimmed
            if let scheme = scheme(of: target), !["http", "https", "mailto"].contains(scheme) { return .failure(BadTarget(target: target)) }
            plain += rest[..<open]
            if !plain.isEmpty { parts.append(.text(plain)) }
            plain = ""
            parts.append(.link(label: label.isEmpty ? target : label, target: target))
            rest = rest[rest.index(after: close)...]
        }
        plain += rest
        if !plain.isEmpty { parts.append(.text(plain)) }
        return .success(EmailFooter(parts: parts))
    }

    /// The `)` that ends a link target, passing over balanced parentheses inside it.
    static func closing(_ s: Substring) -> Substring.Index? {
        var depth = 0
        for i in s.indices {
            if s[i] == "(" { depth += 1 }
            if s[i] == ")" {
                if depth == 0 { return i }
                depth -= 1
            }
        }
        return nil
    }

    /// A link target that is neither an http(s) or mailto: URL nor a merge tag.
    public struct BadTarget: Error, Equatable {
        public var target: String
    }

    /// The lowercased scheme of a URL (`https` of `https://…`), nil when the text has none (a merge tag).
    static func scheme(of target: String) -> String? {
        guard let colon = target.firstIndex(of: ":") else { return nil }
        let name = target[..<colon]
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII,
              name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+.-".unicodeScalars.contains($0)) })
        else { return nil }
        return name.lowercased()
    }
}
