import Testing
@testable import Loading

@Suite("Every public field of a report is redacted as it will be read, each finding warned about where it was written")
struct PublishedRedactionTests {
    func observation(_ f: Fixture) throws -> Observation {
        try #require(f.load().0?.neighborhoods.first?.observations.first)
    }

    static func report(_ front: String, _ body: String = "Cars speed.") -> String {
        "---\ncategory: speeding\nlat: 42.05\nlon: -83.15\nobserved: 2026-11-02\n" + front + "---\n" + body + "\n"
    }

    @Test("an entity, a backslash escape or an encoded @ in a description is found, removed and placed")
    func encodedDescription() throws {
        let f = Fixture(["neighborhoods/n/observations/a1.md": Self.report("", "Call 313&#45;555&#45;0103 or 313\\-555\\-0104,\nor jane&#64;example.com.")])
        let o = try observation(f)
        #expect(o.description == "Call [phone removed] or [phone removed],\nor [e-mail removed].")
        #expect(f.warnings() == [
            "content/neighborhoods/n/observations/a1.md:7:6: warning: a phone number in 'description' is published as '[phone removed]'; remove it from the content, or set privacy.redact in site.yml",
            "content/neighborhoods/n/observations/a1.md:7:30: warning: a phone number in 'description' is published as '[phone removed]'; remove it from the content, or set privacy.redact in site.yml",
            "content/neighborhoods/n/observations/a1.md:8:4: warning: an e-mail address in 'description' is published as '[e-mail removed]'; remove it from the content, or set privacy.redact in site.yml",
        ])
    }

    @Test("title and author are read the same way")
    func titleAndAuthor() throws {
        let f = Fixture(["neighborhoods/n/observations/a1.md": Self.report("title: \"Call 313\u{2013}555\u{2013}0101\"\nauthor: jane at example dot com\n")])
        let o = try observation(f)
        #expect(o.title == "Call [phone removed]")
        #expect(o.author == "[e-mail removed]")
    }

    @Test("a phone number used as a tag is refused at the tag, since a tag is published as written")
    func phoneTag() {
        let f = Fixture(["neighborhoods/n/observations/a1.md": Self.report("tags:\n  - speeding\n  - 313-555-0101\n")])
        #expect(f.errors() == ["content/neighborhoods/n/observations/a1.md:8:5: error: tag '313-555-0101' holds a phone number, and a tag is published as written; remove it from the tags"])
        let hidden = Fixture(["neighborhoods/n/observations/a1.md": Self.report("status: pending\ntags: [313-555-0101]\n")])
        #expect(hidden.errors() == [], "a report that is not published is not searched")
    }

    @Test("source_url is published without its user info, query and fragment, with a warning")
    func sourceURL() throws {
        let url = "https://jane:hunter2@example.org/issues/12?name=Jane+Doe&phone=313-555-0101&mail=jane%40example.com#c"
        let f = Fixture(["neighborhoods/n/observations/a1.md": Self.report("source_url: \"\(url)\"\n")])
        #expect(try observation(f).sourceURL == "https://example.org/issues/12")
        #expect(f.warnings() == ["content/neighborhoods/n/observations/a1.md:6:13: warning: the user info, query, fragment of 'source_url' are not published; the report links to 'https://example.org/issues/12'"])
        let plain = Fixture(["neighborhoods/n/observations/a1.md": Self.report("source_url: https://seeclickfix.com/issues/4764238\n")])
        #expect(try observation(plain).sourceURL == "https://seeclickfix.com/issues/4764238")
        #expect(plain.warnings() == [])
    }

    @Test("a web address in a description loses its user info, query and fragment, each warned about; later findings keep their place")
    func linksInText() throws {
        let body = "See [it](https://jane:pw@example.org/r?name=Jane+Doe#c) or www.example.org/?who=jane. Call 313-555-0101."
        let f = Fixture(["neighborhoods/n/observations/a1.md": Self.report("", body)])
        #expect(try observation(f).description == "See [it](https://example.org/r) or www.example.org/. Call [phone removed].")
        #expect(f.warnings() == [
            "content/neighborhoods/n/observations/a1.md:7:18: warning: a web address in 'description' is published without its user info; link to the page alone",
            "content/neighborhoods/n/observations/a1.md:7:39: warning: a web address in 'description' is published without its query and fragment; link to the page alone",
            "content/neighborhoods/n/observations/a1.md:7:76: warning: a web address in 'description' is published without its query; link to the page alone",
            "content/neighborhoods/n/observations/a1.md:7:92: warning: a phone number in 'description' is published as '[phone removed]'; remove it from the content, or set privacy.redact in site.yml",
        ])
    }

    @Test("an e-mail address or a phone number in source_url's path is refused there; an id of digits is not a phone")
    func sourceURLPath() {
        let f = Fixture(["neighborhoods/n/observations/a1.md": Self.report("source_url: https://example.org/u/jane%40example.com/\n")])
        #expect(f.errors() == ["content/neighborhoods/n/observations/a1.md:6:13: error: 'source_url' holds an e-mail address in its address, which would be published; link to the report without it"])
        let phone = Fixture(["neighborhoods/n/observations/a1.md": Self.report("source_url: https://example.org/call/313-555-0101\n")])
        #expect(phone.errors().count == 1)
        let id = Fixture(["neighborhoods/n/observations/a1.md": Self.report("source_url: https://example.org/issues/3135550101\n")])
        #expect(id.errors() == [])
    }

    @Test("with a privacy grid, a location label loses house numbers written in any casing, as ranges, halves or with units", arguments: [
        ("14500 livernois ave", "livernois ave", 12),
        ("14500-14510 Livernois Ave", "Livernois Ave", 12),
        ("14500 1/2 Livernois Ave", "Livernois Ave", 12),
        ("14500 Livernois Ave, Apt 3", "Livernois Ave", 12),
        ("14500 Livernois Ave #4", "Livernois Ave", 12),
        ("Unit 5B, 14500 LIVERNOIS AVE", "Unit 5B, LIVERNOIS AVE", 21),
        ("14500&#45;14510 Livernois Ave", "Livernois Ave", 12),
    ])
    func coarseLocation(_ written: String, _ published: String, _ column: Int) throws {
        let site = Fixture.site + "\nprivacy:\n  location_precision_m: 50\n"
        let f = Fixture(["site.yml": site, "neighborhoods/n/observations/a1.md": Self.report("location: \"\(written)\"\n")])
        #expect(try observation(f).location == .written(published))
        #expect(f.warnings() == ["content/neighborhoods/n/observations/a1.md:6:\(column): warning: a street address in 'location' is published as the street alone, as the privacy grid asks; write the place without a house number"])
    }

    @Test("review shows what the loader will remove, unit included")
    func review() throws {
        let site = Fixture.site + "\nprivacy:\n  location_precision_m: 50\n"
        let f = Fixture(["site.yml": site, "neighborhoods/n/observations/a1.md": Self.report("status: pending\nlocation: \"14500 Livernois Ave, Apt 3\"\n", "Call 313&#45;555&#45;0103.")])
        let (content, _) = f.load()
        let n = try #require(content?.neighborhoods.first)
        let o = try #require(n.observations.first)
        let text = PublicText.of(o, in: n, site: try #require(content?.site))
        #expect(text.field("location")?.published == "Livernois Ave")
        #expect(text.field("location")?.marked == "[house number removed: 14500] Livernois Ave [unit removed: Apt 3]")
        #expect(text.field("description")?.marked == "Call [phone removed: 313&#45;555&#45;0103].")
    }
}
