import Testing
@testable import Loading

@Suite("site.yml open data: license, attribution, publisher, contact, data_source")
struct OpenDataSettingsTests {
    @Test("every field is read; a known license's name comes from its address")
    func readsAll() throws {
        let f = Fixture(["site.yml": Fixture.site + """

            license: https://creativecommons.org/licenses/by/4.0/
            attribution: "Bagley Safe Streets, from residents' reports"
            publisher: Bagley Safe Streets
            contact: "Data desk <data@example.org>"
            data_source: Residents' reports to the block club
            """])
        let (content, messages) = f.load()
        #expect(messages == [])
        let d = try #require(content?.site.openData)
        #expect(d.licenseURL == "https://creativecommons.org/licenses/by/4.0/" && d.licenseName == "CC BY 4.0")
        #expect(d.attribution == "Bagley Safe Streets, from residents' reports" && d.publisher == "Bagley Safe Streets")
        #expect(d.contact?.name == "Data desk" && d.contact?.address == "data@example.org")
        #expect(d.dataSource == "Residents' reports to the block club")
    }

    @Test("a license may be a name and an address; all of it is optional")
    func licenseMapping() throws {
        let f = Fixture(["site.yml": Fixture.site + "\nlicense: { name: Our license, url: \"https://example.org/license\" }\n"])
        let d = try #require(f.load().0?.site.openData)
        #expect(d.licenseName == "Our license" && d.licenseURL == "https://example.org/license")
        let none = try #require(Fixture([:]).load().0?.site.openData)
        #expect(none.licenseURL == nil && none.contact == nil && none.publisher == nil)
    }

    @Test("a license that is not a URL and a contact without an e-mail address are errors at their place")
    func errors() {
        let f = Fixture(["site.yml": Fixture.site + "\nlicense: javascript:alert(1)\ncontact: Data desk\n"])
        let errors = f.errors()
        #expect(errors.count == 2, "\(errors)")
        #expect(errors.contains { $0.contains("license 'javascript:alert(1)' is not an http(s) URL") })
        #expect(errors.contains { $0.contains("contact 'Data desk' is not an e-mail address") })
        let g = Fixture(["site.yml": Fixture.site + "\nlicense: { title: x }\n"])
        #expect(g.errors().contains { $0.contains("license needs a url, a name or both") })
        #expect(g.warnings().contains { $0.contains("unknown field 'title' in license") })
    }
}
