import Diagnostics
import Fingerprint
import Formats
import Geo

/// The reports a neighborhood's `observations.csv` made in the last build, each by its row: a build
/// reads the file whole again, but parses and redacts only the rows that changed. A row is taken
/// when its cells (and where they stand in it) are the same, in the same surroundings (`context`),
/// and the moderation decision it got is still the one there is. Rows that had something to say (a
/// warning, a note) are never kept: they are read, and say it, every time.
public struct ReportRows: Sendable {
    /// What reading any row depends on besides the row itself (see `ObservationLoader.rowsContext`).
    public var context: Fingerprint
    public var rows: [Fingerprint: Row] = [:]

    public struct Row: Sendable {
        public var report: Observation
        /// The status `moderation.yml` gave it, when it gave one.
        public var decision: Observation.Status?
    }

    public init(context: Fingerprint) { self.context = context }

    /// A row's fingerprint: its cells' texts and their places relative to the row's start.
    static func key(_ row: CSVTable.Record, context: Fingerprint) -> Fingerprint {
        var h = FingerprintBuilder()
        h.add(context)
        h.add(row.cells.count)
        for cell in row.cells {
            h.add(cell.text)
            h.add(cell.location.line - row.location.line)
            h.add(cell.location.column)
        }
        return h.value
    }
}

extension Observation {
    /// The same report, found at another place of its file.
    func at(_ source: SourceLocation) -> Observation {
        Observation(id: id, category: category, location: location, coordinate: coordinate, observed: observed, status: status,
                    title: title, author: author, tags: tags, description: description, sourceURL: sourceURL, source: source)
    }
}
