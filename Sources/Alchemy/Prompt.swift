import Escaping

/// What the model is asked, and the shape its answer must have.
public enum Prompt {
    /// The JSON Schema of a story card: exactly `title`, `narrative`, `call_to_action`, `tags`. The
    /// lengths in characters hold a grammar-constrained model near the word counts the check wants
    /// (120 to 220 words is about 650 to 1,400 characters).
    public static let schema = """
    {"type": "object", "properties": {\
    "title": {"type": "string", "minLength": 10, "maxLength": 100}, \
    "narrative": {"type": "string", "minLength": 600, "maxLength": 1600}, \
    "call_to_action": {"type": "string", "minLength": 20, "maxLength": 400}, \
    "tags": {"type": "array", "items": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"}, "minItems": 1, "maxItems": 5}}, \
    "required": ["title", "narrative", "call_to_action", "tags"], "additionalProperties": false}
    """

    public static let system = """
    You draft story cards for a neighborhood digest from residents' reports. A person will read and edit your draft before anything is published.
    Stay grounded in the facts you are given: every number you write must be a count, year or date from the facts; name only streets and places that appear in the facts; never name or describe a person; do not invent quotes, causes, events or officials.
    Answer with one JSON object and nothing else, with exactly these keys:
    "title": at most 12 words;
    "narrative": 120 to 220 words of plain prose in two or three paragraphs (no headings, no links, no lists);
    "call_to_action": one or two sentences saying what readers can do;
    "tags": 1 to 5 lowercase kebab-case words, like "illegal-parking".
    """

    public static func user(_ facts: StoryFacts) -> String {
        "Facts:\n" + facts.promptText() + "\n\nWrite the story card as JSON."
    }

    public static func retry(_ reason: String) -> String {
        "That answer was rejected: \(reason). Write the story card again as one JSON object, using only the facts."
    }

    public struct Message: Sendable {
        public var role: String
        public var content: String
    }

    /// The request body for `mode`: OpenAI's chat completions, or Ollama's `/api/chat`.
    /// `seed` changes between the first answer and the second, so a rejected answer is not simply repeated.
    public static func body(model: String?, messages: [Message], mode: StructuredOutput, seed: Int = 7, maxTokens: Int = 900) -> String {
        let list = messages.map { "{\"role\": \(Escape.json($0.role)), \"content\": \(Escape.json($0.content))}" }.joined(separator: ", ")
        var fields: [String] = []
        if let model { fields.append("\"model\": \(Escape.json(model))") }
        fields.append("\"messages\": [\(list)]")
        fields.append("\"stream\": false")
        switch mode {
        case .ollama:
            fields.append("\"format\": \(schema)")
            fields.append("\"options\": {\"temperature\": 0.2, \"seed\": \(seed), \"num_predict\": \(maxTokens)}")
        case .jsonSchema:
            fields.append("\"temperature\": 0.2, \"seed\": \(seed), \"max_tokens\": \(maxTokens)")
            fields.append("\"response_format\": {\"type\": \"json_schema\", \"json_schema\": {\"name\": \"story_card\", \"strict\": true, \"schema\": \(schema)}}")
        case .jsonObject:
            fields.append("\"temperature\": 0.2, \"seed\": \(seed), \"max_tokens\": \(maxTokens)")
            fields.append("\"response_format\": {\"type\": \"json_object\", \"schema\": \(schema)}")
        case .none:
            fields.append("\"temperature\": 0.2, \"seed\": \(seed), \"max_tokens\": \(maxTokens)")
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }
}
