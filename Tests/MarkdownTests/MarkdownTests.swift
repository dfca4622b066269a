import Testing
@testable import Markdown

@Suite("Markdown through cmark-gfm, safe mode")
struct MarkdownTests {
    @Test("GitHub tables, strikethrough and task lists render")
    func extensions() {
        let html = MarkdownRenderer.html("| a | b |\n|---|---|\n| 1 | 2 |\n\n~~old~~\n\n- [x] done\n")
        #expect(html.contains("<table>"))
        #expect(html.contains("<del>old</del>"))
        #expect(html.contains("type=\"checkbox\""))
    }

    @Test("raw HTML and javascript: links are dropped")
    func safeMode() {
        let html = MarkdownRenderer.html("<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>\n")
        #expect(!html.contains("<script"))
        #expect(!html.contains("javascript:"))
        #expect(!html.contains("<img"))
    }
}
