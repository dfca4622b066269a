import Diagnostics
import Foundation
@testable import Loading
import TestSupport

/// A content folder written from a dictionary of paths and texts into a fresh temporary folder.
struct Fixture {
    let base: String
    var root: String { base + "/content" }

    static let site = SampleSite.yml(title: "Test digests")

    static let square = """
    {"type": "Feature", "properties": {}, "geometry": {"type": "Polygon", "coordinates":
    [[[-83.2, 42.0], [-83.1, 42.0], [-83.1, 42.1], [-83.2, 42.1], [-83.2, 42.0]]]}}
    """

    /// `files` are relative to the content folder; `site.yml` and a neighborhood `n` are added unless given.
    init(_ files: [String: String], defaults: Bool = true) {
        base = NSTemporaryDirectory() + "commonsight-test-" + UUID().uuidString
        var all = files
        if defaults {
            if all["site.yml"] == nil { all["site.yml"] = Self.site }
            if all["neighborhoods/n/neighborhood.md"] == nil { all["neighborhoods/n/neighborhood.md"] = "---\nname: North\n---\nAbout.\n" }
            if all["neighborhoods/n/boundary.geojson"] == nil { all["neighborhoods/n/boundary.geojson"] = Self.square }
        }
        for (path, text) in all { write(path, Data(text.utf8)) }
    }

    func write(_ path: String, _ data: Data) {
        let url = URL(fileURLWithPath: root + "/" + path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: url)
    }

    /// Loads the folder; diagnostics are shown with paths relative to the content folder's parent.
    func load() -> (LoadedContent?, [String]) {
        let (content, diagnostics) = ContentLoader.load(root: root)
        return (content, diagnostics.map { $0.description.replacingOccurrences(of: base + "/", with: "") })
    }

    func errors() -> [String] { load().1.filter { $0.contains(": error: ") } }
    func warnings() -> [String] { load().1.filter { $0.contains(": warning: ") } }

    /// A CSV of observations with the given rows (header included).
    static func csv(_ rows: String...) -> String {
        (["id,category,location,lat,lon,observed"] + rows).joined(separator: "\n") + "\n"
    }
}
