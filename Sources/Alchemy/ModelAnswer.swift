import Diagnostics
import Formats

/// A model's answer made into a draft. The model writes a title and sentences with the facts as
/// slots; here the slots are filled, and each sentence is checked on its own and dropped, with the
/// reason, when it fails (a name the reports do not have, a number or date written without its
/// slot, a sentence about the answer itself, one said twice). The residents' own words, the call to
/// action and the tags come from the facts. Only when too little is left to make a story is the
/// answer refused.
public struct ModelAnswer: Sendable, Equatable {
    public var title: String
    public var sentences: [String]

    /// The draft, and what was repaired on the way.
    public struct Repaired: Sendable, Equatable {
        public var text: DraftText
        /// "dropped 2 of 7 sentences: ...", "the title was replaced: ...".
        public var notes: [String]
        /// The model's sentences kept.
        public var kept: Int
    }

    /// Fewer kept sentences than this are not a story of the model's.
    public static let fewestSentences = 3

    /// Claims no set of reports supports: about time ("for centuries"), about what someone decided or
    /// did ("the city has decided"), about a trend ("getting worse").
    static let unsupportedClaims: Set<String> = [
        "centuries", "century", "decades", "generations", "forever", "history", "ancient",
        "decided", "decide", "announced", "promised", "approved", "installed", "voted", "agreed", "arrested", "fined",
        "ticketed", "banned", "launched", "funded", "plans", "planned", "officials", "official", "police", "mayor", "council",
        "worse", "worsening", "increasing", "decreasing", "rising", "growing", "record",
    ]

    /// Words too common to tie a sentence to the reports.
    static let stopWords: Set<String> = [
        "a", "an", "the", "and", "or", "but", "of", "in", "on", "at", "to", "for", "from", "by", "with", "about", "as", "into",
        "is", "are", "was", "were", "be", "been", "being", "has", "have", "had", "do", "does", "did", "will", "would", "can",
        "could", "should", "may", "might", "must", "it", "its", "this", "that", "these", "those", "there", "here", "they",
        "them", "their", "we", "our", "us", "you", "your", "he", "she", "his", "her", "i", "my", "me", "so", "not", "no",
        "all", "some", "many", "more", "most", "very", "just", "also", "than", "then", "when", "where", "what", "who", "which",
        "how", "why", "if", "up", "out", "over", "again", "every", "each", "one", "other", "people", "things", "thing", "way",
    ]

    /// The words the facts are made of (residents' words, places, labels, the call to action), less
    /// the commonest: a sentence that shares none with them, and names no slot, is not about the reports.
    static func factWords(_ f: StoryFacts) -> Set<String> {
        var texts = f.reports.flatMap { [$0.text, $0.title, $0.location, $0.category] + $0.streets }
        texts += f.categoryLabels + [f.callToAction, f.neighborhood, f.place.phrase, f.coalition?.name ?? ""]
        // And the words of the subject itself: traffic on residential streets.
        texts += ["report", "reports", "reported", "resident", "residents", "neighbor", "neighbors", "neighborhood", "street",
                  "streets", "block", "blocks", "corner", "corners", "traffic", "car", "cars", "safe", "safer", "safety", "drivers",
                  "driving", "drive", "road", "roads", "city", "speed", "walk", "walking", "children", "kids", "family", "families",
                  "home", "homes", "problem", "problems", "danger", "dangerous", "community", "sidewalk", "crossing", "school"]
        return Set(texts.flatMap { WordScanner.words($0) }.map(\.lower).filter { !stopWords.contains($0) && $0.count > 2 })
    }

    /// Words that only a sentence about the answer itself uses ("the JSON format", "the slot").
    static let aboutTheAnswer: Set<String> = ["json", "slot", "slots", "curly", "brace", "braces", "format", "title", "sentence", "sentences", "draft", "program"]

    // MARK: Reading

