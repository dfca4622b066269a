import ContentFields
import Diagnostics
import Formats
import Mail

/// What the open data of every neighborhood says about itself (`data/`, `data.json`, the "About
/// this data" page), from `site.yml`'s top-level `license`, `attribution`, `publisher`, `contact`
/// and `data_source`. All optional.
public struct OpenDataSettings: Sendable {
    /// The license's address (http or https), when one is given.
    public var licenseURL: String?
    /// Its name ("CC BY 4.0"): as written, else known from the address, else nil.
    public var licenseName: String?
    /// How reusers credit the data ("Bagley Safe Streets, from residents' reports").
    public var attribution: String? { attributionWords?.text }
    public var attributionWords: Wording?
    /// Who publishes the data; the site's title when not given.
    public var publisher: String?
    /// Who answers questions about the data: a name and an e-mail address.
    public var contact: MailAddress?
    /// Where the reports come from, in words.
    public var dataSource: String? { dataSourceWords?.text }
    public var dataSourceWords: Wording?

    public init() {}

    /// Names of common open licenses, by address (with or without `https`, `www.` and a final `/`).
    static let knownLicenses: [String: String] = [
        "creativecommons.org/licenses/by/4.0": "CC BY 4.0",
        "creativecommons.org/licenses/by-sa/4.0": "CC BY-SA 4.0",
        "creativecommons.org/publicdomain/zero/1.0": "CC0 1.0",
        "opendatacommons.org/licenses/odbl/1-0": "ODbL 1.0",
        "opendatacommons.org/licenses/odbl/1.0": "ODbL 1.0",
        "opendatacommons.org/licenses/pddl/1-0": "PDDL 1.0",
        "opendatacommons.org/licenses/by/1-0": "ODC-By 1.0",
    ]

    public static func licenseName(forURL url: String) -> String? {
        var key = url.lowercased()
        for prefix in ["https://", "http://", "www."] where key.hasPrefix(prefix) { key.removeFirst(prefix.count) }
        while key.hasSuffix("/") { key.removeLast() }
        for suffix in ["/legalcode", "/deed.en"] where key.hasSuffix(suffix) { key.removeLast(suffix.count) }
        return knownLicenses[key]
    }

    /// These settings with their words in `language` where `site.yml` gives them.
    func inLanguage(_ language: String) -> OpenDataSettings {
        var copy = self
        copy.attributionWords = attributionWords.map { Wording($0.text(in: language), byLanguage: $0.byLanguage, at: $0.location) }
        copy.dataSourceWords = dataSourceWords.map { Wording($0.text(in: language), byLanguage: $0.byLanguage, at: $0.location) }
        return copy
    }

    static func read(_ fields: Record, siteLanguage: String, log: inout DiagnosticLog) -> OpenDataSettings {
        var s = OpenDataSettings()
        if let node = fields.node("license") {
            if let entries = node.entries {
                FieldNames.license.check(entries.keys, privacy: nil, log: &log)
                let r = Record(entries: entries, location: node.location, privacy: nil)
                s.licenseURL = url(r, "url", log: &log)
                s.licenseName = r.text("name", log: &log).map(TextCleaning.clean)
                if s.licenseURL == nil && s.licenseName == nil {
                    log.error(node.location, "license needs a url, a name or both, like '{ name: CC BY 4.0, url: https://creativecommons.org/licenses/by/4.0/ }'")
                }
            } else {
                s.licenseURL = url(fields, "license", log: &log)
            }
            if s.licenseName == nil, let u = s.licenseURL { s.licenseName = licenseName(forURL: u) }
        }
        s.attributionWords = Wording.read(fields, "attribution", siteLanguage: siteLanguage, log: &log)
        s.publisher = fields.text("publisher", log: &log).map(TextCleaning.clean)
        s.dataSourceWords = Wording.read(fields, "data_source", siteLanguage: siteLanguage, log: &log)
        if let raw = fields.text("contact", log: &log) {
            s.contact = MailAddress(parsing: TextCleaning.clean(raw))
            if s.contact == nil {
                log.error(fields.place("contact"), "contact \(quoted(raw)) is not an e-mail address; expected one like 'Data desk <data@example.org>' (data.json's contactPoint needs an e-mail)")
            }
        }
        return s
    }

    static func url(_ r: Record, _ key: String, log: inout DiagnosticLog) -> String? {
        guard let raw = r.text(key, log: &log) else { return nil }
        let lower = raw.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://"), !raw.contains(" "), raw.count > 8 else {
            log.error(r.place(key), "\(key) \(quoted(raw)) is not an http(s) URL; expected the license's address, like 'https://creativecommons.org/licenses/by/4.0/'")
            return nil
        }
        return raw
    }
}
