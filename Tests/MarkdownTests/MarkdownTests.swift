import TestSupport
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

    @Test("a table's column alignment becomes a style, not HTML5's obsolete align attribute")
    func tableAlignment() {
        let html = MarkdownRenderer.html("| left | middle | right | plain |\n|:--|:-:|--:|---|\n| 1 | 2 | 3 | 4 |\n")
        #expect(html.contains("<th style=\"text-align: left\">left</th>"))
        #expect(html.contains("<td style=\"text-align: center\">2</td>"))
        #expect(html.contains("<td style=\"text-align: right\">3</td>"))
        #expect(html.contains("<td>4</td>"))
        #expect(!html.contains("align="))
        // Text that only mentions the words is left as it is.
        #expect(!MarkdownRenderer.html("set align=\"left\" here").contains("style="))
        #expect(MarkdownRenderer.hasAlign("<td align=\"center\">"))
        #expect(!MarkdownRenderer.hasAlign(" align=") && !MarkdownRenderer.hasAlign(""))
    }

    @Test("raw HTML and javascript: links are dropped")
    func safeMode() {
        let html = MarkdownRenderer.html("<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>\n")
        #expect(!html.contains("<script"))
        #expect(!html.contains("javascript:"))
        #expect(!html.contains("<img"))
    }
}

@Suite("Markdown never loads from another host")
struct RemoteImageTests {
    @Test("an image from another host becomes a link to it; a local image stays")
    func remoteImages() {
        let html = MarkdownRenderer.html("![a tracker](https://evil.example/x.png) ![local](../assets/map.svg)")
        #expect(html == "<p><a href=\"https://evil.example/x.png\">a tracker</a> <img src=\"../assets/map.svg\" alt=\"local\" /></p>\n")
    }
}

@Suite("The plain-text fast path")
struct PlainParagraphTests {
    @Test("plain text renders exactly as cmark-gfm renders it", arguments: [
        "Cars speed past the school every morning.", "  Trucks idle here; nobody comes. ", "Is this legal? Yes: no.",
        "Vehicles parked on sidewalk", "", "A", "Speed 50 mph at 7pm",
    ])
    func sameAsCmark(_ text: String) {
        #expect(MarkdownRenderer.plainParagraph(text) == MarkdownRenderer.cmarkHTML(text))
    }

    @Test("whenever the fast path answers, on 5,000 random texts, its answer is cmark-gfm's")
    func randomTexts() {
        let pieces = ["a", "Word", " ", "  ", "\t", "\n", "1", "9", ".", "..", ",", ";", ":", "?", "-", "*", "é", "#", "w", "www", "WwW", "example"]
        var random = SeededRandom(seed: 13)
        func next(_ n: Int) -> Int { random.next(n) }
        var answered = 0
        for _ in 0..<5_000 {
            let text = (0..<next(12)).map { _ in pieces[next(pieces.count)] }.joined()
            guard let fast = MarkdownRenderer.plainParagraph(text) else { continue }
            answered += 1
            #expect(fast == MarkdownRenderer.cmarkHTML(text), "\(text.debugDescription)")
        }
        #expect(answered > 500)
    }

    @Test("anything Markdown could change goes to the parser", arguments: [
        "1. a list", "*emphasis*", "a  b", "    four spaces make code", "\tso does a tab", " \tor both", "see www.example.org today", "WWW.EXAMPLE.ORG", "wait...", "line\nbreak", "<b>", "a & b", "don't", "x - y", "#tag", "[link](x)",
    ])
    func parserCases(_ text: String) {
        #expect(MarkdownRenderer.plainParagraph(text) == nil)
    }
}

@Suite("The placeholder fast path")
struct PlaceholderBlocksTests {
    @Test("a report page's Markdown (its title and description as placeholders) renders as cmark-gfm renders it")
    func reportPage() {
        let text = "# \u{E000}0\u{E001}\n\n\u{E000}1\u{E001}\n"
        #expect(MarkdownRenderer.placeholderBlocks(text) == "<h1>\u{E000}0\u{E001}</h1>\n<p>\u{E000}1\u{E001}</p>\n")
        #expect(MarkdownRenderer.placeholderBlocks(text) == MarkdownRenderer.cmarkHTML(text))
        #expect(MarkdownRenderer.html(text) == MarkdownRenderer.cmarkHTML(text))
    }

    @Test("whenever the fast path answers, on 20,000 random documents, its answer is cmark-gfm's")
    func randomDocuments() {
        let pieces = ["\u{E000}0\u{E001}", "\u{E000}12\u{E001}", "\u{E000}", "\u{E001}", "\u{E000}x\u{E001}", "#", "# ", "## ", "###### ", "####### ",
                      "#\t", "\n", "\n\n", " ", "   ", "a", "*", "-", "1. ", "> ", "=", "---", "\r\n", "é", "\\", "<p>", "&amp;"]
        var random = SeededRandom(seed: 29)
        func next(_ n: Int) -> Int { random.next(n) }
        var answered = 0
        for _ in 0..<20_000 {
            // Lines of mostly placeholders, headings and empty lines, so that many documents take the fast path.
            let lines = (0..<next(6)).map { _ -> String in
                switch next(5) {
                case 0: return ""
                case 1: return ["#", "##", "######", "#######"][next(4)] + " " + pieces[next(2)] + (next(4) == 0 ? pieces[next(pieces.count)] : "")
                case 2: return (0..<(1 + next(3))).map { _ in pieces[next(2)] }.joined()
                case 3: return pieces[next(2)] + (next(2) == 0 ? pieces[next(pieces.count)] : "")
                default: return (0..<next(4)).map { _ in pieces[next(pieces.count)] }.joined()
                }
            }
            let text = lines.joined(separator: "\n") + (next(2) == 0 ? "\n" : "")
            guard let fast = MarkdownRenderer.placeholderBlocks(text) else { continue }
            answered += 1
            #expect(fast == MarkdownRenderer.cmarkHTML(text), "\(text.debugDescription)")
        }
        #expect(answered > 2_000)
    }

    @Test("anything else goes to the parser", arguments: [
        "# title", "\u{E000}0\u{E001} text", "\u{E000}0\u{E001}\n\u{E000}1\u{E001}", "####### \u{E000}0\u{E001}", "#\u{E000}0\u{E001}",
        " \u{E000}0\u{E001}", "\u{E000}0\u{E001} ", "# \u{E000}0\u{E001} #", "\u{E000}\u{E001}", "\u{E000}0\u{E001}\n \n",
    ])
    func parserCases(_ text: String) {
        #expect(MarkdownRenderer.placeholderBlocks(text) == nil)
    }
}
