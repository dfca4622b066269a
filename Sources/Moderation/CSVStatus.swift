import ContentFields
import Diagnostics
import Foundation
import Loading

/// The `status` cell of a row of `observations.csv`, found in the file's bytes as RFC 4180 reads
/// them (quoted cells with commas, quotes and line breaks; CRLF, CR or LF between rows; a
/// byte-order mark): only the word inside the cell changes, inside its quotes if it had them.
enum CSVStatus {
    struct Cell {
        /// The whole cell, quotes included.
        var range: Range<Int>
        /// Its text's bytes: inside the quotes when quoted.
        var inner: Range<Int>
        var quoted: Bool
    }

    struct Row {
        var cells: [Cell]
        var start: Int
    }

    /// The change for each id in `ids` to `value`, in the order given.
    static func changes(_ raw: RawText, path: String, ids: [String], to value: String) throws(Diagnostic) -> [String: StatusChange] {
        let rows = try self.rows(raw, path: path)
        guard let header = rows.first else { throw Diagnostic.error(SourceLocation(path: path, line: 1, column: 1), "the CSV file is empty") }
        func name(_ c: Cell) -> String { raw.text(c.inner).trimmingCharacters(in: .whitespaces) }
        guard let idColumn = header.cells.firstIndex(where: { name($0) == "id" }) else {
            throw Diagnostic.error(SourceLocation(path: path, line: 1, column: 1), "the header has no 'id' column")
        }
        guard let statusColumn = header.cells.firstIndex(where: { name($0) == "status" }) else {
            let first = header.cells.first.map { raw.line(of: $0.range.lowerBound) } ?? 1
            throw Diagnostic.error(SourceLocation(path: path, line: first, column: 1),
                                   "this file has no 'status' column, so every row in it is published; review changes one cell and never adds a column to every row: add a 'status' column yourself (an empty cell means published), then run review again")
        }
        var out: [String: StatusChange] = [:]
        for id in ids {
            let matches = rows.dropFirst().filter { row in
                row.cells.count == header.cells.count && TextCleaning.clean(raw.text(row.cells[idColumn].inner).trimmed) == id
            }
            guard let row = matches.first, matches.count == 1 else {
                throw Diagnostic.error(SourceLocation(path: path, line: 1, column: 1),
                                       matches.isEmpty ? "no row with the id \(quoted(id)); the file changed since it was read" : "the id \(quoted(id)) is in \(matches.count) rows")
            }
            let cell = row.cells[statusColumn]
            var lo = cell.inner.lowerBound, hi = cell.inner.upperBound
            while lo < hi, RawText.isSpace(raw.bytes[lo]) { lo += 1 }
            while hi > lo, RawText.isSpace(raw.bytes[hi - 1]) { hi -= 1 }
            let old = lo < hi ? raw.text(lo..<hi) : nil
            let at = SourceLocation(path: path, line: raw.line(of: cell.range.lowerBound), column: raw.column(of: cell.range.lowerBound))
            if let old, old.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\"" }) {
                throw Diagnostic.error(at, "the status cell holds \(quoted(old)), not one word; correct it by hand")
            }
            out[id] = StatusChange(edit: ByteEdit(range: lo..<hi, replacement: Array(value.utf8)), old: old, location: at)
        }
        return out
    }

    /// Every non-blank row with its cells' places, as the loader's reader splits them.
    static func rows(_ raw: RawText, path: String) throws(Diagnostic) -> [Row] {
        let b = raw.bytes
        var i = raw.start
        var rows: [Row] = []
        func fail(_ at: Int, _ message: String) -> Diagnostic {
            .error(SourceLocation(path: path, line: raw.line(of: at), column: raw.column(of: at)), message)
        }
        while i < b.count {
            let rowStart = i
            var cells: [Cell] = []
            var sawQuote = false
            while true {
                let cellStart = i
                if i < b.count, b[i] == UInt8(ascii: "\"") {
                    sawQuote = true
                    i += 1
                    var closed = false
                    while i < b.count {
                        if b[i] == UInt8(ascii: "\"") {
                            if i + 1 < b.count, b[i + 1] == UInt8(ascii: "\"") { i += 2; continue }
                            closed = true
                            break
                        }
                        i += 1
                    }
                    guard closed else { throw fail(cellStart, "this quoted cell is never closed") }
                    cells.append(Cell(range: cellStart..<(i + 1), inner: (cellStart + 1)..<i, quoted: true))
                    i += 1
                    if i < b.count, b[i] != UInt8(ascii: ","), !raw.isBreak(i) { throw fail(i, "unexpected text after a closing quote") }
                } else {
                    while i < b.count, b[i] != UInt8(ascii: ","), !raw.isBreak(i) { i += 1 }
                    cells.append(Cell(range: cellStart..<i, inner: cellStart..<i, quoted: false))
                }
                if i < b.count, b[i] == UInt8(ascii: ",") {
                    i += 1
                    continue
                }
                if i < b.count { i += b[i] == 0x0D && i + 1 < b.count && b[i + 1] == 0x0A ? 2 : 1 }
                break
            }
            // A blank line is no row (as in the loader).
            if cells.count == 1, cells[0].range.isEmpty, !sawQuote { continue }
            rows.append(Row(cells: cells, start: rowStart))
        }
        return rows
    }
}

extension String {
    /// Without spaces, tabs and line breaks at either end, as the loader trims a field.
    var trimmed: String { trimmingCharacters(in: CharacterSet(charactersIn: " \t\r\n")) }
}
