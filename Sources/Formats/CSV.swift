import Diagnostics

/// A CSV table (RFC 4180): a header row naming the columns, then records whose cells know their place.
public struct CSVTable: Sendable {
    public struct Cell: Sendable {
        public var text: String
        public var location: SourceLocation

        public init(text: String, location: SourceLocation) {
            self.text = text
            self.location = location
        }
    }

    public struct Record: Sendable {
        public var cells: [Cell]
        /// Where the record starts (its first physical line).
        public var location: SourceLocation
    }

    public var header: [Cell]
    public var records: [Record]

    /// Parses `text` (decoded, LF line ends). Quoted cells may hold commas, doubled quotes and newlines.
    public static func parse(_ text: String, path: String, log: inout DiagnosticLog) -> CSVTable? {
        var reader = CSVReader(bytes: Array(text.utf8), path: path)
        var rows: [Record] = []
        var failed = false
        while let row = reader.nextRecord(log: &log) {
            if row.cells.count == 1, row.cells[0].text.isEmpty, !reader.lastRecordHadQuotes { continue }
            rows.append(row)
        }
        failed = reader.failed
        guard !failed else { return nil }
        guard let header = rows.first else {
            log.error(SourceLocation(path: path, line: 1, column: 1), "the CSV file is empty; expected a header row naming the columns")
            return nil
        }
        var table = CSVTable(header: header.cells, records: [])
        for record in rows.dropFirst() {
            if record.cells.count != header.cells.count {
                log.error(record.location, "this row has \(record.cells.count) cells, but the header names \(header.cells.count) columns")
                continue
            }
            table.records.append(record)
        }
        return table
    }
}

/// Reads RFC 4180 records from UTF-8 bytes, tracking physical line and column.
struct CSVReader {
    var at: ByteCursor
    var failed = false
    var lastRecordHadQuotes = false

    init(bytes: [UInt8], path: String) {
        at = ByteCursor(bytes: bytes, path: path)
    }

    mutating func nextRecord(log: inout DiagnosticLog) -> CSVTable.Record? {
        guard at.byte() != nil, !failed else { return nil }
        let start = at.here
        var cells: [CSVTable.Cell] = []
        lastRecordHadQuotes = false
        while true {
            let cellStart = at.here
            var field: [UInt8] = []
            if at.byte() == UInt8(ascii: "\"") {
                lastRecordHadQuotes = true
                at.advance()
                var closed = false
                while at.byte() != nil {
                    // The run up to the next quote, whole.
                    let quote = at.next { $0 == UInt8(ascii: "\"") }
                    field += at.bytes[at.i..<quote]
                    at.advance(to: quote)
                    guard at.byte() != nil else { break }
                    if at.byte(1) == UInt8(ascii: "\"") {
                        field.append(UInt8(ascii: "\"")); at.advance(); at.advance()
                        continue
                    }
                    at.advance()
                    closed = true
                    break
                }
                if !closed {
                    log.error(cellStart, "this quoted cell is never closed; expected a '\"' before the end of the file")
                    failed = true
                    return nil
                }
                if let c = at.byte(), c != UInt8(ascii: ","), c != 0x0A {
                    log.error(at.here, "unexpected text after a closing quote; expected ',' or the end of the line")
                    failed = true
                    return nil
                }
            } else {
                let end = at.next { $0 == UInt8(ascii: ",") || $0 == 0x0A || $0 == UInt8(ascii: "\"") }
                field += at.bytes[at.i..<end]
                at.advance(to: end)
                if at.byte() == UInt8(ascii: "\"") {
                    log.error(at.here, "a quote inside an unquoted cell; quote the whole cell and double the quote (\"\")")
                    failed = true
                    return nil
                }
            }
            cells.append(.init(text: String(decoding: field, as: UTF8.self), location: cellStart))
            if at.byte() == UInt8(ascii: ",") {
                at.advance()
                continue
            }
            if at.byte() != nil { at.advance() }  // the newline
            return CSVTable.Record(cells: cells, location: start)
        }
    }
}
