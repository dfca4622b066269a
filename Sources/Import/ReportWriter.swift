import Foundation

/// New reports in the forms the loader reads: rows appended to an `observations.csv` (only the
/// columns its header has, in its line breaks, after every byte already there), a new
/// `observations.csv`, or one Markdown file per report.
enum ReportWriter {
    /// One CSV cell: quoted when it holds a comma, a quote, a line break or spaces at an end.
    static func cell(_ s: String) -> String {
        let needs = s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
            || s.first == " " || s.last == " "
        return needs ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
    }

    static func row(_ r: NewReport, columns: [String], lineBreak: String) -> String {
        let values = Dictionary(r.fields, uniquingKeysWith: { a, _ in a })
        return columns.map { cell(values[$0] ?? "") }.joined(separator: ",") + lineBreak
    }

    /// A new `observations.csv` holding `reports`.
    static func newCSV(_ reports: [NewReport]) -> String {
        NewReport.columns.joined(separator: ",") + "\n" + reports.map { row($0, columns: NewReport.columns, lineBreak: "\n") }.joined()
    }

    /// The bytes to add to an existing CSV whose header is `columns`: a line break first when its last line has none.
    static func appended(to existing: [UInt8], columns: [String], _ reports: [NewReport]) -> [UInt8] {
        let crlf = existing.firstIndex(of: 0x0A).map { $0 > 0 && existing[$0 - 1] == 0x0D } ?? false
        let lineBreak = crlf ? "\r\n" : "\n"
        var text = ""
        if let last = existing.last, last != 0x0A, last != 0x0D { text += lineBreak }
        text += reports.map { row($0, columns: columns, lineBreak: lineBreak) }.joined()
        return Array(text.utf8)
    }

    /// One report as `observations/<id>.md`: front matter, then the description as the body.
    static func markdown(_ r: NewReport) -> String {
        var out = "---\n"
        for (key, value) in r.fields where key != "id" && key != "description" {
            let plain = ["category", "status", "lat", "lon"].contains(key) || (key == "observed" && !value.contains(" "))
            out += "\(key): \(plain ? value : yamlString(value))\n"
        }
        out += "---\n"
        if !r.description.isEmpty { out += r.description + (r.description.hasSuffix("\n") ? "" : "\n") }
        return out
    }

    /// A YAML double-quoted scalar (also a JSON string): backslash, quote and control characters escaped.
    static func yamlString(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if u.value < 0x20 || u.value == 0x7F || (0x80..<0xA0).contains(u.value) || u.value == 0x2028 || u.value == 0x2029 || u.value == 0xFEFF {
                    out += String(format: "\\u%04X", u.value)
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}
