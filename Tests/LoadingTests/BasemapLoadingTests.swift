import Foundation
import Testing
import Fingerprint
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

@Suite("A neighborhood's fingerprint")
struct FolderFingerprintTests {
    @Test("a link out of the content folder counts by its name, never by what it leads to; a link inside counts by its files")
    func linksOut() throws {
        let f = Fixture([:])
        let outside = f.base + "/elsewhere"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try Data("one".utf8).write(to: URL(fileURLWithPath: outside + "/a.md"))
        let hood = f.root + "/neighborhoods/n"
        try FileManager.default.createSymbolicLink(atPath: hood + "/linked", withDestinationPath: outside)
        let before = FolderFingerprint.of(hood, within: f.root)
        try Data("two".utf8).write(to: URL(fileURLWithPath: outside + "/a.md"))
        #expect(FolderFingerprint.of(hood, within: f.root) == before, "what lies outside is never read")
        try FileManager.default.removeItem(atPath: hood + "/linked")
        try FileManager.default.createSymbolicLink(atPath: hood + "/linked", withDestinationPath: f.root + "/site.yml")
        let inside = FolderFingerprint.of(hood, within: f.root)
        try Data("title: Changed\n".utf8).write(to: URL(fileURLWithPath: f.root + "/site.yml"))
        #expect(FolderFingerprint.of(hood, within: f.root) != inside, "a link inside the content folder counts by its bytes")
    }
}
