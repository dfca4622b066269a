import CivilTime
import Foundation
import Loading
import Testing
@testable import Alchemy

@Suite("Grounding check and the hand-made draft")
struct GroundingTests {
    func facts() throws -> (Fixture, StoryFacts) { try Fixture.facts(of: ["s1", "s2", "s3", "s4", "s5", "s6", "p1"]) }

    /// A card the check accepts, to change one thing at a time.
    /// What the check finds in the grounded card with one more sentence at the end of its narrative.
    func problems(ofGoodCardPlus sentence: String, _ facts: StoryFacts) -> [String] {
        var d = good(facts)
        d.narrative += " " + sentence
        return GroundingCheck(facts: facts).problems(d)
    }

    func good(_ facts: StoryFacts) -> DraftText {
        let narrative = """
        Between May 1 and May 20, 2024, neighbors in Testville filed 6 reports about speeding near Pickford St and Wyoming St. \
        May 2024 was the only month, and the reports kept coming: cars speeding down Pickford St every morning, drag racing near \
        Wyoming St at night, and trucks speeding past the school at pickup time. One resident counted 3 cars in 10 minutes.

        Testville Safe Streets works on speeding, and these reports give it something concrete to bring to the people who can \
        fix it. Each report is a neighbor who took the time to write it down; together they show where to start. Read side by \
        side, they show the same problem coming back to the same corner, week after week, in the same few blocks. If you live \
        nearby and have seen the same thing, add your own report: every new one makes the pattern harder to ignore, and it \
        helps the coalition ask for the right fix in the right place.
        """
        return DraftText(title: "Speeding near Pickford St: 6 reports in May 2024", narrative: narrative,
                         callToAction: "Ask the City for speed humps on Pickford St.", tags: ["speeding", "traffic-safety"])
    }

