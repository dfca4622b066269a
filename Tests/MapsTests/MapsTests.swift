import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import Geo
@testable import Maps

@Suite("Maps drawn from the data")
struct MapsTests {
    let square = Area(polygons: [Polygon(outer: [
        .init(latitude: 42.0, longitude: -83.2), .init(latitude: 42.0, longitude: -83.1),
        .init(latitude: 42.1, longitude: -83.1), .init(latitude: 42.1, longitude: -83.2), .init(latitude: 42.0, longitude: -83.2),
    ])])

    @Test("the projection fits the bounds inside the margin, north up")
    func projection() throws {
        let bounds = try #require(square.bounds)
        let fit = MercatorFit(bounds: bounds, width: 800, minHeight: 300, maxHeight: 900, margin: 0.05)
        let sw = fit.point(.init(latitude: 42.0, longitude: -83.2)), ne = fit.point(.init(latitude: 42.1, longitude: -83.1))
        #expect(sw.x >= 39.9 && ne.x <= 760.1)
        #expect(ne.y < sw.y, "north is up")
        #expect(abs((sw.x + ne.x) / 2 - 400) < 0.01, "centered")
        // 0.1° of longitude at 42.05° N is about 8,276 m across 720 px.
        #expect(abs(fit.metersPerPixel - 8276.0 / (ne.x - sw.x)) < 1)
    }

    @Test("marks closer than the distance join the first group; others stay apart")
    func grouping() {
        func mark(_ id: String) -> MapSpec.Mark { .init(id: id, coordinate: .init(latitude: 0, longitude: 0), category: "c", label: id, url: id) }
        let groups = MarkGroups.group([(mark("a"), 10, 10), (mark("b"), 15, 10), (mark("c"), 40, 10), (mark("d"), 23, 10)], distance: 12)
        #expect(groups.map { $0.marks.map(\.id) } == [["a", "b"], ["c"], ["d"]])
        #expect(groups[0].x == 10 && groups[0].y == 10)
    }

    @Test("ten thousand marks group into a map small enough for a phone")
    func manyMarks() {
        var marks: [MapSpec.Mark] = []
        for i in 0..<10_000 {
            let lat = 42.0 + Double((i * 7919) % 1000) / 10_000, lon = -83.2 + Double((i * 104_729) % 1000) / 10_000
            marks.append(.init(id: "o\(i)", coordinate: .init(latitude: lat, longitude: lon), category: i % 2 == 0 ? "a" : "b",
                               label: "Observation \(i)", url: "observations/o\(i)/index.html"))
        }
        let svg = MapRenderer.svg(MapSpec(title: "Map", place: "Test", boundary: square, basemap: [], marks: marks,
                                          categories: [.init(key: "a", label: "A", color: "#d55e00"), .init(key: "b", label: "B", color: "#0072b2")],
                                          groupURL: "observations/index.html", attribution: "test"))
        #expect(svg.utf8.count < 400_000, "\(svg.utf8.count) bytes")
        #expect(svg.contains("A (5000)") && svg.contains("B (5000)"))
    }

    @Test("numbers have fixed decimals and no exponent")
    func numbers() {
        #expect(SVGText.number(0.000001) == "0.0")
        #expect(SVGText.number(-0.04) == "0.0")
        #expect(SVGText.number(-12.35) == "-12.4")  // halves round away from zero
        #expect(SVGText.number(1e7) == "10000000.0")
    }

    @Test("a map parses as XML, names itself for screen readers, and escapes hostile labels")
    func accessibleAndEscaped() throws {
        let spec = MapSpec(title: "Map of <North> & \"South\"", place: "North", boundary: square, basemap: [],
                           marks: [.init(id: "x", coordinate: .init(latitude: 42.05, longitude: -83.15), category: "a",
                                         label: "</title><script>alert(1)</script>", url: "observations/x/index.html?a=1&b=2")],
                           categories: [.init(key: "a", label: "A&B", color: "#d55e00")], groupURL: "#list", attribution: "© test")
        let svg = MapRenderer.svg(spec)
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(svg.contains("role=\"img\""))
        #expect(svg.contains("<desc id=\"map-desc\">Map of North showing 1 observation: A&amp;B 1.</desc>"))
        #expect(!svg.contains("<script"))
        #expect(svg.contains("href=\"observations/x/index.html?a=1&amp;b=2\""))
    }

    @Test("the scale bar shows round numbers of meters and feet")
    func scaleBar() throws {
        let fit = MercatorFit(bounds: try #require(square.bounds), width: 800, minHeight: 300, maxHeight: 900)
        let bar = MapRenderer.scaleBar(fit: fit, x: 10, y: 10)
        #expect(bar.contains(">2 km<"), "\(bar)")
        #expect(bar.contains(">5,000 ft<"), "\(bar)")
    }
}
