import Foundation
import Mail
import Testing

/// The header lines of a message, unfolded: each is `Name: value`.
func unfoldedHeaders(_ message: String) -> [String] {
    let head = message.components(separatedBy: "\r\n\r\n").first ?? ""
    var fields: [String] = []
    for line in head.components(separatedBy: "\r\n") {
        if line.hasPrefix(" ") || line.hasPrefix("\t"), let last = fields.popLast() { fields.append(last + line) } else { fields.append(line) }
    }
    return fields
}

/// RFC 2047 "B" encoded words decoded, the space between two of them dropped.
func decodedWords(_ value: String) -> String {
    var out = ""
    var previousWasWord = false
    for token in value.split(separator: " ", omittingEmptySubsequences: false) {
        if token.hasPrefix("=?UTF-8?B?"), token.hasSuffix("?="),
           let data = Data(base64Encoded: String(token.dropFirst(10).dropLast(2))) {
            out += String(decoding: data, as: UTF8.self)
            previousWasWord = true
        } else {
            if !out.isEmpty || previousWasWord { out += " " }
            out += token
            previousWasWord = false
        }
    }
    return out
}

@Suite("E-mail messages for sendmail")
struct MailTests {
    static let from = MailAddress(parsing: "Bagley Digest <digest@example.org>")!
    static let to = [MailAddress(parsing: "neighbors@lists.example.org")!]

    static func message(subject: String = "Bagley: Week of November 23, 2026", text: String = "Hello\n", html: String = "<p>Hello</p>\n") -> MailMessage {
        MailMessage(from: from, to: to, subject: subject, language: "en", text: text, html: html)
    }

    @Test("a message has From, To, Subject, MIME-Version and a multipart/alternative type, and no Date")
    func headers() {
        let fields = unfoldedHeaders(Self.message().rendered)
        #expect(fields.contains("From: Bagley Digest <digest@example.org>"))
        #expect(fields.contains("To: neighbors@lists.example.org"))
        #expect(fields.contains("Subject: Bagley: Week of November 23, 2026"))
        #expect(fields.contains("MIME-Version: 1.0"))
        #expect(fields.contains { $0.hasPrefix("Content-Type: multipart/alternative; boundary=\"=_commonsight_") })
        #expect(!fields.contains { $0.hasPrefix("Date:") || $0.hasPrefix("Message-ID:") })
    }

    @Test("every line ends in CRLF and none is longer than 78 characters")
    func lines() {
        let long = String(repeating: "A very long sentence about speeding on Pickford Street. ", count: 40)
        let text = Self.message(subject: long, text: long + "\n" + long, html: "<p>\(long)</p>").rendered
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\r"))
        #expect(text.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 78 })
        #expect(text.hasSuffix("--\r\n"))
    }

    @Test("the same message gives the same bytes, and different bodies a different boundary")
    func deterministic() {
        #expect(Self.message().bytes == Self.message().bytes)
        #expect(Self.message(text: "a").boundary != Self.message(text: "b").boundary)
    }

    @Test("a subject with a line break and a Bcc header stays one Subject header")
    func injection() {
        for hostile in ["x\r\nBcc: evil@example.net", "x\nBcc: evil@example.net", "x\rBcc: evil@example.net", "x\u{2028}Bcc: evil@example.net",
                        "x\r\n\r\nBody injected", "Ünïcode\r\nBcc: evil@example.net"] {
            let text = Self.message(subject: hostile).rendered
            let fields = unfoldedHeaders(text)
            #expect(!fields.contains { $0.lowercased().hasPrefix("bcc:") }, "\(fields)")
            #expect(fields.filter { $0.hasPrefix("Subject:") }.count == 1)
            #expect(fields.count == 6, "From, To, Subject, MIME-Version, Content-Language, Content-Type: \(fields)")
            let subject = fields.first { $0.hasPrefix("Subject: ") }.map { decodedWords(String($0.dropFirst(9))) }
            #expect(subject?.contains("Bcc: evil@example.net") == true || subject?.contains("Body injected") == true, "the text stays, on one line")
        }
    }

    @Test("a display name with a line break or quotes cannot add a header either")
    func hostileName() throws {
        let address = try #require(MailAddress(name: "Org \"Quoted\"\r\nBcc: evil@example.net", address: "digest@example.org"))
        let text = MailMessage(from: address, to: Self.to, subject: "s", text: "t", html: "h").rendered
        let fields = unfoldedHeaders(text)
        #expect(!fields.contains { $0.lowercased().hasPrefix("bcc:") })
        #expect(fields.contains("From: \"Org \\\"Quoted\\\" Bcc: evil@example.net\" <digest@example.org>"))
    }

