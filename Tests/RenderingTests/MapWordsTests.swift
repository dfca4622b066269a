import Testing
@testable import Pages
@testable import Rendering
@testable import Themes
@testable import Words

@Suite("A map's words, made once per neighborhood")
struct MapWordsTests {
    @Test("each word looked up again is the word the language makes, in English, Spanish and Arabic, past the most kept")
    func sameAsTheLanguage() throws {
        for code in ["en", "es", "ar"] {
            let language = try LanguageTests.language(code)
            let memo = ViewModels.mapWords(language), l = language
            // Twice over more distinct words than are kept: the second round finds them kept, or made again.
            for _ in 0..<2 {
                for n in 0..<(WordMemo.limit / 3) {
                    let street = "Street \(n % 97)", place = "Place \(n % 13)"
                    #expect(memo.reports(n) == language.text("map_reports", count: n))
                    #expect(memo.number(n) == language.number(n))
                    #expect(memo.categoryCount(street, n) == language.text("map_category_count", count: n, ["category": street]))
                    #expect(memo.near(street, nil) == l.text("map_near_street", ["street": street]))
                    #expect(memo.near(street, place) == l.text("map_near_corner", ["street": street, "crossing": place]))
                    #expect(memo.somewhere(place) == language.text("map_somewhere", ["place": place]))
                    #expect(memo.showing(place, street) == l.text("map_showing", ["place": place, "reports": street]))
                    #expect(memo.placeSummary(street, place, "\(n)") == l.text("map_place_summary", ["reports": street, "place": place, "counts": "\(n)"]))
                    #expect(memo.busiest(place, n) == l.text("map_busiest", count: n, ["place": place]))
                }
            }
            // The kinds of words are kept apart: the same number says different things.
            #expect(memo.reports(3) != memo.number(3))
            #expect(memo.near("A", nil) != memo.near("A", ""))
        }
    }
}
