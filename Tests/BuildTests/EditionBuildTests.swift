import Foundation
import Testing
@testable import Build
@testable import Pages
@testable import Rendering
@testable import Themes
@testable import Words

/// A neighborhood built in more than one language (`languages:` in neighborhood.md): one edition
/// per language, translations beside the originals, links between the editions.
@Suite("Neighborhoods in more than one language")
struct EditionBuildTests {
    /// `north` in English and `lang`, with translations of its page, the published story and the events
    /// (not of the coalition, unless `coalition`), and the draft's translation marked published.
    static func files(_ lang: String = "es", coalition: Bool = false) -> [String: String] {
        var files = SiteFixture.north.mapValues {
            $0.replacingOccurrences(of: "Tuesdays", with: "weekly").replacingOccurrences(of: "November meeting", with: "Autumn meeting")
        }
        files["neighborhoods/north/neighborhood.md"] = "---\nname: North End\ndescription: A test neighborhood\nlanguages: [en, \(lang)]\n---\nAbout North End.\n"
        let es = lang == "es"
        files["neighborhoods/north/neighborhood.\(lang).md"] = es
            ? "---\nname: Barrio Norte\ndescription: Un barrio de prueba\n---\nSobre el Barrio Norte.\n"
            : "---\nname: الحي الشمالي\ndescription: حي للتجربة\n---\nعن الحي الشمالي.\n"
        files["neighborhoods/north/stories/slow-down.\(lang).md"] = es
            ? "---\ntitle: Más despacio en Main\ncall_to_action: Pidan reductores de velocidad.\n---\nAquí los carros van **rápido**.\n"
            : "---\ntitle: تمهّلوا في شارع مين\ncall_to_action: اطلبوا مطبات لتهدئة السرعة.\n---\nالسيارات **مسرعة** هنا.\n"
        files["neighborhoods/north/stories/draft-one.\(lang).md"] = "---\ntitle: TRANSLATED-DRAFT-MARKER\nstatus: published\n---\nTodavía no.\n"
        files["neighborhoods/north/events/walk.\(lang).md"] = es
            ? "---\ntitle: Recorrido de la calle\nlocation: Esquina de A y B\n---\nTraigan buenos zapatos.\n"
            : "---\ntitle: جولة لتقييم الشارع\nlocation: زاوية شارعي A وB\n---\nأحضروا أحذية مريحة.\n"
        files["neighborhoods/north/events/meeting.\(lang).md"] = es
            ? "---\ntitle: Reunión de otoño\n---\nYa pasó.\n" : "---\ntitle: اجتماع الخريف\n---\nانتهى.\n"
        if coalition {
            files["neighborhoods/north/coalitions/safe-streets.\(lang).md"] = es
                ? "---\nname: Calles Seguras\nmeets: cada semana\n---\nNos organizamos.\n"
                : "---\nname: شوارع آمنة\nmeets: كل أسبوع\n---\nننظّم أنفسنا.\n"
        }
        return files
    }

    /// `files()` with `text` at `path`, and what building it reports.
    static func build(with path: String, _ text: String) -> (SiteFixture, BuildReport) {
        var files = Self.files()
        files[path] = text
        let f = SiteFixture(files)
        return (f, f.build())
    }

