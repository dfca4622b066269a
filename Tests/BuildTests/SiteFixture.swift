import CivilTime
import Diagnostics
import Assembly
import Build
import Foundation
import Loading
import Narration
import TestSupport

/// A small content folder written to a temporary place, built with the default theme.
struct SiteFixture {
    let base: String
    var content: String { base + "/content" }
    var out: String { base + "/public" }
    /// The tool's own folder for `out` (the render cache); never inside or beside OUT.
    var cache: String { base + "/cache" }
    static let packageRoot = PackageFolder.root
    static let theme = packageRoot + "/templates"
    static let executable = PackageFolder.executable

    static let site = SampleSite.yml(title: "Test Digests")

    static let square = """
    {"type": "Polygon", "coordinates": [[[-83.2, 42.0], [-83.1, 42.0], [-83.1, 42.1], [-83.2, 42.1], [-83.2, 42.0]]]}
    """

    /// A neighborhood `north` with observations, a story, a draft, a coalition and two events.
    static let north: [String: String] = [
        "neighborhoods/north/neighborhood.md": "---\nname: North End\ndescription: A test neighborhood\n---\nAbout North End.\n",
        "neighborhoods/north/boundary.geojson": square,
        "neighborhoods/north/observations.csv": """
        id,category,location,lat,lon,observed,status,description
        o1,speeding,Corner of A and B,42.05,-83.15,2026-11-02,published,Cars fly by.
        o2,illegal-parking,Near the park,42.06,-83.14,2026-11-10,published,Blocked sidewalk.
        o3,speeding,Main street,42.04,-83.16,2026-11-25,published,
        p1,speeding,PENDING-MARKER place,42.05,-83.15,2026-11-24,pending,PENDING-MARKER text
        o4,speeding,Later street,42.05,-83.15,2026-12-20,published,After the build date.

        """,
        "neighborhoods/north/stories/slow-down.md": "---\ntitle: Slow down on Main\nstatus: published\ndate: 2026-11-26\nobservations: [o1, o3, p1]\ncall_to_action: Ask for speed humps.\ntags: [speeding]\ncoalition: safe-streets\n---\nCars are **fast** here.\n",
        "neighborhoods/north/stories/draft-one.md": "---\ntitle: DRAFT-MARKER story\nstatus: draft\nobservations: [o2]\n---\nNot yet.\n",
        "neighborhoods/north/coalitions/safe-streets.md": "---\nname: Safe Streets\nfocus: [speeding]\ncontact: team@example.org\nmeets: Tuesdays\n---\nWe organize.\n",
        "neighborhoods/north/events/walk.md": "---\ntitle: Walk audit\nstart: 2026-12-05 10:00\nend: 2026-12-05 12:00\nlocation: Corner of A and B\ncoalition: safe-streets\n---\nBring shoes.\n",
        "neighborhoods/north/events/meeting.md": "---\ntitle: November meeting\nstart: 2026-11-10 18:30\n---\nDone.\n",
    ]

    /// `north`, and a copy of it named `south` (South End).
    static let northAndSouth: [String: String] = {
        var files = north
        for (k, v) in north where k.hasPrefix("neighborhoods/north/") {
            files[k.replacingOccurrences(of: "/north/", with: "/south/")] = v.replacingOccurrences(of: "North End", with: "South End")
        }
        return files
    }()

    init(_ files: [String: String] = SiteFixture.north, site: String = SiteFixture.site) {
        base = NSTemporaryDirectory() + "cs-build-" + UUID().uuidString
        var all = files
        all["site.yml"] = site
        for (path, text) in all { write(path, text) }
    }

    /// Writes each file, path relative to the content folder.
    func write(_ files: [String: String]) {
        for (path, text) in files { write(path, text) }
    }

    func write(_ path: String, _ text: String) {
        let url = URL(fileURLWithPath: content + "/" + path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(text.utf8).write(to: url)
    }

    /// A copy of the default theme in this fixture's folder, to edit; its path.
    func copyOfTheme() throws -> String {
        let theme = base + "/theme"
        try FileManager.default.copyItem(atPath: SiteFixture.theme, toPath: theme)
        return theme
    }

    func build(date: String = "2026-11-29", drafts: Bool = false, baseURL: String? = nil, only: Set<String>? = nil,
               templates: String = SiteFixture.theme, out: String? = nil, shareCards: Bool = true,
               speech: SpeechTools.Location = .searchPath, narration: Bool = true, jobs: Int = 2, stages: ProgressSink? = nil,
               skip: Set<SiteSection> = [], kept: String? = nil) -> BuildReport {
        var request = BuildRequest(content: content, templates: templates, out: out ?? self.out, cacheFolder: cache + "/" + (out ?? self.out).split(separator: "/").joined(separator: "_"), only: only,
                                   date: CivilDate.parse(date), clock: 0, drafts: drafts, baseURL: baseURL, jobs: jobs)
        request.stages = stages
        request.shareCards = shareCards
        request.speechTools = speech
        request.narration = narration
        request.keptFolder = kept
        request.skipped = skip
        return Builder.build(request)
    }

    func file(_ path: String) -> String? {
        FileManager.default.contents(atPath: out + "/" + path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every file under a folder, relative paths, sorted.
    static func files(under root: String) -> [String] {
        guard let e = FileManager.default.enumerator(atPath: root) else { return [] }
        var out: [String] = []
        while let p = e.nextObject() as? String {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + p, isDirectory: &isDir), !isDir.boolValue { out.append(p) }
        }
        return out.sorted()
    }

    /// Every file's bytes, for comparing builds; the tool's manifest (a dotfile) left out.
    static func snapshot(_ root: String) -> [String: Data] {
        var s: [String: Data] = [:]
        for p in files(under: root) where p != ".commonsight-manifest" { s[p] = FileManager.default.contents(atPath: root + "/" + p) }
        return s
    }
}
