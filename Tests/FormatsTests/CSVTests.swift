import Diagnostics
import Testing
@testable import Formats

@Suite("CSV (RFC 4180)")
struct CSVTests {
    func parse(_ text: String) -> (CSVTable?, [String]) {
        var log = DiagnosticLog()
        let table = CSVTable.parse(text, path: "o.csv", log: &log)
        return (table, log.items.map(\.description))
    }

    @Test("quoted cells hold commas, doubled quotes and newlines")
    func quotedCells() throws {
        let (table, errors) = parse("id,description\n1,\"a, b\"\n2,\"say \"\"hi\"\"\"\n3,\"two\nlines\"\n")
        #expect(errors.isEmpty)
        let rows = try #require(table).records
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
}
