import Build
import CivilTime
import Foundation
import Testing

/// The activity dashboard (`OUT/index.html`) and each home page's last 12 weeks, read back from the
/// built HTML and compared with counts made from the content.
@Suite("The activity dashboard")
struct DashboardTests {
    /// North as in `SiteFixture`, and South: four reports in GeoJSON (one removed, one flagged),
    /// two published stories (one dated before the weeks), no event.
    static var files: [String: String] {
        var files = SiteFixture.north
        files["neighborhoods/south/neighborhood.md"] = "---\nname: South Side\n---\nAbout South.\n"
        files["neighborhoods/south/boundary.geojson"] = SiteFixture.square
        let features = [
            ("s1", "speeding", "2026-11-24", "published"), ("s2", "illegal-parking", "2026-11-23", "published"),
            ("s3", "illegal-parking", "2026-10-01", "published"), ("s4", "illegal-parking", "2026-11-25", "removed"),
            ("s5", "speeding", "2026-11-26", "flagged"), ("s6", "illegal-parking", "2026-09-08", "published"),
            ("s7", "illegal-parking", "2026-09-06", "published"),
        ].map { id, category, day, status in
            "{\"type\": \"Feature\", \"geometry\": {\"type\": \"Point\", \"coordinates\": [-83.15, 42.05]}, \"properties\": {\"id\": \"\(id)\", \"category\": \"\(category)\", \"location\": \"Elm\", \"observed\": \"\(day)\", \"status\": \"\(status)\"}}"
        }
        files["neighborhoods/south/observations.geojson"] = "{\"type\": \"FeatureCollection\", \"features\": [\n" + features.joined(separator: ",\n") + "\n]}\n"
        files["neighborhoods/south/stories/fresh.md"] = "---\ntitle: Fresh\nstatus: published\ndate: 2026-11-20\nobservations: [s1, s2]\n---\nNew.\n"
        files["neighborhoods/south/stories/old.md"] = "---\ntitle: Old\nstatus: published\ndate: 2026-05-01\nobservations: [s3]\n---\nOld.\n"
        return files
    }

    /// The weeks' counts of every table of reports per week on a page, by caption.
    static func weekTables(_ html: String) -> [String: [Int]] {
        var out: [String: [Int]] = [:]
        for table in html.components(separatedBy: "<caption").dropFirst() {
            guard let end = table.range(of: "</table>") else { continue }
            let body = table[..<end.lowerBound]
            let caption = String(body[body.index(after: body.firstIndex(of: ">")!)..<body.range(of: "</caption>")!.lowerBound])
            let counts = body.components(separatedBy: "<td class=\"n").dropFirst().map { cell in
                Int(cell[cell.index(after: cell.firstIndex(of: ">")!)...].prefix { $0.isNumber }) ?? -1
            }
            out[caption.replacingOccurrences(of: "<bdi>", with: "").replacingOccurrences(of: "</bdi>", with: "")] = counts
        }
        return out
    }

