import Foundation
import Testing
import Fingerprint
@testable import Loading

@Suite("The rows of observations.csv taken from the last build")
struct ReportRowsTests {
    static let rows = [
        "r1,speeding,Corner of A and B,42.05,-83.15,2024-05-01,Cars fly by.",
        "r2,illegal-parking,,42.06,-83.14,2024-05-02T08:30,",
        "r3,speeding,\"Call 313-555-0100 about it\",42.04,-83.16,2024-05-03,Phone in the place.",
        "r4,speeding,Main street,42.05,-83.15,2024-05-04,Pending.",
    ]

    static func csv(_ rows: [String]) -> String {
        (["id,category,location,lat,lon,observed,description"] + rows).joined(separator: "\n") + "\n"
    }

    func fixture(_ rows: [String] = Self.rows) -> Fixture {
        Fixture(["neighborhoods/n/observations.csv": Self.csv(rows), "neighborhoods/n/moderation.yml": "r4: pending\n"])
    }

    /// The neighborhood read with `last` as the last build's rows: its reports by id, and its rows now.
    func load(_ f: Fixture, last: ReportRows? = nil) throws -> ([String: Observation], ReportRows) {
        let (content, diagnostics) = ContentLoader.load(root: f.root, lastRows: { _ in last })
        let hood = try #require(content?.neighborhoods.first, "\(diagnostics)")
        return (Dictionary(uniqueKeysWithValues: hood.observations.map { ($0.id, $0) }), try #require(hood.reportRows))
    }

    /// `rows` with each report's description marked, to tell a report taken from them from one read again.
    func marked(_ rows: ReportRows) -> ReportRows {
        var out = rows
        for (key, row) in rows.rows {
            let o = row.report
            out.rows[key]?.report = Observation(id: o.id, category: o.category, location: o.location, coordinate: o.coordinate, observed: o.observed,
                                                status: o.status, title: o.title, author: o.author, tags: o.tags, description: "TAKEN " + o.id,
                                                sourceURL: o.sourceURL, source: o.source)
        }
        return out
    }

    @Test("keeps the published rows that said nothing: not the one redacted (it says so), not the pending one")
    func keepsQuietPublishedRows() throws {
        let (_, rows) = try load(fixture())
        #expect(Set(rows.rows.values.map(\.report.id)) == ["r1", "r2"])
    }

    @Test("a row as it was is taken, at its new line; a changed row is read again")
    func takesUnchangedRows() throws {
        let f = fixture()
        let (_, first) = try load(f)
        // A report added above the others moves them a line down; r2's words change.
        f.write("neighborhoods/n/observations.csv", Data(Self.csv(["r0,speeding,New,42.05,-83.15,2024-04-30,New one."]
            + Self.rows.map { $0.replacingOccurrences(of: "2024-05-02T08:30,", with: "2024-05-02T08:30,Now with words.") }).utf8))
        let (reports, next) = try load(f, last: marked(first))
        #expect(reports["r1"]?.description == "TAKEN r1", "r1 is as it was")
        #expect(reports["r1"]?.source.line == 3, "r1 is placed where it is now")
        #expect(reports["r2"]?.description == "Now with words.")
        #expect(reports["r0"]?.description == "New one.")
        #expect(reports["r3"]?.description == "Phone in the place." && reports["r4"] != nil)
        #expect(Set(next.rows.values.map(\.report.id)) == ["r0", "r1", "r2"])
    }

    @Test("nothing is taken after site.yml, the basemap or the header changed")
    func surroundingsChanged() throws {
        let f = fixture()
        let (_, first) = try load(f)
        f.write("site.yml", Data((Fixture.site + "\n# an edit\n").utf8))
        #expect(try load(f, last: marked(first)).0["r1"]?.description == "Cars fly by.", "site.yml")
        let (_, second) = try load(f)
        f.write("neighborhoods/n/basemap.geojson", Data("""
        {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"kind": "street", "name": "Main St"},
        "geometry": {"type": "LineString", "coordinates": [[-83.2, 42.05], [-83.1, 42.05]]}}]}
        """.utf8))
        #expect(try load(f, last: marked(second)).0["r1"]?.description == "Cars fly by.", "basemap")
        let (_, third) = try load(f)
        f.write("neighborhoods/n/observations.csv", Data(Self.csv(Self.rows).replacingOccurrences(of: ",description\n", with: ",description \n").utf8))
        #expect(try load(f, last: marked(third)).0["r1"]?.description == "Cars fly by.", "header")
    }

    @Test("a new moderation decision is never missed: the row is read again")
    func decisionChanged() throws {
        let f = fixture()
        let (_, first) = try load(f)
        f.write("neighborhoods/n/moderation.yml", Data("r4: pending\nr1: removed\n".utf8))
        let (reports, next) = try load(f, last: marked(first))
        #expect(reports["r1"]?.status == .removed && reports["r1"]?.description == "Cars fly by.")
        #expect(reports["r2"]?.description == "TAKEN r2")
        #expect(Set(next.rows.values.map(\.report.id)) == ["r2"], "a removed report is not kept")
    }

    @Test("written and read back, the same reports; a file cut anywhere, or of another program, is no file")
    func bytesRoundTrip() throws {
        let (_, rows) = try load(fixture())
        var all = rows
        let places: [Observation.Place] = [.written("Near the \"park\" ✓"), .near(street: "Main St", crossing: nil), .near(street: "A", crossing: "B"), .inNeighborhood]
        for (i, place) in places.enumerated() {
            let o = try #require(rows.rows.values.first?.report)
            all.rows[Fingerprint(high: UInt64(i), low: 9)] = .init(report: Observation(
                id: "x\(i)", category: "speeding", location: place, coordinate: o.coordinate, observed: o.observed, status: .published,
                title: i % 2 == 0 ? "Título \(i)" : nil, author: i == 1 ? "Ana" : nil, tags: i == 2 ? ["a", "ب"] : [],
                description: "Line one\nلغة", sourceURL: i == 3 ? "https://example.org/r" : nil, source: o.source), decision: i == 0 ? .published : nil)
        }
        let bytes = all.bytes(key: "0.4.0 abc", slug: "n")
        var pieces: [UInt8] = []
        all.write(key: "0.4.0 abc", slug: "n", piece: 10) { pieces += $0 }
        #expect(pieces == bytes, "written in pieces, the same bytes")
        let back = try #require(ReportRows.read(bytes, key: "0.4.0 abc", slug: "n", path: "p"))
        #expect(back.context == all.context && back.rows.count == all.rows.count)
        func text(_ r: ReportRows) -> [String] {
            r.rows.sorted { $0.key < $1.key }.map { k, row in
                let o = row.report
                return "\(k) \(String(describing: row.decision)) \(o.id) \(o.category) \(o.location) \(o.coordinate) \(o.observed) \(o.status) \(String(describing: o.title)) \(String(describing: o.author)) \(o.tags) \(o.description) \(String(describing: o.sourceURL))"
            }
        }
        #expect(text(back) == text(all))
        #expect(ReportRows.read(bytes, key: "0.4.0 other", slug: "n", path: "p") == nil)
        #expect(ReportRows.read(bytes, key: "0.4.0 abc", slug: "s", path: "p") == nil, "another neighborhood's file")
        // A byte changed anywhere, the text of a report among them, is never taken.
        for at in stride(from: 0, to: bytes.count, by: 5) {
            var changed = bytes
            changed[at] ^= 0x20
            #expect(ReportRows.read(changed, key: "0.4.0 abc", slug: "n", path: "p") == nil, "byte \(at) changed")
        }
        for cut in stride(from: 0, to: bytes.count, by: 7) { #expect(ReportRows.read(Array(bytes[..<cut]), key: "0.4.0 abc", slug: "n", path: "p") == nil, "cut at \(cut)") }
        #expect(ReportRows.read(bytes + [0], key: "0.4.0 abc", slug: "n", path: "p") == nil, "a byte more")
    }

    @Test("a sealed row whose day is out of any calendar is no row, and never a trap")
    func dayOutOfRange() {
        for day in [Int.max, Int.min + 1, 4_000_001] {
            var w = ReportRows.Writer()
            w.text(ReportRows.header)
            w.text("k")
            let context = Fingerprint(high: 1, low: 2)
            w.fingerprint(context)
            w.int(1)
            let start = w.out.count
            w.fingerprint(Fingerprint(high: 3, low: 4))
            w.byte(0)
            w.text("r1"); w.text("speeding"); w.byte(2)
            w.double(42); w.double(-83); w.int(0); w.int(day); w.byte(0); w.int(0); w.byte(0)
            w.optional(nil); w.optional(nil); w.int(0); w.text(""); w.optional(nil)
            w.fingerprint(ReportRows.seal(w.out[start...], slug: "n", context: context))
            #expect(ReportRows.read(w.out, key: "k", slug: "n", path: "p") == nil, "day \(day)")
        }
    }
}
