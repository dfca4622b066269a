import Diagnostics
import Formats
import Foundation

/// The reports of each file given to `import`, read by the reader its kind calls for: `.json`
/// (Open311), `.xml` (Open311), `.csv`, `.eml` and mbox (`.mbox`, `.mbx`, or a file starting with
/// `From `).
enum SourceFiles {
    static let maxBytes = 64 << 20

    static func read(_ path: String, settings: ImportSettings, log: inout DiagnosticLog) -> [IncomingReport] {
        let at = SourceLocation(path: path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            log.error(at, "no such file")
            return []
        }
        if isFolder.boolValue {
            // A folder: each file in it that import reads, by name.
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
            let readable = names.filter { !$0.hasPrefix(".") && kind(of: $0, head: []) != nil }
            if readable.isEmpty { log.error(at, "this folder holds no file import reads (.csv, .json, .xml, .eml, .mbox)") }
            return readable.flatMap { read(path + "/" + $0, settings: settings, log: &log) }
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            log.error(at, "cannot read this file")
            return []
        }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: maxBytes + 1)) ?? Data()
        guard data.count <= maxBytes else {
            log.error(at, "this file is larger than 64 MiB; split it")
            return []
        }
        let bytes = Array(data)
        guard let kind = kind(of: path, head: bytes.prefix(16)) else {
            log.error(at, "cannot tell what this file holds; import reads Open311 .json and .xml, .csv, .eml and mbox files")
            return []
        }
        if kind == "mail" { return MailReports.read(bytes, path: path, log: &log) }
        let text: String
        switch TextFile.decode(bytes, path: path) {
        case .success(let t): text = t
        case .failure(let d):
            log.append(d)
            return []
        }
        switch kind {
        case "json": return Open311Reports.json(text, path: path, log: &log)
        case "xml": return Open311Reports.xml(text, path: path, log: &log)
        default: return CSVReports.read(text, path: path, settings: settings, log: &log)
        }
    }

    static func kind(of path: String, head: ArraySlice<UInt8>) -> String? {
        switch (path as NSString).pathExtension.lowercased() {
        case "json": return "json"
        case "xml": return "xml"
        case "csv": return "csv"
        case "eml", "mbox", "mbx", "mail": return "mail"
        default:
            if head.starts(with: Array("From ".utf8)) { return "mail" }
            return nil
        }
    }
}
