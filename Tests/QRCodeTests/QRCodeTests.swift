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

    @Test("the SVG's rectangles cover exactly the dark modules, one run of a row each, for codes of every size")
    func svgCoversTheDarkModules() throws {
        for extra in [1, 20, 60, 150, 400, 1200] {
            let text = "https://digest.example.org/" + String(repeating: "w", count: extra)
            let code = try #require(QRCode(text))
            let svg = code.svg(pixels: 200, label: "code")
            let path = try #require(svg.split(separator: "<path d=\"").last?.split(separator: "\"").first)
            var covered = [Bool](repeating: false, count: code.size * code.size)
            var runs = 0
            for rectangle in path.split(separator: "z") {
                // "Mx yhRv1h-R": a run of R modules from (x, y), in the quiet zone's coordinates.
                let n = rectangle.dropFirst().split(whereSeparator: { " hv".contains($0) }).compactMap { Int($0) }
                try #require(n.count == 5 && n[3] == 1 && n[4] == -n[2], "\(rectangle)")
                let (x, y, length) = (n[0] - 4, n[1] - 4, n[2])
                for k in 0..<length { covered[y * code.size + x + k] = true }
                // A run starts and ends at the row's ends or at light modules.
                #expect(x == 0 || !code.isDark(x - 1, y))
                #expect(x + length == code.size || !code.isDark(x + length, y))
                runs += 1
            }
            #expect(covered == code.modules, "\(extra) more characters")
            #expect(runs > code.size)
        }
    }

    @Test("empty text makes no code")
    func empty() { #expect(QRCode("") == nil) }
}