    @Test("a report's place and title are made in each edition's words: 'Near A St and B St' in English, 'Cerca de A St y B St' in Spanish")
    func placesInEachLanguage() throws {
        var files = Self.files()
        // Two streets crossing at o5, which gives no location of its own; o6 is far from any street.
        files["neighborhoods/north/basemap.geojson"] = """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "properties": {"name": "Alder St", "kind": "street"}, "geometry": {"type": "LineString", "coordinates": [[-83.16, 42.05], [-83.14, 42.05]]}},
          {"type": "Feature", "properties": {"name": "Birch Ave", "kind": "street"}, "geometry": {"type": "LineString", "coordinates": [[-83.15, 42.04], [-83.15, 42.06]]}}
        ]}
        """
        files["neighborhoods/north/observations.csv"]! += """
        o5,speeding,,42.0501,-83.1501,2026-11-26,published,Fast.
        o6,speeding,,42.095,-83.195,2026-11-27,published,Far away.

        """
        let f = SiteFixture(files)
        let report = f.build()
        #expect(report.succeeded, "\(report.diagnostics)")
        let en = try #require(f.file("north/observations/o5/index.html"))
        #expect(en.contains("<title>Speeding — Near Alder St and Birch Ave — North End</title>") || en.contains("<title>Speeding — Near Birch Ave and Alder St — North End</title>"), "\(en.prefix(400))")
        let es = try #require(f.file("north/es/observations/o5/index.html"))
        #expect(es.contains("Speeding — Cerca de Alder St y Birch Ave") || es.contains("Speeding — Cerca de Birch Ave y Alder St"))
        #expect(!es.contains("Near Alder") && !es.contains("Near Birch") && !es.contains(" and Birch") && !es.contains(" and Alder"), "no English place words in the Spanish edition")
        #expect((f.file("north/observations/o6/index.html") ?? "").contains("Speeding — In North End"))
        #expect((f.file("north/es/observations/o6/index.html") ?? "").contains("Speeding — En Barrio Norte"))
        let list = f.file("north/es/observations/index.html") ?? ""
        #expect(!list.contains("Near Alder") && !list.contains("Near Birch") && !list.contains("In North End"), "nor on the list of reports")
    }

