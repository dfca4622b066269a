import Foundation
import Testing
@testable import Markdown

@Suite("A Markdown budget reports every limit a text breaks, at its line and column")
struct MarkdownBudgetTests {
    func report(_ text: String, _ budget: MarkdownBudget = .default) -> [String] {
        budget.violations(in: text).map(\.description)
    }

    @Test("the defaults are documented")
    func defaults() {
        #expect(MarkdownBudget.default == MarkdownBudget(maxBytes: 65_536, maxTableColumns: 64, maxTableCells: 10_000, maxNestingDepth: 16))
    }

    @Test("a text over the size limit is reported at the first character past it")
    func tooLong() {
        #expect(report(String(repeating: "a", count: 70_000)) == ["1:65537: the text is 70,000 bytes; at most 65,536 are allowed"])
        #expect(report("é" + String(repeating: "ab\n", count: 30_000)) == ["21845:3: the text is 90,002 bytes; at most 65,536 are allowed"])
        #expect(report(String(repeating: "a", count: 65_536)).isEmpty)
    }

    @Test("a 3,000-column table is reported with its real width, though the renderer shows it as typed")
    func wideTable() {
        let text = "|" + String(repeating: "a|", count: 3000) + "\n|" + String(repeating: "-|", count: 3000) + "\n" + String(repeating: "x\n", count: 3000)
        #expect(report(text) == [
            "1:1: a table has 3,000 columns; at most 64 are allowed",
            "1:1: a table has 3,001 rows of 3,000 columns (9,003,000 cells); at most 10,000 cells are allowed in one text",
            "1:257: more than 128 '|' in a line; those past the 128th of their line are shown as typed (5,746 in all)",
        ])
    }

    @Test("a table of 200 columns, which the renderer shows as typed, is reported with its width")
    func cappedTable() {
        let text = "|" + String(repeating: "a|", count: 200) + "\n|" + String(repeating: "-|", count: 200) + "\n"
        #expect(report(text) == [
            "1:1: a table has 200 columns; at most 64 are allowed",
            "1:257: more than 128 '|' in a line; those past the 128th of their line are shown as typed (146 in all)",
        ])
    }

    @Test("short rows count as wide as the header: the cells of the page are limited")
    func tableCells() {
        let wide = "|" + String(repeating: "a|", count: 64) + "\n|" + String(repeating: "-|", count: 64) + "\n" + String(repeating: "x\n", count: 200)
        #expect(report(wide) == ["1:1: a table has 201 rows of 64 columns (12,864 cells); at most 10,000 cells are allowed in one text"])
        let two = "intro\n\n| a | b |\n|---|---|\n" + String(repeating: "| 1 | 2 |\n", count: 3000) + "\nthen\n\n| c | d |\n|---|---|\n" + String(repeating: "| 1 | 2 |\n", count: 3000)
        #expect(report(two) == ["3008:1: this table brings the cells of the text's tables to 12,004; at most 10,000 are allowed in one text"])
    }

    @Test("a table's place is its header line, also after paragraph lines and inside a block quote")
    func tablePositions() {
        let narrow = MarkdownBudget(maxTableColumns: 2)
        #expect(report("Some text\nmore text\n| a | b | c |\n|---|---|---|\n| 1 | 2 | 3 |\n", narrow) == ["3:1: a table has 3 columns; at most 2 are allowed"])
        #expect(report("> quote\n>\n> | a | b | c |\n> |---|---|---|\n", narrow) == ["3:3: a table has 3 columns; at most 2 are allowed"])
        #expect(report("é\n\n  a | b | c\n  --|---|--\n", narrow) == ["3:3: a table has 3 columns; at most 2 are allowed"])
    }

    @Test("block quotes and lists nested too deep are reported once per region, with the depth reached")
    func nesting() {
        #expect(report(String(repeating: "> ", count: 20) + "deep") == ["1:33: block quotes and lists are nested 20 levels deep here; at most 16 are allowed"])
        let list = "ok\n\n" + (0..<20).map { String(repeating: "  ", count: $0) + "- item\n" }.joined()
        #expect(report(list) == ["19:33: block quotes and lists are nested 20 levels deep here; at most 16 are allowed"])
        let two = String(repeating: "> ", count: 17) + "a\n\nb\n\n" + String(repeating: "- ", count: 18) + "c\n"
        #expect(report(two) == [
            "1:33: block quotes and lists are nested 17 levels deep here; at most 16 are allowed",
            "5:33: block quotes and lists are nested 18 levels deep here; at most 16 are allowed",
        ])
        #expect(report(String(repeating: "> ", count: 16) + "a").isEmpty)
    }

    @Test("nesting past the renderer's column limit is reported twice: the depth reached and the markers shown as typed")
    func nestingPastTheGuard() {
        #expect(report(String(repeating: ">", count: 300) + " x") == [
            "1:17: block quotes and lists are nested 128 levels deep here; at most 16 are allowed",
            "1:129: block quotes and lists go past column 128; markers from there on are shown as typed (1 in all)",
        ])
    }

    @Test("shapes the renderer shows as typed are reported where they start")
    func renderedAsTyped() {
        let rows = "|" + String(repeating: "a|", count: 60) + "\n|" + String(repeating: "-|", count: 60) + "\n" + String(repeating: "x\n", count: 9000)
        #expect(report(rows, MarkdownBudget(maxBytes: 100_000, maxTableCells: 1_000_000)) == [
            "2:1: a table here would have more cells (rows × columns) than the text's length allows; its delimiter row is shown as typed, and so are later ones (1 in all)",
        ])
        #expect(report(String(repeating: "a<?x", count: 3000)) == [
            "1:422: too many unclosed '<!', '<?' or '<![CDATA[' in one paragraph to render in linear time; from here on they are shown as typed (2,894 in all)",
        ])
        let references = "Intro.\n\n[a]: /" + String(repeating: "u", count: 20_000) + "\n\n" + String(repeating: "[a] ", count: 10_000)
        #expect(report(references) == [
            "3:1: a reference definition is too long for the number of links that could use it; it is shown as typed, and so are others as long (1 in all)",
        ])
        #expect(MarkdownBudget.default.violations(in: String(repeating: "\"a", count: 3000)).map(\.kind) == [.renderedAsTyped])
    }

    @Test("every limit can be set by the caller")
    func custom() {
        let tight = MarkdownBudget(maxBytes: 10, maxTableColumns: 2, maxTableCells: 5, maxNestingDepth: 1)
        #expect(report("> - a\n\n| a | b | c |\n|---|---|---|\n| 1 |\n", tight) == [
            "3:4: the text is 41 bytes; at most 10 are allowed",
            "1:3: block quotes and lists are nested 2 levels deep here; at most 1 are allowed",
            "3:1: a table has 3 columns; at most 2 are allowed",
            "3:1: a table has 2 rows of 3 columns (6 cells); at most 5 cells are allowed in one text",
        ])
        #expect(tight.violations(in: "> - a").map(\.kind) == [.nestedTooDeep])
    }

    @Test("ordinary Markdown breaks no limit")
    func ordinary() {
        let text = """
        # A title

        Some *emphasis*, **strong**, ~~struck~~, `code`, "quotes" and don't.
        A [link](https://example.org) and www.example.org.

        > A quote
        > - with a list
        >   - nested

        | a | b |
        |---|:-:|
        | 1 | 2 |
        """
        #expect(report(text).isEmpty)
    }
}

