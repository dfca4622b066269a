import Diagnostics
import Assembly
import CivilTime
import ContentFields
import Foundation
import Geo
@testable import Loading
import Testing

@Suite("Weeks and digests")
struct AssemblyTests {
    func day(_ s: String) -> CivilDate { CivilDate.parse(s) ?? CivilDate(unchecked: 1970, 1, 1) }

    @Test("a week is named by its ISO year and number, runs Monday to Sunday, and knows the week before")
    func weekIDs() {
        let w = WeekID(containing: day("2027-01-02"))
        #expect(w.description == "2026-W53")
        #expect(w.start == day("2026-12-28") && w.end == day("2027-01-03"))
        #expect(w.previous.description == "2026-W52")
        #expect(WeekID(containing: day("2027-01-04")).description == "2027-W01")
        #expect(WeekID(containing: day("2027-01-04")).previous == w)
        #expect(WeekID(containing: day("2026-11-29")) < WeekID(containing: day("2026-11-30")))
    }

    static let site = SiteSettings(title: "T", description: nil, baseURL: nil, language: "en", timeZone: TimeZone(identifier: "America/Detroit") ?? .gmt,
                                   privacy: PrivacyPolicy(), categories: [Category(key: "speeding", label: "Speeding", color: "#d55e00"),
                                                                          Category(key: "parking", label: "Parking", color: "#009e73")],
                                   mapAttribution: "", location: Diagnostics.SourceLocation(path: "site.yml"))

    func observation(_ id: String, _ category: String, _ date: String, status: Observation.Status = .published, tags: [String] = []) -> Observation {
        let when = (try? ContentDate.parse(date, in: Self.site.timeZone).get()) ?? ContentDate.at(instant: 0, zone: .gmt)
        return Observation(id: id, category: category, location: .written("Corner"), coordinate: Coordinate(latitude: 42.05, longitude: -83.15),
                           observed: when, status: status, title: id, author: "A neighbor", tags: tags, description: "", source: Diagnostics.SourceLocation(path: "x"))
    }

    func assemble(_ observations: [Observation], coalitions: [Coalition] = [], today: String = "2026-11-29") -> NeighborhoodSite? {
        var n = Neighborhood(slug: "north", name: "North", description: nil, about: "", boundary: nil, basemap: [], observations: observations,
                             stories: [], coalitions: coalitions, events: [], location: Diagnostics.SourceLocation(path: "n"))
        n.fingerprint = .init(high: 1, low: 2)
        let site = Assembler.assemble(LoadedContent(site: Self.site, neighborhoods: [n]), options: BuildOptions(today: day(today)))
        return site.neighborhoods.first
    }

    @Test("digests exist for weeks with published activity and the current week, newest first, none after today")
    func digests() throws {
        let hood = try #require(assemble([
            observation("a", "speeding", "2026-11-02"), observation("b", "parking", "2026-11-10"),
            observation("p", "speeding", "2026-10-01", status: .pending), observation("later", "speeding", "2026-12-20"),
        ]))
        #expect(hood.digests.map(\.week.description) == ["2026-W48", "2026-W46", "2026-W45"])
        #expect(hood.digests[0].isCurrentWeek && hood.digests[0].observations.isEmpty)
        #expect(hood.observations.map(\.id) == ["a", "b", "later"], "only published reports, oldest first")
        let w46 = hood.digests[1]
        #expect(w46.counts.map { "\($0.category.key) \($0.thisWeek)/\($0.previousWeek)" } == ["speeding 0/1", "parking 1/0"])
    }

    @Test("a coalition gathers the newest reports in its focus, by category or tag, with the total")
    func coalitionFocus() throws {
        // As the loader gives them: oldest first.
        var reports: [Observation] = []
        for i in 0..<1200 {
            let category = i % 2 == 0 ? "speeding" : "parking"
            let tags: [String] = i % 3 == 0 ? ["school"] : []
            reports.append(observation("s\(i)", category, "2026-0\(1 + i % 9)-1\(i % 10)", tags: tags))
        }
        reports.sort { a, b in a.observed.instant != b.observed.instant ? a.observed.instant < b.observed.instant : a.id < b.id }
        let c = Coalition(slug: "safe", name: "Safe", focus: ["speeding", "school"], contact: nil, meets: nil, joinURL: nil, members: nil, about: "",
                          source: Diagnostics.SourceLocation(path: "c"))
        let page = try #require(assemble(reports, coalitions: [c])?.coalitions.first)
        let expected = reports.filter { $0.category == "speeding" || $0.tags.contains("school") }
        #expect(page.observationTotal == expected.count)
        #expect(page.observations.count == CoalitionPage.observationLimit)
        #expect(page.observations.allSatisfy { $0.category == "speeding" || $0.tags.contains("school") })
        let instants = page.observations.map { (o: Observation) in o.observed.instant }
        #expect(instants == instants.sorted(by: >), "newest first")
    }
}

@Suite("Activity")
struct ActivityTests {
    @Test("the 12 weeks end with the week of --date, Monday to Sunday, across a year's end")
    func weeks() {
        let weeks = Activity.weeks(endingWith: CivilDate(unchecked: 2027, 1, 3))
        #expect(weeks.count == 12)
        #expect(weeks.last?.description == "2026-W53")
        #expect(weeks.first?.start == CivilDate(unchecked: 2026, 10, 12))
        #expect(zip(weeks, weeks.dropFirst()).allSatisfy { $0.0.end.adding(days: 1) == $0.1.start })
    }

    @Test("sums keep every week and category, and the busiest come first, then of all time, then site order")
    func sums() {
        let site = SiteSettings(title: "T", description: nil, baseURL: nil, language: "en", timeZone: .gmt, privacy: PrivacyPolicy(),
                                categories: [Category(key: "a", label: "A", color: "#000000"), Category(key: "b", label: "B", color: "#000000"),
                                             Category(key: "c", label: "C", color: "#000000")],
                                mapAttribution: "", location: SourceLocation(path: "site.yml"))
        var one = Activity.none
        one.reportsPerWeek[11] = 2
        one.categories = [.init(key: "a", recent: 1, total: 9), .init(key: "b", recent: 1, total: 1)]
        var two = Activity.none
        two.reportsPerWeek[0] = 1
        two.newStories = 2
        two.categories = [.init(key: "c", recent: 1, total: 1)]
        let sum = Activity.sum([one, two], site: site)
        #expect(sum.reportsPerWeek == [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2])
        #expect(sum.recentReports == 3 && sum.newStories == 2)
        #expect(sum.busiest(2).map(\.key) == ["a", "b"])
        #expect(Activity.moreActive(one, than: two) && !Activity.moreActive(two, than: one))
    }

    @Test("--skip names parts in any case, with spaces, and a word that names none is given back as typed")
    func skipParts() throws {
        #expect(try SiteSection.parse("Digests, FLYERS ,emails").get() == [.digests, .flyers, .emails])
        #expect(try SiteSection.parse("").get().isEmpty)
        guard case .failure(let unknown) = SiteSection.parse("map,Digest") else { Issue.record("accepted 'Digest'"); return }
        #expect(unknown.word == "Digest")
    }
}
