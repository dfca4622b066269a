import CivilTime
import Foundation
import Testing
@testable import Loading
@testable import Moderation

@Suite("commonsight review decides in place")
struct DecisionTests {
    @Test("publishing a pending CSV row changes only the word in its quoted status cell: the byte-order mark, CRLF and other quotes stay")
    func csvQuotedCell() throws {
        let f = try Fixture()
        let before = f.bytes(f.csv)
        let (status, t) = f.run("review", "--publish", "c2", "--note", "checked\twith the\nblock club")
        #expect(status == 0, "\(t.err)")
        #expect(f.bytes(f.csv) == replacing(before, "\"pending\"", with: "\"published\"", after: "c2,"))
        #expect(Array(f.bytes(f.csv).prefix(3)) == [0xEF, 0xBB, 0xBF])
        #expect(t.out == "observation c2 in east: pending → published at content/neighborhoods/east/observations.csv:4:52\nrecorded in content/neighborhoods/east/moderation.log\nthe next build shows the change")
        let log = try String(contentsOfFile: f.east + "/moderation.log", encoding: .utf8)
        #expect(log == "date\tid\tkind\tfrom\tto\tplace\tnote\n2026-11-29\tc2\tobservation\tpending\tpublished\tobservations.csv:4\tchecked with the block club\n")
    }

    @Test("two ids of one file change in one write; an empty cell gets the word; every other byte stays")
    func csvSeveralAndEmpty() throws {
        let f = try Fixture()
        let before = f.bytes(f.csv)
        #expect(f.run("review", "east", "--remove", "c1, c3").0 == 0)
        let removed = replacing(replacing(before, "published", with: "removed", after: "c1,"), "flagged", with: "removed", after: "c3,")
        #expect(f.bytes(f.csv) == removed)
        #expect(f.run("review", "--flag", "c4").0 == 0)
        #expect(f.bytes(f.csv) == replacing(removed, ",,Blocked", with: ",flagged,Blocked"))
        let log = try String(contentsOfFile: f.east + "/moderation.log", encoding: .utf8).split(separator: "\n")
        #expect(log.count == 4)
        #expect(log[3] == "2026-11-29\tc4\tobservation\tpublished\tflagged\tobservations.csv:6\t")
    }

    @Test("a quoted status in CRLF front matter keeps its quotes, comment and line ends")
    func frontMatterQuoted() throws {
        let f = try Fixture()
        let path = f.east + "/observations/e-md1.md"
        let before = f.bytes(path)
        #expect(f.run("review", "--publish", "e-md1").0 == 0)
        #expect(f.bytes(path) == replacing(before, "\"pending\"", with: "\"published\""))
        #expect(String(decoding: f.bytes(path), as: UTF8.self).contains("status: \"published\"  # asked the block club\r\n"))
    }

    @Test("a line separator (U+2028) or NEL (U+0085) in a value: review changes the status on the line an editor shows, and check reports the same line")
    func unicodeLineSeparators() throws {
        for separator in ["\u{2028}", "\u{85}"] {
            let f = try Fixture()
            let path = f.east + "/observations/e-md4.md"
            let text = "---\ncategory: speeding\nlocation: \"Pickford\(separator)St\"\nlat: 42.4201\nlon: -83.1551\nobserved: 2026-07-04\nstatus: pending\n---\nBody.\n"
            try f.write("neighborhoods/east/observations/e-md4.md", text)
            let (status, t) = f.run("review", "--publish", "e-md4")
            #expect(status == 0, "\(t.err)")
            #expect(f.bytes(path) == Array(text.replacingOccurrences(of: "status: pending", with: "status: published").utf8))
            #expect(t.out.hasPrefix("observation e-md4 in east: pending → published at content/neighborhoods/east/observations/e-md4.md:7:9"), "\(t.out)")
            // An error after the separator: check names line 7 too, at the end of `status: [pending`.
            try f.write("neighborhoods/east/observations/e-md4.md", text.replacingOccurrences(of: "status: pending", with: "status: [pending"))
            let (checked, c) = f.run("check", "--content", "content", "--templates", packageRoot + "/templates")
            #expect(checked == 1)
            #expect(c.err.contains("content/neighborhoods/east/observations/e-md4.md:7:17: error: YAML syntax error"), "\(c.err)")
        }
    }