@Suite("The guard leaves ordinary Markdown exactly as cmark-gfm renders it")
struct GuardLeavesOrdinaryMarkdownTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every Markdown and CSV file of the sample content and the default theme.
    static func sampleFiles() -> [String] {
        var files: [String] = []
        for folder in ["content", "templates"] {
            let base = root.appendingPathComponent(folder).path
            let walker = FileManager.default.enumerator(atPath: base)
            while let f = walker?.nextObject() as? String {
                if f.hasSuffix(".md") || f.hasSuffix(".csv") { files.append(base + "/" + f) }
            }
        }
        return files.sorted()
    }

    @Test("no file of the sample content or the default theme is changed")
    func sampleContent() throws {
        let files = Self.sampleFiles()
        #expect(files.count > 20)
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
            let result = MarkdownGuard.defuse(bytes)
            #expect(result.insertions.isEmpty, "\(file): \(result.interventions)")
        }
    }

    @Test("long but ordinary texts are not changed", arguments: [
        String(repeating: "She said \"it's fine\" and *left*; he didn't. ", count: 1200),
        (0..<600).map { "[link \($0)](https://example.org/a_(b)/\($0)) and ![img](../assets/\($0).png) " }.joined(),
        "| " + (0..<64).map { "c\($0)" }.joined(separator: " | ") + " |\n|" + String(repeating: "---|", count: 64) + "\n"
            + String(repeating: "| " + (0..<64).map { "\($0)" }.joined(separator: " | ") + " |\n", count: 150),
        (0..<300).map { "[r\($0)]: https://example.org/\($0) \"Title \($0)\"\n" }.joined() + "\n" + (0..<300).map { "[r\($0)] " }.joined(),
        String(repeating: "Visit www.example.org/path_(x) or http://example.com/a_b_c. Mail a@b.org.\n", count: 500),
        (0..<12).map { String(repeating: "    ", count: $0) + "- level \($0)\n" }.joined(),
        String(repeating: "<!-- note --> <b>bold</b> <?php echo 1 ?> <![CDATA[x]]> <!DOCTYPE html>\n", count: 300),
    ])
    func longOrdinary(_ text: String) {
        let result = MarkdownGuard.defuse(Array(text.utf8))
        #expect(result.insertions.isEmpty)
        #expect(result.interventions.isEmpty)
    }

    @Test("unclosed HTML starts shown as typed render exactly as cmark-gfm renders them")
    func htmlStartsIdentical() {
        let text = String(repeating: "a<?x <!A b <![CDATA[ ", count: 2000)
        #expect(!MarkdownGuard.defuse(Array(text.utf8)).interventions.isEmpty)
        let same = MarkdownRenderer.cmarkHTML(text) == MarkdownRenderer.cmarkHTML(text, guarded: false)
        #expect(same)
    }
}
