import Testing
@testable import Loading

@Suite("Loading observations")
struct ObservationLoadingTests {
    let row = "a1,speeding,Near the school,42.05,-83.15,2024-05-01"

    @Test("observations load from Markdown, CSV and GeoJSON alike")
    func threeFormats() throws {
        let fixture = Fixture([
            "neighborhoods/n/observations/md-1.md": "---\ncategory: speeding\nlocation: Corner\nlat: 42.05\nlon: -83.15\nobserved: 2024-05-02\n---\nCars *fast*.\n",
            "neighborhoods/n/observations.csv": Fixture.csv(row),
            "neighborhoods/n/observations.geojson": """
            {"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "Point", "coordinates": [-83.15, 42.06]},
             "properties": {"id": "g1", "category": "illegal-parking", "location": "Lot", "observed": "2024-05-03T10:00:00Z"}}]}
            """,
        ])
        let (content, diagnostics) = fixture.load()
        #expect(diagnostics.isEmpty)
        let n = try #require(content?.neighborhoods.first)
        #expect(n.observations.map(\.id) == ["a1", "md-1", "g1"])
        #expect(n.observations[1].description == "Cars *fast*.")
        #expect(n.observations[0].location == .written("Near the school"))
        #expect(n.observations[0].title == nil && n.observations[0].author == nil, "pages make them in their own language")
        #expect(n.observations[2].coordinate.latitude == 42.06)
    }

    @Test("an unknown category names the known ones at the CSV cell")
    func unknownCategory() {
        let f = Fixture(["neighborhoods/n/observations.csv": Fixture.csv("a1,speed,Corner,42.05,-83.15,2024-05-01")])
        #expect(f.errors() == ["content/neighborhoods/n/observations.csv:2:4: error: unknown category 'speed'; expected one of 'speeding' or 'illegal-parking'"])
    }

    @Test("a bad status names the four allowed at the front matter key's line")
    func badStatus() {
        let f = Fixture(["neighborhoods/n/observations/x.md": "---\ncategory: speeding\nlocation: C\nlat: 42.05\nlon: -83.15\nobserved: 2024-05-01\nstatus: open\n---\n"])
        #expect(f.errors() == ["content/neighborhoods/n/observations/x.md:7:9: error: 'status' is 'open'; expected 'published', 'pending', 'flagged' or 'removed'"])
    }

