import Diagnostics
import Geo
import Testing
@testable import Formats

@Suite("JSON and GeoJSON")
struct JSONTests {
    func parse(_ text: String) -> (Node?, [String]) {
        var log = DiagnosticLog()
        let node = JSON.parse(text, path: "g.json", log: &log)
        return (node, log.items.map(\.description))
    }

    @Test("values know their line and column")
    func positions() throws {
        let (node, errors) = parse("{\n  \"a\": [1, 2],\n  \"b\": \"x\"\n}")
        #expect(errors.isEmpty)
        let n = try #require(node)
        #expect(n["b"]?.location.description == "g.json:3:8")
        #expect(n["a"]?.items?[1].location.description == "g.json:2:12")
    }

    @Test("escapes and surrogate pairs decode to text")
    func escapes() throws {
        let (node, _) = parse(#"{"s": "a\"b\\c\n\u00e9\ud83d\ude00"}"#)
        #expect(try #require(node)["s"]?.scalarText == "a\"b\\c\né😀")
    }

    @Test("a syntax error names the place and what was expected")
    func syntaxError() {
        #expect(parse("{\"a\": 1,\n \"b\" 2}").1 == ["g.json:2:6: error: JSON syntax error: expected ':' after the key"])
        #expect(parse("[1, 2").1 == ["g.json:1:6: error: JSON syntax error: expected ',' or ']'"])
    }

    @Test("nesting deeper than the limit is an error, not a stack overflow")
    func deepNesting() {
        let (node, errors) = parse(String(repeating: "[", count: 100_000))
        #expect(node == nil)
        #expect(errors.first?.contains("nesting is deeper than 256 levels") == true)
    }

    @Test("a MultiPolygon boundary keeps its holes")
    func multiPolygon() throws {
        let text = """
        {"type": "MultiPolygon", "coordinates": [[[[0,0],[10,0],[10,10],[0,10],[0,0]], [[4,4],[6,4],[6,6],[4,6],[4,4]]]]}
        """
        var log = DiagnosticLog()
        let features = GeoJSON.features(try #require(parse(text).0), log: &log)
        guard case .area(let area) = features.first?.geometry else { Issue.record("no area"); return }
        #expect(area.polygons[0].holes.count == 1)
        #expect(area.contains(Coordinate(latitude: 2, longitude: 2)))
        #expect(!area.contains(Coordinate(latitude: 5, longitude: 5)))
    }

    @Test("a position out of range is an error at that position")
    func outOfRange() throws {
        let text = "{\"type\": \"Feature\", \"properties\": {},\n \"geometry\": {\"type\": \"Point\", \"coordinates\": [-83.1, 142.4]}}"
        var log = DiagnosticLog()
        _ = GeoJSON.features(try #require(parse(text).0), log: &log)
        #expect(log.items.map(\.description) == ["g.json:2:47: error: position [-83.1, 142.4] is out of range; expected [longitude -180…180, latitude -90…90]"])
    }
}