    @Test("a Markdown file without a status gets one line before its closing ---, with the file's line break")
    func frontMatterAdded() throws {
        let f = try Fixture()
        let path = f.east + "/observations/e-md2.md"
        let before = f.bytes(path)
        let (status, t) = f.run("review", "--flag", "e-md2")
        #expect(status == 0, "\(t.err)")
        #expect(f.bytes(path) == replacing(before, "observed: 2026-11-02\n---\n", with: "observed: 2026-11-02\nstatus: flagged\n---\n"))
        #expect(t.out.hasPrefix("observation e-md2 in east: published (not written) → flagged at content/neighborhoods/east/observations/e-md2.md:7:1"))
        // CRLF front matter gets CRLF.
        try f.write("neighborhoods/east/observations/e-md3.md", "---\r\ncategory: speeding\r\nlocation: X\r\nlat: 42.42\r\nlon: -83.155\r\nobserved: 2026-11-03\r\n---\r\nBody\r\n")
        #expect(f.run("review", "--remove", "e-md3").0 == 0)
        #expect(f.bytes(f.east + "/observations/e-md3.md") == Array("---\r\ncategory: speeding\r\nlocation: X\r\nlat: 42.42\r\nlon: -83.155\r\nobserved: 2026-11-03\r\nstatus: removed\r\n---\r\nBody\r\n".utf8))
    }

    @Test("a GeoJSON status changes only its value's bytes, spacing kept; a feature without one gets it after its id")
    func geojson() throws {
        let f = try Fixture()
        let before = f.bytes(f.geojson)
        #expect(f.run("review", "--publish", "w1").0 == 0)
        let published = replacing(before, "\"status\": \"pending\"", with: "\"status\": \"published\"")
        #expect(f.bytes(f.geojson) == published)
        #expect(f.run("review", "west", "--remove", "w3").0 == 0)
        let removed = replacing(published, "\"status\" : \"flagged\"", with: "\"status\" : \"removed\"")
        #expect(f.bytes(f.geojson) == removed)
        #expect(f.run("review", "--flag", "w2").0 == 0)
        #expect(f.bytes(f.geojson) == replacing(removed, "\"id\": \"w2\"", with: "\"id\": \"w2\", \"status\": \"flagged\""))
        #expect(f.run("check", "--content", "content", "--templates", packageRoot + "/templates").0 == 0)
    }

    @Test("the next build hides a report flagged and shows one published, and never copies moderation.log")
    func nextBuild() throws {
        let f = try Fixture()
        let (built, t) = f.build()
        #expect(built == 0, "\(t.err)")
        let out = f.dir + "/public/east/observations/"
        #expect(FileManager.default.fileExists(atPath: out + "e-md2/index.html"))
        #expect(!FileManager.default.fileExists(atPath: out + "c2/index.html"))
        #expect(f.run("review", "--flag", "e-md2").0 == 0)
        #expect(f.run("review", "--publish", "c2").0 == 0)
        let (again, t2) = f.build()
        #expect(again == 0, "\(t2.err)")
        #expect(!FileManager.default.fileExists(atPath: out + "e-md2/index.html"))
        let page = try String(contentsOfFile: out + "c2/index.html", encoding: .utf8)
        #expect(page.contains("[phone removed]") && !page.contains("313-555-0100"))
        let written = FileManager.default.enumerator(atPath: f.dir + "/public")?.allObjects as? [String] ?? []
        #expect(!written.contains { $0.contains("moderation") })
        // check is content with the log there: no warning about it.
        let (checked, t3) = f.run("check", "--content", "content", "--templates", packageRoot + "/templates")
        #expect(checked == 0)
        #expect(!t3.err.contains("moderation.log"), "\(t3.err)")
    }