    @Test("every error of a file is reported in one run, sorted by line")
    func everyError() {
        let f = Fixture(["neighborhoods/n/observations.csv": Fixture.csv(
            "a1,speeding,Corner,142.05,-83.15,2024-05-01",
            "a2,speeding,Corner,42.05,-83.15,2024-02-30",
            "a3,,Corner,42.05,-83.15,2024-05-01")])
        #expect(f.errors() == [
            "content/neighborhoods/n/observations.csv:2:20: error: latitude 142.05 is out of range; expected -90 to 90",
            "content/neighborhoods/n/observations.csv:3:33: error: 'observed' is '2024-02-30', which is not a real date",
            "content/neighborhoods/n/observations.csv:4:1: error: missing required field 'category'",
        ])
    }

    @Test("a report named like a translation (r1.es.md beside a pending r1.md) is an error, never a new published report")
    func translationNamedReport() {
        let report = "---\ncategory: speeding\nlocation: C\nlat: 42.05\nlon: -83.15\nobserved: 2024-05-01\nstatus: %@\n---\nText.\n"
        let f = Fixture([
            "neighborhoods/n/observations/r1.md": report.replacingOccurrences(of: "%@", with: "pending"),
            "neighborhoods/n/observations/r1.es.md": report.replacingOccurrences(of: "%@", with: "published"),
            "neighborhoods/n/observations/r2.pt-BR.md": report.replacingOccurrences(of: "%@", with: "published"),
            "neighborhoods/n/observations/2024.05.md": report.replacingOccurrences(of: "%@", with: "published"),
        ])
        let (content, messages) = f.load()
        #expect(messages.filter { $0.contains(": error: ") } == [
            "content/neighborhoods/n/observations/r1.es.md: error: 'r1.es.md' is named like a translation of observation 'r1' into 'es', but residents' reports are never translated (their words are published as written); rename it, for example to 'r1-es.md', if it is a report of its own, or remove it",
            "content/neighborhoods/n/observations/r2.pt-BR.md: error: 'r2.pt-BR.md' is named like a translation of observation 'r2' into 'pt-BR', but residents' reports are never translated (their words are published as written); rename it, for example to 'r2-pt-BR.md', if it is a report of its own, or remove it",
        ])
        #expect(content == nil || !(content?.neighborhoods.first?.observations.map(\.id).contains("r1.es") ?? false))
        #expect(Fixture(["neighborhoods/n/observations/2024.05.md": report.replacingOccurrences(of: "%@", with: "published")]).errors() == [],
                "a dot before digits names no language")
    }

    @Test("an id that would escape its folder is refused")
    func escapingID() {
        let f = Fixture(["neighborhoods/n/observations.csv": Fixture.csv("../x,speeding,C,42.05,-83.15,2024-05-01")])
        #expect(f.errors() == ["content/neighborhoods/n/observations.csv:2:1: error: id '../x' is not valid; expected letters, digits, '_', '.' or '-', starting with a letter or digit, at most 100 characters"])
    }

    @Test("two ids that differ only in case are an error")
    func caseCollision() {
        let f = Fixture(["neighborhoods/n/observations.csv": Fixture.csv(row, "A1,speeding,C,42.05,-83.15,2024-05-01")])
        #expect(f.errors() == ["content/neighborhoods/n/observations.csv:3:1: error: observation id 'A1' differs only in letter case from 'a1' at content/neighborhoods/n/observations.csv:2:1; they would collide on a case-insensitive disk"]
        )
    }

    @Test("the same id in two files is an error naming the first")
    func duplicateID() {
        let f = Fixture([
            "neighborhoods/n/observations.csv": Fixture.csv(row),
            "neighborhoods/n/observations/a1.md": "---\ncategory: speeding\nlocation: C\nlat: 42.05\nlon: -83.15\nobserved: 2024-05-01\n---\n",
        ])
        #expect(f.errors().count == 1)
        #expect(f.errors().first?.hasPrefix("content/neighborhoods/n/observations/a1.md:1:1: error: duplicate observation id 'a1'; first used at ") == true)
    }

    @Test("a GeoJSON observation's error points at its feature")
    func geojsonPosition() {
        let f = Fixture(["neighborhoods/n/observations.geojson": """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-83.15, 42.06]},
           "properties": {"id": "g1", "category": "nope", "location": "Lot", "observed": "2024-05-03"}}]}
        """])
        #expect(f.errors() == ["content/neighborhoods/n/observations.geojson:3:43: error: unknown category 'nope'; expected one of 'speeding' or 'illegal-parking'"])
    }

    @Test("a CSV without a required column says which")
    func missingColumn() {
        let f = Fixture(["neighborhoods/n/observations.csv": "id,category,lat,lon\na1,speeding,42.05,-83.15\n"])
        #expect(f.errors() == ["content/neighborhoods/n/observations.csv:1:1: error: the header lacks the required column 'observed'"])
        let g = Fixture(["neighborhoods/n/observations.csv": "id,lat,lon\na1,42.05,-83.15\n"])
        #expect(g.errors() == ["content/neighborhoods/n/observations.csv:1:1: error: the header lacks the required columns 'category' and 'observed'"])
    }

    @Test("dates are days in the site's time zone; RFC 3339 instants land on the local day")
    func timeZones() throws {
        let f = Fixture(["neighborhoods/n/observations.csv": Fixture.csv(
            "d1,speeding,C,42.05,-83.15,2024-05-01",
            "d2,speeding,C,42.05,-83.15,2024-05-02T02:30:00Z")])
        let n = try #require(f.load().0?.neighborhoods.first)
        #expect(n.observations[0].observed.instant == 1_714_536_000)  // 2024-05-01T04:00:00Z, midnight in Detroit
        #expect(n.observations[1].observed.day.description == "2024-05-01")
    }
}
