import Foundation
import Testing
@testable import CLI
import CLITestSupport

/// The package's own folder, for the theme.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// Two neighborhoods whose statuses are written in every form the loader reads, in a new
/// temporary folder:
///
/// - east: `observations.csv` with a byte-order mark, CRLF line ends and quoted cells (a comma, a
///   doubled quote and a line break inside one; a quoted `"pending"`; an empty status cell);
///   `observations/e-md1.md` with CRLF and `status: "pending"  # …`; `observations/e-md2.md` with no
///   status (published); a draft story with a date, a draft story without one, a published story;
/// - west: `observations.geojson` with a pending, a flagged (written `"status" : "flagged"`) and a
///   feature without status; and `shared`, an id east has too.
struct Fixture {
    let dir: String
    var content: String { dir + "/content" }
    var east: String { content + "/neighborhoods/east" }
    var west: String { content + "/neighborhoods/west" }
    var csv: String { east + "/observations.csv" }
    var geojson: String { west + "/observations.geojson" }

    static let csvBytes = "\u{FEFF}id,category,location,lat,lon,observed,status,description\r\n"
        + "c1,speeding,\"Pickford St, by the school\",42.4200,-83.1550,2026-09-01,published,\"He said \"\"slow down\"\",\r\nthen left\"\r\n"
        + "c2,speeding,Wyoming St,42.4210,-83.1560,2026-10-05,\"pending\",\"Racing at night, call me at 313-555-0100\"\r\n"
        + "c3,illegal-parking,Oak Grove Park,42.4150,-83.1600,2026-08-15,flagged,Cars on the grass\r\n"
        + "c4,illegal-parking,Oak Grove Park,42.4151,-83.1601,2026-11-20,,Blocked the gate\r\n"
        + "shared,speeding,Wyoming St,42.4211,-83.1561,2026-11-21,pending,\r\n"

    static let md1 = "---\r\ncategory: speeding\r\nlocation: Pickford St\r\nlat: 42.4201\r\nlon: -83.1551\r\nobserved: 2026-07-04\r\nstatus: \"pending\"  # asked the block club\r\n---\r\nFireworks and speeding all night.\r\n"
    static let md2 = "---\ncategory: speeding\nlocation: Wyoming St\nlat: 42.4202\nlon: -83.1552\nobserved: 2026-11-02\n---\nA quiet report.\n"
    static let geo = """
    {"type": "FeatureCollection", "features": [
      {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-83.2001, 42.3801]},
       "properties": {"id": "w1", "category": "speeding", "location": "Main St", "observed": "2026-06-01", "status": "pending", "description": "Trucks \\u201cflying\\u201d by"}},
      {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-83.2002, 42.3802]},
       "properties": {"id": "w2", "category": "speeding", "location": "Main St", "observed": "2026-11-10"}},
      {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-83.2003, 42.3803]},
       "properties": {"id": "w3", "category": "illegal-parking", "location": "Elm St", "observed": "2026-09-09", "status" : "flagged"}},
      {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-83.2004, 42.3804]},
       "properties": {"id": "shared", "category": "speeding", "location": "Elm St", "observed": "2026-11-22", "status": "pending"}}
    ]}

    """

    init() throws {
        dir = NSTemporaryDirectory() + "cs-review-" + UUID().uuidString
        try write("site.yml", """
        title: Review digests
        timezone: America/Detroit
        categories:
          speeding: { label: Speeding, color: "#d55e00" }
          illegal-parking: { label: Illegal parking, color: "#009e73" }

        """)
        try write("neighborhoods/east/neighborhood.md", "---\nname: East Side\n---\nThe east.\n")
        try write("neighborhoods/east/boundary.geojson", Self.square(-83.17, 42.41))
        try write("neighborhoods/east/observations.csv", Self.csvBytes)
        try write("neighborhoods/east/observations/e-md1.md", Self.md1)
        try write("neighborhoods/east/observations/e-md2.md", Self.md2)
        try write("neighborhoods/east/stories/dated-draft.md",
                  "---\ntitle: Speeding on Pickford\nstatus: draft\ndate: 2026-11-25\nobservations: [c1, c2]\ntags: [speeding]\n---\nTwo reports.\n")
        try write("neighborhoods/east/stories/undated-draft.md",
                  "---\ntitle: Parking by the park\nstatus: draft\nobservations: [c3]\ngenerated:\n  by: fallback\n  date: \"2026-11-01\"\n---\nOne report.\n")
        try write("neighborhoods/east/stories/out-now.md",
                  "---\ntitle: Out now\nstatus: published\ndate: 2026-11-10\nobservations: [c1]\n---\nPublished.\n")
        try write("neighborhoods/west/neighborhood.md", "---\nname: West End\n---\nThe west.\n")
        try write("neighborhoods/west/boundary.geojson", Self.square(-83.21, 42.37))
        try write("neighborhoods/west/observations.geojson", Self.geo)
    }

    static func square(_ lon: Double, _ lat: Double) -> String {
        let a = "[\(lon), \(lat)]", b = "[\(lon + 0.03), \(lat)]", c = "[\(lon + 0.03), \(lat + 0.03)]", d = "[\(lon), \(lat + 0.03)]"
        return "{\"type\": \"Polygon\", \"coordinates\": [[\(a), \(b), \(c), \(d), \(a)]]}"
    }

    func write(_ path: String, _ text: String) throws {
        let url = URL(fileURLWithPath: content + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func bytes(_ path: String) -> [UInt8] { [UInt8](FileManager.default.contents(atPath: path) ?? Data()) }

    /// Every file of the content folder with its bytes, to show that nothing changed.
    func snapshot() -> [String: [UInt8]] {
        var out: [String: [UInt8]] = [:]
        let walker = FileManager.default.enumerator(atPath: content)
        while let name = walker?.nextObject() as? String {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: content + "/" + name, isDirectory: &isDir), !isDir.boolValue {
                out[name] = bytes(content + "/" + name)
            }
        }
        return out
    }

    /// Runs the command line in the fixture's folder.
    func run(_ args: String...) -> (Int32, Transcript) { Transcript.run(args, in: dir) }

    /// What the command line prints when it refuses `args` in the fixture's folder (exit 1).
    func refused(_ args: String..., sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        let (status, t) = Transcript.run(args, in: dir)
        #expect(status == 1, sourceLocation: sourceLocation)
        return t.err
    }

    /// Builds the site into `out` (relative to the fixture's folder) for 2026-11-29.
    func build(_ out: String = "public") -> (Int32, Transcript) {
        run("build", "--content", "content", "--templates", packageRoot + "/templates", "--out", out,
            "--cache-dir", dir + "/cache-" + out, "--date", "2026-11-29", "--jobs", "2")
    }
}

/// `old` with `replacement` put at the one place `find` is, after `from`: what a file must be after an edit.
func replacing(_ old: [UInt8], _ find: String, with replacement: String, after from: String = "") -> [UInt8] {
    let text = String(decoding: old, as: UTF8.self)
    let start = from.isEmpty ? text.startIndex : text.range(of: from)!.upperBound
    let range = text.range(of: find, range: start..<text.endIndex)!
    var out = Array(text[..<range.lowerBound].utf8)
    out += Array(replacement.utf8) + Array(text[range.upperBound...].utf8)
    return out
}
