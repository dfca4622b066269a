import TestSupport
import Diagnostics
import Testing
@testable import Formats

@Suite("CSV (RFC 4180)")
struct CSVTests {
    func parse(_ text: String) -> (CSVTable?, [String]) { parsed { CSVTable.parse(text, path: "o.csv", log: &$0) } }

    @Test("quoted cells hold commas, doubled quotes and newlines")
    func quotedCells() throws {
        let rows = try clean(parse("id,description\n1,\"a, b\"\n2,\"say \"\"hi\"\"\"\n3,\"two\nlines\"\n")).records
        #expect(rows.map { $0.cells[1].text } == ["a, b", "say \"hi\"", "two\nlines"])
    }

    @Test("a cell's position is its physical line and column, even after a quoted newline")
    func physicalPositions() throws {
        let (table, _) = parse("id,description\n1,\"two\nlines\"\n2,x\n")
        let rows = try #require(table).records
        #expect(rows[1].cells[1].location.description == "o.csv:4:3")
        #expect(rows[1].location.line == 4)
    }

    @Test("an unclosed quote is an error at the opening quote")
    func unclosedQuote() {
        let (table, errors) = parse("id,description\n1,\"never closed\n")
        #expect(table == nil)
        #expect(errors == ["o.csv:2:3: error: this quoted cell is never closed; expected a '\"' before the end of the file"])
    }

    @Test("a quote inside an unquoted cell is an error naming the fix")
    func strayQuote() {
        let (_, errors) = parse("id,description\n1,5\" rain\n")
        #expect(errors == ["o.csv:2:4: error: a quote inside an unquoted cell; quote the whole cell and double the quote (\"\")"])
    }

    @Test("a row with the wrong number of cells names how many the header has")
    func cellCount() {
        let (table, errors) = parse("id,category,location\n1,speeding\n2,speeding,here\n")
        #expect(errors == ["o.csv:2:1: error: this row has 2 cells, but the header names 3 columns"])
        #expect(table?.records.count == 1)
    }

    @Test("blank lines between records are skipped")
    func blankLines() {
        let (table, errors) = parse("id\n1\n\n2\n")
        #expect(errors.isEmpty)
        #expect(table?.records.count == 2)
    }

    @Test("cells, their places and every error are those of the byte-by-byte reading, on 3,000 random files")
    func asTheByteByByteReading() {
        // The reading the run-at-a-time one replaced: each cell's text and place, or the first error's place.
        func reference(_ text: String) -> [String] {
            let b = Array(text.utf8)
            var i = 0, line = 1, column = 1
            func advance() {
                if b[i] == 0x0A { line += 1; column = 1 } else if b[i] & 0xC0 != 0x80 { column += 1 }
                i += 1
            }
            var out: [String] = []
            while i < b.count {
                while true {
                    let place = "\(line):\(column)"
                    var field: [UInt8] = []
                    if b[i] == 0x22 {
                        advance()
                        var closed = false
                        while i < b.count {
                            if b[i] == 0x22 {
                                if i + 1 < b.count, b[i + 1] == 0x22 { field.append(0x22); advance(); advance(); continue }
                                advance(); closed = true; break
                            }
                            field.append(b[i]); advance()
                        }
                        if !closed { return out + ["error at " + place] }
                        if i < b.count, b[i] != 0x2C, b[i] != 0x0A { return out + ["error at \(line):\(column)"] }
                    } else {
                        while i < b.count, b[i] != 0x2C, b[i] != 0x0A {
                            if b[i] == 0x22 { return out + ["error at \(line):\(column)"] }
                            field.append(b[i]); advance()
                        }
                    }
                    out.append(place + " " + String(decoding: field, as: UTF8.self))
                    if i < b.count, b[i] == 0x2C { advance(); if i == b.count { out.append("\(line):\(column) "); break }; continue }
                    if i < b.count { advance() }
                    break
                }
            }
            return out
        }
        let pieces = ["a", "b,", ",", "\n", "\"", "\"\"", "é", "ال", "😀", " ", "x\"y", "\"q,\n\"", "\r"]
        var random = SeededRandom(seed: 21)
        func next(_ n: Int) -> Int { random.next(n) }
        for _ in 0..<3_000 {
            let text = (0..<next(30)).map { _ in pieces[next(pieces.count)] }.joined()
            var log = DiagnosticLog()
            var reader = CSVReader(bytes: Array(text.utf8), path: "o.csv")
            var cells: [String] = []
            while let record = reader.nextRecord(log: &log) {
                cells += record.cells.map { "\($0.location.line):\($0.location.column) \($0.text)" }
            }
            let expected = reference(text)
            if let error = log.items.first {
                #expect(expected.last == "error at \(error.location.line):\(error.location.column)", "\(text.debugDescription)")
            } else {
                #expect(cells == expected, "\(text.debugDescription)")
            }
        }
    }
}
