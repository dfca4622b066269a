import Diagnostics
import Formats

/// The fields each kind of file may hold, and the check that their names are spelled exactly.
///
/// A name that matches a field only when case is ignored (`Status`, `TITLE`) is an error: the
/// loader reads exact names only, so a moderator's `Status: removed` would otherwise be silently
/// ignored and the report published. Other unknown names are warnings with a suggestion.
public struct FieldNames: Sendable {
    /// "an observation", "a story", ...: for messages.
    public let kind: String
    public let names: [String]

    public init(kind: String, names: [String]) { (self.kind, self.names) = (kind, names) }

    public static let story = FieldNames(kind: "a story", names: [
        "title", "status", "date", "observations", "call_to_action", "tags", "coalition", "author", "generated",
    ])
    public static let coalition = FieldNames(kind: "a coalition", names: ["name", "focus", "contact", "meets", "join_url", "members", "status", "date"])
    public static let event = FieldNames(kind: "an event", names: ["title", "start", "end", "location", "lat", "lon", "coalition", "status", "date"])
    public static let neighborhood = FieldNames(kind: "neighborhood.md", names: ["name", "description", "languages", "subscribers"])
    public static let site = FieldNames(kind: "site.yml", names: [
        "title", "description", "base_url", "language", "timezone", "privacy", "categories", "map_attribution",
        "how_to_report", "email", "alchemy", "narration", "numbering", "suggest", "license", "attribution", "publisher", "contact", "data_source", "limits", "import", "keep_in_cache",
    ])
    public static let privacy = FieldNames(kind: "privacy", names: ["location_precision_m", "private_fields", "redact"])
    public static let category = FieldNames(kind: "a category", names: ["label", "color", "call_to_action"])
    public static let email = FieldNames(kind: "email", names: ["from", "to", "footer"])
    public static let license = FieldNames(kind: "license", names: ["name", "url"])
    public static let narration = FieldNames(kind: "narration", names: ["voices"])
    public static let limits = FieldNames(kind: "limits", names: ["markdown_bytes", "table_columns", "table_cells", "nesting"])

    /// Reports every name that is not one of `names`: an error when only its case differs, else a
    /// warning. Private fields (in any case) are left alone: they are dropped, never read.
    /// `reported` holds names already reported for this file, so a CSV or GeoJSON file says each once.
    public func check(_ keys: [(name: String, at: SourceLocation)], privacy: PrivacyPolicy?, reported: inout Set<String>, log: inout DiagnosticLog) {
        for (name, at) in keys where !names.contains(name) && !(privacy?.isPrivate(name) ?? false) {
            guard reported.insert(name).inserted else { continue }
            if let exact = names.first(where: { $0.lowercased() == name.lowercased() }) {
                log.error(at, "field \(quoted(name)) must be written \(quoted(exact)); field names are exact, and this one would be ignored")
            } else if let near = suggestion(for: name) {
                log.warning(at, "unknown field \(quoted(name)) in \(kind) is ignored; did you mean \(quoted(near))?")
            } else {
                log.warning(at, "unknown field \(quoted(name)) in \(kind) is ignored; expected \(choices(names))")
            }
        }
    }

    public func check(_ keys: [(name: String, at: SourceLocation)], privacy: PrivacyPolicy?, log: inout DiagnosticLog) {
        var reported = Set<String>()
        check(keys, privacy: privacy, reported: &reported, log: &log)
    }

    /// The fields of the `site.yml` block named `kind` (`email:`, `limits:`, `privacy:`), unknown names
    /// reported: nil when the block is absent, or when it is no mapping (an error ending in `expected`,
    /// like "with from, to and footer").
    public func block(_ node: Node?, expected: String, log: inout DiagnosticLog) -> Record? {
        guard let node else { return nil }
        guard let entries = node.entries else {
            log.error(node.location, "'\(kind)' must be a mapping \(expected)")
            return nil
        }
        check(entries.keys, privacy: nil, log: &log)
        return Record(entries: entries, location: node.location, privacy: nil)
    }

    /// The known name within two edits of `name`, if one is.
    public func suggestion(for name: String) -> String? {
        let lower = name.lowercased().replacingOccurrences(of: "-", with: "_").replacingOccurrences(of: " ", with: "_")
        if names.contains(lower) { return lower }
        return names.map { ($0, Self.distance(Array(lower.utf8), Array($0.utf8))) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
    }

    /// Levenshtein distance, for short names.
    static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count < 64, b.count < 64 else { return Int.max }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

extension Array where Element == Node.Entry {
    /// Names and places of the keys, for `FieldNames.check`.
    public var keys: [(name: String, at: SourceLocation)] { map { ($0.key, $0.keyLocation) } }

    /// The entries of a mapping whose key `accepts` takes (a category's slug, a voice's language
    /// tag); each other entry is left out, with an error at its key saying `why(key)`.
    public func keyed(by accepts: (String) -> Bool, log: inout DiagnosticLog, else why: (String) -> String) -> [Node.Entry] {
        filter { entry in
            if accepts(entry.key) { return true }
            log.error(entry.keyLocation, why(entry.key))
            return false
        }
    }
}
