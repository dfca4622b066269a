import Assembly
import Loading
import Build
import Foundation
import Testing

@Suite("Leaving parts out (--skip) and switching options")
struct SkipBuildTests {
    func build(_ f: SiteFixture, out: String, skipped: Set<SiteSection> = [], shareCards: Bool = false, cache: Bool = true) -> BuildReport {
        var request = BuildRequest(content: f.content, templates: SiteFixture.theme, out: out, cacheFolder: out + "-cache",
                                   date: .parse("2026-11-29"), clock: 0, baseURL: "https://example.org/", jobs: 2)
        request.useCache = cache
        request.skipped = skipped
        request.shareCards = shareCards
        return Builder.build(request)
    }

    static let allButPages: Set<SiteSection> = [.digests, .flyers, .emails, .coalitions, .events, .search, .data, .feed, .map]

    @Test("--skip leaves out each part's files and nothing else; the pages built are the bytes of a full build")
    func skipsParts() throws {
        let f = SiteFixture()
        #expect(build(f, out: f.base + "/full").succeeded)
        let report = build(f, out: f.out, skipped: Self.allButPages)
        #expect(report.succeeded, "\(report.diagnostics)")
        let full = SiteFixture.snapshot(f.base + "/full")
        let skipped = SiteFixture.snapshot(f.out)
        let gone = ["north/digest/", "north/coalitions/", "north/events/", "north/events.ics", "north/search/", "north/data/",
                    "north/data.json", "north/feed.xml", "north/map.svg", "north/stories/slow-down/flyer.html"]
        for prefix in gone {
            #expect(full.keys.contains { $0.hasPrefix(prefix) }, "a full build writes \(prefix)")
            #expect(!skipped.keys.contains { $0.hasPrefix(prefix) }, "--skip leaves out \(prefix)")
        }
        // Every file left is byte for byte a full build's, but the sitemap (it lists only what was built).
        for (path, bytes) in skipped where !path.hasSuffix("sitemap.xml") {
            #expect(full[path] == bytes, "\(path)")
        }
        #expect(skipped["north/observations/o1/index.html"] != nil && skipped["north/stories/slow-down/index.html"] != nil)
        let sitemap = try #require(f.file("north/sitemap.xml"))
        #expect(sitemap.contains("observations/o1/") && !sitemap.contains("digest/"))
    }

    @Test("switching --skip or --no-share-cards between builds gives the bytes of a build from nothing with the new options")
    func switchingOptions() {
        let f = SiteFixture()
        let steps: [(Set<SiteSection>, Bool)] = [([], true), ([], false), (Self.allButPages, false), ([.emails], true), ([], true)]
        for (n, (skipped, cards)) in steps.enumerated() {
            #expect(build(f, out: f.out, skipped: skipped, shareCards: cards).succeeded)
            let fresh = f.base + "/fresh-\(n)"
            #expect(build(f, out: fresh, skipped: skipped, shareCards: cards, cache: false).succeeded)
            #expect(SiteFixture.snapshot(f.out) == SiteFixture.snapshot(fresh), "step \(n): skip \(skipped.map(\.rawValue).sorted()), cards \(cards)")
            let pngs = SiteFixture.files(under: f.out).filter { $0.hasSuffix(".png") }
            #expect(cards ? !pngs.isEmpty : pngs.isEmpty, "step \(n)")
        }
    }
}
