import Diagnostics
import Testing
@testable import ContentFields

@Suite("Finding whether a value was quoted")
struct LineIndexTests {
    let lines = LineIndex("id,description\r\n1,\"Café, corner\"\r\né2,'x'\n3,plain")

    @Test("a quote at the place is found on any line, columns counted in characters")
    func quoted() {
        #expect(lines.isQuoted(at: SourceLocation(path: "o.csv", line: 2, column: 3)))
        #expect(lines.isQuoted(at: SourceLocation(path: "o.csv", line: 3, column: 4)), "é is one column")
        #expect(!lines.isQuoted(at: SourceLocation(path: "o.csv", line: 4, column: 3)))
    }

    @Test("a place past its line, past the file or before it is not quoted")
    func outside() {
        #expect(!lines.isQuoted(at: SourceLocation(path: "o.csv", line: 4, column: 40)))
        #expect(!lines.isQuoted(at: SourceLocation(path: "o.csv", line: 9, column: 1)))
        #expect(!lines.isQuoted(at: SourceLocation(path: "o.csv", line: 0, column: 0)))
        #expect(!LineIndex("").isQuoted(at: SourceLocation(path: "o.csv", line: 1, column: 1)))
    }
}