    /// The text of the page with tags taken out and spaces joined.
    static func text(_ html: String) -> String {
        html.replacingOccurrences(of: "<[^>]+>", with: " ", options: .regularExpression).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test("the dashboard's numbers are the published counts: reports week by week, new stories, upcoming events, categories")
    func numbers() throws {
        let f = SiteFixture(Self.files)
        let report = f.build(drafts: true)
        #expect(report.succeeded, "\(report.diagnostics)")
        let html = try #require(f.file("index.html"))
        let tables = Self.weekTables(html)
        // Weeks from Sep 7 (W37) to Nov 23 (W48): North has o1 (W45), o2 (W46), o3 (W48); p1 is pending, o4 after the date.
        #expect(tables["Published reports per week in North End"] == [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 1])
        // South: s6 (W37), s3 (W40), s1 and s2 (W48); s4 removed, s5 flagged, s7 the week before.
        #expect(tables["Published reports per week in South Side"] == [1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2])
        #expect(tables["Published reports per week, all neighborhoods"] == [1, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 3])
        let text = Self.text(html)
        #expect(text.contains("7 reports in 12 weeks, 3 this week; at most 3 in one week"))
        // New stories: North's slow-down and South's fresh (a draft built with --drafts does not count; old is older).
        #expect(text.contains("2 new stories in 12 weeks"))
        #expect(text.contains("1 upcoming event "))
        #expect(text.contains("South Side 4 reports in 12 weeks, 2 this week"))
        #expect(text.contains("North End 3 reports in 12 weeks, 1 this week"))
        #expect(text.contains("1 new story · 0 upcoming events"))
        #expect(text.contains("5 reports in all, the latest observed November 24, 2026"))
        #expect(text.contains("4 reports in all, the latest observed November 25, 2026"))
        // Busiest categories: illegal parking 4 in the weeks (o2, s2, s3, s6) and 5 of all time; speeding 3 and 4.
        #expect(text.contains("Illegal parking 4 5 Speeding 3 4"))
        #expect(!html.contains("PENDING-MARKER") && !html.contains("DRAFT-MARKER"))
    }

    @Test("the dashboard links each neighborhood's other editions by their own names, also when only another neighborhood is rebuilt")
    func editions() throws {
        var files = Self.files
        files["neighborhoods/north/neighborhood.md"] = "---\nname: North End\nlanguages: [en, es, ar]\n---\nAbout.\n"
        let f = SiteFixture(files)
        #expect(f.build().succeeded)
        let links = "<p class=\"editions\">Also in <a href=\"./north/es/index.html\" hreflang=\"es\" lang=\"es\">Español</a>, "
            + "<a href=\"./north/ar/index.html\" hreflang=\"ar\" lang=\"ar\">العربية</a></p>"
        #expect((f.file("index.html") ?? "").contains(links))
        #expect(f.build(only: ["south"]).succeeded)
        #expect((f.file("index.html") ?? "").contains(links), "north was not rebuilt, and its editions are still linked")
        #expect((f.file("index.html") ?? "").components(separatedBy: "class=\"editions\"").count == 2, "south has one edition: no line")
    }

    @Test("the most active neighborhood comes first")
    func order() throws {
        let f = SiteFixture(Self.files)
        #expect(f.build().succeeded)
        let html = try #require(f.file("index.html"))
        let south = try #require(html.range(of: "<bdi>South Side</bdi></a></h3>"))
        let north = try #require(html.range(of: "<bdi>North End</bdi></a></h3>"))
        #expect(south.lowerBound < north.lowerBound)
    }

    @Test("a home page shows its own 12 weeks, each week with a digest linked to it")
    func homePage() throws {
        let f = SiteFixture(Self.files)
        #expect(f.build().succeeded)
        let html = try #require(f.file("north/index.html"))
        let tables = Self.weekTables(html.replacingOccurrences(of: "class=\"num\"", with: "class=\"n\""))
        #expect(tables["Published reports per week, September 7 to November 29, 2026"] == [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 1])
        #expect(html.contains("<a href=\"./digest/2026-W45/index.html\">Nov 2</a>"))
        #expect(html.contains("<th scope=\"row\">Nov 16</th>"))
        #expect(Self.text(html).contains("3 reports published, 1 this week; 1 new story; 1 upcoming event."))
        #expect(html.contains("<svg class=\"sparkline\""))
    }

    @Test("a neighborhood taken whole from the last build keeps its numbers, and --only keeps the others'")
    func fromTheCache() throws {
        let f = SiteFixture(Self.files)
        #expect(f.build().succeeded)
        f.write("neighborhoods/north/observations/n9.md", "---\ncategory: speeding\nlocation: X\nlat: 42.05\nlon: -83.15\nobserved: 2026-11-27\n---\n")
        let second = f.build()
        #expect(second.succeeded, "\(second.diagnostics)")
        #expect(Self.weekTables(f.file("index.html") ?? "")["Published reports per week, all neighborhoods"] == [1, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 4])
        let full = f.build(out: f.base + "/full")
        #expect(full.succeeded)
        #expect(f.file("index.html") == (try? String(contentsOfFile: f.base + "/full/index.html", encoding: .utf8)))
        // Only North is read; South's numbers come from the cache.
        f.write("neighborhoods/north/observations/n10.md", "---\ncategory: speeding\nlocation: X\nlat: 42.05\nlon: -83.15\nobserved: 2026-11-28\n---\n")
        #expect(f.build(only: ["north"]).succeeded)
        #expect(Self.weekTables(f.file("index.html") ?? "")["Published reports per week in South Side"] == [1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2])
        #expect(Self.weekTables(f.file("index.html") ?? "")["Published reports per week in North End"] == [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 3])
        // With no cache at all, --only reads the others to count them.
        try FileManager.default.removeItem(atPath: f.cache)
        #expect(f.build(only: ["north"]).succeeded)
        #expect(Self.weekTables(f.file("index.html") ?? "")["Published reports per week in South Side"] == [1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2])
    }
}
