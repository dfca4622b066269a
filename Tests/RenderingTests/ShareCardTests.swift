import Maps
import Testing
@testable import Pages
@testable import Rendering
@testable import Themes
@testable import Words

@Suite("Share cards")
struct ShareCardTests {
    /// The text of every `<text>` element with its x, y and font size.
    static func texts(_ svg: String) -> [(x: Double, y: Double, size: Double, bold: Bool, end: Bool, text: String)] {
        svg.components(separatedBy: "<text").dropFirst().compactMap { part in
            func attribute(_ name: String) -> String? {
                part.components(separatedBy: " \(name)=\"").dropFirst().first?.components(separatedBy: "\"").first
            }
            guard let x = attribute("x").flatMap(Double.init), let y = attribute("y").flatMap(Double.init),
                  let size = attribute("font-size").flatMap(Double.init),
                  let body = part.components(separatedBy: ">").dropFirst().first?.components(separatedBy: "</text").first else { return nil }
            let text = body.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
            return (x, y, size, part.contains("font-weight=\"bold\""), part.contains("text-anchor=\"end\""), text)
        }
    }

    /// Every text stays inside the card's margins when set in DejaVu Sans.
    static func fits(_ card: ShareCard) -> Bool {
        texts(card.svg).allSatisfy { t in
            let w = TextWidth.of(t.text, size: t.size, bold: t.bold)
            let (left, right) = t.end ? (t.x - w, t.x) : (t.x, t.x + w)
            return left >= 89.9 && right <= 1110.1 && t.y <= 540
        }
    }

    static let long = String(repeating: "Trucks idling on West Grand Boulevard near the school every morning ", count: 8)

    @Test("long titles, texts, names and keys are cut to fit DejaVu Sans, the widest common font")
    func fitsDejaVu() {
        let card = ShareCard(kicker: Self.long, title: Self.long, text: Self.long, keys: (1...9).map { .init(color: "#d55e00", label: "Category \($0) " + Self.long) },
                             footer: Self.long, description: "d")
        #expect(Self.fits(card))
        let titles = Self.texts(card.svg).filter { $0.size >= 48 }
        #expect(titles.count == 3 && titles.last?.text.hasSuffix("…") == true, "\(titles)")
        let wide = ShareCard(kicker: "W", title: String(repeating: "W", count: 200), figures: [.init(value: 1_234_567, label: Self.long)], description: "d")
        #expect(Self.fits(wide))
    }

    @Test("a title that fits on one line at a smaller size is not broken in two")
    func oneLine() {
        let card = ShareCard(kicker: "Corktown · Weekly digest", title: "Week of November 16, 2026", titleLines: 2, description: "d")
        let titles = Self.texts(card.svg).filter { $0.size >= 48 }
        #expect(titles.map(\.text) == ["Week of November 16, 2026"])
    }

    @Test("figures are never cut: a large number is set smaller")
    func figures() {
        let card = ShareCard(kicker: "K", title: "T", figures: [.init(value: 123_456_789, label: "reports"), .init(value: 2, label: "stories")], description: "d")
        let numbers = Self.texts(card.svg).filter { $0.y == 438 }
        #expect(numbers.map(\.text) == ["123,456,789", "2"])
        #expect(numbers.count == 2 && numbers[0].size < numbers[1].size)
        #expect(Self.fits(card))
    }

    @Test("hostile text is escaped in the SVG")
    func escaped() {
        let hostile = "<script>alert(\"x\")</script> & ' \"><img src=x onerror=alert(1)>"
        let card = ShareCard(kicker: hostile, title: hostile, text: hostile, keys: [.init(color: "#d55e00\"/><script>", label: hostile)], footer: hostile, description: hostile)
        #expect(!card.svg.contains("<script") && !card.svg.contains("<img"))
        #expect(card.svg.contains("&lt;script&gt;"))
    }

    @Test("the band along the bottom gives each category its share, and is gray with none")
    func band() {
        let card = ShareCard(kicker: "K", title: "T", keys: [.init(color: "#111111", label: "a", weight: 3), .init(color: "#222222", label: "b", weight: 1)], description: "d")
        let pieces = card.band()
        #expect(pieces.map(\.0) == [40, 880] && pieces.map(\.1) == [840, 280])
        #expect(ShareCard(kicker: "K", title: "T", description: "d").band().map(\.2) == [ShareCard.rule])
    }

    @Test("text is wrapped at words and a word wider than a line is broken")
    func wrapping() {
        #expect(CardText.lines("one two three", width: 1000, size: 30, bold: false) == ["one two three"])
        let broken = CardText.lines(String(repeating: "x", count: 100), width: 300, size: 30, bold: false)
        #expect(broken.count > 1 && broken.allSatisfy { TextWidth.of($0, size: 30) <= 300 })
        #expect(CardText.line("Residents of Bagley filed many reports", width: 300, size: 30, bold: false) == "Residents of…")
    }

    @Test("numbers are grouped by thousands")
    func grouping() {
        #expect([0, 999, 1_000, 1_234_567].map(ShareCard.grouped) == ["0", "999", "1,000", "1,234,567"])
    }
}
