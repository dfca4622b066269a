import Diagnostics
import Formats

/// A reader-facing text of `site.yml` in one or more languages: one value (`label: Speeding`), or
/// one per language (`label: { en: Speeding, es: Exceso de velocidad }`). Pages pick their
/// language's when they are rendered (`SiteSettings.inLanguage`).
public struct Wording: Sendable, Hashable {
    /// In the site's language.
    public var text: String
    /// Every language given, the site's included.
    public var byLanguage: [String: String]
    /// Where it is written, for the warning about a language it lacks.
    public var location: SourceLocation

    public init(_ text: String, byLanguage: [String: String] = [:], at location: SourceLocation = SourceLocation(path: "")) {
        (self.text, self.byLanguage, self.location) = (text, byLanguage, location)
    }

    /// The words in `language` (`es-MX`, else `es`), else in the site's language.
    public func text(in language: String) -> String {
        if let exact = byLanguage[language] { return exact }
        if let primary = language.split(separator: "-").first, let words = byLanguage[String(primary)] { return words }
        return text
    }

    /// Whether `language` (or its primary language) has words of its own.
    public func has(_ language: String) -> Bool {
        byLanguage[language] != nil || language.split(separator: "-").first.map { byLanguage[String($0)] != nil } ?? false
    }

    /// `key` of `fields`: text, or a map from language tags to text that gives the site's language.
    public static func read(_ fields: Record, _ key: String, siteLanguage: String, required: Bool = false, log: inout DiagnosticLog) -> Wording? {
        guard let node = fields.node(key), let entries = node.entries else {
            return fields.text(key, required: required, log: &log).map { Wording(TextCleaning.clean($0), at: fields.place(key)) }
        }
        var byLanguage: [String: String] = [:]
        var given = Set<String>()
        for entry in entries {
            guard Identifiers.isLanguageTag(entry.key) else {
                log.error(entry.keyLocation, "\(quoted(entry.key)) in '\(key)' is not a language tag; expected one value, or one per language like '{ en: Speeding, es: Exceso de velocidad }'")
                continue
            }
            // Editions are named by a lowercase language ('es'): 'Es' would never be found for one.
            let primary = entry.key.prefix { $0 != "-" }
            guard primary == primary.lowercased() else {
                let fixed = primary.lowercased() + entry.key.dropFirst(primary.count)
                log.error(entry.keyLocation, "language \(quoted(entry.key)) in '\(key)' must be written in lowercase, \(quoted(fixed))")
                continue
            }
            given.insert(entry.key)
            guard let raw = entry.value.scalarText else {
                log.error(entry.value.location, "'\(key)' in \(quoted(entry.key)) must be text")
                continue
            }
            guard !raw.trimmed.isEmpty else {
                log.error(entry.value.location, "'\(key)' in \(quoted(entry.key)) is empty; give its words, or leave the language out")
                continue
            }
            byLanguage[entry.key] = TextCleaning.clean(raw.trimmed)
        }
        guard let text = byLanguage[siteLanguage] else {
            // A site-language entry that is there but wrong was reported where it is.
            if given.contains(siteLanguage) { return nil }
            log.error(node.location, "'\(key)' has no text in the site's language \(quoted(siteLanguage)); every reader-facing setting needs it, like '{ \(siteLanguage): ... }'")
            return nil
        }
        return Wording(text, byLanguage: byLanguage, at: node.location)
    }
}
