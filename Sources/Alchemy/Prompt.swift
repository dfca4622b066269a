import Escaping

/// What the model is asked, and the shape its answer must have: the facts as slots it refers to,
/// never writes (see `Slots`), and sentences the program checks one by one (see `ModelAnswer`).
public enum Prompt {
    /// The JSON Schema of a model's answer: a `title` of 3 to 12 words and six to seven `sentences`
    /// of 9 to 25 words, each word plain letters (a capital only in front) or a slot (`{reports}`): no
    /// digit, quote, line break or brace of its own, so a grammar-constrained model cannot write a
    /// number or a date by itself.
    public static func schema(_ slots: Slots) -> String {
        // A word: a capital only in front (no shouting), or a slot.
        let word = "([A-Za-z][a-z'-]*|\\{(" + slots.names.joined(separator: "|") + ")\\})"
        let sentence = "^" + word + "[,;]?( " + word + "[,;]?){8,24}[.!]$"
        let title = "^" + word + "( " + word + "[,:]?){2,11}$"
        return """
        {"type": "object", "properties": {\
        "title": {"type": "string", "pattern": \(Escape.json(title))}, \
        "sentences": {"type": "array", "items": {"type": "string", "pattern": \(Escape.json(sentence))}, "minItems": \(sentences.lowerBound), "maxItems": \(sentences.upperBound)}}, \
        "required": ["title", "sentences"], "additionalProperties": false}
        """
    }

    /// How many sentences the answer holds: with the residents' words the program adds, a story of
    /// 120 to 220 words.
    public static let sentences = 6...7

    public static let system = """
    You write a short story for neighbors about residents' traffic reports. A person reads and edits it before it is published.
    Never write a digit. For each number, date, street, place or group, write its slot name in curly braces exactly as listed, like {reports} or {street_1}: the program puts in the true words.
    Never name or describe a person; do not invent quotes, causes, events or officials. Say what residents saw, where and when, and why it matters to the people who live there.
    Answer with "title" (at most twelve words) and "sentences" (six or seven plain English sentences).
    """

    public static func user(_ facts: StoryFacts, slots: Slots) -> String {
        var lines = ["Slots:"] + slots.promptLines
        // The residents' words as the site shows them (redacted), newest first, each cut short.
        let words = facts.reports.reversed().map(\.text).filter { !$0.isEmpty }.prefix(8)
            .map { $0.count > 200 ? String($0.prefix(200)) + "..." : $0 }
        if !words.isEmpty { lines += ["What residents wrote:"] + words.map { "- " + $0 } }
        let span = slots.entries.contains { $0.name == "last_date" } ? "between {first_date} and {last_date}" : "on {first_date}"
        lines.append("Sentences like these:")
        lines.append("- Residents sent {reports} about {category} {place} \(span).")
        if slots.names.contains("street_1") { lines.append("- Neighbors say the problem comes back on {street_1} again and again, at all hours of the day.") }
        lines.append("- Each report is a neighbor who took the time to write down what they saw on the way home.")
        lines.append("- Families who walk these blocks every day want the streets of {neighborhood} to be safe again.")
        if slots.names.contains("coalition") { lines.append("- The neighbors of {coalition} can bring these reports to the people who can fix the problem.") }
        lines.append("- If you have seen the same thing {place}, add your own report so that the pattern is harder to ignore.")
        lines.append("Write the story.")
        return lines.joined(separator: "\n")
    }

    public struct Message: Sendable {
        public var role: String
        public var content: String
    }

    /// The request body for `mode`: OpenAI's chat completions, or Ollama's `/api/chat`.
    /// `seed` changes between the first answer and the second, so a rejected answer is not simply repeated.
    public static func body(model: String?, messages: [Message], schema: String, mode: StructuredOutput, seed: Int = 7, maxTokens: Int = 900) -> String {
        let list = messages.map { "{\"role\": \(Escape.json($0.role)), \"content\": \(Escape.json($0.content))}" }.joined(separator: ", ")
        var fields: [String] = []
        if let model { fields.append("\"model\": \(Escape.json(model))") }
        fields.append("\"messages\": [\(list)]")
        fields.append("\"stream\": false")
        switch mode {
        case .ollama:
            fields.append("\"format\": \(schema)")
            fields.append("\"options\": {\"temperature\": 0.1, \"seed\": \(seed), \"num_predict\": \(maxTokens)}")
        case .jsonSchema:
            fields.append("\"temperature\": 0.1, \"seed\": \(seed), \"max_tokens\": \(maxTokens)")
            fields.append("\"response_format\": {\"type\": \"json_schema\", \"json_schema\": {\"name\": \"story_card\", \"strict\": true, \"schema\": \(schema)}}")
        case .jsonObject:
            fields.append("\"temperature\": 0.1, \"seed\": \(seed), \"max_tokens\": \(maxTokens)")
            fields.append("\"response_format\": {\"type\": \"json_object\", \"schema\": \(schema)}")
        case .none:
            fields.append("\"temperature\": 0.1, \"seed\": \(seed), \"max_tokens\": \(maxTokens)")
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }
}
