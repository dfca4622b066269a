import Diagnostics
import Formats
import Fingerprint
import Foundation

/// A CSV export of reports, its layout told by its header: Improve Detroit's (SeeClickFix),
/// Boston's 311, or a form's whose columns `site.yml` maps.
enum CSVReports {
    /// One row, its cells by column name.
    struct Row {
        var cells: [String: CSVTable.Cell]
        var location: SourceLocation

        subscript(_ name: String) -> String? { ReportFields.nonEmpty(cells[name]?.text) }
    }

    static func read(_ text: String, path: String, settings: ImportSettings, log: inout DiagnosticLog) -> [IncomingReport] {
        guard let table = CSVTable.parse(text, path: path, log: &log) else { return [] }
        let names = table.header.map { $0.text.trimmedText }
        let columns = Set(names)
        let rows = table.records.map { record in
            Row(cells: Dictionary(zip(names, record.cells), uniquingKeysWith: { a, _ in a }), location: record.location)
        }
        if SeeClickFixRows.recognizes(columns) { return rows.compactMap { SeeClickFixRows.report($0, log: &log) } }
        if BostonRows.recognizes(columns) { return rows.compactMap { BostonRows.report($0, log: &log) } }
        let mapped = settings.columns
        let missing = mapped.values.filter { !columns.contains($0) }.sorted()
        if !mapped.isEmpty, missing.isEmpty {
            return rows.compactMap { FormRows.report($0, settings: settings, log: &log) }
        }
        let at = table.header.first?.location ?? SourceLocation(path: path, line: 1, column: 1)
        if !mapped.isEmpty {
            log.error(at, "this CSV lacks the column\(missing.count == 1 ? "" : "s") \(missing.map { quoted($0) }.joined(separator: ", ")) that import: columns: in site.yml names; its columns are \(names.map { quoted($0) }.joined(separator: ", "))")
        } else {
            log.error(at, "this CSV is neither Improve Detroit's nor Boston's 311 export; say which column holds what in site.yml under import: columns: (\(ImportSettings.roles.prefix(7).joined(separator: ", "))); its columns are \(names.prefix(20).map { quoted($0) }.joined(separator: ", "))")
        }
        return []
    }
}

/// Improve Detroit's (SeeClickFix) export: `id, summary, nature, description, details, location_hint, lat, lng, created_at, ...`.
enum SeeClickFixRows {
    static func recognizes(_ columns: Set<String>) -> Bool {
        ["id", "lat", "lng", "created_at"].allSatisfy(columns.contains) && (columns.contains("request_type") || columns.contains("summary"))
    }

    static func report(_ row: CSVReports.Row, log: inout DiagnosticLog) -> IncomingReport? {
        guard let raw = row["id"], let id = ReportFields.id("seeclickfix", raw) else {
            log.error(row.cells["id"]?.location ?? row.location, "this row has no id")
            return nil
        }
        let text = [row["description"], row["details"]].compactMap { $0 }.joined(separator: "\n\n")
        var r = IncomingReport(id: id, location: row.location,
                               categoryValues: ["nature", "summary", "request_type"].compactMap { row[$0] },
                               text: text, place: row["location_hint"] ?? row["address"],
                               coordinate: ReportFields.coordinate(latitude: row["lat"], longitude: row["lng"]),
                               observed: row["created_at"])
        if raw.allSatisfy(\.isNumber) { r.sourceURL = "https://seeclickfix.com/issues/\(raw)" }
        r.reporter.account = row["reporter_id"]
        return r
    }
}

/// Boston's 311 export: `CASE_ENQUIRY_ID, OPEN_DT, TYPE, REASON, SUBJECT, Location, LATITUDE, LONGITUDE, ...`.
enum BostonRows {
    static func recognizes(_ columns: Set<String>) -> Bool {
        ["CASE_ENQUIRY_ID", "OPEN_DT", "Location", "LATITUDE", "LONGITUDE"].allSatisfy(columns.contains)
    }

    static func report(_ row: CSVReports.Row, log: inout DiagnosticLog) -> IncomingReport? {
        guard let raw = row["CASE_ENQUIRY_ID"], let id = ReportFields.id("boston", raw) else {
            log.error(row.cells["CASE_ENQUIRY_ID"]?.location ?? row.location, "this row has no CASE_ENQUIRY_ID")
            return nil
        }
        var observed: String?
        if let written = row["OPEN_DT"] {
            observed = LocalTime.contentDate(written)
            if observed == nil {
                log.error(row.cells["OPEN_DT"]?.location ?? row.location, "OPEN_DT \(quoted(written)) is not a date; expected MM/DD/YYYY hh:mm:ss AM")
                return nil
            }
        }
        let title = row["CASE_TITLE"]
        return IncomingReport(id: id, location: row.location,
                              categoryValues: ["TYPE", "REASON", "SUBJECT", "CASE_TITLE"].compactMap { row[$0] },
                              text: title ?? "", place: row["Location"].map(PlaceWords.withoutTown),
                              coordinate: ReportFields.coordinate(latitude: row["LATITUDE"], longitude: row["LONGITUDE"]),
                              observed: observed)
    }
}

/// A form's export (Google Forms, Microsoft Forms, KoboToolbox) read through `import: columns:`.
enum FormRows {
    static func report(_ row: CSVReports.Row, settings: ImportSettings, log: inout DiagnosticLog) -> IncomingReport? {
        func value(_ role: String) -> String? { settings.columns[role].flatMap { row[$0] } }
        func place(_ role: String) -> SourceLocation { settings.columns[role].flatMap { row.cells[$0]?.location } ?? row.location }
        let id: String?
        if settings.columns["id"] != nil {
            id = value("id").flatMap { ReportFields.id(settings.prefix, $0) }
            if id == nil {
                log.error(place("id"), "this row has no id in the column \(quoted(settings.columns["id"] ?? ""))")
                return nil
            }
        } else {
            // No id column: the row's own cells make one, so the same row is known again.
            let cells = row.cells.keys.sorted().map { row.cells[$0]?.text ?? "" }.joined(separator: "\u{1F}")
            id = ReportFields.id(settings.prefix, String(Fingerprint(of: cells).description.prefix(16)))
        }
        var observed: String?
        if let written = value("date") {
            observed = LocalTime.contentDate(written)
            if observed == nil {
                log.error(place("date"), "\(quoted(written)) is not a date import reads; expected YYYY-MM-DD, YYYY-MM-DD HH:MM, MM/DD/YYYY HH:MM:SS or an RFC 3339 date-time")
                return nil
            }
        }
        var r = IncomingReport(id: id!, location: row.location, categoryValues: value("category").map { [$0] } ?? [],
                               text: value("text") ?? "", place: value("place"),
                               coordinate: ReportFields.coordinate(latitude: value("latitude"), longitude: value("longitude")),
                               observed: observed)
        r.reporter = Reporter(name: value("name"), email: value("email"), phone: value("phone"))
        return r
    }
}
