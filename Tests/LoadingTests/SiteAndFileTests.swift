import Foundation
import Testing
@testable import Loading

@Suite("site.yml, files and places")
struct SiteAndFileTests {
    @Test("site.yml without title or categories names both")
    func siteRequired() {
        let f = Fixture(["site.yml": "description: x\n"])
        #expect(f.errors() == [
            "content/site.yml:1:1: error: missing required field 'categories'; expected at least one, like 'speeding: { label: Speeding, color: \"#d73027\" }'",
            "content/site.yml:1:1: error: missing required field 'title'",
        ])
    }

    @Test("a bad time zone, base URL and color are each named")
    func siteValues() {
        let f = Fixture(["site.yml": "title: T\ntimezone: Detroit\nbase_url: digest.example.org\ncategories:\n  speeding: { label: S, color: red }\n"])
        #expect(f.errors() == [
            "content/site.yml:2:11: error: unknown time zone 'Detroit'; expected an IANA name like 'America/Detroit' or 'UTC'",
            "content/site.yml:3:11: error: base_url 'digest.example.org' is not an absolute http(s) URL; expected something like 'https://digest.example.org/'",
            "content/site.yml:5:32: error: color 'red' is not a hex color; expected '#rrggbb'",
        ])
    }

    @Test("a point far outside the boundary warns, and a swapped one is named as swapped")
    func farPoints() {
        let f = Fixture(["neighborhoods/n/observations.csv": Fixture.csv(
            "far,speeding,C,42.5,-83.15,2024-05-01",
            "swap,speeding,C,-83.15,42.05,2024-05-01",
            "near,speeding,C,42.1005,-83.15,2024-05-01")])
        #expect(f.errors().isEmpty)
        #expect(f.warnings() == [
            "content/neighborhoods/n/observations.csv:2:1: warning: observation 'far' at lat 42.5, lon -83.15 lies 44.5 km outside North; it will be left off the map",
            "content/neighborhoods/n/observations.csv:3:1: warning: observation 'swap': latitude and longitude look swapped: lat -83.15, lon 42.05 lies 14030.4 km outside North, but swapped it lies inside; it will be left off the map",
        ])
    }

    @Test("invalid UTF-8, a BOM and CRLF: only the first is an error")
    func encodings() {
        let f = Fixture(["neighborhoods/n/observations.csv": Fixture.csv("a1,speeding,C,42.05,-83.15,2024-05-01")])
        f.write("neighborhoods/n/observations/bom.md", Data([0xEF, 0xBB, 0xBF] + Array("---\r\ncategory: speeding\r\nlocation: C\r\nlat: 42.05\r\nlon: -83.15\r\nobserved: 2024-05-01\r\n---\r\nok\r\n".utf8)))
        f.write("neighborhoods/n/observations/bad.md", Data(Array("---\ncategory: sp".utf8) + [0xC3, 0x28] + Array("\n---\n".utf8)))
        #expect(f.errors() == ["content/neighborhoods/n/observations/bad.md:2:13: error: the file is not valid UTF-8 (byte 0xC3); save it as UTF-8"])
    }

    @Test("a content file that links outside the content folder is refused")
    func symlinkOutside() throws {
        let f = Fixture([:])
        let secret = f.base + "/secret.md"
        try Data("---\ncategory: speeding\nlocation: C\nlat: 42.05\nlon: -83.15\nobserved: 2024-05-01\n---\n".utf8).write(to: URL(fileURLWithPath: secret))
        try FileManager.default.createDirectory(atPath: f.root + "/neighborhoods/n/observations", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: f.root + "/neighborhoods/n/observations/s.md", withDestinationPath: secret)
        #expect(f.errors().count == 1)
        #expect(f.errors().first?.hasPrefix("content/neighborhoods/n/observations/s.md: error: this file is a symbolic link to ") == true)
    }

    @Test("YAML anchors, deep nesting and syntax errors in front matter name the file and line")
    func hostileFrontMatter() {
        let f = Fixture([
            "neighborhoods/n/stories/a.md": "---\ntitle: &t T\n---\n",
            "neighborhoods/n/stories/b.md": "---\ntitle: " + String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + "\n---\n",
            "neighborhoods/n/stories/c.md": "---\ntitle: [x\n---\n",
            "neighborhoods/n/stories/d.md": "",
            "neighborhoods/n/stories/e.md": "no front matter\n",
        ])
        let errors = f.errors()
        #expect(errors.count == 5)
        #expect(errors[0] == "content/neighborhoods/n/stories/a.md:2:8: error: YAML anchors ('&name') are not allowed here; write the value out")
        #expect(errors[1].hasPrefix("content/neighborhoods/n/stories/b.md:2:") && errors[1].hasSuffix("nesting is deeper than 64 levels"))
        #expect(errors[2].hasPrefix("content/neighborhoods/n/stories/c.md:3:1: error: YAML syntax error:"))
        #expect(errors[3] == "content/neighborhoods/n/stories/d.md:1:1: error: the file is empty; expected front matter between '---' lines")
        #expect(errors[4].hasPrefix("content/neighborhoods/n/stories/e.md:1:1: error: missing front matter"))
    }

    @Test("a missing content folder and missing neighborhood.md are errors")
    func missingPieces() {
        let (_, d) = ContentLoader.load(root: "/nonexistent/content")
        #expect(d.map(\.description) == ["/nonexistent/content: error: no content folder here; expected a folder with site.yml and neighborhoods/"])
        let f = Fixture(["neighborhoods/m/boundary.geojson": Fixture.square])
        #expect(f.errors() == ["content/neighborhoods/m: error: missing neighborhood.md; every neighborhood folder needs one with at least a 'name'"])
    }
}
