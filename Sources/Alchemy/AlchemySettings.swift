import Diagnostics
import Formats
import Foundation

/// How `suggest` groups reports (`site.yml`, `suggest:`).
public struct SuggestSettings: Sendable, Equatable {
    /// Two reports are neighbors when they lie at most this far apart (after the privacy grid)...
    public var radiusMeters: Double = 400
    /// ...and were observed at most this many days apart.
    public var windowDays: Int = 60
    /// A suggestion needs at least this many reports (DBSCAN's minimum points, the report itself counted).
    public var minReports: Int = 3
    /// Groups of categories that may share a suggestion; any other category stays alone.
    public var related: [[String]] = []
    /// How many suggestions `suggest` prints when `--limit` is not given.
    public var limit: Int = 10

    public init() {}
}

/// Where `draft` finds a model (`site.yml`, `alchemy:`; `--model-url`, `--model`, `COMMONSIGHT_MODEL_URL`).
public struct ModelSettings: Sendable, Equatable {
    /// The server's address: `http://127.0.0.1:8080`, `.../v1`, or the full chat completions URL.
    public var url: String?
    /// The model's name on that server; nil takes the first model the server lists.
    public var model: String?
    public var timeoutSeconds: Double = 120
    public var structuredOutput: StructuredOutput = .jsonSchema
    /// Where `url` came from, for messages: "--model-url", "COMMONSIGHT_MODEL_URL" or "site.yml".
    public var urlSource: String = "site.yml"

    public init(url: String? = nil, model: String? = nil, timeoutSeconds: Double = 120, structuredOutput: StructuredOutput = .jsonSchema) {
        self.url = url
        self.model = model
        self.timeoutSeconds = timeoutSeconds
        self.structuredOutput = structuredOutput
    }
}

/// How the request asks for JSON that matches the story card's schema.
public enum StructuredOutput: String, Sendable, CaseIterable {
    /// OpenAI's `response_format: {type: json_schema, json_schema: {name, strict, schema}}` (OpenAI, vLLM, llama.cpp's server, Ollama's /v1).
    case jsonSchema = "json_schema"
    /// llama-cpp-python's `response_format: {type: json_object, schema}`.
    case jsonObject = "json_object"
    /// Ollama's own API: `POST /api/chat` with `format: schema`.
    case ollama
    /// No constraint: the instructions alone ask for JSON.
    case none
}

