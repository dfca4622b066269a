import Testing
@testable import Loading

@Suite("Field names are exact")
struct FieldNameTests {
    @Test("a status key with the wrong case is an error in front matter, a CSV header and GeoJSON, so nothing unpublished slips out")
    func wrongCaseStatus() {
        let f = Fixture([
            "neighborhoods/n/observations/a1.md": "---\ncategory: speeding\nlocation: Corner\nlat: 42.05\nlon: -83.15\nobserved: 2026-11-02\nStatus: removed\n---\n",
            "neighborhoods/n/observations.csv": "id,category,location,lat,lon,observed,Status\nc1,speeding,Corner,42.05,-83.15,2026-11-02,pending\n",
            "neighborhoods/n/observations.geojson": """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-83.15, 42.05]},
               "properties": {"id": "g1", "category": "speeding", "location": "Corner", "observed": "2026-11-02", "STATUS": "removed"}},
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-83.15, 42.05]},
               "properties": {"id": "g2", "category": "speeding", "location": "Corner", "observed": "2026-11-02", "STATUS": "removed"}}]}
            """,
        ])
        let (content, diagnostics) = f.load()
        #expect(content == nil)
        #expect(diagnostics.filter { $0.contains("error") } == [
            "content/neighborhoods/n/observations.csv:1:39: error: field 'Status' must be written 'status'; field names are exact, and this one would be ignored",
            "content/neighborhoods/n/observations.geojson:3:103: error: field 'STATUS' must be written 'status'; field names are exact, and this one would be ignored",
            "content/neighborhoods/n/observations/a1.md:7:1: error: field 'Status' must be written 'status'; field names are exact, and this one would be ignored",
        ])
    }

    @Test("TITLE in a story and Name in a coalition are errors naming the right spelling")
    func wrongCaseDocuments() {
        let f = Fixture([
            "neighborhoods/n/stories/s.md": "---\nTITLE: Loud\nstatus: draft\n---\nBody.\n",
            "neighborhoods/n/coalitions/c.md": "---\nName: Block club\n---\nAbout.\n",
        ])
        #expect(f.errors().contains("content/neighborhoods/n/stories/s.md:2:1: error: field 'TITLE' must be written 'title'; field names are exact, and this one would be ignored"))
        #expect(f.errors().contains("content/neighborhoods/n/coalitions/c.md:2:1: error: field 'Name' must be written 'name'; field names are exact, and this one would be ignored"))
    }

    @Test("an unknown key is a warning with a suggestion, said once per file")
    func unknownKeys() {
        let f = Fixture([
            "neighborhoods/n/observations.csv": "id,category,location,lat,lon,observed,descripton,notes\nc1,speeding,Corner,42.05,-83.15,2026-11-02,x,y\nc2,speeding,Corner,42.05,-83.15,2026-11-02,x,y\n",
            "site.yml": Fixture.site + "\nmap_atribution: City data\n",
        ])
        #expect(f.warnings() == [
            "content/neighborhoods/n/observations.csv:1:39: warning: unknown field 'descripton' in an observation is ignored; did you mean 'description'?",
            "content/neighborhoods/n/observations.csv:1:50: warning: unknown field 'notes' in an observation is ignored; expected 'id', 'category', 'location', 'lat', 'lon', 'observed', 'status', 'title', 'author', 'tags', 'description' or 'source_url'",
            "content/site.yml:6:1: warning: unknown field 'map_atribution' in site.yml is ignored; did you mean 'map_attribution'?",
        ])
    }

    @Test("private fields are dropped in any case and spelling: Phone, E-Mail, Author-Email, PRIVATE_note")
    func privateInAnyCase() throws {
        let f = Fixture([
            "neighborhoods/n/observations.csv": "id,category,location,lat,lon,observed,Phone,Author-Email,PRIVATE_note\nc1,speeding,Corner,42.05,-83.15,2026-11-02,313-555-0100,a@b.org,secret\n",
        ])
        let (content, diagnostics) = f.load()
        #expect(diagnostics.filter { !$0.contains("boundary") } == [])
        let o = try #require(content?.neighborhoods.first?.observations.first)
        #expect(!"\(o)".contains("313-555-0100") && !"\(o)".contains("a@b.org") && !"\(o)".contains("secret"))
    }
}
