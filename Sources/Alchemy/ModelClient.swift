import Diagnostics
import Formats
import HTTPClient
import Foundation

/// Where an OpenAI-compatible server (or Ollama) answers: `http://127.0.0.1:8080`, `.../v1` or the
/// full `.../v1/chat/completions` all name the same server.
public struct ModelEndpoint: Sendable, Equatable {
    /// Scheme, host, port and any path prefix, without `/v1` and without a trailing `/`.
    public var base: String

    public init?(_ raw: String) {
        let text = raw.trimmingCharacters(in: .whitespaces)
        guard !text.contains(" "), let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty, url.query == nil else { return nil }
        var base = text
        while base.hasSuffix("/") { base.removeLast() }
        for suffix in ["/chat/completions", "/api/chat", "/v1"] where base.hasSuffix(suffix) { base.removeLast(suffix.count) }
        while base.hasSuffix("/") { base.removeLast() }
        self.base = base
    }

    public func chat(_ mode: StructuredOutput) -> String { base + (mode == .ollama ? "/api/chat" : "/v1/chat/completions") }
    public func models(_ mode: StructuredOutput) -> String { base + (mode == .ollama ? "/api/tags" : "/v1/models") }
}

/// Why a draft was not written by the model: the five states, and `--offline`.
public enum ModelFailure: Error, Equatable, Sendable {
    case offline
    case notConfigured
    case unreachable(String)
    case modelMissing(String)
    case failed(String)
    case invalidOutput(String)

    /// The state's name: "not configured", "unreachable", "model missing", "failed or timed out", "invalid output".
    public var state: String {
        switch self {
        case .offline: return "offline"
        case .notConfigured: return "not configured"
        case .unreachable: return "unreachable"
        case .modelMissing: return "model missing"
        case .failed: return "failed or timed out"
        case .invalidOutput: return "invalid output"
        }
    }

    /// One line for the terminal and for `generated.reason`.
    public var reason: String {
        switch self {
        case .offline: return "--offline: the model was not asked"
        case .notConfigured: return "no model is configured (alchemy.url in site.yml, --model-url or COMMONSIGHT_MODEL_URL)"
        case .unreachable(let s), .modelMissing(let s), .failed(let s), .invalidOutput(let s): return s
        }
    }
}

/// What the model wrote, and under which name.
public struct ModelDraft: Sendable {
    public var text: DraftText
    public var model: String
    /// How many answers it took (at most `ModelClient.attempts`).
    public var attempts: Int
    /// What was repaired in the answer (see `ModelAnswer`).
    public var notes: [String] = []
}

/// Asks an OpenAI-compatible server (llama.cpp, llama-cpp-python, vLLM, Ollama) for a story and
/// makes a draft of its answer: the JSON shape, then each sentence through `ModelAnswer`'s repair and
/// `GroundingCheck`. An answer too little of which holds is asked for again, with another seed, up to
/// three times in all.
public struct ModelClient: Sendable {
    public var settings: ModelSettings

    public init(settings: ModelSettings) {
        self.settings = settings
    }

    public func draft(_ facts: StoryFacts, check: GroundingCheck) -> Result<ModelDraft, ModelFailure> {
        guard let raw = settings.url else { return .failure(.notConfigured) }
        guard let endpoint = ModelEndpoint(raw) else {
            return .failure(.notConfigured)
        }
        let mode = settings.structuredOutput
        let timeout = settings.timeoutSeconds
        // Which model: the one named, if the server lists it; else the first it lists.
        var model = settings.model
        switch HTTP.send("GET", endpoint.models(mode), body: nil, timeout: min(10, timeout)) {
        case .failure(.unreachable(let why)):
            return .failure(.unreachable("the model server at \(endpoint.base) is unreachable (\(why))"))
        case .failure(.timedOut):
            return .failure(.failed("the model server at \(endpoint.base) did not answer within \(Self.seconds(min(10, timeout)))"))
        case .failure(.failed):
            break  // it may still answer chat requests
        case .success(let response):
            if response.status == 200, let names = Self.modelNames(response.body, ollama: mode == .ollama) {
                if let wanted = model {
                    guard let found = names.first(where: { Self.sameModel($0, wanted) }) else {
                        let listed = names.isEmpty ? "it lists none" : "it has \(names.prefix(5).map { quotedShort($0) }.joined(separator: ", "))"
                        return .failure(.modelMissing("the model server at \(endpoint.base) has no model \(quotedShort(wanted)) (\(listed))"))
                    }
                    model = found
                } else if let first = names.first {
                    model = first
                } else {
                    return .failure(.modelMissing("the model server at \(endpoint.base) lists no model"))
                }
            }
        }
        let shownName = printable(Self.displayName(model ?? "model"))
        let slots = Slots(facts)
        let messages = [Prompt.Message(role: "system", content: Prompt.system), Prompt.Message(role: "user", content: Prompt.user(facts, slots: slots))]
        let schema = Prompt.schema(slots)
        var problems: [String] = []
        for attempt in 1...Self.attempts {
            // The same question with another seed: a small model does better asked afresh than told why.
            let body = Prompt.body(model: model, messages: messages, schema: schema, mode: mode, seed: 6 + attempt)
            let content: String
            switch ask(endpoint, body: body, mode: mode, model: model ?? "", timeout: timeout) {
            case .failure(let f): return .failure(f)
            case .success(let c): content = c
            }
            switch ModelAnswer.parse(content) {
            case .failure(let why):
                problems.append("its answer is not the JSON asked for (\(why))")
            case .success(let answer):
                switch answer.repaired(facts, slots: slots, check: check) {
                case .success(let repaired):
                    return .success(ModelDraft(text: repaired.text, model: shownName, attempts: attempt, notes: repaired.notes))
                case .failure(let why):
                    problems.append("too little of its answer holds: \(why)")
                }
            }
        }
        // Each different problem once, in the order they came.
        var said: [String] = []
        for p in problems where !said.contains(p) { said.append(p) }
        return .failure(.invalidOutput("\(shownName) answered \(Self.attempts) times and was refused each time: " + said.joined(separator: "; then ")))
    }