    @Test("the facts hold only published reports' public fields, redacted, and the model's prompt shows nothing else")
    func factsArePublic() throws {
        let (f, facts) = try facts()
        defer { f.remove() }
        #expect(facts.ids == ["s1", "s2", "s3", "s4", "s5", "s6"])
        let prompt = Prompt.system + Prompt.user(facts, slots: Slots(facts))
        for secret in Fixture.secrets { #expect(!prompt.contains(secret), "\(secret)") }
        #expect(prompt.contains("[phone removed]"))
        #expect(prompt.contains("Cars speed down Pickford St every morning."))
        #expect(prompt.contains("near Pickford St and Wyoming St"))
        #expect(prompt.contains("{coalition} = Testville Safe Streets") && prompt.contains("{reports} = 6 reports"))
    }

    @Test("a grounded card passes")
    func grounded() throws {
        let (f, facts) = try facts()
        defer { f.remove() }
        #expect(GroundingCheck(facts: facts).problems(good(facts)) == [])
    }

    @Test("numbers must be counts, years or dates of the reports", arguments: [
        ("There were 14 crashes.", ["the narrative says 14, which is not a count, year or date of the reports"]),
        ("It began in 2019.", ["the narrative says 2019, which is not a count, year or date of the reports"]),
        ("The worst day was May 7.", ["the narrative names the date May 7, when no report was made"]),
        ("The worst day was 2024-05-07.", ["the narrative names the date 2024-05-07, when no report was made"]),
        ("About 40% of drivers sped.", ["the narrative says 40, which is not a count, year or date of the reports"]),
        ("Twelve drivers were warned.", ["the narrative says 'Twelve', which is not a count of the reports"]),
        ("It was 4.5 times worse.", ["the narrative says 4.5, which the reports do not say"]),
        ("The last came on May 20th, 2024, the first on 5/1/2024.", []),
        ("Six reports in 19 days.", []), // six is the count, 19 days the span
    ] as [(String, [String])])
    func numbers(sentence: String, expected: [String]) throws {
        let (f, facts) = try facts()
        defer { f.remove() }
        #expect(problems(ofGoodCardPlus: sentence, facts) == expected)
    }

    @Test("names must be places, streets, categories, months or words of the reports; a person's name is refused")
    func names() throws {
        let (f, facts) = try facts()
        defer { f.remove() }
        func with(_ sentence: String) -> [String] { self.problems(ofGoodCardPlus: sentence, facts) }
        #expect(with("Officer Daniels came by.") == ["the narrative names 'Officer', which is not a place, street, category, month or word of the reports (a person's name?)",
                                                     "the narrative names 'Daniels', which is not a place, street, category, month or word of the reports (a person's name?)"])
        #expect(with("Maria Lopez saw it.") == ["the narrative names 'Maria', a person's name",
                                                "the narrative names 'Lopez', which is not a place, street, category, month or word of the reports (a person's name?)"])
        #expect(with("It is worse on Livernois Avenue.") == ["the narrative names 'Livernois Avenue', which is neither in the reports nor on the basemap"])
        #expect(with("It is worse on Main Street.") == ["the narrative names 'Main Street', which is neither in the reports nor on the basemap"])
        #expect(with("On Monday in May, Oak Grove Park was quiet, and Wyoming St was not.") == [])
        #expect(with("Drag racing near Wyoming St at night.") == [], "a resident's sentence, quoted")
        #expect(with("I saw it too.") == [])
    }

    @Test("phone numbers, e-mail addresses, street addresses, links and HTML are refused")
    func privateText() throws {
        let (f, facts) = try facts()
        defer { f.remove() }
        let check = GroundingCheck(facts: facts)
        var d = good(facts)
        d.callToAction = "Call 313-555-0100 or write to organizer@example.org."
        #expect(check.problems(d).contains("the call to action has a phone number"))
        #expect(check.problems(d).contains("the call to action has an e-mail address"))
        d = good(facts)
        d.title = "Speeding at 14500 Pickford St"
        #expect(check.problems(d).contains("the title has a street address"))
        d.title = "Speeding near 14500 Livernois Ave"
        #expect(check.problems(d).contains("the title has a street address"))
        d = good(facts)
        d.narrative += " See https://example.org or <script>x</script>."
        #expect(check.problems(d).contains("the narrative has a link") && check.problems(d).contains("the narrative has HTML"))
    }

    @Test("the model reads what the site shows: no HTML comment, no link reference definition, entities decoded and redacted, no unpublished report")
    func factsAreWhatTheSiteShows() throws {
        let f = try Fixture()
        defer { f.remove() }
        let csv = try #require(f.read(f.content + "/neighborhoods/testville/observations.csv"))
        let rows = [
            "x1,speeding,Pickford and Wyoming,42.4202,-83.1552,2024-05-21,published,,\"Cars race here every night.<!-- call Jane 313-555-0188 -->\n\n[x]: http://example.com/jane \"\"Jane 313-555-0177\"\"\",,",
            "x2,speeding,Pickford and Wyoming,42.4202,-83.1552,2024-05-22,published,,\"Rides at 313&#45;555&#45;0103 or 313\\-555\\-0104, or jane&#64;example.com\",,",
            "x3,speeding,Pickford and Wyoming,42.4202,-83.1552,2024-05-23,published,,\"Call 313 - 555 - 0101 or 313\u{A0}555\u{A0}0102 or jane at example dot com about it\",,",
            "x4,speeding,Pickford and Wyoming,42.4202,-83.1552,2024-05-24,pending,,SECRET PENDING X4,,",
        ]
        try f.write("neighborhoods/testville/observations.csv", csv + rows.joined(separator: "\n") + "\n")
        let (site, n) = try f.load()
        let facts = StoryFacts(neighborhood: n, site: site, reports: n.observations.filter { $0.id.hasPrefix("x") })
        #expect(facts.ids == ["x1", "x2", "x3"])
        let prompt = Prompt.user(facts, slots: Slots(facts))
        for hidden in ["Jane", "jane", "call Jane", "555", "example.com", "&#", "\\-", "SECRET", "<!--", "[x]"] {
            #expect(!prompt.contains(hidden), "\(hidden) in \(prompt)")
        }
        #expect(prompt.contains("Cars race here every night."))
        #expect(prompt.contains("Rides at [phone removed] or [phone removed], or [e-mail removed]"))
        #expect(prompt.contains("Call [phone removed] or [phone removed] or [e-mail removed] about it"))
        // What the model may not repeat is not a number the reports support either.
        let check = GroundingCheck(facts: facts)
        #expect(!check.numbers.contains(313) && !check.numbers.contains(555))
    }

    @Test("a phone number, e-mail address or street address in any form people type is refused, whatever the reports show")
    func contactsInEveryForm() throws {
        let (f, facts) = try facts()
        defer { f.remove() }
        func problems(_ sentence: String) -> [String] { self.problems(ofGoodCardPlus: sentence, facts) }
        for phone in ["313 - 555 - 0188", "313-555-0188", "313.555.0188", "(313) 555-0188", "+1 313 555 0188", "313\u{2013}555\u{2013}0188",
                      "313\u{A0}555\u{A0}0188", "313\u{202F}555\u{2011}0188", "313\\-555\\-0188", "3135550188", "555 0188"] {
            #expect(problems("Call \(phone) tonight.").contains("the narrative has a phone number"), "\(phone)")
        }
        #expect(problems("Call 313&#45;555&#45;0188 tonight.").contains("the narrative has an HTML character reference (write the character itself)"))
        for email in ["jane@example.com", "jane＠example.com", "jane at example dot com", "jane [at] example [dot] org"] {
            #expect(problems("Write to \(email) today.").contains("the narrative has an e-mail address"), "\(email)")
        }
        #expect(problems("Write to jane&#64;example.com today.").contains("the narrative has an HTML character reference (write the character itself)"))
        for address in ["14500 livernois ave", "14500-14510 Livernois Ave", "14500 1/2 Livernois Ave", "14500 Pickford", "14500 pickford st",
                        "22 W Pickford St", "14500 LIVERNOIS AVENUE"] {
            #expect(problems("It happened at \(address) again.").contains("the narrative has a street address"), "\(address)")
        }
        // Dates, spans of years and counts are not phones or addresses.
        #expect(problems("The last came on 2024-05-20, the first on 5/1/2024.") == [])
        #expect(problems("From May 1 - 20, 2024, 6 reports came near Pickford St.") == [])
    }

    @Test("the contact scanner takes time in proportion to the text, whatever it holds")
    func scannerIsLinear() {
        let streets: Set<String> = ["pickford st", "pickford"]
        for unit in ["1 a ", "1 2 ", "1@", "a at b dot ", "12 Pickford St ", "313-", "1 \u{A0}"] {
            let text = String(repeating: unit, count: 60_000 / unit.count)
            let started = Date()
            _ = ContactScanner.masked(text, streets: streets)
            #expect(Date().timeIntervalSince(started) < 5, "\(unit)")
        }
    }

    @Test("a magnitude the count of the reports does not support is refused")
    func magnitudes() throws {
        let (f, facts) = try facts()
        defer { f.remove() }
        func problems(_ sentence: String) -> [String] { self.problems(ofGoodCardPlus: sentence, facts) }
        #expect(problems("It affects a million drivers.") == ["the narrative says 'million', which 6 reports do not support"])
        #expect(problems("There were thousands of crashes.") == ["the narrative says 'thousands', which 6 reports do not support"])
        #expect(problems("Dozens of children hurt.") == ["the narrative says 'Dozens', which 6 reports do not support"])
        for claim in ["Scores of cars sped.", "Countless near misses.", "Many hundreds of drivers sped.", "Tens of thousands pass by.",
                      "About 10K drivers sped.", "Some 100s of cars sped.", "Millions of people drive here.", "Untold damage."] {
            #expect(!problems(claim).isEmpty, "\(claim)")
        }
        #expect(problems("A dozen drivers sped.") == ["the narrative says 'dozen', which is not a count of the reports"])
    }

    @Test("lengths and tags: title at most 12 words, narrative 120 to 220, call to action 1 or 2 sentences, 1 to 5 kebab-case tags")
    func lengths() throws {
        let (f, facts) = try facts()
        defer { f.remove() }
        let check = GroundingCheck(facts: facts)
        var d = good(facts)
        d.title = "Speeding near Pickford St and Wyoming St in May of the year 2024 again"
        #expect(check.problems(d) == ["the title has 14 words; at most 12"])
        d = good(facts)
        d.narrative = "Speeding near Pickford St."
        #expect(check.problems(d) == ["the narrative has 4 words; expected 120 to 220"])
        d = good(facts)
        d.callToAction = "Come. Ask. Walk."
        #expect(check.problems(d) == ["the call to action has 3 sentences; expected 1 or 2"])
        d.callToAction = "Ask the City for speed humps on Pickford St. Come to the meeting."
        #expect(check.problems(d) == [])
        d = good(facts)
        d.tags = ["Speeding", "traffic safety"]
        #expect(check.problems(d) == ["the tag 'Speeding' is not lowercase kebab-case", "the tag 'traffic safety' is not lowercase kebab-case"])
        d.tags = []
        #expect(check.problems(d) == ["there are 0 tags; expected 1 to 5"])
        d.tags = ["a", "b", "c", "d", "e", "f"]
        #expect(check.problems(d) == ["there are 6 tags; expected 1 to 5"])
    }

    @Test("the hand-made draft passes its own check, reads its facts, and is the same every time")
    func fallback() throws {
        let (f, facts) = try facts()
        defer { f.remove() }
        let check = GroundingCheck(facts: facts)
        let d = FallbackWriter.draft(facts, check: check)
        #expect(check.problems(d) == [])
        #expect(d == FallbackWriter.draft(facts, check: check))
        #expect(d.title == "Speeding near Pickford St: 6 reports in May 2024")
        #expect(d.narrative.hasPrefix("Between May 1 and May 20, 2024, neighbors in Testville filed 6 reports about speeding from the blocks near Pickford St and Wyoming St."))
        #expect(d.narrative.contains("> Speeding again, 3 cars in 10 minutes."))
        #expect(d.narrative.contains("Testville Safe Streets works on speeding"))
        #expect(!d.narrative.contains("[phone removed]"), "a quotation with something redacted in it is not chosen")
        #expect(d.callToAction == "Ask the City for speed humps on Pickford St.")
        #expect(d.tags == ["speeding", "traffic-safety"])
    }

    @Test("the hand-made draft of every suggestion of the sample passes the check")
    func sample() throws {
        let (content, diagnostics) = ContentLoader.load(root: packageRoot + "/content")
        let loaded = try #require(content, "\(diagnostics.filter(\.isError))")
        var drafted = 0
        for n in loaded.neighborhoods {
            for s in Suggester.suggestions(n, site: loaded.site, settings: SuggestSettings()) {
                let facts = StoryFacts(neighborhood: n, site: loaded.site, reports: s.observations)
                let check = GroundingCheck(facts: facts)
                let d = FallbackWriter.draft(facts, check: check)
                #expect(check.problems(d) == [], "\(n.slug) \(s.number): \(d.narrative)")
                drafted += 1
            }
            // And of each published story's reports, a larger and older set.
            for story in n.stories where story.status == .published {
                let reports = story.observations.compactMap { n.observation($0.value) }
                let facts = StoryFacts(neighborhood: n, site: loaded.site, reports: reports)
                let check = GroundingCheck(facts: facts)
                let d = FallbackWriter.draft(facts, check: check)
                #expect(check.problems(d) == [], "\(n.slug) \(story.slug): \(d.title) \(d.narrative)")
            }
        }
        // The sample's stories link most reports; what is left still gives every neighborhood a suggestion.
        #expect(drafted >= loaded.neighborhoods.count)
    }

    @Test("the hand-made draft of any one report, and of any two of one neighborhood, passes the check")
    func smallDrafts() throws {
        let (content, diagnostics) = ContentLoader.load(root: packageRoot + "/content")
        let loaded = try #require(content, "\(diagnostics.filter(\.isError))")
        for n in loaded.neighborhoods {
            let reports = n.publishedObservations
            for (i, o) in reports.enumerated() {
                for group in [[o], [o, reports[(i + 7) % reports.count]]] {
                    let facts = StoryFacts(neighborhood: n, site: loaded.site, reports: group)
                    let check = GroundingCheck(facts: facts)
                    let d = FallbackWriter.draft(facts, check: check)
                    #expect(check.problems(d) == [], "\(n.slug) \(group.map(\.id)): \(d.narrative)")
                }
            }
        }
    }
}
