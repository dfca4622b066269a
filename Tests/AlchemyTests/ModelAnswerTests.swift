import Foundation
import Testing
@testable import Alchemy

@Suite("A model's answer made into a draft: facts as slots, sentences repaired one by one")
struct ModelAnswerTests {
    func facts() throws -> (Fixture, StoryFacts) { try Fixture.facts(of: ["s1", "s2", "s3", "s4", "s5", "s6"]) }

    @Test("the slots hold the facts' own words, and a slot that does not exist fills nothing")
    func slots() throws {
        let (f, facts) = try facts()
        defer { f.remove() }
        let slots = Slots(facts)
        #expect(slots.names.prefix(6) == ["reports", "category", "neighborhood", "place", "first_date", "last_date"])
        #expect(slots.promptLines.contains("{reports} = 6 reports") && slots.promptLines.contains("{street_1} = Pickford St"))
        #expect(slots.fill("{reports} {place}") == "6 reports near Pickford St and Wyoming St")
        #expect(slots.fill("{mayor} said so") == nil && slots.fill("an open { brace") == nil)
    }

    @Test("each sentence is judged alone: a left-out fact, a date without its slot, talk about the answer, an unsupported claim, an off-topic or repeated one is dropped with its reason")
    func judged() throws {
        let (f, facts) = try facts()
        defer { f.remove() }
        let slots = Slots(facts), check = GroundingCheck(facts: facts), about = ModelAnswer.factWords(facts)
        func judge(_ s: String, kept: [String] = []) -> String {
            switch ModelAnswer.judge(s, slots: slots, check: check, ownLower: [], about: about, kept: kept) {
            case .success(let sentence): return "kept: " + sentence
            case .failure(let why): return why.description
            }
        }
        #expect(judge("{place}, cars race every morning on the street.") == "kept: Near Pickford St and Wyoming St, cars race every morning on the street.")
        #expect(judge("Cars race on the street since October   every day.") == "a fact left out")
        #expect(judge("Cars race on the street every Monday since May.") == "a date written without its slot")
        #expect(judge("This answer uses the JSON format with a slot for the street.") == "about the answer, not the reports")
        #expect(judge("The city has decided to fix the street for the cars.") == "a claim the reports cannot support")
        #expect(judge("Every day in life is different and full of things to do.") == "not about the reports")
        #expect(judge("Cars race on the street near the school at night.", kept: ["Cars race on the street, near the school at night!"]) == "said twice")
        #expect(judge("Officer Daniels watches cars race on the street at night.").hasPrefix("a name the reports do not have ('Officer'"))
        #expect(judge("Cars on {street_1} raced 40 times on the street.") == "a number the reports do not have")
    }

    @Test("a story is the model's sentences around the residents' words, with the facts' call to action and tags; too little left is refused")
    func repaired() throws {
        let (f, facts) = try facts()
        defer { f.remove() }
        let slots = Slots(facts), check = GroundingCheck(facts: facts)
        let good = ModelAnswer(title: "Speeding {place}", sentences: [
            "Residents sent {reports} about {category} {place} between {first_date} and {last_date}.",
            "Neighbors say cars speed down {street_1} every morning, and drag racing comes at night.",
            "Trucks speed past the school at pickup time, when children walk home from school.",
            "Officer Daniels counted the cars on {street_1} himself.",
        ])
        guard case .success(let r) = good.repaired(facts, slots: slots, check: check) else { Issue.record("refused"); return }
        #expect(r.kept == 3 && r.text.title == "Speeding near Pickford St and Wyoming St")
        #expect(r.text.callToAction == facts.callToAction && r.text.tags == FallbackWriter.tags(facts))
        #expect(r.notes.first?.hasPrefix("dropped 1 of 4 sentences: a name the reports do not have ('Officer'") == true, "\(r.notes)")
        #expect(r.text.narrative.hasPrefix("Residents sent 6 reports about speeding near Pickford St and Wyoming St between May 1, 2024 and May 20, 2024."))
        #expect(r.text.narrative.contains("\n\nIn their own words:\n\n> "))
        #expect(GroundingCheck.narrativeWords.contains(Words.count(r.text.narrative)) && check.problems(r.text).isEmpty)

        let thin = ModelAnswer(title: "Speeding", sentences: ["Officer Daniels says hello to the street.", "Residents sent {reports} about {category} {place}."])
        guard case .failure(let why) = thin.repaired(facts, slots: slots, check: check) else { Issue.record("accepted"); return }
        #expect(why.description.hasPrefix("only 1 of its 2 sentences hold"), "\(why)")
    }

    @Test("the schema lets a word be letters with a capital only in front, or a slot, and nothing else")
    func schema() throws {
        let (f, facts) = try facts()
        defer { f.remove() }
        let schema = Prompt.schema(Slots(facts))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(schema.utf8)) as? [String: Any])
        let items = (((json["properties"] as? [String: Any])?["sentences"] as? [String: Any])?["items"] as? [String: Any])?["pattern"] as? String
        let pattern = try #require(items)
        let regex = try NSRegularExpression(pattern: pattern)
        func matches(_ s: String) -> Bool { regex.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) != nil }
        #expect(matches("Residents sent {reports} about {category} {place} between {first_date} and {last_date}."))
        #expect(!matches("Residents sent 6 reports about speeding near the corner of two streets."), "no digit")
        #expect(!matches("Residents sent {mayor} about {category} near the corner of two streets."), "no slot that does not exist")
        #expect(!matches("Residents SHOUTED about {category} near the corner of the two busy streets."), "no capital inside a word")
        #expect(!matches("Too short to say much."), "at least nine words")
    }
}
