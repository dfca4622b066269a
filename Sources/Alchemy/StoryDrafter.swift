import CivilTime
import ContentFields
import Escaping
import Formats
import Loading

/// A drafted story: the file's text and how it was made.
public struct DraftedStory: Sendable {
    public var draft: DraftText
    /// The model's name, or `fallback`.
    public var by: String
    /// Why the hand-made draft was written; nil when the model's was.
    public var failure: ModelFailure?
    /// The whole `stories/<slug>.md`.
    public var file: String
}

/// Drafts a story from published reports: the model's card when it passes the grounding check,
/// else the hand-made one, always as `status: draft`.
public enum StoryDrafter {
    public static func draft(_ facts: StoryFacts, model: ModelSettings, offline: Bool, date: String) -> DraftedStory {
        let check = GroundingCheck(facts: facts)
        let outcome: Result<ModelDraft, ModelFailure> = offline ? .failure(.offline) : ModelClient(settings: model).draft(facts, check: check)
        switch outcome {
        case .success(let m):
            return DraftedStory(draft: m.text, by: m.model, failure: nil, file: file(m.text, facts: facts, by: m.model, reason: nil, date: date, repaired: m.notes))
        case .failure(let f):
            let text = FallbackWriter.draft(facts, check: check)
            return DraftedStory(draft: text, by: "fallback", failure: f, file: file(text, facts: facts, by: "fallback", reason: f.reason, date: date))
        }
    }

    /// The story file: front matter as every story has it, plus `generated`, and the narrative as the body.
    /// `repaired`: what was dropped or replaced in the model's answer, said in `generated`.
    public static func file(_ d: DraftText, facts: StoryFacts, by: String, reason: String?, date: String, repaired: [String] = []) -> String {
        var lines = ["---"]
        lines.append("title: \(Escape.yaml(d.title))")
        lines.append("status: draft")
        // The day it was drafted: the first `review --publish` needs a date.
        lines.append("date: \(CivilDate.parse(date) != nil ? date : Escape.yaml(date))")
        lines.append("observations: [\(facts.ids.map(Escape.yaml).joined(separator: ", "))]")
        lines.append("call_to_action: \(Escape.yaml(d.callToAction))")
        // Tags passed the check as kebab-case words: written as they are, like every story's.
        lines.append("tags: [\(d.tags.map { Identifiers.isSlug($0) ? $0 : Escape.yaml($0) }.joined(separator: ", "))]")
        if let c = facts.coalition { lines.append("coalition: \(Escape.yaml(c.slug))") }
        lines.append("generated:")
        lines.append("  by: \(Escape.yaml(by))")
        if let reason { lines.append("  reason: \(Escape.yaml(reason))") }
        if !repaired.isEmpty { lines.append("  repaired: [\(repaired.map(Escape.yaml).joined(separator: ", "))]") }
        lines.append("  date: \(Escape.yaml(date))")
        lines.append("---")
        return lines.joined(separator: "\n") + "\n" + d.narrative.trimmingCharacters(in: .whitespacesAndNewlines) + "\n"
    }

    /// A file name for the draft: the top category, the place and the month of the latest report
    /// (`illegal-parking-near-muliett-park-2024-06`), at most 64 characters.
    public static func slug(_ facts: StoryFacts) -> String {
        let month = facts.last.month < 10 ? "0\(facts.last.month)" : "\(facts.last.month)"
        let tail = "-\(facts.last.year)-\(month)"
        var head = Identifiers.suggestSlug((facts.counts.first?.key ?? "story") + " " + facts.place.short)
        while head.count + tail.count > 64, let cut = head.lastIndex(of: "-") { head = String(head[..<cut]) }
        if head.count + tail.count > 64 { head = String(head.prefix(64 - tail.count)) }
        return head + tail
    }
}
