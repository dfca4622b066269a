import Testing
@testable import Escaping
import TestSupport

@Suite("Escaping into bytes")
struct EscaperBytesTests {
    /// Each character looked up on its own, the way the escapers read text before they read bytes.
    static func characterByCharacter(_ escaper: Escaper, _ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars { out += escaper.replacement(scalar) ?? String(scalar) }
        return out
    }

    static let escapers: [(String, Escaper)] = [("xml", Escape.xml), ("ics", Escape.icsText), ("json", Escape.jsonText), ("yaml", Escape.yamlText)]

    /// What the texts are made of: every replaced character, the characters around them in UTF-8
    /// (same lead byte, neighbors), letters of four scripts, emoji and combining marks.
    static let pieces: [String] = [
        "a", " ", "\"", "\\", "'", "&", "<", ">", ";", ",", "\n", "\r", "\t", "\u{0}", "\u{1}", "\u{1B}", "\u{7F}", "\u{80}", "\u{85}",
        "\u{9F}", "\u{A0}", "é", "\u{301}", "\u{2027}", "\u{2028}", "\u{2029}", "\u{202A}", "\u{FEFF}", "\u{FFFD}", "\u{FFFE}", "\u{FFFF}",
        "\u{10000}", "👩🏽‍🚒", "ب", "中", "Ω", "x=1", "%",
    ]

    @Test("every escaper gives, byte for byte, what reading character by character gives, on 20,000 texts")
    func sameAsCharacterByCharacter() {
        var random = SeededRandom(seed: 20261203)
        for n in 0..<20_000 {
            let text = (0..<random.next(12)).map { _ in Self.pieces[random.next(Self.pieces.count)] }.joined()
            for (name, escaper) in Self.escapers {
                let expected = Self.characterByCharacter(escaper, text)
                var bytes: [UInt8] = [0x5B]
                escaper.append(text, to: &bytes)
                #expect(bytes == [0x5B] + Array(expected.utf8), "\(name), text \(n): \(text.debugDescription)")
                #expect(escaper(text) == expected, "\(name), text \(n): \(text.debugDescription)")
            }
        }
    }

    @Test("a JSON literal appended to bytes is the one made as text")
    func jsonLiteral() {
        for text in ["", "plain", "\"quoted\" \\ \u{2028}", "tab\there\u{1}", "مرحبا"] {
            var bytes: [UInt8] = []
            Escape.json(text, to: &bytes)
            #expect(bytes == Array(Escape.json(text).utf8))
        }
    }
}
