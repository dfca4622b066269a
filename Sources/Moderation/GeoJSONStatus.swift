import ContentFields
import Diagnostics
import Formats
import Escaping
import Loading

/// The `status` property of a Point feature in `observations.geojson`: the bytes of its value only
/// (a string, or `null`) become the new word as a JSON string. A feature without one gets
/// `, "status": "…"` right after the value of its `id`, on the same line.
enum GeoJSONStatus {
    static func changes(_ raw: RawText, path: String, ids: [String], to value: String) throws(Diagnostic) -> [String: StatusChange] {
        let text: String
        switch TextFile.decode(raw.bytes, path: path) {
        case .success(let t): text = t
        case .failure(let d): throw d
        }
        var log = DiagnosticLog()
        guard let root = JSON.parse(text, path: path, log: &log) else {
            throw log.items.first ?? Diagnostic.error(SourceLocation(path: path), "cannot read this file as JSON")
        }
        let features = GeoJSON.features(root, log: &log)
        var out: [String: StatusChange] = [:]
        for id in ids {
            let matches = features.compactMap { f -> [Node.Entry]? in
                guard let entries = f.properties?.entries,
                      let written = entries.first(where: { $0.key == "id" })?.value.scalarText,
                      TextCleaning.clean(written.trimmed) == id else { return nil }
                return entries
            }
            guard let entries = matches.first, matches.count == 1 else {
                throw Diagnostic.error(SourceLocation(path: path, line: 1, column: 1),
                                       matches.isEmpty ? "no feature with the id \(quoted(id)); the file changed since it was read" : "the id \(quoted(id)) is in \(matches.count) features")
            }
            let quotedValue = Array(Escape.json(value).utf8)
            if let status = entries.first(where: { $0.key == "status" }) {
                let at = SourceLocation(path: path, line: status.value.location.line, column: status.value.location.column)
                guard let start = raw.offset(line: at.line, column: at.column) else {
                    throw Diagnostic.error(at, "cannot find the value of 'status' in the file's bytes")
                }
                let end = tokenEnd(raw.bytes, from: start)
                let old: String? = status.value.isNull ? nil : status.value.scalarText
                guard status.value.isNull || (status.value.scalarText != nil && raw.bytes[start] == UInt8(ascii: "\"")) else {
                    throw Diagnostic.error(at, "'status' must be a string like \"pending\"; correct it by hand")
                }
                out[id] = StatusChange(edit: ByteEdit(range: start..<end, replacement: quotedValue), old: old, location: at)
            } else {
                guard let idEntry = entries.first(where: { $0.key == "id" }),
                      let start = raw.offset(line: idEntry.value.location.line, column: idEntry.value.location.column) else {
                    throw Diagnostic.error(SourceLocation(path: path, line: 1, column: 1), "cannot find the id \(quoted(id)) in the file's bytes")
                }
                let end = tokenEnd(raw.bytes, from: start)
                let at = SourceLocation(path: path, line: raw.line(of: end), column: raw.column(of: end))
                out[id] = StatusChange(edit: ByteEdit(range: end..<end, replacement: Array(", \"status\": ".utf8) + quotedValue), old: nil, location: at)
            }
        }
        return out
    }

    /// The end of the JSON string, number or literal that starts at `start`.
    static func tokenEnd(_ b: [UInt8], from start: Int) -> Int {
        var i = start
        if b[i] == UInt8(ascii: "\"") {
            i += 1
            while i < b.count, b[i] != UInt8(ascii: "\"") { i += b[i] == UInt8(ascii: "\\") ? 2 : 1 }
            return min(i + 1, b.count)
        }
        while i < b.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D].contains(b[i]) { i += 1 }
        return i
    }
}
