import ContentFields
import Diagnostics

/// What the tool's cache may keep for every output folder, as `keep_in_cache: [audio, cards]` in
/// `site.yml`: the stories read aloud and the PNG share cards, which take the longest to make. Off
/// unless the lead asks; never anything a build shows from drafts or the future.
public enum KeptKind: String, Sendable, CaseIterable, Hashable {
    case audio
    case cards

    /// The file ending of what is kept.
    public var fileExtension: String { self == .audio ? "ogg" : "png" }

    /// `keep_in_cache`: a list of `audio` and `cards`; each other word is an error at its place.
    static func read(_ fields: Record, log: inout DiagnosticLog) -> Set<KeptKind> {
        guard let words = fields.list("keep_in_cache", log: &log) else { return [] }
        let names = FieldNames(kind: "keep_in_cache", names: allCases.map(\.rawValue))
        var kept = Set<KeptKind>()
        for (word, at) in words {
            if let kind = KeptKind(rawValue: word) {
                kept.insert(kind)
            } else if let near = names.suggestion(for: word) {
                log.error(at, "keep_in_cache: \(quoted(word)) is not something the cache keeps; did you mean \(quoted(near))?")
            } else {
                log.error(at, "keep_in_cache: \(quoted(word)) is not something the cache keeps; expected \(choices(names.names))")
            }
        }
        return kept
    }
}
