import Diagnostics
import Testing

@Suite("Diagnostics")
struct DiagnosticsTests {
    @Test("one format: path:line:column: severity: message, the position left out when unknown")
    func format() {
        #expect(Diagnostic.error(Diagnostics.SourceLocation(path: "a.md", line: 3, column: 7), "bad").description == "a.md:3:7: error: bad")
        #expect(Diagnostic.warning(Diagnostics.SourceLocation(path: "a.md"), "odd").description == "a.md: warning: odd")
    }

    @Test("control characters and bidi overrides in a path or message are shown, never sent to the terminal")
    func terminalSafe() {
        let d = Diagnostic.error(Diagnostics.SourceLocation(path: "evil\u{1B}[2J\u{202E}.md", line: 1, column: 1), "x\u{7}y")
        #expect(d.description == "evil\\u{1b}[2J\\u{202e}.md:1:1: error: x\\u{7}y")
    }

    @Test("sorted by file, line and column, errors before warnings at one place")
    func sorting() {
        let a = Diagnostics.SourceLocation(path: "a", line: 2, column: 1), b = Diagnostics.SourceLocation(path: "b", line: 1, column: 1)
        let sorted = [Diagnostic.warning(b, "w"), .warning(a, "w"), .error(a, "e")].sortedForDisplay()
        #expect(sorted.map(\.description) == ["a:2:1: error: e", "a:2:1: warning: w", "b:1:1: warning: w"])
        #expect(sorted.errorCount == 1 && sorted.warningCount == 2 && sorted.hasErrors)
    }

    @Test("quoted values are cut at their limit and never carry a control character")
    func quoting() {
        #expect(quoted("ab\ncd") == "'ab\\u{a}cd'")
        #expect(quoted(String(repeating: "x", count: 70)) == "'" + String(repeating: "x", count: 60) + "…'")
    }
}
