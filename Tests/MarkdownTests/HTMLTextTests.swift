import Testing
@testable import Markdown

@Suite("HTML read back as text")
struct HTMLTextTests {
    /// Which tags end a line, as a list of names compared one by one (what `endsLine` answers at once).
    static func endsLineByList(_ name: [UInt8]) -> Bool {
        let ends = ["/p", "br", "/li", "/h1", "/h2", "/h3", "/h4", "/h5", "/h6", "/tr", "/pre", "/blockquote", "hr"].map { Array($0.utf8) }
        for end in ends where name.count >= end.count && name.starts(with: end) {
            if name.count == end.count || name[end.count] == 0x20 || name[end.count] == 0x2F { return true }
        }
        return false
    }

    @Test("a tag ends a line exactly when one of the block ends names it, on every tag of the alphabet that matters")
    func endsLine() {
        let named = ["", "/", "p", "/p", "/p ", "/p/", "/px", "/pre", "/pre class", "/prex", "br", "br/", "br x", "bra", "hr", "hr/", "/hr",
                     "/li", "/lis", "/h1", "/h6", "/h7", "/h0", "/h1 x", "/tr", "/tra", "/td", "/blockquote", "/blockquote ", "/blockquotes",
                     "/blockquot", "b", "h", "/b", "//p", "/ p", "p/"]
        for name in named {
            #expect(HTMLText.LineReader.endsLine(Array(name.utf8)) == Self.endsLineByList(Array(name.utf8)), "\(name)")
        }
        // Every name of up to four bytes from the bytes the block ends are made of, and others.
        let alphabet = Array("/pbrhlitre16 7xq".utf8)
        var names: [[UInt8]] = [[]]
        for _ in 0..<4 { names += names.filter { $0.count == names.last!.count }.flatMap { n in alphabet.map { n + [$0] } } }
        var disagreements: [String] = []
        for name in names where HTMLText.LineReader.endsLine(name) != Self.endsLineByList(name) {
            disagreements.append(String(decoding: name, as: UTF8.self))
        }
        #expect(names.count > 60_000)
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
    }

    @Test("the text of rendered HTML a line a block, entities decoded, table cells apart")
    func lines() {
        #expect(HTMLText.lines("<div dir=\"auto\"><p>Cars <em>fly</em> by &amp; honk.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n</div>") == "Cars fly by & honk.\none\ntwo")
        #expect(HTMLText.lines("<p>a<br />b</p><pre><code>x  y</code></pre><blockquote>\n<p>q</p>\n</blockquote><hr/>z") == "a\nb\nx y\nq\nz")
        #expect(HTMLText.lines("<table><tr><th>h</th><th>i</th></tr><tr><td>1</td><td>2</td></tr></table>") == "h i\n1 2")
        #expect(HTMLText.lines("<p>&lt;b&gt; &#39;q&#39; &quot;d&quot; &nbsp; &broken</p>") == "<b> 'q' \"d\" &nbsp; &broken")
        #expect(HTMLText.lines("<h2>Title</h2><prelude>x</prelude><p>é ✓</p>") == "Title\nxé ✓", "a tag that only starts like a block end ends no line")
        #expect(HTMLText.lines("<p>a &amp b</p><p>c</p>") == "a &amp b\nc", "an entity cut short stays where it was written")
    }
}
