import Testing
@testable import Loading

@Suite("The basemap is read once into typed streets, parks and water")
struct BasemapLoadingTests {
    static let basemap = """
    {"type": "FeatureCollection", "features": [
      {"type": "Feature", "properties": {"name": "Main St", "kind": "street", "class": "collector"}, "geometry": {"type": "LineString", "coordinates": [[-83.16, 42.05], [-83.14, 42.05]]}},
      {"type": "Feature", "properties": {"name": "Oak Park"}, "geometry": {"type": "Polygon", "coordinates": [[[-83.16, 42.06], [-83.15, 42.06], [-83.15, 42.07], [-83.16, 42.06]]]}},
      {"type": "Feature", "properties": {"name": "Pond", "kind": "water"}, "geometry": {"type": "Polygon", "coordinates": [[[-83.13, 42.06], [-83.12, 42.06], [-83.12, 42.07], [-83.13, 42.06]]]}},
      {"type": "Feature", "properties": {"name": "Tower", "kind": "building"}, "geometry": {"type": "Polygon", "coordinates": [[[-83.11, 42.06], [-83.10, 42.06], [-83.10, 42.07], [-83.11, 42.06]]]}},
      {"type": "Feature", "properties": {"name": "Creek", "kind": "river"}, "geometry": {"type": "LineString", "coordinates": [[-83.16, 42.04], [-83.14, 42.04]]}}
    ]}
    """

    @Test("streets keep their name and class, an area without a kind is a park, and an unknown kind is a warning at its place, never drawn as a park")
    func kinds() throws {
        let f = Fixture(["neighborhoods/n/basemap.geojson": Self.basemap])
        let (content, messages) = f.load()
        let n = try #require(content?.neighborhoods.first)
        #expect(n.basemap.map(\.kind) == [.street, .park, .water])
        #expect(n.basemap.map(\.name) == ["Main St", "Oak Park", "Pond"])
        #expect(n.basemap[0].roadClass == "collector" && n.basemap[0].lines.count == 1)
        #expect(messages.filter { $0.contains("basemap kind") } == [
            "content/neighborhoods/n/basemap.geojson:5:63: warning: basemap kind 'building' is not one the maps draw; expected 'park' or 'water' for an area (or 'street' for a line); this shape is left off the maps",
            "content/neighborhoods/n/basemap.geojson:6:63: warning: basemap kind 'river' is not one the maps draw; expected 'street' for a line (or 'park' or 'water' for an area); this line is left off the maps",
        ])
        #expect(n.streetNames.contains("main st") && n.streetNames.contains("main"))
    }
}
