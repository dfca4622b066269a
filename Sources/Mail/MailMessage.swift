import Fingerprint

/// One e-mail with a plain-text and an HTML version of the same content (`multipart/alternative`,
/// RFC 2045/2046), ready for `sendmail -t`: CRLF line ends, no line over 78 characters but a folded
/// header's, both bodies quoted-printable UTF-8.
///
/// It has no `Date` or `Message-ID`: those say when and by whom it was sent, which the mail system
/// adds when it is; a file made from content alone cannot know them. The boundary is made from the
/// bodies, so the same message gives the same bytes, and it begins with `=_`, which quoted-printable
/// text never holds.
public struct MailMessage: Sendable {
    public var from: MailAddress
    public var to: [MailAddress]
    public var subject: String
    /// A BCP 47 tag for `Content-Language`, or nil.
    public var language: String?
    public var text: String
    public var html: String

    public init(from: MailAddress, to: [MailAddress], subject: String, language: String? = nil, text: String, html: String) {
        (self.from, self.to, self.subject, self.language, self.text, self.html) = (from, to, subject, language, text, html)
    }

    public var boundary: String {
        var h = FingerprintBuilder()
        h.add(text)
        h.add(html)
        return "=_commonsight_\(h.value)"
    }

    /// The message as it is written to a file.
    public var rendered: String {
        var headers = [MailHeader.field("From", from.tokens)]
        if !to.isEmpty { headers.append(Self.recipients(to)) }
        headers += [MailHeader.unstructured("Subject", subject), "MIME-Version: 1.0"]
        if let language, !language.isEmpty, language.utf8.allSatisfy({ $0 == 0x2D || ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) }) {
            headers.append("Content-Language: " + language)
        }
        let b = boundary
        headers.append("Content-Type: multipart/alternative;\r\n boundary=\"\(b)\"")
        func part(_ type: String, _ body: String) -> String {
            "--\(b)\r\nContent-Type: \(type); charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" + QuotedPrintable.encode(body) + "\r\n"
        }
        return headers.joined(separator: "\r\n") + "\r\n\r\n"
            + "This message has a plain-text and an HTML version.\r\n\r\n"
            + part("text/plain", text) + part("text/html", html) + "--\(b)--\r\n"
    }

    public var bytes: [UInt8] { Array(rendered.utf8) }

    /// The `To:` header field (folded, without its line end) of `addresses`.
    public static func recipients(_ addresses: [MailAddress]) -> String {
        var tokens: [String] = []
        for (i, address) in addresses.enumerated() {
            var own = address.tokens
            if i < addresses.count - 1, let last = own.popLast() { own.append(last + ",") }
            tokens += own
        }
        return MailHeader.field("To", tokens)
    }
}
