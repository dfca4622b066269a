import ContentFields
import Diagnostics
import Fingerprint
import Formats
import Foundation
import Markdown
import Redaction

/// Reads `site.yml`.
public enum SiteLoader {
    static func load(_ folder: ContentFolder, log: inout DiagnosticLog) -> SiteSettings? {
        let path = folder.path("site.yml")
        let file = SourceLocation(path: path)
        guard folder.exists(path) else {
            log.error(file, "missing site.yml; the content folder needs one with at least a title and categories")
            return nil
        }
        guard let text = folder.readText(path, log: &log) else { return nil }
        guard let root = YAML.parse(text, path: path, log: &log) else { return nil }
        guard let entries = root.entries else {
            log.error(root.location.path == path && root.location.line > 0 ? root.location : file.at(line: 1, column: 1),
                      "site.yml must be a mapping of 'key: value' lines")
            return nil
        }
        let start = file.at(line: 1, column: 1)
        FieldNames.site.check(entries.keys, privacy: nil, log: &log)
        let fields = Record(entries: entries, location: start, privacy: nil)
        let description = fields.text("description", log: &log)
        let baseURL = baseURL(fields, log: &log)
        let language = fields.text("language", log: &log) ?? "en"
        let titleWords = Wording.read(fields, "title", siteLanguage: language, required: true, log: &log)
        let title = titleWords?.text
        if !Identifiers.isLanguageTag(language) {
            log.error(fields.place("language"), "language \(quoted(language)) is not a BCP 47 tag; expected something like 'en' or 'es-MX'")
        }
        var zone = TimeZone.gmt
        if let name = fields.text("timezone", log: &log) {
            if let z = TimeZone(identifier: name), name.contains("/") || name == "UTC" {
                zone = z
            } else {
                log.error(fields.place("timezone"), "unknown time zone \(quoted(name)); expected an IANA name like 'America/Detroit' or 'UTC'")
            }
        }
        let privacy = self.privacy(fields.node("privacy"), log: &log)
        let attributionWords = Wording.read(fields, "map_attribution", siteLanguage: language, log: &log)
        let attribution = attributionWords?.text ?? SiteSettings.defaultMapAttribution
        let categories = self.categories(fields, language: language, log: &log)
        guard let title, let categories else { return nil }
        var settings = SiteSettings(title: title, description: description, baseURL: baseURL, language: language,
                                    timeZone: zone, privacy: privacy, categories: categories, mapAttribution: attribution, location: start)
        settings.mapAttributionWords = attributionWords
        settings.titleWords = titleWords
        settings.markdownBudget = limits(fields.node("limits"), log: &log)
        if let numbering = fields.text("numbering", log: &log) {
            if numbering == "latn" || numbering == "arab" {
                settings.numbering = numbering
            } else {
                log.error(fields.place("numbering"), "numbering \(quoted(numbering)) is not one this site knows; expected 'latn' (0-9) or 'arab' (٠-٩)")
            }
        }
        settings.howToReportWords = Wording.read(fields, "how_to_report", siteLanguage: language, log: &log)
        settings.email = EmailSettings.read(fields.node("email"), siteLanguage: language, log: &log)
        settings.openData = OpenDataSettings.read(fields, siteLanguage: language, log: &log)
        settings.reportAddress = reportAddress(fields.node("import"), log: &log)
        settings.narration = NarrationSettings.read(fields.node("narration"), log: &log)
        settings.keptInCache = KeptKind.read(fields, log: &log)
        settings.fingerprint = Fingerprint(of: text)
        return settings
    }

    /// `import: address:`, the one e-mail address the "report a problem" page writes to (the rest of
    /// `import:` is read by `import`).
    static func reportAddress(_ node: Node?, log: inout DiagnosticLog) -> String? {
        guard let value = node?["address"] else { return nil }
        let text = value.scalarText ?? ""
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !text.contains(where: { $0.isWhitespace || "<>,;\"?&".contains($0) }) else {
            log.error(value.location, "'address' in 'import' must be one e-mail address, like reports@example.org")
            return nil
        }
        return text
    }