    @Test("addresses with line breaks, spaces, two @ or no domain are not addresses")
    func addresses() {
        for bad in ["digest@example.org\r\nBcc: evil@example.net", "a b@example.org", "a@b@example.org", "digest@", "@example.org",
                    "digest@localhost", "digest@-example.org", "di..gest@example.org", "dïgest@example.org", "a@example.org, b@example.org"] {
            #expect(MailAddress(parsing: bad) == nil, "\(bad)")
        }
        #expect(MailAddress(parsing: "\"Smith, Jo\" <jo@example.org>") == MailAddress(name: "Smith, Jo", address: "jo@example.org"))
        #expect(MailAddress(parsing: "jo+digest@mail.example.org")?.address == "jo+digest@mail.example.org")
    }

    @Test("a subject beyond ASCII is written as RFC 2047 encoded words of at most 75 characters")
    func encodedSubject() throws {
        let subject = "Quartier Saint-Médard : semaine du 23 novembre — عربي 🚦 " + String(repeating: "é", count: 80)
        let text = Self.message(subject: subject).rendered
        let head = text.components(separatedBy: "\r\n\r\n")[0].components(separatedBy: "\r\n")
        #expect(head.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } })
        let field = try #require(unfoldedHeaders(text).first { $0.hasPrefix("Subject: ") })
        let words = field.dropFirst(9).split(separator: " ")
        #expect(words.allSatisfy { $0.hasPrefix("=?UTF-8?B?") && $0.utf8.count <= 75 })
        #expect(decodedWords(String(field.dropFirst(9))) == subject)
    }

    @Test("a long plain subject is folded at spaces")
    func folded() throws {
        let subject = String(repeating: "Speeding on Pickford Street ", count: 6).trimmingCharacters(in: .whitespaces)
        let text = Self.message(subject: subject).rendered
        #expect(text.contains("\r\n Street") || text.contains("\r\n Speeding") || text.contains("\r\n on") || text.contains("\r\n Pickford"))
        #expect(unfoldedHeaders(text).contains("Subject: " + subject))
    }

    @Test("quoted-printable encodes =, UTF-8, trailing spaces and lines that start with a dot or From")
    func quotedPrintable() {
        #expect(QuotedPrintable.encode("a=b") == "a=3Db")
        #expect(QuotedPrintable.encode("café") == "caf=C3=A9")
        #expect(QuotedPrintable.encode("end \nnext\t") == "end=20\r\nnext=09")
        #expect(QuotedPrintable.encode(".\nFrom here") == "=2E\r\n=46rom here")
        #expect(QuotedPrintable.encode("a\r\nb\rc\n") == "a\r\nb\r\nc\r\n")
        // One line break before a combining mark too (the line then starts with its bytes).
        #expect(QuotedPrintable.encode("a\r\n\u{301}b\r\u{301}c") == "a\r\n=CC=81b\r\n=CC=81c")
        #expect(QuotedPrintable.encode("") == "" && QuotedPrintable.encode("\n\n") == "\r\n\r\n")
    }

    @Test("quoted-printable breaks long lines softly, never inside an escape, and decodes to the text")
    func softBreaks() {
        let line = String(repeating: "é", count: 30) + String(repeating: "x", count: 100) + " ."
        let encoded = QuotedPrintable.encode(line)
        let lines = encoded.components(separatedBy: "\r\n")
        #expect(lines.allSatisfy { $0.utf8.count <= 76 })
        #expect(lines.dropLast().allSatisfy { $0.hasSuffix("=") })
        #expect(Self.decode(encoded) == line)
    }

    /// Quoted-printable decoded (for the tests).
    static func decode(_ s: String) -> String {
        var bytes: [UInt8] = []
        let u = Array(s.replacingOccurrences(of: "=\r\n", with: "").utf8)
        var i = 0
        while i < u.count {
            if u[i] == 0x3D, i + 2 < u.count, let v = UInt8(String(decoding: u[i + 1...i + 2], as: UTF8.self), radix: 16) {
                bytes.append(v)
                i += 3
            } else {
                bytes.append(u[i])
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("both bodies are quoted-printable UTF-8 parts that decode to the text given")
    func bodies() {
        let text = "Line one\nLine two = café\n"
        let html = "<p>Café — 12 reports</p>\n"
        let rendered = Self.message(text: text, html: html).rendered
        let b = Self.message(text: text, html: html).boundary
        let parts = rendered.components(separatedBy: "--" + b)
        #expect(parts.count == 4, "preamble, two parts, the end")
        for (part, body, type) in [(parts[1], text, "text/plain"), (parts[2], html, "text/html")] {
            #expect(part.contains("Content-Type: \(type); charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"))
            // The CRLF before the next boundary belongs to the boundary.
            let encoded = String(decoding: part.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n").utf8.dropLast(2), as: UTF8.self)
            #expect(Self.decode(encoded).replacingOccurrences(of: "\r\n", with: "\n") == body)
        }
    }
}
