import Diagnostics

/// A Markdown file split into its YAML front matter and its body.
public struct FrontMatter: Sendable {
    /// The parsed front matter, always a mapping.
    public var fields: Node
    /// The Markdown after the closing `---` line.
    public var body: String
    /// Line of the file where the body starts (1-based).
    public var bodyLine: Int

    /// Splits and parses `text` (already decoded); every problem is reported into `log`.
    public static func parse(_ text: String, path: String, log: inout DiagnosticLog) -> FrontMatter? {
        let file = SourceLocation(path: path, line: 1, column: 1)
        if text.isEmpty {
            log.error(file, "the file is empty; expected front matter between '---' lines")
            return nil
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        guard let first = lines.first, first.trimmingTrailingSpaces() == "---" else {
            log.error(file, "missing front matter: the file must start with a '---' line, then YAML, then '---'")
            return nil
        }
        guard let closing = lines.indices.dropFirst().first(where: {
            let l = lines[$0].trimmingTrailingSpaces()
            return l == "---" || l == "..."
        }) else {
            log.error(file, "front matter is not closed: expected a '---' line after the YAML")
            return nil
        }
        let yaml = lines[1..<closing].joined(separator: "\n")
        let body = lines[(closing + 1)...].joined(separator: "\n")
        guard let node = YAML.parse(yaml, path: path, firstLine: 2, log: &log) else { return nil }
        let fields: Node
        switch node.value {
        case .map: fields = node
        case .null: fields = Node(.map([]), at: file.at(line: 2, column: 1))
        default:
            log.error(node.location, "front matter must be a mapping of 'key: value' lines, found \(node.kindName)")
            return nil
        }
        return FrontMatter(fields: fields, body: body, bodyLine: closing + 2)
    }
}

extension Substring {
    func trimmingTrailingSpaces() -> Substring {
        var s = self
        while let last = s.last, last == " " || last == "\t" { s.removeLast() }
        return s
    }
}
