import Build
import Foundation
import Testing

@Suite("The report rows a build keeps in the cache folder")
struct ReportRowsBuildTests {
    func build(_ f: SiteFixture) -> BuildReport {
        Builder.build(BuildRequest(content: f.content, templates: SiteFixture.theme, out: f.out, cacheFolder: f.cache,
                                   date: .parse("2026-11-29"), clock: 0, baseURL: "https://example.org/", jobs: 2))
    }

    /// The bytes of every file in the cache folder, as text.
    func cacheText(_ f: SiteFixture) -> String {
        SiteFixture.files(under: f.cache).map { String(decoding: FileManager.default.contents(atPath: f.cache + "/" + $0) ?? Data(), as: UTF8.self) }.joined()
    }

    var csv: String { SiteFixture.north["neighborhoods/north/observations.csv"] ?? "" }

    @Test("a report removed while the build fails is gone from the cache, and a later build keeps only what it shows")
    func removedInAFailedBuild() {
        let f = SiteFixture()
        #expect(build(f).succeeded)
        #expect(cacheText(f).contains("Blocked sidewalk."), "o2 is kept while it is published")
        // o2 removed, and another file of the neighborhood broken: the build fails.
        f.write("neighborhoods/north/moderation.yml", "o2: removed\n")
        f.write("neighborhoods/north/neighborhood.md", "---\nnme: North End\n---\nAbout North End.\n")
        #expect(!build(f).succeeded)
        #expect(!cacheText(f).contains("Blocked sidewalk."), "the failed build leaves no row of o2 behind")
        f.write("neighborhoods/north/neighborhood.md", "---\nname: North End\n---\nAbout North End.\n")
        #expect(build(f).succeeded)
        #expect(!cacheText(f).contains("Blocked sidewalk.") && cacheText(f).contains("Cars fly by."))
    }

    @Test("when the rows cannot be written, the last build's are not left in their place")
    func unwritableRows() throws {
        let f = SiteFixture()
        #expect(build(f).succeeded)
        // A folder where the new file would be staged: writing it fails.
        try FileManager.default.createDirectory(atPath: f.cache + "/render.rows/north.new/x", withIntermediateDirectories: true)
        f.write("neighborhoods/north/moderation.yml", "o2: removed\n")
        #expect(build(f).succeeded)
        #expect(!FileManager.default.fileExists(atPath: f.cache + "/render.rows/north"))
        #expect(!cacheText(f).contains("Blocked sidewalk."))
        #expect(!(f.file("north/observations/o2/index.html") != nil), "o2 is not published")
    }
}