    @Test("publishing a story checks it as check would: without a date it is refused and nothing changes")
    func storyNeedsDate() throws {
        let f = try Fixture()
        let before = f.snapshot()
        #expect(f.refused("review", "--publish", "undated-draft,c2") == """
        content/neighborhoods/east/stories/undated-draft.md:1:1: error: missing required field 'date': a published story needs the date it was published
        hint: add 'date: YYYY-MM-DD' (the day it is published) to the story's front matter, then publish it
        nothing was changed
        """)
        #expect(f.snapshot() == before)
        let path = f.east + "/stories/dated-draft.md"
        let story = f.bytes(path)
        let (published, t2) = f.run("review", "--publish", "dated-draft")
        #expect(published == 0, "\(t2.err)")
        #expect(f.bytes(path) == replacing(story, "status: draft", with: "status: published"))
        #expect(f.run("review", "--remove", "story:dated-draft").0 == 0)
        #expect(f.bytes(path) == story)
    }

    @Test("an unknown id, an id in two neighborhoods and an id in the wrong case change nothing, for any of the ids given")
    func refusals() throws {
        let f = try Fixture()
        let before = f.snapshot()
        #expect(f.refused("review", "--publish", "c2,nope") == "content/neighborhoods: error: no report, story, event or coalition 'nope' in any neighborhood; 'commonsight review' lists what waits for a decision\nnothing was changed")
        let shared = f.refused("review", "--remove", "shared")
        #expect(shared.hasPrefix("content/neighborhoods/east/observations.csv:7:1: error: 'shared' is in 2 neighborhoods: east (observations.csv:7) and west (observations.geojson:8); name one, as in 'commonsight review east --remove shared'"), "\(shared)")
        #expect(f.refused("review", "--publish", "C2").hasPrefix("content/neighborhoods: error: no report, story, event or coalition 'C2' in any neighborhood; ids are exact; did you mean 'c2 in east'?"))
        #expect(f.refused("review", "--publish", "c2,\"c3\"").contains("no report, story, event or coalition '\"c3\"'"))
        #expect(f.run("review", "north", "--publish", "c2").0 == 1)
        #expect(f.snapshot() == before)
        // Named, the shared id is one item.
        #expect(f.run("review", "west", "--publish", "shared").0 == 0)
        #expect(f.bytes(f.csv) == before["neighborhoods/east/observations.csv"])
    }

    @Test("a file edited between the reading and the writing is not written over, and nothing else changes")
    func changedMeanwhile() throws {
        let f = try Fixture()
        let request = DecisionRequest(root: f.content, neighborhood: nil, ids: ["c2", "w1"], decision: .publish, note: nil,
                                      date: CivilDate(unchecked: 2026, 11, 29))
        let (made, problems) = DecisionPlan.make(request)
        let plan = try #require(made, "\(problems)")
        #expect(plan.changes.map(\.id) == ["c2", "w1"])
        let edited = Array(Fixture.csvBytes.utf8) + Array("c5,speeding,Wyoming St,42.4212,-83.1562,2026-11-23,pending,\r\n".utf8)
        try Data(edited).write(to: URL(fileURLWithPath: f.csv))
        let geo = f.bytes(f.geojson)
        let failures = plan.commit()
        #expect(failures.map(\.description) == ["\(f.csv):4:52: error: this file changed since review read it; nothing was changed, run review again"])
        #expect(f.bytes(f.csv) == edited)
        #expect(f.bytes(f.geojson) == geo)
        #expect(!FileManager.default.fileExists(atPath: f.east + "/moderation.log"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: f.east).filter { $0.hasPrefix(".") }
        #expect(leftovers == [])
    }

    @Test("a file keeps its permissions, and a link inside the content folder stays a link to the file that changed")
    func permissionsAndLinks() throws {
        let f = try Fixture()
        chmod(f.csv, 0o640)
        let shared = f.content + "/shared-observations.geojson"
        try FileManager.default.moveItem(atPath: f.geojson, toPath: shared)
        try FileManager.default.createSymbolicLink(atPath: f.geojson, withDestinationPath: "../../shared-observations.geojson")
        #expect(f.run("review", "--publish", "c2,w1").0 == 0)
        var st = stat()
        #expect(stat(f.csv, &st) == 0 && st.st_mode & 0o777 == 0o640)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: f.geojson)) == "../../shared-observations.geojson")
        #expect(String(decoding: f.bytes(shared), as: UTF8.self).contains("\"status\": \"published\""))
    }

    @Test("a link that leads out of the content folder is never followed")
    func linkOutside() throws {
        let f = try Fixture()
        let outside = f.dir + "/elsewhere.geojson"
        try FileManager.default.moveItem(atPath: f.geojson, toPath: outside)
        try FileManager.default.createSymbolicLink(atPath: f.geojson, withDestinationPath: outside)
        let before = f.bytes(outside)
        let (status, t) = f.run("review", "--publish", "c2")
        #expect(status == 1)
        #expect(t.err.contains("content/neighborhoods/west/observations.geojson: error: this file is a symbolic link to"))
        #expect(f.bytes(outside) == before)
        #expect(f.run("review", "east", "--publish", "c2").0 == 0)
        #expect(f.bytes(outside) == before)
    }

    @Test("a status key in another case is the loader's error, and review changes nothing")
    func wrongCaseKey() throws {
        let f = try Fixture()
        try f.write("neighborhoods/east/observations/e-md3.md", "---\ncategory: speeding\nlocation: X\nlat: 42.42\nlon: -83.155\nobserved: 2026-11-03\nStatus: removed\n---\n")
        let before = f.snapshot()
        let (status, t) = f.run("review", "--publish", "e-md3")
        #expect(status == 1)
        #expect(t.err.hasPrefix("content/neighborhoods/east/observations/e-md3.md:7:1: error: field 'Status' must be written 'status'"))
        #expect(f.snapshot() == before)
    }

    @Test("a CSV file without a status column is never rewritten: the decision goes to moderation.yml, which the loader applies")
    func csvWithoutStatusColumn() throws {
        let f = try Fixture()
        let export = "id,category,location,lat,lon,observed\nc1,speeding,X,42.42,-83.155,2026-11-01\nc9,speeding,Y,42.421,-83.156,2026-11-02\n"
        try f.write("neighborhoods/east/observations.csv", export)
        try FileManager.default.removeItem(atPath: f.east + "/stories")
        let (status, t) = f.run("review", "--flag", "c1")
        #expect(status == 0, "\(t.err)")
        #expect(t.out.hasPrefix("observation c1 in east: published → flagged at content/neighborhoods/east/moderation.yml:4:1"), "\(t.out)")
        #expect(f.bytes(f.csv) == Array(export.utf8))
        let moderation = try String(contentsOfFile: f.east + "/moderation.yml", encoding: .utf8)
        #expect(moderation.hasSuffix("\n\"c1\": flagged\n"))
        // A second decision on the same report changes its line; another report gets one of its own.
        #expect(f.run("review", "--remove", "c1,c9").0 == 0)
        let after = try String(contentsOfFile: f.east + "/moderation.yml", encoding: .utf8)
        #expect(after.hasSuffix("\n\"c1\": removed\n\"c9\": removed\n"), "\(after)")
        #expect(f.bytes(f.csv) == Array(export.utf8))
        // The loader applies it: both are off the site, and listed as removed.
        let (listed, l) = f.run("review", "east", "--status", "removed", "--json")
        #expect(listed == 0)
        #expect(l.out.contains("\"id\": \"c1\", \"kind\": \"observation\", \"status\": \"removed\"") && l.out.contains("\"id\": \"c9\""), "\(l.out)")
        #expect(try String(contentsOfFile: f.east + "/moderation.log", encoding: .utf8).contains("c1\tobservation\tflagged\tremoved\tmoderation.yml:4\t"))
    }

    @Test("a GeoJSON export without any status is never rewritten either; a typo in moderation.yml is an error with a suggestion")
    func geojsonExport() throws {
        let f = try Fixture()
        let export = Fixture.geo.replacingOccurrences(of: ", \"status\": \"pending\"", with: "").replacingOccurrences(of: ", \"status\" : \"flagged\"", with: "")
        try f.write("neighborhoods/west/observations.geojson", export)
        let (status, t) = f.run("review", "west", "--remove", "w2")
        #expect(status == 0, "\(t.err)")
        #expect(f.bytes(f.geojson) == Array(export.utf8))
        #expect(try String(contentsOfFile: f.west + "/moderation.yml", encoding: .utf8).hasSuffix("\"w2\": removed\n"))
        try f.write("neighborhoods/west/moderation.yml", "\"w22\": removed\n\"w3\": remved\n")
        let (bad, c) = f.run("check")
        #expect(bad == 1)
        #expect(c.err.contains("content/neighborhoods/west/moderation.yml:1:8: error: moderation.yml names report 'w22', which is in no observation file of this neighborhood; remove the line"), "\(c.err)")
        #expect(c.err.contains("content/neighborhoods/west/moderation.yml:2:7: error: the status of 'w3' is 'remved'; did you mean 'removed'?"), "\(c.err)")
    }

    @Test("an item that already has the status asked for is left as it is and not logged")
    func alreadyThere() throws {
        let f = try Fixture()
        let (status, t) = f.run("review", "--flag", "c3")
        #expect(status == 0)
        #expect(t.out == "c3 is already flagged; nothing to do")
        #expect(!FileManager.default.fileExists(atPath: f.east + "/moderation.log"))
    }
}

@Suite("review finds the status however it is written")
struct StatusFormTests {
    static let head = "---\ncategory: speeding\nlocation: X\nlat: 42.42\nlon: -83.155\nobserved: 2026-11-03\n"

    @Test("front matter: empty, ~, a quoted key, a value on the next line, single quotes with CR line ends",
          arguments: [
              (head + "status:\n---\n", head + "status: flagged\n---\n"),
              (head + "status: ~ # none\n---\n", head + "status: flagged # none\n---\n"),
              (head + "\"status\": pending\n---\n", head + "\"status\": flagged\n---\n"),
              (head + "status:\n  pending\n---\n", head + "status:\n  flagged\n---\n"),
              ((head + "status: 'pending'\n---\nbody\n").replacingOccurrences(of: "\n", with: "\r"),
               (head + "status: 'flagged'\n---\nbody\n").replacingOccurrences(of: "\n", with: "\r")),
          ])
    func frontMatterForms(before: String, after: String) throws {
        let f = try Fixture()
        try f.write("neighborhoods/east/observations/e-md3.md", before)
        let (status, t) = f.run("review", "--flag", "e-md3")
        #expect(status == 0, "\(t.err)")
        #expect(f.bytes(f.east + "/observations/e-md3.md") == Array(after.utf8))
    }

    @Test("front matter written as one flow mapping is refused at its place")
    func flowMapping() throws {
        let f = try Fixture()
        try f.write("neighborhoods/east/observations/e-md3.md", "---\n{category: speeding, location: X, lat: 42.42, lon: -83.155, observed: 2026-11-03}\n---\n")
        let (status, t) = f.run("review", "--flag", "e-md3")
        #expect(status == 1)
        #expect(t.err == "content/neighborhoods/east/observations/e-md3.md:2:2: error: the front matter is not written as 'key: value' lines; add 'status: flagged' yourself\nnothing was changed")
    }

    @Test("GeoJSON: a null status, a numeric id and an escaped word, on one line")
    func geojsonForms() throws {
        let f = try Fixture()
        let point = "\"geometry\":{\"type\":\"Point\",\"coordinates\":[-83.2,42.38]}"
        try f.write("neighborhoods/west/observations.geojson", "{\"type\":\"FeatureCollection\",\"features\":["
            + "{\"type\":\"Feature\",\(point),\"properties\":{\"id\":123,\"category\":\"speeding\",\"location\":\"X\",\"observed\":\"2026-11-03\",\"status\":null}},"
            + "{\"type\":\"Feature\",\(point),\"properties\":{\"id\":\"g2\",\"category\":\"speeding\",\"location\":\"X\",\"observed\":\"2026-11-03\",\"status\":\"pen\\u0064ing\"}}]}")
        let before = f.bytes(f.geojson)
        #expect(f.run("review", "--remove", "123,g2").0 == 0)
        let after = replacing(replacing(before, "\"status\":null", with: "\"status\":\"removed\""), "\"status\":\"pen\\u0064ing\"", with: "\"status\":\"removed\"")
        #expect(f.bytes(f.geojson) == after)
    }

    @Test("a moderation.log that is a link is refused before anything changes")
    func logIsALink() throws {
        let f = try Fixture()
        try FileManager.default.createSymbolicLink(atPath: f.east + "/moderation.log", withDestinationPath: f.dir + "/stolen.log")
        let before = f.snapshot()
        let (status, t) = f.run("review", "--publish", "c2")
        #expect(status == 1)
        #expect(t.err.hasPrefix("content/neighborhoods/east/moderation.log: error: this is not a regular file (a link, a folder)"))
        #expect(f.bytes(f.csv) == before["neighborhoods/east/observations.csv"])
        #expect(!FileManager.default.fileExists(atPath: f.dir + "/stolen.log"))
    }
}
