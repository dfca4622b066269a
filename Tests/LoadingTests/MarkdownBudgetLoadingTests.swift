import Testing
@testable import Loading

@Suite("Markdown is held to the site's budget while loading")
struct MarkdownBudgetLoadingTests {
    @Test("a 3,000-column table in a CSV description is an error at its place, and check fails")
    func wideTable() {
        let table = "|" + String(repeating: "a|", count: 3000) + "\n|" + String(repeating: "-|", count: 3000)
        let f = Fixture(["neighborhoods/n/observations.csv": "id,category,lat,lon,observed,description\nc1,speeding,42.05,-83.15,2026-11-02,\"\(table)\"\n"])
        #expect(f.errors() == ["content/neighborhoods/n/observations.csv:2:38: error: a table has 3,000 columns; at most 64 are allowed; shorten it, or raise the limit under 'limits' in site.yml"])
    }

    @Test("a quadratic shape in a story is shown as typed, with a warning at its line")
    func quadraticShape() {
        let f = Fixture(["neighborhoods/n/stories/s.md": "---\ntitle: S\n---\nFine.\n\n" + String(repeating: "![[]()", count: 5000) + "\n"])
        let warnings = f.warnings().filter { $0.contains("stories/s.md") }
        #expect(warnings.count >= 1)
        #expect(warnings.first?.hasPrefix("content/neighborhoods/n/stories/s.md:6:") == true, "\(warnings)")
        #expect(f.errors() == [])
    }

    @Test("limits in site.yml raise or lower the budget; a bad limit is an error naming the range")
    func limits() {
        let long = String(repeating: "word ", count: 400)  // 2,000 bytes
        let small = Fixture(["site.yml": Fixture.site + "\nlimits:\n  markdown_bytes: 1024\n",
                             "neighborhoods/n/observations/a1.md": "---\ncategory: speeding\nlat: 42.05\nlon: -83.15\nobserved: 2026-11-02\n---\n\(long)\n"])
        #expect(small.errors().first?.hasPrefix("content/neighborhoods/n/observations/a1.md:7:") == true, "\(small.errors())")
        let bad = Fixture(["site.yml": Fixture.site + "\nlimits:\n  table_columns: 0\n"])
        #expect(bad.errors() == ["content/site.yml:7:18: error: 'table_columns' must be a whole number from 1 to 1000"])
    }
}
