import Foundation

/// An OpenAI chat completions answer whose message is `content`.
func chatAnswer(_ content: String, model: String = "smollm2") -> String {
    let escaped = content.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        .replacingOccurrences(of: "\n", with: "\\n")
    return "{\"id\": \"x\", \"object\": \"chat.completion\", \"model\": \"\(model)\", \"choices\": [{\"index\": 0, \"message\": {\"role\": \"assistant\", \"content\": \"\(escaped)\"}, \"finish_reason\": \"stop\"}]}"
}

/// A `GET /v1/models` answer listing `ids`.
func modelList(_ ids: [String]) -> String {
    "{\"object\": \"list\", \"data\": [" + ids.map { "{\"id\": \"\($0)\", \"object\": \"model\"}" }.joined(separator: ", ") + "]}"
}
