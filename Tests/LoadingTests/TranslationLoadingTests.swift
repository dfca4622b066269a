import Foundation
import Testing
@testable import Loading

@Suite("Translations beside the originals")
struct TranslationLoadingTests {
    static let hood = "---\nname: North\nlanguages: [en, es]\n---\nAbout.\n"
    static let story = "---\ntitle: Slow down\nstatus: draft\ndate: 2024-06-01\ntags: [speeding]\nauthor: Block club volunteers\n---\nNarrative.\n"

    @Test("story.es.md is the Spanish words of story.md: its title, call to action, author and text; the rest is the original's")
    func storyTranslation() throws {
        let f = Fixture([
            "neighborhoods/n/neighborhood.md": Self.hood,
            "neighborhoods/n/neighborhood.es.md": "---\nname: Norte\n---\nSobre el barrio.\n",
            "neighborhoods/n/stories/slow-down.md": Self.story,
            "neighborhoods/n/stories/slow-down.es.md": "---\ntitle: Más despacio\nstatus: published\ndate: 2030-01-01\nauthor: Voluntarios de la cuadra\n---\nNarración.\n",
        ])
        let (content, diagnostics) = f.load()
        let n = try #require(content?.neighborhoods.first)
        #expect(n.languages == ["en", "es"])
        #expect(n.stories.map(\.slug) == ["slow-down"])
        let es = try #require(n.translations["es"])
        #expect(es.name == "Norte" && es.about?.trimmingCharacters(in: .whitespacesAndNewlines) == "Sobre el barrio.")
        let s = try #require(es.stories["slow-down"])
        #expect(s.title == "Más despacio" && s.body.trimmingCharacters(in: .whitespacesAndNewlines) == "Narración.")
        #expect(s.author == "Voluntarios de la cuadra" && n.stories.first?.author == "Block club volunteers")
        // Status, date and tags stay the original's: a draft stays a draft.
        #expect(s.status == .draft && s.date?.day.description == "2024-06-01" && s.tags == ["speeding"])
        #expect(diagnostics.filter { $0.contains(": warning: ") } == [
            "content/neighborhoods/n/stories/slow-down.es.md:3:9: warning: ignored: a translation takes 'status' from the original slow-down.md; it translates only 'author', 'call_to_action' or 'title'",
            "content/neighborhoods/n/stories/slow-down.es.md:4:7: warning: ignored: a translation takes 'date' from the original slow-down.md; it translates only 'author', 'call_to_action' or 'title'",
        ].sorted())
    }

    @Test("a blank author or title in a translation keeps the original's, and says so at the field; one left out says nothing")
    func blankTranslatedField() throws {
        let f = Fixture([
            "neighborhoods/n/neighborhood.md": Self.hood,
            "neighborhoods/n/stories/slow-down.md": Self.story,
            "neighborhoods/n/stories/slow-down.es.md": "---\ntitle: \"  \"\nauthor:\n---\nNarración.\n",
            "neighborhoods/n/stories/other.md": Self.story.replacingOccurrences(of: "author: Block club volunteers\n", with: ""),
            "neighborhoods/n/stories/other.es.md": "---\ntitle: Otra\nauthor:\ncall_to_action:\n---\nOtra.\n",
        ])
        let (content, diagnostics) = f.load()
        let es = try #require(content?.neighborhoods.first?.translations["es"])
        #expect(es.stories["slow-down"]?.author == "Block club volunteers" && es.stories["slow-down"]?.title == "Slow down")
        #expect(es.stories["other"]?.author == nil && es.stories["other"]?.title == "Otra")
        #expect(diagnostics.filter { $0.contains(": warning: ") } == [
            "content/neighborhoods/n/stories/slow-down.es.md:2:8: warning: 'title' is empty, so this translation shows the original's; give it in this translation's language, or remove the line",
            "content/neighborhoods/n/stories/slow-down.es.md:3:8: warning: 'author' is empty, so this translation shows the original's; give it in this translation's language, or remove the line",
        ])
    }

    @Test("a neighborhood without languages: has no translations, and a translation file there is an error")
    func noLanguages() {
        let f = Fixture([
            "neighborhoods/n/stories/slow-down.md": Self.story,
            "neighborhoods/n/stories/slow-down.es.md": "---\ntitle: Más despacio\n---\nNarración.\n",
        ])
        let errors = f.errors()
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("content/neighborhoods/n/stories/slow-down.es.md:1:1: error: a translation into 'es', but neighborhood.md names no other languages") == true)
    }

    @Test("a languages: entry that is not a plain language code is an error at it")
    func badLanguage() {
        let f = Fixture(["neighborhoods/n/neighborhood.md": "---\nname: North\nlanguages: [en, es-MX, x1, AR]\n---\nAbout.\n"])
        let errors = f.errors()
        #expect(errors.contains { $0.contains("neighborhood.md:3:") && $0.contains("'es-MX' has a region") })
        #expect(errors.contains { $0.contains("neighborhood.md:3:") && $0.contains("'x1' is not a BCP 47 tag") })
        #expect(errors.contains { $0.contains("neighborhood.md:3:") && $0.contains("'AR' must be written in lowercase, 'ar'") })
    }
}
