import Testing
@testable import Loading

@Suite("Reader-facing settings in one language or several")
struct WordingTests {
    static let site = """
    title: Test digests
    timezone: America/Detroit
    how_to_report: { en: Use the app., es: Usen la aplicación. }
    map_attribution: { en: City open data, es: Datos abiertos de la Ciudad }
    categories:
      speeding:
        label: { en: Speeding, es: Exceso de velocidad, ar: السرعة الزائدة }
        color: "#d55e00"
        call_to_action: { en: Ask for speed humps., es: Pidan reductores. }
      illegal-parking: { label: Illegal parking, color: "#009e73" }
    """

    @Test("a label, call to action or how_to_report is one text or one per language; each edition takes its own, else the site's")
    func perLanguage() throws {
        let (content, messages) = Fixture(["site.yml": Self.site]).load()
        #expect(messages.isEmpty, "\(messages)")
        let site = try #require(content?.site)
        #expect(site.category("speeding")?.label == "Speeding" && site.howToReport == "Use the app.")
        let es = site.inLanguage("es-MX")
        #expect(es.category("speeding")?.label == "Exceso de velocidad" && es.category("speeding")?.callToAction == "Pidan reductores.")
        #expect(es.category("illegal-parking")?.label == "Illegal parking", "one text serves every language")
        #expect(es.howToReport == "Usen la aplicación." && es.mapAttribution == "Datos abiertos de la Ciudad")
        #expect(site.mapAttribution == "City open data")
        let ar = site.inLanguage("ar")
        #expect(ar.category("speeding")?.label == "السرعة الزائدة" && ar.category("speeding")?.callToAction == "Ask for speed humps.")
        #expect(ar.missingWords(in: "ar").map(\.what) == ["the call to action of category 'speeding'", "the label of category 'illegal-parking'", "how_to_report", "map_attribution"])
        #expect(ar.mapAttribution == "City open data")
    }

    @Test("the title is a name in one text, the same in every edition; given per language, each edition names itself")
    func title() throws {
        let site = try #require(Fixture(["site.yml": Self.site]).load().0?.site)
        #expect(site.inLanguage("es").title == "Test digests" && site.inLanguage("es").missingWords(in: "es").allSatisfy { $0.what != "the title" })
        let named = Self.site.replacingOccurrences(of: "title: Test digests", with: "title: { en: Test digests, es: Boletines de prueba }")
        let (content, messages) = Fixture(["site.yml": named]).load()
        #expect(messages.isEmpty, "\(messages)")
        let many = try #require(content?.site)
        #expect(many.title == "Test digests" && many.inLanguage("es-MX").title == "Boletines de prueba")
        #expect(many.inLanguage("ar").title == "Test digests")
        #expect(many.missingWords(in: "ar").map(\.what).contains("the title") && !many.missingWords(in: "es").map(\.what).contains("the title"))
        let noSiteLanguage = Self.site.replacingOccurrences(of: "title: Test digests", with: "title: { es: Boletines de prueba }")
        #expect(Fixture(["site.yml": noSiteLanguage]).errors() == [
            "content/site.yml:1:8: error: 'title' has no text in the site's language 'en'; every reader-facing setting needs it, like '{ en: ... }'",
        ])
        // One mistake, one error: an empty site-language entry is not also reported missing; 'Es' would match no edition.
        let mistakes = Self.site.replacingOccurrences(of: "title: Test digests", with: "title: { en: \"\", Es: Boletines, es-MX: Boletines }")
        #expect(Fixture(["site.yml": mistakes]).errors() == [
            "content/site.yml:1:14: error: 'title' in 'en' is empty; give its words, or leave the language out",
            "content/site.yml:1:18: error: language 'Es' in 'title' must be written in lowercase, 'es'",
        ])
    }

    @Test("a map without the site's language, or with a key that is no language, is an error at its place")
    func errors() {
        let bad = Self.site.replacingOccurrences(of: "{ en: Speeding, es: Exceso de velocidad, ar: السرعة الزائدة }", with: "{ es: Exceso de velocidad, Arabic: السرعة }")
        #expect(Fixture(["site.yml": bad]).errors() == [
            "content/site.yml:7:12: error: 'label' has no text in the site's language 'en'; every reader-facing setting needs it, like '{ en: ... }'",
            "content/site.yml:7:39: error: 'Arabic' in 'label' is not a language tag; expected one value, or one per language like '{ en: Speeding, es: Exceso de velocidad }'",
        ])
    }

    @Test("the e-mail footer, attribution and data_source take one text per language; a bad link in any language is an error")
    func footerAndOpenData() throws {
        let more = Self.site + """

        email:
          from: digest@example.org
          footer: { en: "[Unsubscribe](mailto:d@example.org) any time.", es: "[Darse de baja](mailto:d@example.org) cuando quiera." }
        attribution: { en: "Block club, from residents' reports", es: "Club de cuadra, de los reportes de los vecinos" }
        data_source: Residents' reports
        """
        let (content, messages) = Fixture(["site.yml": more]).load()
        #expect(messages.isEmpty, "\(messages)")
        let site = try #require(content?.site)
        #expect(site.email.footer.parts == [.link(label: "Unsubscribe", target: "mailto:d@example.org"), .text(" any time.")])
        let es = site.inLanguage("es")
        #expect(es.email.footer.parts == [.link(label: "Darse de baja", target: "mailto:d@example.org"), .text(" cuando quiera.")])
        #expect(es.openData.attribution == "Club de cuadra, de los reportes de los vecinos" && site.openData.attribution == "Block club, from residents' reports")
        #expect(es.openData.dataSource == "Residents' reports", "one text serves every language")
        #expect(es.missingWords(in: "es").map(\.what).contains("data_source"))
        #expect(!es.missingWords(in: "es").map(\.what).contains("email.footer"))
        let bad = more.replacingOccurrences(of: "(mailto:d@example.org) cuando", with: "(javascript:alert(1)) cuando")
        #expect(Fixture(["site.yml": bad]).errors().contains { $0.contains("email.footer in 'es' links to 'javascript:alert(1)'") }, "\(Fixture(["site.yml": bad]).errors())")
    }
}
