import CivilTime
import Diagnostics
import Foundation
import Testing
@testable import Loading

@Suite("Drafts, schedules, moderation.yml and errors that teach, as the loader reads them")
struct WeekLoadingTests {
    @Test("events and coalitions take status draft|published and a date; published is the default")
    func statusAndDate() throws {
        let f = Fixture([
            "neighborhoods/n/coalitions/club.md": "---\nname: Club\nstatus: draft\ndate: 2026-12-01\n---\nAbout.\n",
            "neighborhoods/n/coalitions/old.md": "---\nname: Old\n---\nAbout.\n",
            "neighborhoods/n/events/walk.md": "---\ntitle: Walk\nstatus: published\ndate: 2026-12-20\nstart: 2026-12-24 10:00\n---\n",
            "neighborhoods/n/events/bad.md": "---\ntitle: Bad\nstatus: live\nstart: 2026-12-24 10:00\n---\n",
        ])
        let (content, diagnostics) = f.load()
        #expect(content == nil)
        #expect(diagnostics == ["content/neighborhoods/n/events/bad.md:3:9: error: 'status' is 'live'; expected 'draft' or 'published'"])
        try FileManager.default.removeItem(atPath: f.root + "/neighborhoods/n/events/bad.md")
        let n = try #require(f.load().0?.neighborhoods.first)
        #expect(n.coalitions.map(\.status) == [.draft, .published])
        #expect(n.coalitions.first?.date?.day == CivilDate.parse("2026-12-01"))
        let walk = try #require(n.events.first)
        #expect(walk.status == .published)
        #expect(walk.isScheduled(on: CivilDate.parse("2026-12-19")!) && !walk.isScheduled(on: CivilDate.parse("2026-12-20")!))
        #expect(!n.coalitions[1].isScheduled(on: CivilDate.parse("1990-01-01")!))
    }

    @Test("an event announced after it starts is warned about")
    func announcedLate() {
        let f = Fixture(["neighborhoods/n/events/walk.md": "---\ntitle: Walk\ndate: 2026-12-25\nstart: 2026-12-24 10:00\n---\n"])
        #expect(f.warnings().contains("content/neighborhoods/n/events/walk.md:3:7: warning: 'date' is the day the event is announced, here after its 'start'; it is on no page before 2026-12-25"))
    }

    @Test("a story linking a report with errors says so once, in one line, not 'does not exist'")
    func brokenLinkOnce() {
        let f = Fixture([
            "neighborhoods/n/observations.csv": Fixture.csv("a1,speedin,C,42.05,-83.15,2024-05-01", "a2,speeding,C,42.05,-83.15,2024-05-02"),
            "neighborhoods/n/coalitions/club.md": "---\nname: Club\nmembers: many\n---\n",
            "neighborhoods/n/stories/s.md": "---\ntitle: S\nobservations: [a1, a3]\ncoalition: club\n---\n",
            "neighborhoods/n/events/e.md": "---\ntitle: E\nstart: 2024-06-01\ncoalition: clubb\n---\n",
        ])
        let errors = f.errors()
        #expect(errors.contains("content/neighborhoods/n/observations.csv:2:4: error: unknown category 'speedin'; did you mean 'speeding'?"), "\(errors)")
        #expect(errors.contains("content/neighborhoods/n/stories/s.md:3:16: error: story links observation 'a1', which has errors above"), "\(errors)")
        #expect(errors.contains("content/neighborhoods/n/stories/s.md:3:20: error: story links observation 'a3', which does not exist in n"))
        #expect(errors.contains("content/neighborhoods/n/stories/s.md:4:12: error: names coalition 'club', which has errors above (coalitions/club.md)"), "\(errors)")
        #expect(!errors.contains { $0.contains("'a1', which does not exist") })
        #expect(errors.contains("content/neighborhoods/n/events/e.md:4:12: error: unknown coalition 'clubb'; did you mean 'club'?"), "\(errors)")
        #expect(errors.count == 6, "\(errors)")
    }

