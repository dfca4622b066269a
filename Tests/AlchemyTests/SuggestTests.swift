import CivilTime
import Foundation
import Geo
import Loading
import Testing
@testable import Alchemy

@Suite("Suggestions: clusters of related reports")
struct SuggestTests {
    func point(_ lat: Double, _ lon: Double, day: Int, group: Int = 0) -> SpaceTimeClustering.Point {
        SpaceTimeClustering.Point(coordinate: Coordinate(latitude: lat, longitude: lon), day: day, group: group)
    }

    @Test("reports close in space and time form one cluster; one far away and one months later are left out")
    func spaceAndTime() {
        let points = [
            point(42.4200, -83.1550, day: 100), point(42.4202, -83.1552, day: 105), point(42.4198, -83.1548, day: 110),
            point(42.4201, -83.1551, day: 130),
            point(42.4500, -83.1550, day: 104),  // 3 km north
            point(42.4200, -83.1550, day: 400),  // a year later
        ]
        let clusters = SpaceTimeClustering.clusters(points, radius: 400, window: 30, minPoints: 3)
        #expect(clusters == [[0, 1, 2, 3]])
    }

    @Test("a chain of reports, each within the window of the next, is one cluster longer than the window")
    func chains() {
        let points = (0..<6).map { point(42.42, -83.155, day: $0 * 20) }
        #expect(SpaceTimeClustering.clusters(points, radius: 100, window: 25, minPoints: 2) == [[0, 1, 2, 3, 4, 5]])
        #expect(SpaceTimeClustering.clusters(points, radius: 100, window: 10, minPoints: 2).isEmpty)
    }

    @Test("categories of different groups never share a cluster; fewer than the minimum is no cluster")
    func groupsAndMinimum() {
        let points = [point(42.42, -83.155, day: 1, group: 0), point(42.42, -83.155, day: 2, group: 1),
                      point(42.42, -83.155, day: 3, group: 0), point(42.42, -83.155, day: 4, group: 1)]
        #expect(SpaceTimeClustering.clusters(points, radius: 100, window: 10, minPoints: 3).isEmpty)
        #expect(SpaceTimeClustering.clusters(points, radius: 100, window: 10, minPoints: 2) == [[0, 2], [1, 3]])
        let groups = Suggester.categoryGroups(["a", "b", "c", "d"], related: [["a", "c"], ["c", "d"], ["nope"]])
        #expect(groups["a"] == groups["c"] && groups["c"] == groups["d"] && groups["b"] != groups["a"])
    }

    @Test("suggest leaves out unpublished reports and those a published story links; largest first; places from streets and parks")
    func fixture() throws {
        let f = try Fixture()
        defer { f.remove() }
        let (site, n) = try f.load()
        let all = Suggester.suggestions(n, site: site, settings: SuggestSettings())
        #expect(all.map(\.ids) == [["s1", "s2", "s3", "s4", "s5", "s6"], ["k1", "k2", "k3"]])
        #expect(all.map(\.number) == [1, 2])
        #expect(all[0].place.phrase == "near Pickford St and Wyoming St")
        #expect(all[1].place.phrase == "in and around Oak Grove Park" || all[1].place.phrase.hasSuffix("of Oak Grove Park")
                || all[1].place.phrase == "beside Oak Grove Park", "\(all[1].place.phrase)")
        #expect(all[0].first.description == "2024-05-01" && all[0].last.description == "2024-05-20")
        let since = Suggester.suggestions(n, site: site, settings: SuggestSettings(), since: CivilDate(year: 2024, month: 1, day: 1))
        #expect(since.map(\.ids) == [["s1", "s2", "s3", "s4", "s5", "s6"]])
        var related = SuggestSettings()
        related.related = [["speeding", "illegal-parking"]]
        #expect(Suggester.suggestions(n, site: site, settings: related).first?.ids == ["s1", "s2", "l2", "s3", "s4", "s5", "s6"])
    }

    @Test("suggest --json prints only a JSON array of objects with exactly the promised fields")
    func json() throws {
        let f = try Fixture()
        defer { f.remove() }
        let (status, t) = run(["suggest", "testville", "--content", f.content, "--json"], in: f.dir)
        #expect(status == 0, "\(t.err)")
        let parsed = try JSONSerialization.jsonObject(with: Data(t.out.utf8)) as? [[String: Any]]
        let items = try #require(parsed)
        #expect(items.count == 2)
        #expect(Set(items[0].keys) == ["number", "ids", "count", "counts", "category", "place", "first", "last"])
        #expect(items[0]["ids"] as? [String] == ["s1", "s2", "s3", "s4", "s5", "s6"])
        #expect(items[0]["counts"] as? [String: Int] == ["speeding": 6])
        #expect(items[0]["category"] as? String == "speeding" && items[0]["count"] as? Int == 6)
        #expect(items[0]["first"] as? String == "2024-05-01" && items[0]["last"] as? String == "2024-05-20")
        let limited = run(["suggest", "testville", "--content", f.content, "--json", "--limit", "1"], in: f.dir).1.out
        #expect((try JSONSerialization.jsonObject(with: Data(limited.utf8)) as? [Any])?.count == 1)
        let text = run(["suggest", "testville", "--content", f.content], in: f.dir)
        #expect(text.0 == 0 && text.1.out.contains("1. 6 reports: Speeding 6") && text.1.out.contains("--suggestion 2"))
    }

    @Test("suggest: site.yml's suggest block is read and checked; bad usage exits 2")
    func settings() throws {
        let f = try Fixture(alchemy: "suggest:\n  radius_m: 50000\n  min_reports: 7\n")
        defer { f.remove() }
        let (status, t) = run(["suggest", "testville", "--content", f.content], in: f.dir)
        #expect(status == 1)
        #expect(t.err.contains("site.yml:10:13: error: suggest.radius_m is '50000'; expected a number of meters from 10 to 5000"), "\(t.err)")
        try f.write("site.yml", (f.read(f.content + "/site.yml") ?? "").replacingOccurrences(of: "radius_m: 50000", with: "radius_m: 400"))
        let seven = run(["suggest", "testville", "--content", f.content, "--json"], in: f.dir)
        #expect(seven.0 == 0 && seven.1.out == "[]", "\(seven.1.err)")
        #expect(run(["suggest", "--content", f.content], in: f.dir).0 == 2)
        #expect(run(["suggest", "testville", "--since", "2024-13-01"], in: f.dir).0 == 2)
        #expect(run(["suggest", "testville", "--limit", "0"], in: f.dir).0 == 2)
        #expect(run(["suggest", "nowhere", "--content", f.content], in: f.dir).0 == 1)
    }

    @Test("the sample has suggestions in every neighborhood, and the same ones every time")
    func sample() throws {
        let (content, diagnostics) = ContentLoader.load(root: packageRoot + "/content")
        let loaded = try #require(content, "\(diagnostics.filter(\.isError))")
        for n in loaded.neighborhoods {
            let a = Suggester.suggestions(n, site: loaded.site, settings: SuggestSettings())
            let b = Suggester.suggestions(n, site: loaded.site, settings: SuggestSettings())
            #expect(!a.isEmpty, "\(n.slug)")
            #expect(a.map(\.json) == b.map(\.json))
            let linked = Set(n.stories.filter { $0.status == .published }.flatMap { $0.observations.map(\.value) })
            #expect(a.allSatisfy { s in s.ids.allSatisfy { !linked.contains($0) } })
            #expect(zip(a, a.dropFirst()).allSatisfy { $0.observations.count >= $1.observations.count })
        }
    }
}
