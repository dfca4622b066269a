import Foundation
import Testing
@testable import Loading

@Suite("Stories, coalitions, events and cross references")
struct DocumentLoadingTests {
    let observations = Fixture.csv(
        "a1,speeding,C,42.05,-83.15,2024-05-01",
        "a2,speeding,C,42.05,-83.15,2024-05-02")
        .replacingOccurrences(of: "observed\n", with: "observed,status\n")
        .replacingOccurrences(of: "2024-05-01\n", with: "2024-05-01,published\n")
        .replacingOccurrences(of: "2024-05-02\n", with: "2024-05-02,pending\n")

    var coalition: String { "---\nname: Safe Streets\nfocus: [speeding, school-zones]\ncontact: team@example.org\njoin_url: https://example.org/join\nmembers: 12\n---\nAbout us.\n" }

    @Test("a story resolves its observations and coalition")
    func storyResolves() throws {
        let f = Fixture([
            "neighborhoods/n/observations.csv": observations,
            "neighborhoods/n/coalitions/safe-streets.md": coalition,
            "neighborhoods/n/stories/slow-down.md": "---\ntitle: Slow down\nstatus: published\ndate: 2024-06-01\nobservations: [a1]\ntags: [speeding]\ncoalition: safe-streets\n---\nNarrative.\n",
            "neighborhoods/n/events/walk.md": "---\ntitle: Walk\nstart: 2024-06-08 10:00\nend: 2024-06-08T12:00:00-04:00\ncoalition: safe-streets\n---\n",
        ])
        let (content, diagnostics) = f.load()
        #expect(diagnostics.isEmpty)
        let n = try #require(content?.neighborhoods.first)
        #expect(n.stories.first?.observations.map(\.value) == ["a1"])
        #expect(n.coalitions.first?.members == 12)
        let event = try #require(n.events.first)
        #expect(event.end.map { $0.instant - event.start.instant } == 7200)
    }

    @Test("a story that links an unpublished observation builds with a warning")
    func unpublishedLink() {
        let f = Fixture([
            "neighborhoods/n/observations.csv": observations,
            "neighborhoods/n/stories/s.md": "---\ntitle: S\nobservations: [a1, a2]\n---\n",
        ])
        #expect(f.errors().isEmpty)
        #expect(f.warnings() == ["content/neighborhoods/n/stories/s.md:3:20: warning: story links observation 'a2', which is pending; it will be left out"])
    }

    @Test("unknown observations and coalitions are errors naming what exists")
    func unknownReferences() {
        let f = Fixture([
            "neighborhoods/n/observations.csv": observations,
            "neighborhoods/n/coalitions/safe-streets.md": coalition,
            "neighborhoods/n/stories/s.md": "---\ntitle: S\nobservations: [zz]\ncoalition: safe\n---\n",
            "neighborhoods/n/events/e.md": "---\ntitle: E\nstart: 2024-06-08 10:00\ncoalition: nobody\n---\n",
        ])
        #expect(f.errors() == [
            "content/neighborhoods/n/events/e.md:4:12: error: unknown coalition 'nobody'; expected one of 'safe-streets'",
            "content/neighborhoods/n/stories/s.md:3:16: error: story links observation 'zz', which does not exist in n",
            "content/neighborhoods/n/stories/s.md:4:12: error: unknown coalition 'safe'; expected one of 'safe-streets'",
        ])
    }

    @Test("a published story needs a date, and at most five tags")
    func storyRules() {
        let f = Fixture(["neighborhoods/n/stories/s.md": "---\ntitle: S\nstatus: published\ntags: [a, b, c, d, e, f]\n---\n"])
        #expect(f.errors() == [
            "content/neighborhoods/n/stories/s.md:1:1: error: missing required field 'date': a published story needs the date it was published",
            "content/neighborhoods/n/stories/s.md:4:7: error: a story has 1 to 5 tags, found 6",
        ])
    }

    @Test("a file name that is not a slug is an error with a suggestion")
    func slugNames() {
        let f = Fixture(["neighborhoods/n/stories/My Story.md": "---\ntitle: S\n---\n"])
        #expect(f.errors() == ["content/neighborhoods/n/stories/My Story.md: error: file name 'My Story' is not a slug; expected lowercase words joined by '-', like 'my-story'"])
    }

    @Test("a neighborhood folder name that is not a slug is an error")
    func folderSlug() {
        let f = Fixture(["neighborhoods/North_End/neighborhood.md": "---\nname: N\n---\n"])
        #expect(f.errors() == ["content/neighborhoods/North_End: error: folder name 'North_End' is not a slug; expected lowercase words joined by '-', like 'north-end'"])
    }

    @Test("an event that ends before it starts, and an impossible time, are errors")
    func eventTimes() {
        let f = Fixture(["neighborhoods/n/events/e.md": "---\ntitle: E\nstart: 2024-06-08 25:00\n---\n",
                         "neighborhoods/n/events/f.md": "---\ntitle: F\nstart: 2024-06-08 10:00\nend: 2024-06-08 09:00\n---\n"])
        #expect(f.errors() == [
            "content/neighborhoods/n/events/e.md:3:8: error: 'start' is '2024-06-08 25:00', which is not a real time of day",
            "content/neighborhoods/n/events/f.md:4:6: error: 'end' is before 'start'",
        ])
    }

    @Test("a coalition's contact, join URL and focus are checked")
    func coalitionRules() {
        let f = Fixture(["neighborhoods/n/coalitions/c.md": "---\nname: C\nfocus: [Speeding!]\ncontact: call us\njoin_url: javascript:alert(1)\nmembers: -3\n---\n"])
        #expect(f.errors() == [
            "content/neighborhoods/n/coalitions/c.md:3:9: error: focus 'Speeding!' is neither a category nor a kebab-case tag; the categories are 'speeding' or 'illegal-parking'",
            "content/neighborhoods/n/coalitions/c.md:4:10: error: contact 'call us' is neither an email address nor an http(s) URL",
            "content/neighborhoods/n/coalitions/c.md:5:11: error: join_url 'javascript:alert(1)' is not an http(s) URL",
            "content/neighborhoods/n/coalitions/c.md:6:10: error: members must be a whole number of people, 0 or more",
        ])
    }
}
