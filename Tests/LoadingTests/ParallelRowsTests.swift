import Foundation
import Testing
@testable import Loading

@Suite("A large CSV of reports read on several threads")
struct ParallelRowsTests {
    /// 600 rows: every 37th with a latitude out of range, every 53rd without a category, every 71st
    /// with a phone number to redact, one id twice, and a moderation file naming a broken row.
    func fixture() -> Fixture {
        var rows: [String] = []
        for i in 0..<600 {
            let lat = i % 37 == 5 ? "142.05" : "42.0\(i % 10)"
            let category = i % 53 == 7 ? "" : (i % 2 == 0 ? "speeding" : "illegal-parking")
            let location = i % 71 == 3 ? "\"Call 313-555-0\(100 + i % 900) about it\"" : "Corner \(i)"
            rows.append("r\(i == 400 ? 399 : i),\(category),\(location),\(lat),-83.15,2024-05-\(String(format: "%02d", 1 + i % 28))")
        }
        return Fixture([
            "neighborhoods/n/observations.csv": (["id,category,location,lat,lon,observed"] + rows).joined(separator: "\n") + "\n",
            "neighborhoods/n/moderation.yml": "r5: removed\nr900: removed\n",
        ])
    }

    @Test("gives the reports, the problems and their places that one thread gives")
    func sameAsOneThread() throws {
        let f = fixture()
        let (one, oneDiagnostics) = ContentLoader.load(root: f.root, workers: 1)
        let (four, fourDiagnostics) = ContentLoader.load(root: f.root, workers: 4)
        #expect(oneDiagnostics.map(\.description) == fourDiagnostics.map(\.description))
        #expect(oneDiagnostics.count > 20, "the fixture's broken rows are reported")
        #expect(one == nil && four == nil, "rows with errors fail the load on both")
    }

    @Test("without errors, the same reports in the same order, redacted the same way")
    func sameReports() throws {
        var rows: [String] = []
        for i in 0..<500 {
            let location = i % 71 == 3 ? "\"Call 313-555-0\(100 + i) about it\"" : "Corner \(i)"
            rows.append("r\(i),speeding,\(location),42.0\(i % 10),-83.15,2024-05-\(String(format: "%02d", 1 + i % 28))")
        }
        let f = Fixture(["neighborhoods/n/observations.csv": (["id,category,location,lat,lon,observed"] + rows).joined(separator: "\n") + "\n"])
        let (one, oneDiagnostics) = ContentLoader.load(root: f.root, workers: 1)
        let (four, fourDiagnostics) = ContentLoader.load(root: f.root, workers: 4)
        #expect(oneDiagnostics.map(\.description) == fourDiagnostics.map(\.description))
        let a = try #require(one?.neighborhoods.first?.observations), b = try #require(four?.neighborhoods.first?.observations)
        #expect(a.count == 500)
        #expect(a.map(\.id) == b.map(\.id))
        #expect(a.map { "\($0.location) \($0.coordinate) \($0.observed) \($0.source)" } == b.map { "\($0.location) \($0.coordinate) \($0.observed) \($0.source)" })
        #expect(!a.map { "\($0.location)" }.joined().contains("555-0"), "phone numbers are redacted on every thread")
    }
}
