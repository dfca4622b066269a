import Testing
@testable import Loading

@Suite("Free text is scrubbed while loading")
struct RedactionLoadingTests {
    static let row = "c1,speeding,\"14500 Livernois Ave, by the store\",42.05,-83.15,2026-11-02,\"Call 313-555-0100, or write me@example.org\"\n"

    func observation(_ f: Fixture) throws -> Observation {
        try #require(f.load().0?.neighborhoods.first?.observations.first)
    }

    @Test("a phone number and an e-mail address in a CSV description are marked, each warned about at its place")
    func csvDescription() throws {
        let f = Fixture(["neighborhoods/n/observations.csv": "id,category,location,lat,lon,observed,description\n" + Self.row])
        let o = try observation(f)
        #expect(o.description == "Call [phone removed], or write [e-mail removed]")
        #expect(f.warnings().filter { $0.contains("description") } == [
            "content/neighborhoods/n/observations.csv:2:79: warning: a phone number in 'description' is published as '[phone removed]'; remove it from the content, or set privacy.redact in site.yml",
            "content/neighborhoods/n/observations.csv:2:102: warning: an e-mail address in 'description' is published as '[e-mail removed]'; remove it from the content, or set privacy.redact in site.yml",
        ])
        #expect(o.location == .written("14500 Livernois Ave, by the store"), "without a privacy grid the label may be exact")
    }

    @Test("with a privacy grid, a street address in location loses its house number, with a warning")
    func coarseLocation() throws {
        let site = Fixture.site.replacingOccurrences(of: "timezone: America/Detroit", with: "timezone: America/Detroit\nprivacy:\n  location_precision_m: 50")
        let f = Fixture(["site.yml": site, "neighborhoods/n/observations.csv": "id,category,location,lat,lon,observed,description\n" + Self.row])
        #expect(try observation(f).location == .written("Livernois Ave, by the store"))
        #expect(f.warnings().contains("content/neighborhoods/n/observations.csv:2:14: warning: a street address in 'location' is published as the street alone, as the privacy grid asks; write the place without a house number"))
    }

    @Test("privacy.redact chooses what is marked; an unknown kind is an error")
    func redactSetting() throws {
        let site = Fixture.site + "\nprivacy:\n  redact: [email]\n"
        let f = Fixture(["site.yml": site, "neighborhoods/n/observations.csv": "id,category,location,lat,lon,observed,description\n" + Self.row])
        #expect(try observation(f).description == "Call 313-555-0100, or write [e-mail removed]")
        let bad = Fixture(["site.yml": Fixture.site + "\nprivacy:\n  redact: [phones]\n"])
        #expect(bad.errors() == ["content/site.yml:7:12: error: redact lists 'phones'; expected 'phone', 'email' or 'address'"])
    }

    @Test("a report that is not published is not searched, so nothing of it reaches a warning")
    func hiddenReports() {
        let f = Fixture(["neighborhoods/n/observations.csv": "id,category,location,lat,lon,observed,status,description\nc1,speeding,Corner,42.05,-83.15,2026-11-02,pending,Call 313-555-0100\n"])
        #expect(f.warnings().filter { $0.contains("phone") } == [])
    }

    @Test("a house number before a street the basemap names is an address even without a suffix")
    func basemapStreets() throws {
        let basemap = """
        {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"name": "Livernois Ave"},
         "geometry": {"type": "LineString", "coordinates": [[-83.15, 42.0], [-83.15, 42.1]]}}]}
        """
        let f = Fixture(["neighborhoods/n/basemap.geojson": basemap,
                         "neighborhoods/n/observations/a1.md": "---\ncategory: speeding\nlocation: Corner\nlat: 42.05\nlon: -83.15\nobserved: 2026-11-02\n---\nThe storefront at 14500 Livernois has been empty for a year.\n"])
        #expect(try observation(f).description.hasPrefix("The storefront at [address removed] has been empty for a year."))
        #expect(f.warnings() == ["content/neighborhoods/n/observations/a1.md:8:19: warning: a street address in 'description' is published as '[address removed]'; remove it from the content, or set privacy.redact in site.yml"])
    }

    @Test("location_precision_m outside 1 m to 10 km (or 0) is an error, tiny values included")
    func precisionRange() {
        for value in ["1e-310", "0.5", "20000", "-3"] {
            let f = Fixture(["site.yml": Fixture.site + "\nprivacy:\n  location_precision_m: \(value)\n"])
            #expect(f.errors().first?.contains("expected 0 (exact) or 1 to 10000 meters") == true, "\(value)")
        }
    }
}
