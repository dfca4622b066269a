import Diagnostics
import Formats
import Foundation

/// The `import:` block of `site.yml`: the source's category values to the site's categories, the
/// columns of a form's CSV, and the address residents write their reports to.
///
/// ```yaml
/// import:
///   categories: { "Speeding": speeding }
///   columns: { id: "Submission ID", category: "What kind of problem?", text: "What happened?",
///              date: Timestamp, place: "Where?", latitude: lat, longitude: lon }
///   prefix: form
///   address: reports@example.org
/// ```
public struct ImportSettings: Sendable {
    /// Lowercased source value → category key.
    public var categories: [String: String] = [:]
    /// Role (`id`, `category`, `text`, `date`, `place`, `latitude`, `longitude`, `name`, `email`, `phone`) → column name.
    public var columns: [String: String] = [:]
    /// What a form's ids start with.
    public var prefix = "form"
    /// Where the "report a problem" link sends its e-mail.
    public var address: String?

    public static let roles = ["id", "category", "text", "date", "place", "latitude", "longitude", "name", "email", "phone"]
    static let keys = ["categories", "columns", "prefix", "address"]

    public init() {}

    /// The block of the `site.yml` at `path`, every problem reported at its place.
    public static func read(siteFile path: String, categoryKeys: Set<String>, log: inout DiagnosticLog) -> ImportSettings {
        guard let data = FileManager.default.contents(atPath: path) else { return ImportSettings() }
        guard case .success(let text) = TextFile.decode(Array(data), path: path),
              let root = YAML.parse(text, path: path, log: &log) else { return ImportSettings() }
        return read(root["import"], categoryKeys: categoryKeys, log: &log)
    }

    static func read(_ node: Node?, categoryKeys: Set<String>, log: inout DiagnosticLog) -> ImportSettings {
        var out = ImportSettings()
        guard let node else { return out }
        guard let entries = node.entries else {
            log.error(node.location, "'import' must be a mapping with \(keys.joined(separator: ", "))")
            return out
        }
        for e in entries where !keys.contains(e.key) {
            log.error(e.keyLocation, "unknown key \(quoted(e.key)) in 'import'; expected \(choices(keys))")
        }
        if let map = node["categories"] {
            if let items = map.entries {
                for e in items {
                    guard let key = e.value.scalarText else {
                        log.error(e.value.location, "the category for \(quoted(e.key)) must be one category key")
                        continue
                    }
                    guard categoryKeys.contains(key) else {
                        log.error(e.value.location, "unknown category \(quoted(key)); expected one of \(choices(categoryKeys.sorted()))")
                        continue
                    }
                    out.categories[e.key.lowercased()] = key
                }
            } else if !map.isNull {
                log.error(map.location, "'categories' in 'import' must map the source's values to category keys, like \"Speeding\": speeding")
            }
        }
        if let map = node["columns"] {
            if let items = map.entries {
                for e in items {
                    guard roles.contains(e.key) else {
                        log.error(e.keyLocation, "unknown column role \(quoted(e.key)); expected \(choices(roles))")
                        continue
                    }
                    guard let name = e.value.scalarText, !name.isEmpty else {
                        log.error(e.value.location, "the column for \(quoted(e.key)) must be a column name of the form's CSV")
                        continue
                    }
                    out.columns[e.key] = name
                }
            } else if !map.isNull {
                log.error(map.location, "'columns' in 'import' must map roles (\(roles.joined(separator: ", "))) to column names")
            }
        }
        if let p = node["prefix"] {
            if let text = p.scalarText, !text.isEmpty, text.utf8.count <= 32,
               text.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isLowercase || ("0"..."9").contains($0)) }) {
                out.prefix = text
            } else {
                log.error(p.location, "'prefix' in 'import' must be a short word of lowercase letters and digits, like 'form'")
            }
        }
        if let a = node["address"] {
            if let text = a.scalarText, isMailAddress(text) {
                out.address = text
            } else {
                log.error(a.location, "'address' in 'import' must be one e-mail address, like reports@example.org")
            }
        }
        return out
    }

    static func isMailAddress(_ s: String) -> Bool {
        let parts = s.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !s.contains(where: { $0.isWhitespace || $0 == "<" || $0 == ">" || $0 == "," })
    }
}
