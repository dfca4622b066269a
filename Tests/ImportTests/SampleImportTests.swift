import Foundation
import Geo
@testable import Loading
import Diagnostics
import Testing
@testable import CLI
@testable import Import

/// Imports into a copy of the sample content (four Detroit neighborhoods with their streets).
@Suite("Importing into the sample site")
struct SampleImportTests {
    /// A copy of the sample content in a new temporary folder.
    static func sample() throws -> Site {
        let site = try Site()
        try FileManager.default.removeItem(atPath: site.content)
        try FileManager.default.copyItem(atPath: packageRoot + "/content", toPath: site.content)
        return site
    }

    /// A copy of the sample content with `text` written beside it as `name`: the copy, and the file's path.
    static func sample(with name: String, _ text: String) throws -> (Site, String) {
        let site = try sample()
        do { return (site, try write(site, name, text)) } catch { site.remove(); throw error }
    }

    static func write(_ site: Site, _ name: String, _ text: String) throws -> String {
        let path = site.dir + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("An e-mail written from the report page's link, answered and quoted once, imports as one pending report placed at the corner")
    func mailThread() throws {
        let site = try Self.sample()
        defer { site.remove() }
        let body = ReportForm.template(language: "en").split(separator: "\n").enumerated()
            .map { i, line in line + ["Speeding", "Thatcher & Roselawn", "2026-11-20", "Cars race through the 4-way stop. Call me at 313-555-0100."][i] }
            .joined(separator: "\n")
        let original = "From: Ana Ruiz <ana@example.org>\nTo: reports@example.org\nSubject: Report a problem in Bagley [bagley]\n"
            + "Date: Fri, 20 Nov 2026 08:00:00 -0500\nContent-Type: text/plain; charset=utf-8\n\n" + body + "\n"
        let quoted = body.split(separator: "\n").map { "> " + $0 }.joined(separator: "\n")
        let reply = "From: Lead <lead@example.org>\nTo: Ana Ruiz <ana@example.org>\nSubject: Re: Report a problem in Bagley [bagley]\n"
            + "Date: Fri, 20 Nov 2026 09:00:00 -0500\nContent-Type: text/plain; charset=utf-8\n\nThanks, we will look.\n\n"
            + "On Fri, Nov 20, 2026 at 8:00 AM Ana Ruiz <ana@example.org> wrote:\n" + quoted + "\n"
        let box = try Self.write(site, "reports.mbox", "From ana@example.org Fri Nov 20 08:00:00 2026\n" + original + "\nFrom lead@example.org Fri Nov 20 09:00:00 2026\n" + reply)

        let run = site.run([box])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.hasPrefix("imported 1 new report into bagley (1 placed from a street corner), 1 already known, 0 outside every neighborhood"))
        #expect(run.err.contains("a phone number in 'description' of this report is written as '[phone removed]'"))
        #expect(!run.err.contains("555-0100") && !run.out.contains("555-0100") && !run.err.contains("ana@example.org"))

        let files = try FileManager.default.contentsOfDirectory(atPath: site.content + "/neighborhoods/bagley/observations").filter { $0.hasPrefix("email-") }
        #expect(files.count == 1)
        let text = site.read("neighborhoods/bagley/observations/" + files[0])!
        #expect(text.contains("status: pending\n") && text.contains("author_email: \"ana@example.org\"") && text.contains("reporter: \"Ana Ruiz\""))
        #expect(text.contains("private_text: \"Cars race through the 4-way stop. Call me at 313-555-0100.\""))

        let (content, diagnostics) = ContentLoader.load(root: site.content, only: ["bagley"])
        #expect(!diagnostics.hasErrors)
        let o = try #require(content?.neighborhoods[0].observation(String(files[0].dropLast(3))))
        #expect(o.status == .pending && o.category == "speeding")
        #expect(o.description == "Cars race through the 4-way stop. Call me at [phone removed].")
        #expect(o.author == nil)
        // The point is where Thatcher and Roselawn meet, coarsened to the site's 50 m grid like every other.
        let geocoded = StreetMap(content!.neighborhoods[0]).locate(.corner("Thatcher", "Roselawn"))
        guard case .point(let p, _) = geocoded else { Issue.record("not placed"); return }
        #expect(o.coordinate == LocationGrid(meters: 50).snap(p))

        let again = site.run([box])
        #expect(again.out.hasPrefix("imported 0 new reports, 2 already known"))
    }

