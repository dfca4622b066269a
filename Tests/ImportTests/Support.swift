import Foundation
import Testing
@testable import CLI
import CLITestSupport

/// The package's folder, and the shared real data beside it.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
let sharedData = packageRoot + "/../shared/data"
let fixtures = packageRoot + "/Tests/ImportTests/Fixtures"

/// A content folder in a new temporary folder, written file by file.
struct Site {
    let dir: String
    var content: String { dir + "/content" }

    static let categories = """
    categories:
      speeding: { label: Speeding, color: "#d55e00" }
      stop-sign-running: { label: Stop sign running, color: "#0072b2" }
      illegal-parking: { label: Illegal parking, color: "#009e73" }
      graffiti: { label: Graffiti, color: "#009e73" }

    """

    init(_ siteYAML: String = "title: Import test\ntimezone: America/Detroit\n" + Site.categories) throws {
        dir = NSTemporaryDirectory() + "cs-import-" + UUID().uuidString
        try write("site.yml", siteYAML)
    }

    func write(_ path: String, _ text: String) throws {
        let full = content + "/" + path
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: full))
    }

    func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: content + "/" + path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// A neighborhood with a square boundary from (lon, lat) and `size` degrees across, and optional basemap.
    func neighborhood(_ slug: String, lon: Double, lat: Double, size: Double = 0.02, basemap: String? = nil) throws {
        try write("neighborhoods/\(slug)/neighborhood.md", "---\nname: \(slug.capitalized)\n---\nAbout.\n")
        try write("neighborhoods/\(slug)/boundary.geojson", Self.square(lon, lat, size))
        if let basemap { try write("neighborhoods/\(slug)/basemap.geojson", basemap) }
    }

    static func square(_ lon: Double, _ lat: Double, _ size: Double) -> String {
        let ring = [[lon, lat], [lon + size, lat], [lon + size, lat + size], [lon, lat + size], [lon, lat]]
        let points = ring.map { "[\($0[0]), \($0[1])]" }.joined(separator: ", ")
        return "{\"type\": \"Polygon\", \"coordinates\": [[\(points)]]}"
    }

    /// Runs `commonsight import ARGS --content CONTENT`.
    func run(_ args: [String]) -> (status: Int32, out: String, err: String) {
        let t = Transcript()
        let status = CommandLineTool.run(["import"] + args + ["--content", content], console: t.console(in: dir))
        return (status, t.out, t.err)
    }

    func remove() { try? FileManager.default.removeItem(atPath: dir) }
}
