import TestSupport
import Testing
@testable import Products
@testable import Pages
@testable import Rendering
@testable import Themes
@testable import Words
import Loading
import Foundation

@Suite("Open data formats")
struct OpenDataTests {
    @Test("a CSV text cell is quoted when it must be, quotes doubled")
    func csvQuoting() {
        #expect(OpenData.csvText("plain words") == "plain words")
        #expect(OpenData.csvText("a, b") == "\"a, b\"")
        #expect(OpenData.csvText("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(OpenData.csvText("a,\"\u{301}") == "\"a,\"\"\u{301}\"", "a quote is doubled even when a combining mark follows it")
        #expect(OpenData.csvText("line one\nline two") == "\"line one\nline two\"")
        #expect(OpenData.csvText("cr\r") == "\"cr\r\"")
        #expect(OpenData.csvText(" lead") == "\" lead\"")
        #expect(OpenData.csvText("") == "")
        #expect(OpenData.csvText("a,\u{301}b") == "\"a,\u{301}b\"", "a comma is a comma even when a combining mark follows it")
        #expect(OpenData.csvText("one\r\ntwo") == "\"one\r\ntwo\"", "a CR LF line break is quoted too")
        #expect(OpenData.csvText("trail ") == "\"trail \"")
    }

    @Test("a cell a spreadsheet would run as a formula is led by an apostrophe (= + - @ tab CR)")
    func formulaInjection() {
        #expect(OpenData.csvText("=HYPERLINK(\"http://evil.example\",\"x\")") == "\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"x\"\")\"")
        #expect(OpenData.csvText("+cmd|' /C calc'!A0") == "'+cmd|' /C calc'!A0")
        #expect(OpenData.csvText("-2+3") == "'-2+3")
        #expect(OpenData.csvText("@SUM(A1)") == "'@SUM(A1)")
        #expect(OpenData.csvText("\t=1") == "'\t=1")
        #expect(OpenData.csvText("\r=1") == "\"'\r=1\"")
        #expect(OpenData.csvText("a=b") == "a=b")
    }

    @Test("rendered HTML becomes the text a reader sees: blocks on lines, entities decoded, tables kept")
    func plainText() {
        #expect(OpenData.plain("<p>Cars <strong>fly</strong> &amp; honk.</p>\n<p>Second\nline.</p>\n") == "Cars fly & honk.\nSecond line.")
        #expect(OpenData.plain("<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n") == "one\ntwo")
        #expect(OpenData.plain("<table><tr><th>Year</th><th>N</th></tr><tr><td>2024</td><td>5</td></tr></table>") == "Year N\n2024 5")
        #expect(OpenData.plain("<p>a &lt;script&gt; &quot;q&quot; &#39;s</p>") == "a <script> \"q\" 's")
        #expect(OpenData.plain("<p>AT&amp;T &copy; &unknownentityname x</p>") == "AT&T &copy; &unknownentityname x")
        #expect(OpenData.plain("<P>Upper</P><pre>a  b</pre><p>café\tnoir</p>") == "Upper\na b\ncafé noir")
        #expect(OpenData.plain("") == "")
    }

    @Test("common licenses are named from their address")
    func licenseNames() {
        #expect(OpenDataSettings.licenseName(forURL: "https://creativecommons.org/licenses/by/4.0/") == "CC BY 4.0")
        #expect(OpenDataSettings.licenseName(forURL: "http://www.creativecommons.org/licenses/by/4.0/legalcode") == "CC BY 4.0")
        #expect(OpenDataSettings.licenseName(forURL: "https://creativecommons.org/publicdomain/zero/1.0/") == "CC0 1.0")
        #expect(OpenDataSettings.licenseName(forURL: "https://opendatacommons.org/licenses/odbl/1-0/") == "ODbL 1.0")
        #expect(OpenDataSettings.licenseName(forURL: "https://example.org/our-license") == nil)
    }

    @Test("a coordinate is written with five decimals exactly as %.5f writes it, the sign of a rounded zero kept")
    func coordinates() {
        var random = SeededRandom(seed: 2026)
        var values: [Double] = [0, -0.0, 0.000004, -0.000004, -0.000006, 42.356485, -83.123455, 179.999995, -180, 1e-7, 0.5e-5]
        for _ in 0..<20_000 {
            values.append((random.unit() - 0.5) * 360)
        }
        for v in values {
            #expect(OpenData.coordinate(v) == String(format: "%.5f", ViewModels.round5(v)), "\(v)")
        }
    }
}