    static func parse(_ content: String) -> Result<ModelAnswer, ModelClient.CardProblem> {
        var text = content.trimmingCharacters(in: .whitespacesAndNewlines)
        // A fenced block ("```json ... ```") is unwrapped; nothing else is forgiven.
        if text.hasPrefix("```") {
            if let newline = text.firstIndex(of: "\n") { text = String(text[text.index(after: newline)...]) }
            if text.hasSuffix("```") { text.removeLast(3) }
            text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        var log = DiagnosticLog()
        // Line breaks typed raw inside a string (many models do) are read as the escapes they mean.
        guard let root = JSON.parse(text, path: "answer", log: &log) ?? JSON.parse(ModelClient.escapingRawControls(text), path: "answer", log: &log) else {
            return .failure(.init("not JSON"))
        }
        guard root.entries != nil else { return .failure(.init("not a JSON object")) }
        guard case .string(let title)? = root["title"]?.value else { return .failure(.init("no 'title' text")) }
        guard let items = root["sentences"]?.items else { return .failure(.init("no 'sentences' list")) }
        var sentences: [String] = []
        for item in items {
            guard case .string(let s) = item.value else { return .failure(.init("a sentence is not text")) }
            sentences.append(s)
        }
        return .success(ModelAnswer(title: title, sentences: sentences))
    }

    // MARK: Repairing

    /// The draft made of this answer, or why too little of it holds.
    func repaired(_ facts: StoryFacts, slots: Slots, check: GroundingCheck) -> Result<Repaired, ModelClient.CardProblem> {
        var notes: [String] = []
        var kept: [String] = []
        var dropped: [String: Int] = [:]
        // A capitalized word must be a word of the facts or an ordinary one: the answer cannot vouch for itself.
        let ownLower = Set<String>()
        let about = Self.factWords(facts)
        for raw in sentences {
            switch Self.judge(raw, slots: slots, check: check, ownLower: ownLower, about: about, kept: kept) {
            case .success(let sentence): kept.append(sentence)
            case .failure(let why): dropped[why.description, default: 0] += 1
            }
        }
        if !dropped.isEmpty {
            let reasons = dropped.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                .map { $0.value == 1 ? $0.key : "\($0.key) (\($0.value))" }
            notes.append("dropped \(sentences.count - kept.count) of \(sentences.count) sentences: " + reasons.joined(separator: "; "))
        }
        guard kept.count >= Self.fewestSentences else {
            return .failure(.init("only \(kept.count) of its \(sentences.count) sentences hold (\(notes.first ?? "none given")); a story needs \(Self.fewestSentences)"))
        }
        var title = slots.fill(self.title).map(Self.sentenceCase)?.trimmingCharacters(in: .whitespaces) ?? ""
        let titleProblems = check.problems(in: title, field: "title", ownLower: ownLower)
        if title.isEmpty || !titleProblems.isEmpty || Words.count(title) > GroundingCheck.titleWords {
            notes.append("the title was replaced: " + (titleProblems.first ?? "it was empty or too long"))
            title = FallbackWriter.title(facts)
        }
        guard let narrative = Self.narrative(kept, facts: facts, check: check, notes: &notes) else {
            return .failure(.init("its \(kept.count) sentences and the residents' words make \(Words.count(kept.joined(separator: " "))) words; a story needs \(GroundingCheck.narrativeWords.lowerBound)"))
        }
        let text = DraftText(title: title, narrative: narrative, callToAction: facts.callToAction, tags: FallbackWriter.tags(facts))
        let problems = check.problems(text)
        guard problems.isEmpty else { return .failure(.init("the repaired draft fails the grounding check: " + problems.prefix(2).joined(separator: "; "))) }
        return .success(Repaired(text: text, notes: notes, kept: kept.count))
    }

    /// One sentence, filled and checked: the sentence, or why it is dropped.
    static func judge(_ raw: String, slots: Slots, check: GroundingCheck, ownLower: Set<String>, about: Set<String>,
                      kept: [String]) -> Result<String, ModelClient.CardProblem> {
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        // Two spaces where a slot or a number was left out ("on October   ."), or a date said by its
        // month or weekday without its slot: the model tried to write a fact itself.
        if trimmed.contains("  ") || trimmed.contains(" .") || trimmed.contains(" ,") { return .failure(.init("a fact left out")) }
        let bare = WordScanner.words(trimmed.replacingOccurrences(of: "\\{[a-z_0-9]*\\}", with: " ", options: .regularExpression))
        if bare.contains(where: { Words.months[$0.lower] != nil || Words.weekdays.contains($0.lower) }) { return .failure(.init("a date written without its slot")) }
        if bare.contains(where: { aboutTheAnswer.contains($0.lower) }) { return .failure(.init("about the answer, not the reports")) }
        if bare.contains(where: { unsupportedClaims.contains($0.lower) }) { return .failure(.init("a claim the reports cannot support")) }
        let namesSlot = trimmed.contains("{")
        if !namesSlot, bare.filter({ about.contains($0.lower) }).count < 2 { return .failure(.init("not about the reports")) }
        guard let filled = slots.fill(trimmed) else { return .failure(.init("a slot that does not exist")) }
        let sentence = sentenceCase(filled)
        guard Words.count(sentence) >= 5 else { return .failure(.init("too short")) }
        let key = comparable(sentence)
        if kept.contains(where: { comparable($0) == key }) { return .failure(.init("said twice")) }
        if let problem = check.problems(in: sentence, field: "sentence", ownLower: ownLower).first {
            // "the sentence names 'Officer', which is not ..." → "a name the reports do not have ('Officer')".
            return .failure(.init(shortReason(problem)))
        }
        return .success(sentence)
    }

    /// The kept sentences around the residents' words, 120 to 220 words: half of them, the words
    /// quoted, the other half; with the facts' opening sentence first when they are too few.
    static func narrative(_ kept: [String], facts: StoryFacts, check: GroundingCheck, notes: inout [String]) -> String? {
        let quotes = FallbackWriter.quotes(facts, check: check, limit: 3)
        let range = GroundingCheck.narrativeWords
        let opening = FallbackWriter.opening(facts)
        func assemble(_ sentences: [String], quotes: Int) -> String {
            let half = (sentences.count + 1) / 2
            var paragraphs = [sentences.prefix(half).joined(separator: " ")]
            if quotes > 0 {
                paragraphs.append("In their own words:")
                paragraphs += quotesShown(quotes)
            }
            let rest = sentences.dropFirst(half)
            if !rest.isEmpty { paragraphs.append(rest.joined(separator: " ")) }
            return paragraphs.joined(separator: "\n\n")
        }
        func quotesShown(_ n: Int) -> [String] { quotes.prefix(n).map { "> " + $0 } }
        // Short: plain sentences true of any such group after the model's, one at a time; then the
        // facts' opening sentence first as well.
        let padding = FallbackWriter.padding(facts, quoted: !quotes.isEmpty)
        for opened in [false, true] {
            for added in 0...padding.count {
                let sentences = (opened ? [opening] : []) + kept + padding.prefix(added)
                for q in stride(from: quotes.count, through: 0, by: -1) {
                    let text = assemble(sentences, quotes: q)
                    if range.contains(Words.count(text)) {
                        var what: [String] = []
                        if opened { what.append("the facts' opening sentence") }
                        if added > 0 { what.append("\(added) plain sentence\(added == 1 ? "" : "s") true of any such group") }
                        if !what.isEmpty { notes.append("added " + what.joined(separator: " and ") + ": the model's sentences were too few words") }
                        return text
                    }
                    if Words.count(text) < range.lowerBound { break }
                }
            }
        }
        // Too long even without the residents' words: the last sentences go, down to the fewest.
        var shorter = kept
        while shorter.count > fewestSentences {
            shorter.removeLast()
            let text = assemble(shorter, quotes: 0)
            if range.contains(Words.count(text)) {
                notes.append("the last \(kept.count - shorter.count) of its sentences were left out: the story was too long")
                return text
            }
        }
        return nil
    }

    /// "near Leverette St..." → "Near Leverette St...": a sentence starts with a capital.
    static func sentenceCase(_ s: String) -> String {
        guard let first = s.first, first.isLowercase else { return s }
        return first.uppercased() + s.dropFirst()
    }

    /// Letters and digits only, lowercased: two sentences that differ in punctuation are the same.
    static func comparable(_ s: String) -> String { String(s.lowercased().filter { $0.isLetter || $0.isNumber }) }

    /// A grounding problem said short, for `generated.repaired`.
    static func shortReason(_ problem: String) -> String {
        let p = problem.replacingOccurrences(of: "the sentence ", with: "")
        if p.hasPrefix("names ") { return "a name the reports do not have" + (p.split(separator: ",").first.map { " (" + $0.dropFirst("names ".count) + ")" } ?? "") }
        if p.hasPrefix("says ") { return "a number the reports do not have" }
        return p
    }
}
