import Testing
import Escaping

@Suite("Each output's escaper")
struct EscaperTests {
    let hostile = "<script>alert(\"x\")</script> & 'q' \u{1}\u{1B}[31m\u{7F} \t\n\r\u{FFFE} é"

    @Test("HTML: the five special characters become entities; nothing else changes")
    func html() {
        #expect(Escape.html(hostile) == "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39; \u{1}\u{1B}[31m\u{7F} \t\n\r\u{FFFE} é")
        #expect(Escape.html("plain text, é") == "plain text, é")
    }

    @Test("XML: entities, and the characters XML forbids dropped (tab and line breaks kept)")
    func xml() {
        #expect(Escape.xml(hostile) == "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;q&apos; [31m \t\n\r é")
    }

    @Test("iCalendar TEXT: backslash, semicolon, comma and line breaks escaped; other controls dropped")
    func ics() {
        #expect(Escape.icsText("a\\b;c,d\ne\r\tf\u{1B}g") == "a\\\\b\\;c\\,d\\nefg")
    }

    @Test("JSON: quotes, backslashes, controls and the two line separators escaped")
    func json() {
        #expect(Escape.json("\"\\\n\t\r\u{1}\u{2028}x") == "\"\\\"\\\\\\n\\t\\r\\u0001\\u2028x\"")
    }

    @Test("YAML: a double-quoted scalar; controls become spaces")
    func yaml() {
        #expect(Escape.yaml("say \"hi\"\\ now\n\u{1B}") == "\"say \\\"hi\\\"\\\\ now\\n\\x1B\"")
    }

    @Test("text with nothing to escape is returned as it is")
    func untouched() {
        let s = "Speeding — Southern Bagley at 42°"
        #expect(Escape.html(s) == s)
        for e in [Escape.xml, Escape.icsText, Escape.jsonText, Escape.yamlText] { #expect(e(s) == s) }
    }
}
