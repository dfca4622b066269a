import CivilTime
import Foundation
import Testing
@testable import Loading
@testable import Moderation

@Suite("commonsight review lists what waits for a decision")
struct ReviewQueueTests {
    @Test("the list holds exactly the pending and flagged reports and the draft stories of every form, oldest first")
    func waitingItemsOfEveryForm() throws {
        let f = try Fixture()
        let (status, t) = f.run("review", "--json")
        #expect(status == 0, "\(t.err)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(t.out.utf8)) as? [[String: Any]])
        let rows = items.map { i in
            "\(i["id"]!) \(i["kind"]!) \(i["status"]!) \(i["path"]!):\(i["line"]!) \(i["date"]!)"
        }
        #expect(rows == [
            "w1 observation pending content/neighborhoods/west/observations.geojson:2 2026-06-01",
            "e-md1 observation pending content/neighborhoods/east/observations/e-md1.md:1 2026-07-04",
            "c3 observation flagged content/neighborhoods/east/observations.csv:5 2026-08-15",
            "w3 observation flagged content/neighborhoods/west/observations.geojson:6 2026-09-09",
            "c2 observation pending content/neighborhoods/east/observations.csv:4 2026-10-05",
            "undated-draft story draft content/neighborhoods/east/stories/undated-draft.md:1 2026-11-01",
            "shared observation pending content/neighborhoods/east/observations.csv:7 2026-11-21",
            "shared observation pending content/neighborhoods/west/observations.geojson:8 2026-11-22",
            "dated-draft story draft content/neighborhoods/east/stories/dated-draft.md:1 2026-11-25",
        ])
        let c2 = try #require(items.first { $0["id"] as? String == "c2" })
        #expect(c2["text"] as? String == "title: Speeding — Wyoming St\nlocation: Wyoming St\nauthor: A neighbor\ndescription: Racing at night, call me at [phone removed]")
        #expect(c2["waiting_days"] as? Int == 55)
        #expect(c2["category"] as? String == "speeding")
        #expect((c2["linked_by"] as? [[String: String]]) == [["story": "dated-draft", "status": "draft"]])
        #expect((c2["removed"] as? [[String: String]]) == [["kind": "phone", "text": "313-555-0100"]])
    }

    @Test("the text listing marks what the redaction would take out and says how long each item waited")
    func textListing() throws {
        let f = try Fixture()
        let (status, t) = f.run("review", "east", "--date", "2026-11-29")
        #expect(status == 0, "\(t.err)")
        #expect(t.out.hasPrefix("6 items wait for a decision in East Side, oldest first (as of 2026-11-29):"))
        #expect(t.out.contains("c2 · pending report in East Side · Speeding · observed 2026-10-05 · waiting 7 weeks\n  content/neighborhoods/east/observations.csv:4\n"))
        #expect(t.out.contains("  description: Racing at night, call me at [phone removed: 313-555-0100]\n  publishing removes: a phone number\n  linked by: stories/dated-draft.md (draft)"))
        #expect(t.out.contains("undated-draft · draft story in East Side · Illegal parking · dated 2026-11-01 · waiting 4 weeks"))
        #expect(t.out.contains("  links 1 report: 1 flagged"))
        #expect(!t.out.contains("w1"))
    }

    @Test("--status chooses what is listed, in any case; an unknown status is wrong usage")
    func statusFilter() throws {
        let f = try Fixture()
        let (status, t) = f.run("review", "--status", "Flagged", "--json")
        #expect(status == 0)
        #expect(t.out.contains("\"id\": \"c3\"") && t.out.contains("\"id\": \"w3\"") && !t.out.contains("\"c2\""))
        let (bad, t2) = f.run("review", "--status", "hidden")
        #expect(bad == 2)
        #expect(t2.err.hasPrefix("error: --status 'hidden' is not a status; expected 'pending', 'flagged', 'removed', 'draft', 'scheduled' or 'published'"))
        #expect(f.run("review", "East").1.err.hasPrefix("error: 'East' is not a neighborhood slug; did you mean 'east'?"))
        #expect(f.run("review", "--json", "--publish", "c2").0 == 2)
        #expect(f.run("review", "--publish", "c2", "--flag", "c3").0 == 2)
        #expect(f.run("review", "--publish", "c2,,c3").1.err.hasPrefix("error: --publish has an empty id"))
    }

    @Test("a quiet neighborhood says that nothing waits")
    func nothingWaits() throws {
        let f = try Fixture()
        let (status, t) = f.run("review", "west", "--status", "removed")
        #expect(status == 0)
        #expect(t.out == "nothing in West End has the status removed")
    }

    @Test("the published text of a report shows its title made from the place, and a written title redacted")
    func publicText() throws {
        let f = try Fixture()
        try f.write("neighborhoods/east/observations/e-md3.md",
                    "---\ncategory: speeding\nlocation: 14500 Pickford St\ntitle: Mail me at a@b.org\nauthor: Ann 313-555-0199\nlat: 42.42\nlon: -83.155\nobserved: 2026-11-01\nstatus: pending\n---\nSee 12 Wyoming St.\n")
        let (content, diagnostics) = ContentLoader.load(root: f.content)
        let n = try #require(content?.neighborhoods.first { $0.slug == "east" }, "\(diagnostics)")
        let o = try #require(n.observation("e-md3"))
        let shown = PublicText.of(o, in: n, site: content!.site)
        #expect(shown.field("title")?.published == "Mail me at [e-mail removed]")
        #expect(shown.field("author")?.marked == "Ann [phone removed: 313-555-0199]")
        #expect(shown.field("location")?.published == "14500 Pickford St")
        #expect(shown.field("description")?.marked == "See [address removed: 12 Wyoming St.]")
    }
}