    @Test("unknown names get the known one they are a slip from")
    func didYouMean() {
        #expect(NearestName.among(["illegal-parking", "speeding"], near: "ilegal-parking") == "illegal-parking")
        #expect(NearestName.among(["illegal-parking", "speeding"], near: "Illegal_Parking") == "illegal-parking")
        #expect(NearestName.among(["story", "event"], near: "stroy") == "story")
        #expect(NearestName.among(["c2", "w2"], near: "w3") == nil)
        #expect(NearestName.among(["speeding"], near: "trucks") == nil)
        let f = Fixture(["neighborhoods/n/events/e.md": "---\ntitle: E\nstart: 2024-06-01\ncoalition: safe-stret\n---\n",
                         "neighborhoods/n/coalitions/safe-street.md": "---\nname: Safe\n---\n"])
        #expect(f.errors() == ["content/neighborhoods/n/events/e.md:4:12: error: unknown coalition 'safe-stret'; did you mean 'safe-street'?"])
    }

    @Test("moderation.yml gives a report's status before its own file, and a published report there is redacted")
    func moderationFile() throws {
        let f = Fixture([
            "neighborhoods/n/observations.csv": "id,category,location,lat,lon,observed,description\n"
                + "a1,speeding,C,42.05,-83.15,2024-05-01,fine\n"
                + "a2,speeding,C,42.05,-83.15,2024-05-02,call 313-555-0100\n",
            "neighborhoods/n/moderation.yml": "# decisions\n\"a1\": removed\na2: published\n",
        ])
        let (content, diagnostics) = f.load()
        let n = try #require(content?.neighborhoods.first)
        #expect(n.observations.map(\.status) == [.removed, .published])
        #expect(n.decided == ["a1", "a2"])
        #expect(!n.observations[1].description.contains("555-0100"))
        #expect(diagnostics.contains { $0.contains("observations.csv:3:") && $0.contains("phone") }, "\(diagnostics)")
    }

    @Test("libyaml's messages come with what to write instead")
    func yamlHints() {
        let f = Fixture([
            "neighborhoods/n/stories/a.md": "---\ntitle: Meeting: what we found\n---\n",
            "neighborhoods/n/stories/b.md": "---\ntitle: \"Walk\" on Elm\n---\n",
            "neighborhoods/n/stories/c.md": "---\ntitle: x\n\tauthor: y\n---\n",
        ])
        let errors = f.errors()
        #expect(errors.contains("content/neighborhoods/n/stories/a.md:2:15: error: YAML syntax error: mapping values are not allowed in this context; a value with a colon must be in quotes: title: \"Meeting: what we found\""), "\(errors)")
        #expect(errors.contains { $0.hasPrefix("content/neighborhoods/n/stories/b.md:") && $0.contains("put the whole value in quotes: title: \"Walk on Elm\"") }, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("content/neighborhoods/n/stories/c.md:") && $0.contains("never tabs") }, "\(errors)")
    }

    @Test("an item whose words are still new's placeholders names each, and a report at 0, 0 is not ready")
    func placeholders() throws {
        let f = Fixture([
            "neighborhoods/n/observations/o1.md": "---\ncategory: speeding\nlocation: \(Placeholders.observationLocation)\nlat: 0\nlon: 0\nobserved: 2024-05-01\nstatus: pending\n---\n\(Placeholders.observationDescription)\n",
            "neighborhoods/n/events/e.md": "---\ntitle: Real walk\nstart: 2024-06-01\nlocation: \(Placeholders.eventLocation)\n---\nWe walk.\n",
        ])
        let n = try #require(f.load().0?.neighborhoods.first)
        #expect(Placeholders.reasons(n.observations[0]).count == 3)
        #expect(Placeholders.reasons(n.events[0]) == ["'location' is still the placeholder 'Where to meet'"])
    }
}