/// Reads the `suggest:` and `alchemy:` blocks of `site.yml` (the loader accepts both names and
/// leaves them to this module), reporting every bad value at its place.
public enum AlchemySettings {
    public static func read(siteFile path: String, log: inout DiagnosticLog) -> (SuggestSettings, ModelSettings) {
        var suggest = SuggestSettings()
        var model = ModelSettings()
        // Only a regular file of a sane size: the loader has said what is wrong with anything else.
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              attributes[.type] as? FileAttributeType == .typeRegular,
              (attributes[.size] as? NSNumber)?.intValue ?? Int.max <= 1 << 20,
              let data = FileManager.default.contents(atPath: path) else { return (suggest, model) }
        var text = String(decoding: data, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        var ignored = DiagnosticLog()  // the loader has reported site.yml's syntax already
        guard let root = YAML.parse(text, path: path, log: &ignored) else { return (suggest, model) }
        if let node = root["suggest"], !node.isNull { readSuggest(node, into: &suggest, log: &log) }
        if let node = root["alchemy"], !node.isNull { readModel(node, into: &model, log: &log) }
        return (suggest, model)
    }

    static let suggestKeys = ["radius_m", "window_days", "min_reports", "related", "limit"]
    static let alchemyKeys = ["url", "model", "timeout_s", "structured_output"]

    /// Hands each field of the block `section:` to `read`, in order; warns of a field not in `keys`
    /// (and skips it), and says so when the block is no mapping.
    static func forEachField(of node: Node, section: String, keys: [String], log: inout DiagnosticLog,
                             _ read: (Node.Entry, inout DiagnosticLog) -> Void) {
        guard let entries = node.entries else {
            log.error(node.location, "'\(section)' must be a mapping of \(choices(keys))")
            return
        }
        for entry in entries {
            guard keys.contains(entry.key) else {
                log.warning(entry.keyLocation, "unknown field \(quoted(entry.key)) in \(section) is ignored; expected \(choices(keys))")
                continue
            }
            read(entry, &log)
        }
    }

    static func readSuggest(_ node: Node, into s: inout SuggestSettings, log: inout DiagnosticLog) {
        forEachField(of: node, section: "suggest", keys: suggestKeys, log: &log) { entry, log in
            let v = entry.value
            switch entry.key {
            case "radius_m":
                if let x = number(v, "suggest.radius_m", in: 10...5_000, unit: "meters", log: &log) { s.radiusMeters = x }
            case "window_days":
                if let x = number(v, "suggest.window_days", in: 1...3_650, unit: "days", whole: true, log: &log) { s.windowDays = Int(x) }
            case "min_reports":
                if let x = number(v, "suggest.min_reports", in: 2...1_000, unit: "reports", whole: true, log: &log) { s.minReports = Int(x) }
            case "limit":
                if let x = number(v, "suggest.limit", in: 1...1_000, unit: "suggestions", whole: true, log: &log) { s.limit = Int(x) }
            case "related":
                guard let groups = v.items else {
                    log.error(v.location, "suggest.related must be a list of category lists, like [[illegal-parking, bike-lane-driving]]")
                    return
                }
                s.related = groups.compactMap { group in
                    guard let items = group.items else {
                        log.error(group.location, "each group of suggest.related is a list of category keys, like [speeding, stop-sign-running]")
                        return nil
                    }
                    return items.compactMap(\.scalarText)
                }
            default:
                break
            }
        }
    }

    static func readModel(_ node: Node, into m: inout ModelSettings, log: inout DiagnosticLog) {
        forEachField(of: node, section: "alchemy", keys: alchemyKeys, log: &log) { entry, log in
            let v = entry.value
            switch entry.key {
            case "url":
                guard let s = v.scalarText?.trimmingCharacters(in: .whitespaces), !s.isEmpty else { return }
                if ModelEndpoint(s) == nil {
                    log.error(v.location, "alchemy.url \(quoted(s)) is not an http(s) URL; expected something like 'http://127.0.0.1:8080'")
                } else {
                    m.url = s
                    m.urlSource = "site.yml"
                }
            case "model":
                if let s = v.scalarText?.trimmingCharacters(in: .whitespaces), !s.isEmpty { m.model = s }
            case "timeout_s":
                if let x = number(v, "alchemy.timeout_s", in: 1...3_600, unit: "seconds", log: &log) { m.timeoutSeconds = x }
            case "structured_output":
                let raw = v.scalarText ?? ""
                if let mode = StructuredOutput(rawValue: raw) { m.structuredOutput = mode } else {
                    log.error(v.location, "alchemy.structured_output is \(quoted(raw)); expected \(choices(StructuredOutput.allCases.map(\.rawValue)))")
                }
            default:
                break
            }
        }
    }

    static func number(_ v: Node, _ name: String, in range: ClosedRange<Double>, unit: String, whole: Bool = false,
                       log: inout DiagnosticLog) -> Double? {
        var value: Double?
        if case .number(let x, _) = v.value { value = x } else if let s = v.scalarText { value = Double(s.trimmingCharacters(in: .whitespaces)) }
        guard let x = value, x.isFinite, range.contains(x), !whole || x == x.rounded() else {
            let shown = v.scalarText.map { quoted($0) } ?? v.kindName
            let lo = whole ? String(Int(range.lowerBound)) : String(format: "%g", range.lowerBound)
            let hi = whole ? String(Int(range.upperBound)) : String(format: "%g", range.upperBound)
            log.error(v.location, "\(name) is \(shown); expected \(whole ? "a whole number" : "a number") of \(unit) from \(lo) to \(hi)")
            return nil
        }
        return x
    }
}
