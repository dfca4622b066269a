import Testing
import QRCode

@Suite("QR codes")
struct QRCodeTests {
    @Test("a story URL encodes as a version-appropriate square symbol with finder patterns")
    func encodes() throws {
        let code = try #require(QRCode("https://digest.example.org/bagley/stories/speeding-reports/index.html"))
        #expect(code.size >= 29 && code.size <= 41)
        // The three finder patterns: a dark 7×7 ring at three corners.
        for (x, y) in [(0, 0), (code.size - 7, 0), (0, code.size - 7)] {
            #expect(code.isDark(x, y) && code.isDark(x + 6, y + 6) && !code.isDark(x + 1, y + 1) && code.isDark(x + 3, y + 3))
        }
    }

    @Test("the SVG keeps a four-module quiet zone and crisp edges")
    func svg() throws {
        let code = try #require(QRCode("https://example.org/"))
        let svg = code.svg(pixels: 160, label: "QR \"code\" <x>")
        #expect(svg.contains("viewBox=\"0 0 \(code.size + 8) \(code.size + 8)\""))
        #expect(svg.contains("shape-rendering=\"crispEdges\""))
        #expect(svg.contains("aria-label=\"QR &quot;code&quot; &lt;x&gt;\""))
        #expect(svg.contains("M4 4h7v1h-7z"), "the top-left finder pattern starts at the quiet zone")
    }

    @Test("empty text makes no code")
    func empty() { #expect(QRCode("") == nil) }
}