    /// How many times the model is asked before the hand-made draft is written.
    static let attempts = 3

    /// One chat request; the text of the answer's message.
    func ask(_ endpoint: ModelEndpoint, body: String, mode: StructuredOutput, model: String, timeout: Double) -> Result<String, ModelFailure> {
        switch HTTP.send("POST", endpoint.chat(mode), body: Array(body.utf8), timeout: timeout) {
        case .failure(.unreachable(let why)):
            return .failure(.unreachable("the model server at \(endpoint.base) is unreachable (\(why))"))
        case .failure(.timedOut):
            return .failure(.failed("the model did not answer within \(Self.seconds(timeout)) (alchemy.timeout_s)"))
        case .failure(.failed(let why)):
            return .failure(.failed("the request to the model server failed (\(why))"))
        case .success(let response):
            let message = Self.errorMessage(response.body)
            if response.status == 404 && (message.lowercased().contains("model") || message.isEmpty) {
                let said = message.isEmpty ? "" : ": \(message)"
                return .failure(.modelMissing("the model server at \(endpoint.base) has no model \(quotedShort(model))\(said)"))
            }
            guard (200..<300).contains(response.status) else {
                let said = message.isEmpty ? "" : ": \(message)"
                return .failure(.failed("the model server answered HTTP \(response.status)\(said)"))
            }
            var log = DiagnosticLog()
            guard let root = JSON.parse(String(decoding: response.body, as: UTF8.self), path: "answer", log: &log) else {
                return .failure(.invalidOutput("the model server's answer is not JSON"))
            }
            let content = mode == .ollama ? root["message"]?["content"]?.scalarText
                : root["choices"]?.items?.first?["message"]?["content"]?.scalarText
            guard let content else { return .failure(.invalidOutput("the model server's answer holds no message")) }
            return .success(content)
        }
    }
    /// The text with raw line breaks and tabs inside JSON strings written as `\n`, `\r`, `\t`.
    static func escapingRawControls(_ text: String) -> String {
        var out = ""
        var inString = false, escaped = false
        for c in text.unicodeScalars {
            if inString {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
                switch c {
                case "\n": out += "\\n"; continue
                case "\r": out += "\\r"; continue
                case "\t": out += "\\t"; continue
                default: break
                }
            } else if c == "\"" {
                inString = true
            }
            out.unicodeScalars.append(c)
        }
        return out
    }

    struct CardProblem: Error, CustomStringConvertible {
        var description: String
        init(_ s: String) { description = s }
    }

    /// The ids of `GET /v1/models` (`data[].id`) or Ollama's `GET /api/tags` (`models[].name`).
    static func modelNames(_ body: [UInt8], ollama: Bool) -> [String]? {
        var log = DiagnosticLog()
        guard let root = JSON.parse(String(decoding: body, as: UTF8.self), path: "models", log: &log) else { return nil }
        let list = ollama ? root["models"]?.items : root["data"]?.items
        return list?.compactMap { ($0[ollama ? "name" : "id"] ?? $0["model"])?.scalarText }
    }

    /// `llama3.2` is Ollama's `llama3.2:latest`; a model served from a path is named by its file.
    static func sameModel(_ listed: String, _ wanted: String) -> Bool {
        if listed == wanted { return true }
        if listed == wanted + ":latest" || wanted == listed + ":latest" { return true }
        return displayName(listed) == wanted
    }

    /// The last part of a path (`/models/smollm2.gguf` → `smollm2.gguf`).
    static func displayName(_ id: String) -> String {
        id.split(separator: "/").last.map(String.init) ?? id
    }

    /// The `error` text of an error answer (`{"error": "..."}` or `{"error": {"message": "..."}}` or `{"detail": ...}`), on one line.
    static func errorMessage(_ body: [UInt8]) -> String {
        var log = DiagnosticLog()
        let text = String(decoding: body.prefix(64 * 1024), as: UTF8.self)
        guard let root = JSON.parse(text, path: "error", log: &log) else { return "" }
        let message = root["error"]?["message"]?.scalarText ?? root["error"]?.scalarText ?? root["detail"]?.scalarText
            ?? root["message"]?.scalarText ?? ""
        let line = printable(message.split(whereSeparator: \.isNewline).first.map(String.init) ?? "")
        return line.count > 160 ? String(line.prefix(160)) + "…" : line
    }

    static func seconds(_ s: Double) -> String {
        s == s.rounded() ? "\(Int(s)) s" : String(format: "%.1f s", s)
    }
}