    /// `limits: { markdown_bytes, table_columns, table_cells, nesting }`, each a whole number within reason.
    static func limits(_ node: Node?, log: inout DiagnosticLog) -> MarkdownBudget {
        var budget = MarkdownBudget.default
        let expected = "with markdown_bytes, table_columns, table_cells and nesting"
        guard let fields = FieldNames.limits.block(node, expected: expected, log: &log) else { return budget }
        func whole(_ key: String, _ range: ClosedRange<Int>) -> Int? {
            guard let v = fields.number(key, log: &log) else { return nil }
            guard v == v.rounded(), v >= Double(range.lowerBound), v <= Double(range.upperBound) else {
                log.error(fields.place(key), "'\(key)' must be a whole number from \(range.lowerBound) to \(range.upperBound)")
                return nil
            }
            return Int(v)
        }
        if let v = whole("markdown_bytes", 1_024...(16 << 20)) { budget.maxBytes = v }
        if let v = whole("table_columns", 1...1_000) { budget.maxTableColumns = v }
        if let v = whole("table_cells", 1...1_000_000) { budget.maxTableCells = v }
        if let v = whole("nesting", 1...100) { budget.maxNestingDepth = v }
        return budget
    }

    static func baseURL(_ fields: Record, log: inout DiagnosticLog) -> String? {
        guard let raw = fields.text("base_url", log: &log) else { return nil }
        guard let url = normalizedBaseURL(raw) else {
            log.error(fields.place("base_url"), "base_url \(quoted(raw)) is not an absolute http(s) URL; expected something like 'https://digest.example.org/'")
            return nil
        }
        return url
    }

    /// An absolute `http(s)` URL ending in `/`, or nil.
    public static func normalizedBaseURL(_ raw: String) -> String? {
        guard let url = URL(string: raw), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty, !raw.contains(" ") else { return nil }
        return raw.hasSuffix("/") ? raw : raw + "/"
    }

    static func privacy(_ node: Node?, log: inout DiagnosticLog) -> PrivacyPolicy {
        let expected = "with location_precision_m and private_fields"
        guard let fields = FieldNames.privacy.block(node, expected: expected, log: &log) else { return PrivacyPolicy() }
        var precision = 0.0
        if let p = fields.number("location_precision_m", log: &log) {
            if p == 0 || (1...10_000).contains(p) { precision = p } else {
                log.error(fields.place("location_precision_m"), "location_precision_m is \(ObservationLoader.format(p)); expected 0 (exact) or 1 to 10000 meters")
            }
        }
        let extra = fields.list("private_fields", log: &log)?.map(\.0) ?? []
        var redact = Set(Redactor.Kind.allCases)
        if let kinds = fields.list("redact", log: &log) {
            redact = []
            for (word, at) in kinds {
                if let kind = Redactor.Kind(rawValue: word) { redact.insert(kind) } else {
                    log.error(at, "redact lists \(quoted(word)); expected \(choices(Redactor.Kind.allCases.map(\.rawValue)))")
                }
            }
        }
        return PrivacyPolicy(extraPrivateFields: extra, locationPrecisionMeters: precision, redact: redact)
    }

    static func categories(_ fields: Record, language: String, log: inout DiagnosticLog) -> [Category]? {
        guard let node = fields.node("categories") else {
            log.error(fields.location, "missing required field 'categories'; expected at least one, like 'speeding: { label: Speeding, color: \"#d73027\" }'")
            return nil
        }
        guard let entries = node.entries, !entries.isEmpty else {
            log.error(node.location, "'categories' must map category keys to a label and a color, with at least one category")
            return nil
        }
        let categories = entries.keyed(by: Identifiers.isSlug, log: &log) {
            "category key \(quoted($0)) is not a slug; expected lowercase words joined by '-', like \(quoted(Identifiers.suggestSlug($0)))"
        }.compactMap { category($0, language: language, log: &log) }
        return categories.isEmpty ? nil : categories
    }

    /// One entry of `categories`: `key: { label: ..., color: "#rrggbb", call_to_action: ... }`; the
    /// label and call to action in one language or several.
    static func category(_ entry: Node.Entry, language: String, log: inout DiagnosticLog) -> Category? {
        guard let props = entry.value.entries else {
            log.error(entry.value.location, "category \(quoted(entry.key)) needs a label and a color, like '{ label: Speeding, color: \"#d73027\" }'")
            return nil
        }
        FieldNames.category.check(props.keys, privacy: nil, log: &log)
        let r = Record(entries: props, location: entry.keyLocation, privacy: nil)
        let label = Wording.read(r, "label", siteLanguage: language, required: true, log: &log)
        let color = r.text("color", required: true, log: &log)
        if let color, !isHexColor(color) {
            log.error(r.place("color"), "color \(quoted(color)) is not a hex color; expected '#rrggbb'")
            return nil
        }
        let callToAction = Wording.read(r, "call_to_action", siteLanguage: language, log: &log)
        guard let label, let color else { return nil }
        return Category(key: entry.key, label: label, color: color.lowercased(), callToAction: callToAction)
    }

    static func isHexColor(_ s: String) -> Bool {
        s.count == 7 && s.hasPrefix("#") && s.dropFirst().allSatisfy(\.isHexDigit)
    }
}