    @Test("Appending to an observations.csv with a status column keeps every byte already there, its CRLF line ends and its columns")
    func appendKeepsBytes() throws {
        let site = try Site()
        defer { site.remove() }
        try site.neighborhood("bagley", lon: -83.17, lat: 42.41)
        let existing = "\u{FEFF}id,category,status,lat,lon,observed,location,description\r\nold-1,speeding,published,42.4227,-83.1526,2026-01-02,\"Thatcher St, by the park\",Fast cars"
        try site.write("neighborhoods/bagley/observations.csv", existing)
        let csv = try Self.write(site, "form.csv", "id,lat,lng,created_at,summary,nature,description\n77,42.4250,-83.1550,2026-11-02T10:00:00Z,Traffic Complaints,Speeding,\"Racing, \"\"again\"\"\"\n")
        let run = site.run(["bagley", csv])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.hasPrefix("imported 1 new report into bagley, 0 already known"))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: site.content + "/neighborhoods/bagley/observations.csv"))
        #expect(bytes.starts(with: Data(existing.utf8)))
        #expect(String(decoding: bytes.dropFirst(existing.utf8.count), as: UTF8.self)
                == "\r\nseeclickfix-77,speeding,pending,42.425,-83.155,2026-11-02T10:00:00Z,,\"Racing, \"\"again\"\"\"\r\n")
        let (content, diagnostics) = ContentLoader.load(root: site.content, only: ["bagley"])
        #expect(!diagnostics.hasErrors)
        #expect(content?.neighborhoods[0].observation("seeclickfix-77")?.status == .pending)
        #expect(content?.neighborhoods[0].observation("old-1")?.status == .published)
    }

    @Test("Reports already in the sample by their source address are known; a place that names no street is an error with 'did you mean' at its line")
    func knownAndUnknown() throws {
        let (site, csv) = try Self.sample(with: "in.csv", """
        id,lat,lng,created_at,summary,nature,description,location_hint
        6193044,42.4227476,-83.1525993,2019-07-13T00:05:19Z,Traffic Complaints,Speeding,,
        900,,,2026-11-02T10:00:00Z,Traffic Complaints,Speeding,fast,Thatchr and Roselawn
        901,,,2026-11-02T10:00:00Z,Traffic Complaints,Speeding,fast,Pickford and Thatcher

        """)
        defer { site.remove() }
        let run = site.run(["bagley", csv])
        #expect(run.status == 1)
        #expect(run.err.contains("in.csv:3:1: error: cannot place 'Thatchr and Roselawn': unknown street 'Thatchr' in bagley; did you mean 'Thatcher St'?"))
        #expect(run.err.contains("in.csv:4:1: error: cannot place 'Pickford and Thatcher': Pickford St and Thatcher St do not meet in bagley"))
        #expect(run.err.hasSuffix("stopped: 2 errors; nothing was imported"))
    }

    @Test("Into a neighborhood whose CSV has no status column, each report is its own Markdown file that loads as pending, a local date-time quoted")
    func markdownFiles() throws {
        let (site, csv) = try Self.sample(with: "boston.csv", """
        CASE_ENQUIRY_ID,OPEN_DT,CASE_TITLE,TYPE,Location,LATITUDE,LONGITUDE
        101001240796,11/20/2026 11:55:58 AM,Speeding,Speeding,INTERSECTION of Thatcher St & Roselawn St  Detroit  MI,,

        """)
        defer { site.remove() }
        let run = site.run(["bagley", csv])
        #expect(run.status == 0, "\(run.err)")
        let text = try #require(site.read("neighborhoods/bagley/observations/boston-101001240796.md"))
        #expect(text.hasPrefix("---\ncategory: speeding\nstatus: pending\nobserved: \"2026-11-20 11:55:58\"\nlat: "))
        #expect(text.contains("location: \"INTERSECTION of Thatcher St & Roselawn St\"\n---\nSpeeding\n"))
        let (content, diagnostics) = ContentLoader.load(root: site.content, only: ["bagley"])
        #expect(!diagnostics.hasErrors)
        let o = try #require(content?.neighborhoods[0].observation("boston-101001240796"))
        #expect(o.status == .pending && o.observed.day.description == "2026-11-20")
        #expect(site.read("neighborhoods/bagley/observations.csv") == (try String(contentsOfFile: packageRoot + "/content/neighborhoods/bagley/observations.csv", encoding: .utf8)))
    }

    @Test("Without a neighborhood, a report outside every boundary is listed with its line, never dropped silently")
    func outside() throws {
        let (site, csv) = try Self.sample(with: "in.csv", """
        id,lat,lng,created_at,summary,nature,description
        1,42.4227,-83.1526,2026-11-01T10:00:00Z,Traffic Complaints,Speeding,in bagley
        2,40.0,-80.0,2026-11-01T10:00:00Z,Traffic Complaints,Speeding,far away
        3,42.3301,-83.0689,2026-11-01T10:00:00Z,Traffic Complaints,Speeding,in corktown

        """)
        defer { site.remove() }
        let run = site.run([csv])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.hasPrefix("imported 1 new report into bagley, 1 into corktown, 0 already known, 1 outside every neighborhood (line 3)"))
    }
}

@Suite("Routing by boundary")
struct RoutingTests {
    @Test("A point in a hole belongs to no neighborhood; each polygon of a multipolygon holds its points")
    func holesAndParts() {
        func ring(_ x: Double, _ y: Double, _ s: Double) -> Ring {
            [Coordinate(latitude: y, longitude: x), Coordinate(latitude: y, longitude: x + s), Coordinate(latitude: y + s, longitude: x + s),
             Coordinate(latitude: y + s, longitude: x), Coordinate(latitude: y, longitude: x)]
        }
        var a = Neighborhood.blank("a")
        a.boundary = Area(polygons: [Polygon(outer: ring(0, 0, 1), holes: [ring(0.4, 0.4, 0.2)]), Polygon(outer: ring(5, 5, 1))])
        var b = Neighborhood.blank("b")
        b.boundary = Area(polygons: [Polygon(outer: ring(0.45, 0.45, 0.1))])
        let routing = Routing([b, a])
        #expect(routing.neighborhood(of: Coordinate(latitude: 0.1, longitude: 0.1)) == "a")
        #expect(routing.neighborhood(of: Coordinate(latitude: 5.5, longitude: 5.5)) == "a")
        #expect(routing.neighborhood(of: Coordinate(latitude: 0.5, longitude: 0.5)) == "b")
        #expect(routing.neighborhood(of: Coordinate(latitude: 0.42, longitude: 0.42)) == nil)
        #expect(routing.neighborhood(of: Coordinate(latitude: 3, longitude: 3)) == nil)
    }
}

extension Neighborhood {
    static func blank(_ slug: String) -> Neighborhood {
        Neighborhood(slug: slug, name: slug, description: nil, about: "", boundary: nil, basemap: [], observations: [], stories: [],
                     coalitions: [], events: [], location: Diagnostics.SourceLocation(path: slug))
    }
}
