import ContentFields
import Diagnostics
import Formats

/// `moderation.yml` in a neighborhood's folder: the statuses `review` decided for reports in files
/// it does not rewrite (a CSV without a `status` column, a GeoJSON export without statuses), one
/// `"ID": status` line each. The loader reads a report's status from here before its own file.
public enum ModerationFile {
    public static let name = "moderation.yml"

    /// The words at the top of a new file.
    public static let header = """
        # Decisions made with 'commonsight review' on reports whose files are never rewritten (an export
        # without a status column). One line per report: "ID": pending | published | flagged | removed.
        # This file wins over the report's own file; delete a line to go back to what the file says.

        """

    /// The status of each id, with where it is written; every problem is reported.
    static func read(_ path: String, folder: ContentFolder, log: inout DiagnosticLog) -> [String: (status: Observation.Status, at: SourceLocation)] {
        guard folder.exists(path), let text = folder.readText(path, log: &log) else { return [:] }
        guard let root = YAML.parse(text, path: path, log: &log) else { return [:] }
        if root.isNull { return [:] }
        guard let entries = root.entries else {
            log.error(root.location, "moderation.yml must be a mapping of report ids to statuses, like '\"5056224\": removed'")
            return [:]
        }
        var out: [String: (status: Observation.Status, at: SourceLocation)] = [:]
        let words = Observation.Status.allCases.map(\.rawValue)
        for entry in entries {
            guard let word = entry.value.scalarText?.trimmed, let status = Observation.Status(rawValue: word) else {
                let shown = entry.value.scalarText.map { quoted($0) } ?? entry.value.kindName
                log.error(entry.value.location, "the status of \(quoted(entry.key)) is \(shown)"
                          + NearestName.hint(entry.value.scalarText ?? "", known: words, otherwise: "; expected \(choices(words))"))
                continue
            }
            out[entry.key] = (status, entry.value.location)
        }
        return out
    }

    /// The file's text with `id`'s status set to `status`: its line's value replaced, or a line
    /// added at the end (the file made with its header when there is none yet).
    public static func updated(_ text: String?, id: String, status: String) -> (text: String, line: Int) {
        let key = "\"" + id.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        var lines = (text ?? header).components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        let forms = [key, "'" + id.replacingOccurrences(of: "'", with: "''") + "'", id].map { $0 + ":" }
        for (i, line) in lines.enumerated() where forms.contains(where: { line.hasPrefix($0) }) {
            lines[i] = key + ": " + status
            return (lines.joined(separator: "\n") + "\n", i + 1)
        }
        lines.append(key + ": " + status)
        return (lines.joined(separator: "\n") + "\n", lines.count)
    }
}
