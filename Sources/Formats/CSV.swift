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
private struct CSVReader {
    let bytes: [UInt8]
    let path: String
    var i = 0
    var line = 1
    var column = 1
    var failed = false
    var lastRecordHadQuotes = false

    init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    var here: SourceLocation { SourceLocation(path: path, line: line, column: column) }

    mutating func advance() {
        let b = bytes[i]
        if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        i += 1
    }

    mutating func nextRecord(log: inout DiagnosticLog) -> CSVTable.Record? {
        guard i < bytes.count, !failed else { return nil }
        let start = here
        var cells: [CSVTable.Cell] = []
        lastRecordHadQuotes = false
        while true {
            let cellStart = here
            var field: [UInt8] = []
            if i < bytes.count, bytes[i] == UInt8(ascii: "\"") {
                lastRecordHadQuotes = true
                advance()
                var closed = false
                while i < bytes.count {
                    if bytes[i] == UInt8(ascii: "\"") {
                        if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\"") {
                            field.append(bytes[i]); advance(); advance()
                            continue
                        }
                        advance()
                        closed = true
                        break
                    }
                    field.append(bytes[i])
                    advance()
                }
                if !closed {
                    log.error(cellStart, "this quoted cell is never closed; expected a '\"' before the end of the file")
                    failed = true
                    return nil
                }
                if i < bytes.count, bytes[i] != UInt8(ascii: ","), bytes[i] != 0x0A {
                    log.error(here, "unexpected text after a closing quote; expected ',' or the end of the line")
                    failed = true
                    return nil
                }
            } else {
                while i < bytes.count, bytes[i] != UInt8(ascii: ","), bytes[i] != 0x0A {
                    if bytes[i] == UInt8(ascii: "\"") {
                        log.error(here, "a quote inside an unquoted cell; quote the whole cell and double the quote (\"\")")
                        failed = true
                        return nil
                    }
                    field.append(bytes[i])
                    advance()
                }
            }
            cells.append(.init(text: String(decoding: field, as: UTF8.self), location: cellStart))
            if i < bytes.count, bytes[i] == UInt8(ascii: ",") {
                advance()
                continue
            }
            if i < bytes.count { advance() }  // the newline
            return CSVTable.Record(cells: cells, location: start)
        }
    }
}
