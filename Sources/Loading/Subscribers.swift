import ContentFields
import Diagnostics
import Formats
import Mail

/// Who a neighborhood's weekly e-mail goes to: `subscribers` in its `neighborhood.md`, else `email.to`
/// in `site.yml`; an address, a list, or a map from an edition's language to either. Checked while
/// content loads, then left out of the model: only `commonsight email` reads it, so no built file
/// can hold a subscriber's address.
public struct Subscribers: Sendable, Equatable {
    /// The addresses of every edition that `byLanguage` does not name.
    public var all: [MailAddress] = []
    public var byLanguage: [String: [MailAddress]] = [:]

    public init(all: [MailAddress] = [], byLanguage: [String: [MailAddress]] = [:]) {
        self.all = all
        self.byLanguage = byLanguage
    }

    public var isEmpty: Bool { all.isEmpty && byLanguage.isEmpty }

    /// The addresses of the edition in `language`.
    public func addresses(for language: String) -> [MailAddress] { byLanguage[language] ?? all }

    static let example = "like 'neighbors@lists.example.org', a list of them, or one per language ('es: vecinos@lists.example.org')"

    /// `field` (`email.to` or `subscribers`) as written at `node`; each problem at its place.
    static func parse(_ node: Node, field: String, log: inout DiagnosticLog) -> Subscribers {
        var subscribers = Subscribers()
        if let entries = node.entries {
            for entry in entries {
                guard Identifiers.isLanguageTag(entry.key) else {
                    log.error(entry.keyLocation, "\(field) names \(quoted(entry.key)), which is not a language tag; expected \(example)")
                    continue
                }
                subscribers.byLanguage[entry.key] = addresses(entry.value, field: field + "." + entry.key, log: &log)
            }
        } else {
            subscribers.all = addresses(node, field: field, log: &log)
        }
        return subscribers
    }

    /// One address or a list of them.
    static func addresses(_ node: Node, field: String, log: inout DiagnosticLog) -> [MailAddress] {
        var out: [MailAddress] = []
        for item in node.items ?? [node] {
            guard let raw = item.scalarText.map({ TextCleaning.clean($0.trimmed) }), !raw.isEmpty else {
                log.error(item.location, "\(field) must be an address or a list of addresses, \(EmailSettings.example)")
                continue
            }
            if let address = MailAddress(parsing: raw) { out.append(address) } else {
                log.error(item.location, "\(field) \(quoted(raw)) is not an e-mail address; expected one \(EmailSettings.example)")
            }
        }
        return out
    }

    /// The subscribers of neighborhood `slug` in the content folder `root` (its own, else the site's),
    /// and the site's language (the edition at the neighborhood's top folder).
    public static func read(content root: String, neighborhood slug: String) -> (Subscribers, siteLanguage: String, [Diagnostic]) {
        var log = DiagnosticLog()
        let folder = ContentFolder(root: root)
        var site = Subscribers()
        var language = "en"
        let sitePath = folder.path("site.yml")
        if let text = folder.readText(sitePath, log: &log), let yaml = YAML.parse(text, path: sitePath, log: &log) {
            if let to = yaml["email"]?["to"] { site = parse(to, field: "email.to", log: &log) }
            if let tag = yaml["language"]?.scalarText { language = tag }
        }
        let path = folder.path("neighborhoods", slug, "neighborhood.md")
        guard Identifiers.isSlug(slug), folder.exists(path) else {
            log.error(SourceLocation(path: folder.path("neighborhoods", slug)), "no neighborhood '\(slug)' in this content folder (no neighborhood.md)")
            return (site, language, log.items)
        }
        if let own = folder.readMarkdown(path, log: &log)?.fields["subscribers"] {
            return (parse(own, field: "subscribers", log: &log), language, log.items)
        }
        return (site, language, log.items)
    }
}