    @Test("category labels from site.yml are in the edition's language on pages and in its search index; check names a label without it")
    func categoryWords() throws {
        let site = SiteFixture.site.replacingOccurrences(of: "speeding: { label: Speeding, color: \"#d55e00\" }",
                                                         with: "speeding: { label: { en: Speeding, es: Exceso de velocidad }, color: \"#d55e00\" }")
        let f = SiteFixture(Self.files(), site: site)
        #expect(f.build().succeeded)
        let es = try #require(f.file("north/es/observations/o1/index.html"))
        #expect(es.contains("Exceso de velocidad") && !es.contains(">Speeding<"))
        let index = try #require(f.file("north/es/search/index.js"))
        #expect(index.contains("Exceso de velocidad") && !index.contains("Speeding"), "a Spanish search for the Spanish label finds the reports")
        #expect((f.file("north/observations/o1/index.html") ?? "").contains("Speeding"))
        let (_, diagnostics) = Builder.check(content: f.content, templates: SiteFixture.theme)
        #expect(diagnostics.map(\.description).contains { $0.hasSuffix("warning: the label of category 'illegal-parking' has no words in 'es', so the es edition of North End shows it in 'en'; give one per language, like '{ en: ..., es: ... }'") },
                "\(diagnostics)")
    }

    @Test("a site title given per language names each edition: pages, feed and share card; one text stays the same everywhere")
    func titleInEachLanguage() throws {
        let site = SiteFixture.site.replacingOccurrences(of: "title: Test Digests", with: "title: { en: Test Digests, es: Boletines de Prueba }")
        let f = SiteFixture(Self.files(), site: site)
        #expect(f.build(baseURL: "https://example.org/").succeeded)
        for path in ["north/es/index.html", "north/es/observations/o1/index.html", "north/es/feed.xml", "north/es/stories/slow-down/card.svg"] {
            let text = try #require(f.file(path), "\(path)")
            #expect(text.contains("Boletines de Prueba") && !text.contains("Test Digests"), "\(path)")
        }
        let english = try #require(f.file("north/index.html"))
        #expect(english.contains("Test Digests") && !english.contains("Boletines"))
        let one = SiteFixture(Self.files())
        #expect(one.build().succeeded)
        #expect(one.file("north/es/index.html")?.contains("<span class=\"brand-site\">Test Digests</span>") == true, "a name in one text")
    }

    @Test("A Spanish edition: its own folder, translated texts, a note where there is no translation, links both ways")
    func spanishEdition() throws {
        let f = SiteFixture(Self.files())
        let report = f.build(baseURL: "https://example.org/")
        #expect(report.diagnostics.filter(\.isError).isEmpty, "\(report.diagnostics.map(\.description))")
        let story = try #require(f.file("north/es/stories/slow-down/index.html"))
        #expect(story.contains("<html lang=\"es\" dir=\"ltr\">"))
        #expect(story.contains("Más despacio en Main") && story.contains("Aquí los carros van <strong>rápido</strong>."))
        #expect(story.contains("Pidan reductores de velocidad."))
        #expect(!story.contains("Cars are"))
        #expect(!story.contains("untranslated-note"))
        // Both ways: each edition names the other and itself.
        #expect(story.contains("<link rel=\"alternate\" hreflang=\"en\" href=\"https://example.org/north/stories/slow-down/index.html\">"))
        #expect(story.contains("<link rel=\"alternate\" hreflang=\"es\" href=\"https://example.org/north/es/stories/slow-down/index.html\">"))
        let original = try #require(f.file("north/stories/slow-down/index.html"))
        #expect(original.contains("<html lang=\"en\" dir=\"ltr\">") && original.contains("Cars are <strong>fast</strong> here."))
        #expect(original.contains("<link rel=\"alternate\" hreflang=\"es\" href=\"https://example.org/north/es/stories/slow-down/index.html\">"))
        // The switch: each language named in itself, with its lang, linking the same page.
        #expect(original.contains("<a href=\"../../es/stories/slow-down/index.html\" lang=\"es\" hreflang=\"es\">Español</a>"))
        #expect(story.contains("<a href=\"../../../stories/slow-down/index.html\" lang=\"en\" hreflang=\"en\">English</a>"))
        // The coalition has no translation: the original, in its language, with a note in Spanish.
        let coalition = try #require(f.file("north/es/coalitions/safe-streets/index.html"))
        #expect(coalition.contains("<p class=\"untranslated-note\" role=\"note\">Todavía no está traducido; se muestra en su idioma original.</p>"))
        #expect(coalition.contains("<div class=\"prose\" lang=\"en\">") && coalition.contains("We organize."))
        let home = try #require(f.file("north/es/index.html"))
        #expect(home.contains("Sobre el Barrio Norte.") && home.contains("Recorrido de la calle"))
        // Every link of both editions (the switch too) names a file that exists.
        #expect(LinkChecker.brokenLinks(site: f.out, neighborhood: "north").isEmpty, "\(LinkChecker.brokenLinks(site: f.out, neighborhood: "north").prefix(10))")
        // Feeds and calendars say their language.
        #expect(try #require(f.file("north/es/feed.xml")).contains("xml:lang=\"es\""))
        #expect(try #require(f.file("north/feed.xml")).contains("xml:lang=\"en\""))
        let ics = try #require(f.file("north/es/events.ics"))
        #expect(ics.contains("SUMMARY;LANGUAGE=es:Recorrido de la calle") && ics.contains("LOCATION;LANGUAGE=es:Esquina de A y B"))
        #expect(try #require(f.file("north/events.ics")).contains("SUMMARY;LANGUAGE=en:Walk audit"))
        // The open data is written once, in the site's language's edition; the Spanish About page links it there.
        #expect(f.file("north/data/observations.csv") != nil && f.file("north/es/data/observations.csv") == nil)
        #expect(try #require(f.file("north/es/data/index.html")).contains("href=\"../../data/observations.csv\""))
        // Both editions are in the sitemaps.
        #expect(try #require(f.file("north/es/sitemap.xml")).contains("https://example.org/north/es/stories/slow-down/"))
    }

    @Test("A translation of a draft is never published, whatever status it says")
    func draftTranslation() throws {
        let f = SiteFixture(Self.files())
        let report = f.build()
        #expect(report.diagnostics.filter(\.isError).isEmpty, "\(report.diagnostics.map(\.description))")
        #expect(f.file("north/es/stories/draft-one/index.html") == nil)
        #expect(f.file("north/es/stories/slow-down/index.html") != nil)
        let all = SiteFixture.files(under: f.out + "/north/es").compactMap { f.file("north/es/" + $0) }
        #expect(!all.isEmpty && !all.contains { $0.contains("TRANSLATED-DRAFT-MARKER") })
        // Its status is ignored, and said so, at its line.
        #expect(report.diagnostics.contains { $0.location.path.hasSuffix("stories/draft-one.es.md") && $0.location.line == 3 && $0.message.contains("'status'") })
    }

    @Test("An Arabic edition is right to left, and the English one stays left to right")
    func arabicEdition() throws {
        let f = SiteFixture(Self.files("ar", coalition: true))
        let report = f.build()
        #expect(report.diagnostics.filter(\.isError).isEmpty, "\(report.diagnostics.map(\.description))")
        let home = try #require(f.file("north/ar/index.html"))
        #expect(home.contains("<html lang=\"ar\" dir=\"rtl\">") && home.contains("عن الحي الشمالي."))
        #expect(home.contains("lang=\"ar\" hreflang=\"ar\" aria-current=\"page\">العربية</a>"))
        #expect(try #require(f.file("north/index.html")).contains("<html lang=\"en\" dir=\"ltr\">"))
        #expect(LinkChecker.brokenLinks(site: f.out, neighborhood: "north").isEmpty)
    }

    @Test("An edition with every text translated holds none of the English theme's words", arguments: ["es", "ar"])
    func noEnglish(language: String) throws {
        let f = SiteFixture(Self.files(language, coalition: true))
        let report = f.build(drafts: false, baseURL: "https://example.org/")
        #expect(report.diagnostics.filter(\.isError).isEmpty, "\(report.diagnostics.map(\.description))")
        let pieces = try LanguageBuildTests.englishPieces()
        let pages = LanguageBuildTests.pages(f).filter { $0.0.hasPrefix("north/\(language)/") }
        #expect(pages.count > 20)
        let found = LanguageBuildTests.places(of: pieces, in: pages)
        #expect(found.isEmpty, "\(found.prefix(20))")
    }

    @Test("A translation without its original is an error at its first line")
    func orphan() throws {
        let (_, report) = Self.build(with: "neighborhoods/north/stories/no-such-story.es.md", "---\ntitle: Huérfana\n---\nSin original.\n")
        let error = try #require(report.diagnostics.first { $0.isError })
        #expect(error.location.path.hasSuffix("neighborhoods/north/stories/no-such-story.es.md"))
        #expect(error.location.line == 1 && error.location.column == 1)
        #expect(error.message.contains("without its original"))
    }

    @Test("A translation into a language the neighborhood does not name, or a language twice, is an error")
    func unknownLanguage() throws {
        let (_, report) = Self.build(with: "neighborhoods/north/events/walk.fr.md", "---\ntitle: Promenade\n---\nVenez.\n")
        #expect(report.diagnostics.contains { $0.isError && $0.location.path.hasSuffix("events/walk.fr.md") && $0.message.contains("'fr'") })
        let (_, twice) = Self.build(with: "neighborhoods/north/neighborhood.md", "---\nname: North End\nlanguages: [en, es, es]\n---\nAbout.\n")
        #expect(twice.diagnostics.contains { $0.isError && $0.location.path.hasSuffix("north/neighborhood.md") && $0.message.contains("named twice") })
        let (_, missing) = Self.build(with: "neighborhoods/north/neighborhood.md", "---\nname: North End\nlanguages: [es]\n---\nAbout.\n")
        #expect(missing.diagnostics.contains { $0.isError && $0.message.contains("lacks the site's language") })
    }

    @Test("--only a neighborhood builds all its editions, and a second build reuses them unchanged")
    func onlyAndCache() throws {
        let f = SiteFixture(Self.files())
        _ = f.build(only: ["north"])
        #expect(f.file("north/es/index.html") != nil && f.file("north/index.html") != nil)
        let before = SiteFixture.snapshot(f.out)
        let again = f.build(only: ["north"])
        #expect(again.rendered == 0)
        #expect(SiteFixture.snapshot(f.out) == before)
        #expect(try #require(f.file("index.html")).contains("North End"))
    }
}

extension EditionBuildTests {
    @Test("A language the theme has no words for is an error at 'languages' in neighborhood.md, in check and in build")
    func languageWithoutWords() throws {
        let (f, report) = Self.build(with: "neighborhoods/north/neighborhood.md", "---\nname: North End\nlanguages: [en, es, fr]\n---\nAbout.\n")
        let error = try #require(report.diagnostics.first { $0.isError && $0.message.contains("'fr'") })
        #expect(error.location.path.hasSuffix("north/neighborhood.md") && error.location.line == 3)
        #expect(f.file("north/index.html") == nil)
        let (_, checked) = Builder.check(content: f.content, templates: SiteFixture.theme)
        #expect(checked.contains { $0.isError && $0.message.contains("no i18n/fr.yml") })
    }
}
