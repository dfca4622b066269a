import Foundation
import Testing
@testable import Build
@testable import Pages
@testable import Rendering
@testable import Themes
@testable import Words

/// The fixture built in Spanish and in Arabic: no English word of the theme is left, and Arabic reads right to left.
@Suite("Sites in Spanish and Arabic")
struct LanguageBuildTests {
    static func site(_ language: String, numbering: String? = nil) -> String {
        SiteFixture.site + "\nlanguage: \(language)\n" + (numbering.map { "numbering: \($0)\n" } ?? "")
    }

    /// Pieces of the English theme's texts (between parameters) long enough to be words of the theme,
    /// not names: two words or more.
    static func englishPieces() throws -> [String] {
        let (theme, _) = Theme.load(root: SiteFixture.theme)
        let en = try #require(theme?.languages["en"])
        var texts: [String] = []
        for (_, message) in en.messages {
            switch message {
            case .text(let t): texts.append(t.text)
            case .plural(let forms): texts += forms.values.map(\.text)
            }
        }
        texts += en.calendar.months + en.calendar.weekdays
        var pieces = Set<String>()
        for t in texts {
            for piece in t.split(whereSeparator: { $0 == "{" || $0 == "}" }).enumerated().filter({ $0.offset % 2 == 0 }).map({ String($0.element) }) {
                let words = piece.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters).union(.symbols))
                // Names of the program and formats are the same in every language.
                if words.contains("CommonSight") || words.contains("Atom") || words.contains("iCal") { continue }
                if words.split(separator: " ").count >= 2 || en.calendar.months.contains(words) || en.calendar.weekdays.contains(words) {
                    pieces.insert(words)
                }
            }
        }
        return pieces.sorted()
    }

    /// Every page's text with HTML's escapes undone.
    static func pages(_ f: SiteFixture) -> [(String, String)] {
        SiteFixture.files(under: f.out).filter { $0.hasSuffix(".html") || $0.hasSuffix(".txt") || $0.hasSuffix(".svg") || $0.hasSuffix(".js") }
            .filter { !$0.hasPrefix("index.html") }
            // The "About this data" page is written in English only so far: not checked here.
            .filter { !$0.hasSuffix("/data/index.html") }
            .compactMap { p in
                f.file(p).map { (p, $0.replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")) }
            }
    }

    /// Each `path: piece` where a page holds one of the pieces.
    static func places(of pieces: [String], in pages: [(String, String)]) -> [String] {
        var found: [String] = []
        for (path, text) in pages {
            for piece in pieces where text.contains(piece) { found.append("\(path): \(piece)") }
        }
        return found
    }

    @Test("A Spanish and an Arabic build hold none of the English theme's words", arguments: ["es", "ar"])
    func noEnglish(language: String) throws {
        // The fixture's own words name no month or weekday (a meeting on "Tuesdays" is the content's English, not the theme's).
        let files = SiteFixture.north.mapValues { $0.replacingOccurrences(of: "Tuesdays", with: "weekly").replacingOccurrences(of: "November meeting", with: "Autumn meeting") }
        let f = SiteFixture(files, site: Self.site(language))
        let report = f.build(drafts: true, baseURL: "https://example.org/")
        #expect(report.diagnostics.filter(\.isError).isEmpty, "\(report.diagnostics.map(\.description))")
        let pieces = try Self.englishPieces()
        #expect(pieces.count > 120)
        #expect(pieces.contains("Skip to content") && pieces.contains("Week of") && pieces.contains("November"))
        let pages = Self.pages(f)
        #expect(pages.count > 20)
        let found = Self.places(of: pieces, in: pages)
        #expect(found.isEmpty, "\(found.prefix(20))")
    }

    @Test("a week's flyer counts its reports and its new stories each with its own plural: '3 reports ..., and 1 new story'")
    func flyerPlurals() throws {
        let f = SiteFixture()
        #expect(f.build(baseURL: "https://digest.example.org/").succeeded)
        let flyer = try #require(f.file("north/digest/2026-W48/flyer.html"))
        #expect(flyer.contains("1 report from residents this week, and 1 new story."), "\(flyer)")
    }

    @Test("Spanish pages: dates, plurals and navigation in Spanish")
    func spanish() throws {
        let f = SiteFixture(site: Self.site("es"))
        _ = f.build()
        let digest = try #require(f.file("north/digest/2026-W48/index.html"))
        #expect(digest.contains("<html lang=\"es\" dir=\"ltr\">"))
        #expect(digest.contains("<h1>Semana del 23 de noviembre de 2026</h1>"))
        #expect(digest.contains("Del 23 de noviembre al 29 de noviembre de 2026: 1 reporte y 1 historia nueva en <bdi>North End</bdi>."))
        #expect(digest.contains(">Inicio</a>") && digest.contains(">Boletines</a>"))
        let home = try #require(f.file("north/index.html"))
        #expect(home.contains("sábado 5 de diciembre de 2026 · 10:00\u{00A0}a.\u{00A0}m."))
        let text = try #require(f.file("north/digest/2026-W48/email.txt"))
        #expect(text.contains("LO QUE REPORTARON LOS VECINOS"))
    }

    @Test("Arabic pages read right to left, with Arabic-Indic digits when numbering: arab")
    func arabic() throws {
        let f = SiteFixture(site: Self.site("ar", numbering: "arab"))
        let report = f.build(baseURL: "https://example.org/")
        #expect(report.diagnostics.filter(\.isError).isEmpty)
        for path in SiteFixture.files(under: f.out + "/north") where path.hasSuffix(".html") {
            let page = try #require(f.file("north/" + path))
            #expect(page.contains("<html lang=\"ar\" dir=\"rtl\">"), "\(path)")
        }
        let digest = try #require(f.file("north/digest/2026-W48/index.html"))
        #expect(digest.contains("<h1>أسبوع ٢٣ نوفمبر ٢٠٢٦</h1>"))
        #expect(digest.contains("من ٢٣ نوفمبر إلى ٢٩ نوفمبر ٢٠٢٦: بلاغ واحد وقصة جديدة واحدة في <bdi>North End</bdi>."))
        let email = try #require(f.file("north/digest/2026-W48/email.html"))
        #expect(email.contains("<body dir=\"rtl\""))
        #expect(email.contains("border-right:4px solid #b35806"))
        let card = try #require(f.file("north/stories/slow-down/card.svg"))
        #expect(card.contains("direction=\"rtl\""))
        let map = try #require(f.file("north/map.svg"))
        #expect(map.contains("<g class=\"legend\" font-family=\"system-ui, sans-serif\" font-size=\"14\" fill=\"#1d2327\" direction=\"rtl\">"))
        #expect(!map.contains("reports") && map.contains("خريطة North End"))
        // The scale bar in Arabic words and digits, read right to left: no "ft" or "m" of English.
        let scale = try #require(map.range(of: "<g class=\"scale\"").map { String(map[$0.lowerBound...].prefix(while: { $0 != "\n" })) })
        let labels = scale.components(separatedBy: "<text ").dropFirst().map { String($0.drop(while: { $0 != ">" }).dropFirst().prefix(while: { $0 != "<" })) }
        #expect(labels.count == 2 && labels.allSatisfy { $0.unicodeScalars.allSatisfy { !("a"..."z").contains($0) && !("0"..."9").contains($0) } }, "\(labels)")
        #expect(labels.contains { $0.hasSuffix(" قدم") || $0.hasSuffix(" ميل") } && labels.contains { $0.hasSuffix(" م") || $0.hasSuffix(" كم") }, "\(labels)")
        #expect(scale.contains("<text direction=\"rtl\" text-anchor=\"end\" x="))
        // Lists of field names and statuses are joined with the Arabic comma.
        let data = try #require(f.file("north/data/index.html"))
        #expect(data.contains("</code>، <code>") && !data.contains("</code>, <code>"))
        let css = try #require(f.file("north/assets/site.css"))
        #expect(!css.contains("margin-left") && !css.contains("padding-left") && !css.contains("border-left"))
    }

    @Test("The same Arabic build twice is the same bytes (no machine locale read)")
    func deterministic() throws {
        let f = SiteFixture(site: Self.site("ar"))
        _ = f.build()
        let first = SiteFixture.snapshot(f.out)
        let g = SiteFixture(site: Self.site("ar"))
        _ = g.build()
        #expect(first == SiteFixture.snapshot(g.out))
    }
}
