import Foundation
import Testing
@testable import CLI
import CLITestSupport
import Loading
@testable import Alchemy

/// The package's own folder, to find the sample content.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// Runs the command line in `dir`.
func run(_ args: [String], in dir: String, environment: [String: String] = [:]) -> (Int32, Transcript) {
    Transcript.run(args, in: dir, environment: environment)
}

/// A content folder of one neighborhood, Testville, made for these tests in a new temporary folder:
/// two named streets and a park on the basemap; six published speeding reports near Pickford St
/// and Wyoming St in May 2024 (one with a phone number in it), a pending and a flagged one among
/// them; three illegal-parking reports by Oak Grove Park in August 2023; three speeding reports of
/// March 2024 that a published story links; two lone reports. Private columns and an author are
/// there to be kept away from the model.
struct Fixture {
    let dir: String
    var content: String { dir + "/content" }
    var stories: String { content + "/neighborhoods/testville/stories" }

    static let secrets = ["SECRET PENDING TEXT", "SECRET FLAGGED TEXT", "SECRET PRIVATE NOTE", "313-555-0199", "Maria", "Lopez", "313-555-0100"]

    /// A new fixture, loaded, and the facts of the reports with these ids.
    static func facts(of ids: [String]) throws -> (Fixture, StoryFacts) {
        let f = try Fixture()
        let (site, n) = try f.load()
        return (f, StoryFacts(neighborhood: n, site: site, reports: n.observations.filter { ids.contains($0.id) }))
    }

    init(alchemy: String = "", categoryAction: Bool = true) throws {
        dir = NSTemporaryDirectory() + "cs-alchemy-" + UUID().uuidString
        let hood = dir + "/content/neighborhoods/testville"
        for sub in ["stories", "coalitions"] {
            try FileManager.default.createDirectory(atPath: hood + "/" + sub, withIntermediateDirectories: true)
        }
        let action = categoryAction ? ", call_to_action: \"Ask the City for speed humps on Pickford St.\"" : ""
        try write("site.yml", """
        title: Test digests
        timezone: America/Detroit
        privacy:
          location_precision_m: 50
          private_fields: [private_note]
        categories:
          speeding: { label: Speeding, color: "#d55e00"\(action) }
          illegal-parking: { label: Illegal parking, color: "#009e73" }
        \(alchemy)
        """)
        try write("neighborhoods/testville/neighborhood.md", "---\nname: Testville\n---\nA test neighborhood.\n")
        try write("neighborhoods/testville/boundary.geojson", """
        {"type": "Polygon", "coordinates": [[[-83.18, 42.40], [-83.14, 42.40], [-83.14, 42.43], [-83.18, 42.43], [-83.18, 42.40]]]}
        """)
        try write("neighborhoods/testville/basemap.geojson", """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "properties": {"name": "Pickford St"}, "geometry": {"type": "LineString", "coordinates": [[-83.1600, 42.4200], [-83.1500, 42.4200]]}},
          {"type": "Feature", "properties": {"name": "Wyoming St"}, "geometry": {"type": "LineString", "coordinates": [[-83.1550, 42.4150], [-83.1550, 42.4250]]}},
          {"type": "Feature", "properties": {"name": "Oak Grove Park"}, "geometry": {"type": "Polygon", "coordinates": [[[-83.1720, 42.4080], [-83.1680, 42.4080], [-83.1680, 42.4110], [-83.1720, 42.4110], [-83.1720, 42.4080]]]}}
        ]}
        """)
        try write("neighborhoods/testville/observations.csv", """
        id,category,location,lat,lon,observed,status,author,description,phone,private_note
        s1,speeding,Pickford and Wyoming,42.4202,-83.1552,2024-05-01,published,Maria Lopez,Cars speed down Pickford St every morning.,313-555-0199,SECRET PRIVATE NOTE
        s2,speeding,Pickford and Wyoming,42.4204,-83.1549,2024-05-03,published,Maria Lopez,Drag racing near Wyoming St at night.,,
        s3,speeding,Pickford and Wyoming,42.4199,-83.1556,2024-05-06,published,,"Speeding on Pickford St, call me at 313-555-0100",,
        s4,speeding,Pickford and Wyoming,42.4201,-83.1545,2024-05-09,published,,,,
        p1,speeding,Pickford and Wyoming,42.4202,-83.1551,2024-05-10,pending,,SECRET PENDING TEXT,,
        f1,speeding,Pickford and Wyoming,42.4203,-83.1553,2024-05-11,flagged,,SECRET FLAGGED TEXT,,
        s5,speeding,Pickford and Wyoming,42.4198,-83.1550,2024-05-14,published,,Trucks speeding past the school at pickup time.,,
        s6,speeding,Pickford and Wyoming,42.4200,-83.1553,2024-05-20,published,,"Speeding again, 3 cars in 10 minutes.",,
        k1,illegal-parking,Near Oak Grove Park,42.4095,-83.1700,2023-08-02,published,,Cars parked on the grass of the park.,,
        k2,illegal-parking,Near Oak Grove Park,42.4096,-83.1702,2023-08-09,published,,,,
        k3,illegal-parking,Near Oak Grove Park,42.4094,-83.1699,2023-08-30,published,,Vans parked across the park entrance.,,
        m1,speeding,North Testville,42.4280,-83.1450,2024-03-01,published,,,,
        m2,speeding,North Testville,42.4281,-83.1451,2024-03-02,published,,,,
        m3,speeding,North Testville,42.4282,-83.1452,2024-03-04,published,,,,
        l1,speeding,South Testville,42.4050,-83.1450,2022-01-01,published,,,,
        l2,illegal-parking,Pickford and Wyoming,42.4201,-83.1551,2024-05-05,published,,,,

        """)
        try write("neighborhoods/testville/coalitions/testville-safe-streets.md",
                  "---\nname: Testville Safe Streets\nfocus: [speeding, traffic-safety]\n---\nNeighbors for slower streets.\n")
        try write("neighborhoods/testville/stories/march-speeding.md", """
        ---
        title: March speeding
        status: published
        date: 2024-04-01
        observations: [m1, m2, m3]
        tags: [speeding]
        ---
        Three reports in March.

        """)
    }

    func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: content + "/" + path))
    }

    func read(_ path: String) -> String? {
        (try? Data(contentsOf: URL(fileURLWithPath: path))).map { String(decoding: $0, as: UTF8.self) }
    }

    func remove() { try? FileManager.default.removeItem(atPath: dir) }

    func load() throws -> (SiteSettings, Neighborhood) {
        let (content, diagnostics) = ContentLoader.load(root: self.content)
        let loaded = try #require(content, "\(diagnostics)")
        return (loaded.site, try #require(loaded.neighborhoods.first))
    }
}
