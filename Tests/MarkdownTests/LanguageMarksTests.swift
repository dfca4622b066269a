import Testing
@testable import Markdown

@Suite("Words marked with their language in Markdown")
struct LanguageMarksTests {
    /// Markdown with words marked by language, the HTML it becomes, and the sentence that says why.
    struct Marked: CustomTestStringConvertible, Sendable {
        let testDescription: String, markdown: String, html: String
        init(_ sentence: String, _ markdown: String, _ html: String) { (testDescription, self.markdown, self.html) = (sentence, markdown, html) }
    }

    @Test("marked words become elements with lang and dir=auto, each pair of tags inside its own block", arguments: [
        Marked("a div with lang around quoted blocks becomes an element with lang and dir=auto",
               "En palabras de los vecinos:\n\n<div lang=\"en\">\n\n> cars park on the sidewalk\n\n</div>\n\nFin.\n",
               "<p>En palabras de los vecinos:</p>\n<div lang=\"en\" dir=\"auto\">\n<blockquote>\n<p>cars park on the sidewalk</p>\n</blockquote>\n</div>\n<p>Fin.</p>\n"),
        Marked("a span with lang inside a paragraph becomes an element with lang and dir=auto",
               "قالوا: <span lang=\"en\">speeding *all day*</span>.\n",
               "<p>قالوا: <span lang=\"en\" dir=\"auto\">speeding <em>all day</em></span>.</p>\n"),
        Marked("tags are paired in their own block: a span closed in the next paragraph is dropped",
               "<span lang=\"en\">one\n\ntwo</span> <span lang=\"es\">tres</span>\n",
               "<p><!-- raw HTML omitted -->one</p>\n<p>two<!-- raw HTML omitted --> <span lang=\"es\" dir=\"auto\">tres</span></p>\n"),
        Marked("nested marks pair inside out",
               "<span lang=\"en\">a <span lang=\"fr\">b</span> c</span>",
               "<p><span lang=\"en\" dir=\"auto\">a <span lang=\"fr\" dir=\"auto\">b</span> c</span></p>\n"),
    ])
    func marked(_ mark: Marked) {
        let html = MarkdownRenderer.html(mark.markdown)
        #expect(html == mark.html, "\(html)")
    }

    @Test("any other raw HTML, an attribute more, a bad language tag or an unclosed tag is still dropped")
    func othersDropped() {
        for markdown in [
            "<span lang=\"en\" onclick=\"x()\">a</span>", "<span lang=\"e n\">a</span>", "<span lang=\"en\">a",
            "<span lang='en'>a</span>", "<span lang=\"en\">a</div>", "<div lang=\"en\"><script>x()</script></div>",
            "<span lang=\"\"><b>a</b></span>", "<SPAN lang=\"en\">a</SPAN>", "<span lang=\"en\"\">a</span>",
        ] {
            let html = MarkdownRenderer.html(markdown)
            #expect(!html.contains("<span") && !html.contains("<div") && !html.contains("dir=\"auto\""), "\(markdown) -> \(html)")
            #expect(!html.contains("<script") && !html.contains("onclick") && !html.contains("<b>"), "\(markdown) -> \(html)")
        }
    }

    @Test("an excerpt stops with an ellipsis where words in another language start")
    func excerptStops() {
        let html = MarkdownRenderer.html("Dicen los vecinos:\n\n<div lang=\"en\">\n\n> cars on the sidewalk\n\n</div>\n\nY más.\n")
        func words(_ s: String) -> [Substring] { s.split(whereSeparator: \.isWhitespace) }
        #expect(words(HTMLText.flat(html)) == ["Dicen", "los", "vecinos:", "…"], "\(HTMLText.flat(html))")
        #expect(words(HTMLText.flat(MarkdownRenderer.html("a <span lang=\"en\">b</span> c"))) == ["a", "…"])
    }
}
