import Build
import Diagnostics
import Foundation
@testable import Pages
@testable import Rendering
@testable import Themes
@testable import Words
import Testing

@Suite("Building a site")
struct BuildTests {
    @Test("a small site builds the dashboard, each list and item page, a digest, the feed, the calendar and the 404 page")
    func everyPage() {
        let f = SiteFixture()
        let report = f.build()
        #expect(report.succeeded, "\(report.diagnostics)")
        let files = Set(SiteFixture.files(under: f.out))
        for path in ["index.html", "north/index.html", "north/observations/index.html", "north/observations/o1/index.html",
                     "north/stories/index.html", "north/stories/slow-down/index.html", "north/coalitions/index.html",
                     "north/coalitions/safe-streets/index.html", "north/events/index.html", "north/events.ics", "north/feed.xml",
                     "north/digest/index.html", "north/digest/2026-W48/index.html", "north/404.html",
                     "north/assets/site.css", "north/assets/print.css"] {
            #expect(files.contains(path), "missing \(path)")
        }
        #expect(!files.contains("north/sitemap.xml"))
        #expect(report.neighborhoods == 1)
    }

    @Test("the menu marks the section a page is in: a report under Observations, a story under Stories, and so on")
    func menuMarksTheSection() throws {
        let f = SiteFixture()
        #expect(f.build().succeeded)
        for (path, section) in [("north/index.html", "index.html"), ("north/observations/o1/index.html", "observations/index.html"),
                                ("north/observations/index.html", "observations/index.html"), ("north/stories/slow-down/index.html", "stories/index.html"),
                                ("north/coalitions/safe-streets/index.html", "coalitions/index.html"), ("north/digest/2026-W48/index.html", "digest/index.html"),
                                ("north/events/index.html", "events/index.html")] {
            let html = try String(contentsOfFile: f.out + "/" + path, encoding: .utf8)
            let current = html.components(separatedBy: "<li><a ").filter { $0.contains("aria-current=\"page\"") && !$0.contains("hreflang") }
            #expect(current.count == 1, "\(path): \(current)")
            let depth = path.split(separator: "/").count - 2, root = depth == 0 ? "./" : String(repeating: "../", count: depth)
            #expect(current.first?.hasPrefix("href=\"\(root)\(section)\"") == true, "\(path): \(current)")
        }
    }

    @Test("digests exist for weeks with activity and the week of --date, none after it")
    func digestWeeks() {
        let f = SiteFixture()
        _ = f.build(date: "2026-11-29")
        let weeks = SiteFixture.files(under: f.out + "/north/digest").filter { $0.hasSuffix("/index.html") && !$0.hasPrefix("latest/") }.map { String($0.prefix(8)) }
        #expect(weeks == ["2026-W45", "2026-W46", "2026-W48"])
        #expect(f.file("north/digest/latest/index.html")?.contains("url=../2026-W48/index.html") == true, "latest/ leads to the week of --date")
        let digest = f.file("north/digest/2026-W48/index.html") ?? ""
        #expect(digest.contains("Main street"))
        #expect(digest.contains("Slow down on Main"))
        #expect(digest.contains("Walk audit"))
        #expect(!digest.contains("November meeting"))
        let archive = f.file("north/digest/index.html") ?? ""
        let order = ["2026-W48", "2026-W46", "2026-W45"].compactMap { archive.range(of: $0)?.lowerBound }
        #expect(order.count == 3 && order == order.sorted(), "newest first")
    }

    @Test("pending observations and drafts appear nowhere, not even in file names")
    func onlyPublished() {
        let f = SiteFixture()
        _ = f.build()
        for path in SiteFixture.files(under: f.out) {
            #expect(!path.contains("p1") && !path.contains("draft-one"), "\(path)")
            let text = f.file(path) ?? ""
            #expect(!text.contains("PENDING-MARKER") && !text.contains("DRAFT-MARKER"), "\(path)")
        }
    }

    @Test("with --drafts a draft story is built with a visible draft banner")
    func drafts() {
        let f = SiteFixture()
        _ = f.build(drafts: true)
        let page = f.file("north/stories/draft-one/index.html") ?? ""
        #expect(page.contains("class=\"draft-banner\""))
        #expect(page.contains("<meta name=\"robots\" content=\"noindex\">"))
        #expect(!(f.file("north/feed.xml") ?? "").contains("DRAFT-MARKER"))
    }

    @Test("every relative link names a file inside its neighborhood")
    func links() {
        let f = SiteFixture()
        _ = f.build(drafts: true)
        #expect(LinkChecker.brokenLinks(site: f.out, neighborhood: "north") == [])
    }

    @Test("the sample site's links all resolve")
    func sampleLinks() throws {
        let out = NSTemporaryDirectory() + "cs-sample-" + UUID().uuidString
        let report = Builder.build(BuildRequest(content: SiteFixture.packageRoot + "/content", templates: SiteFixture.theme,
                                                out: out, cacheFolder: out + "-cache", date: .parse("2026-11-29"), clock: 0, jobs: 2))
        #expect(report.succeeded, "\(report.diagnostics)")
        for hood in ["bagley", "claytown", "corktown", "warrendale"] {
            #expect(LinkChecker.brokenLinks(site: out, neighborhood: hood) == [], "\(hood)")
        }
        try? FileManager.default.removeItem(atPath: out)
        try? FileManager.default.removeItem(atPath: out + "-cache")
    }

    @Test("two builds give identical bytes")
    func deterministic() {
        let f = SiteFixture()
        _ = f.build(baseURL: "https://example.org/")
        let first = SiteFixture.snapshot(f.out)
        _ = f.build(baseURL: "https://example.org/")
        #expect(SiteFixture.snapshot(f.out) == first)
        #expect(first.count > 20)
    }

    @Test("a build with a broken file exits with errors and leaves the previous output untouched")
    func atomic() {
        let f = SiteFixture()
        _ = f.build()
        let before = SiteFixture.snapshot(f.out)
        f.write("neighborhoods/north/stories/broken.md", "---\ntitle: [unclosed\n---\n")
        let report = f.build()
        #expect(!report.succeeded)
        #expect(report.diagnostics.first?.description.contains("broken.md:3:1: error: YAML syntax error") == true)
        #expect(SiteFixture.snapshot(f.out) == before)
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: f.base)) ?? []
        #expect(leftovers.sorted() == ["cache", "content", "public"])
    }

    @Test("a later build removes files that no longer belong")
    func staleFilesGo() {
        let f = SiteFixture()
        _ = f.build()
        #expect(f.file("north/observations/o2/index.html") != nil)
        f.write("neighborhoods/north/observations.csv", "id,category,location,lat,lon,observed\no1,speeding,Corner,42.05,-83.15,2026-11-02\no3,speeding,Main,42.04,-83.16,2026-11-25\n")
        f.write("neighborhoods/north/stories/slow-down.md", "---\ntitle: Slow\nstatus: published\ndate: 2026-11-26\nobservations: [o1]\n---\nx\n")
        f.write("neighborhoods/north/stories/draft-one.md", "---\ntitle: Draft\n---\nx\n")
        #expect(f.build().succeeded)
        #expect(f.file("north/observations/o2/index.html") == nil)
    }

    /// The fixture built with a copy of the theme whose story page is `template`; the copy's path and the report.
    func build(storyTemplate template: String) throws -> (theme: String, report: BuildReport) {
        let f = SiteFixture()
        let theme = try f.copyOfTheme()
        try template.write(toFile: theme + "/pages/story.md", atomically: true, encoding: .utf8)
        return (theme, f.build(templates: theme))
    }

    @Test("a template error names the template's path, line and column")
    func templateError() throws {
        let (theme, report) = try build(storyTemplate: "# {{ story.title }}\n\n{% if story.date %}\n")
        #expect(!report.succeeded)
        #expect(report.diagnostics.filter(\.isError).map(\.description) == [theme + "/pages/story.md:3:1: error: Liquid syntax error: 'if' tag was never closed; expected 'else' or 'elsif' or 'endif'"])
    }

    @Test("a render error names the template and the page being rendered")
    func renderError() throws {
        let (theme, report) = try build(storyTemplate: "# {{ story.title | no_such_filter }}\n")
        #expect(report.diagnostics.filter(\.isError).map(\.description) == [theme + "/pages/story.md:1:3: error: Liquid error: unknown filter 'no_such_filter' (rendering north/stories/slow-down/index.html)"])
    }

    @Test("--only builds only the named neighborhoods")
    func only() {
        var files = SiteFixture.north
        for (k, v) in SiteFixture.north where k.hasPrefix("neighborhoods/north/neighborhood.md") || k.hasSuffix("boundary.geojson") {
            files[k.replacingOccurrences(of: "/north/", with: "/south/")] = v
        }
        let f = SiteFixture(files)
        #expect(f.build(only: ["south"]).succeeded)
        #expect(f.file("south/index.html") != nil)
        #expect(f.file("north/index.html") == nil)
        #expect(f.build(only: ["west"]).diagnostics.first?.message == "no neighborhood 'west'; expected one of 'north' or 'south'")
    }

    @Test("the output may not be the content folder or hold it")
    func outputGuard() {
        let f = SiteFixture()
        #expect(f.build(out: f.content).diagnostics.first?.message == "the output folder may not be the content folder or hold it; choose another --out")
        #expect(f.build(out: f.base).diagnostics.first?.message == "the output folder may not be the content folder or hold it; choose another --out")
        #expect(FileManager.default.fileExists(atPath: f.content + "/site.yml"))
    }

    @Test("with a base URL the sitemap lists every page and feeds use absolute links")
    func baseURL() {
        let f = SiteFixture()
        _ = f.build(baseURL: "https://digest.example.org/")
        let sitemap = f.file("north/sitemap.xml") ?? ""
        #expect(sitemap.contains("<loc>https://digest.example.org/north/stories/slow-down/index.html</loc>"))
        #expect(!sitemap.contains("404.html"))
        #expect((f.file("north/feed.xml") ?? "").contains("<id>https://digest.example.org/north/stories/slow-down/index.html</id>"))
    }
}

@Suite("Maps on the built pages")
struct BuiltMapTests {
    /// The `href`s of the marks inside a page's inline map.
    /// The links of the page's map, which its drawing for phones must share.
    func mapLinks(_ html: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String] {
        var drawings: [[String]] = []
        var rest = html[...]
        while let start = rest.range(of: "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"map"),
              let end = rest.range(of: "</svg>", range: start.upperBound..<rest.endIndex) {
            // The ground under the marks (a picture each drawing has its own of) is not a link.
            let links = LinkChecker.links(in: String(rest[start.lowerBound..<end.upperBound]))
            drawings.append(links.filter { !$0.contains("/assets/map-ground-") && !$0.contains("/assets/locator-ground") }.sorted())
            rest = rest[end.upperBound...]
        }
        #expect(drawings.count == 2, "a page's map comes in two drawings, wide and narrow", sourceLocation: sourceLocation)
        #expect(Set(drawings).count <= 1, "both drawings link the same reports", sourceLocation: sourceLocation)
        return drawings.first ?? []
    }

    @Test("a group's link opens a list of exactly its reports, newest first; on a map of thousands, each group lists its newest and counts the rest")
    func groupListsItsReports() throws {
        var files = SiteFixture.north
        let rows = (1...40).map { i in "g\(i),speeding,Corner of A and B,42.05,-83.15,2026-10-\(String(format: "%02d", i % 28 + 1)),published,Report \(i)." }
        files["neighborhoods/north/observations.csv"] = "id,category,location,lat,lon,observed,status,description\n" + rows.joined(separator: "\n") + "\n"
        files["neighborhoods/north/stories/slow-down.md"] = "---\ntitle: Slow down\nstatus: published\ndate: 2026-11-26\nobservations: [g1]\n---\nText.\n"
        files["neighborhoods/north/stories/draft-one.md"] = nil
        let f = SiteFixture(files)
        #expect(!f.build().diagnostics.hasErrors)
        let home = try #require(f.file("north/index.html"))
        let group = try #require(home.components(separatedBy: "<section class=\"map-group\"").dropFirst().first { $0.contains("40 reports") })
        let items = group.components(separatedBy: "<li class=\"obs\">").dropFirst()
        #expect(items.count == 40)
        #expect(!group.contains("map-group-more"))
        // Newest first: g27 (October 28) leads, g28 (October 1) closes.
        #expect(items.first?.contains("observations/g27/index.html") == true)
        #expect(items.last?.contains("observations/g28/index.html") == true)
        // 200,000 reports in 496 groups: one each, about 500 on the page; 202 in 21 groups: all.
        #expect(ViewModels.groupListLimit(groups: 496, reports: 200_000) == 1)
        #expect(ViewModels.groupListLimit(groups: 21, reports: 202) == 202)
        #expect(ViewModels.groupListLimit(groups: 4, reports: 1_200) == 150)
    }

    @Test("a story map links exactly the story's published observations")
    func storyMap() {
        let f = SiteFixture()
        _ = f.build()
        let links = mapLinks(f.file("north/stories/slow-down/index.html") ?? "")
        #expect(links.sorted() == ["../../observations/o1/index.html", "../../observations/o3/index.html"])
    }

    @Test("a digest map links exactly that week's observations")
    func digestMap() {
        let f = SiteFixture()
        _ = f.build()
        #expect(mapLinks(f.file("north/digest/2026-W45/index.html") ?? "") == ["../../observations/o1/index.html"])
        #expect(mapLinks(f.file("north/digest/2026-W48/index.html") ?? "") == ["../../observations/o3/index.html"])
    }

    @Test("the neighborhood map file links every published observation from the folder's root, overlapping ones as a group")
    func neighborhoodMap() {
        let f = SiteFixture()
        _ = f.build()
        let svg = f.file("north/map.svg") ?? ""
        #expect(svg.hasPrefix("<?xml"))
        // o1 and o4 share a place, so they are one numbered group linking to its list on the home page.
        #expect(LinkChecker.links(in: svg).sorted() == ["./index.html#map-g1", "./observations/o2/index.html", "./observations/o3/index.html"])
        #expect(svg.contains("<title>2 reports in North End: 2 Speeding</title>"), "\(svg)")
        // That list holds exactly those two reports, newest first, under a heading, with a way back to the map.
        let home = f.file("north/index.html") ?? ""
        let group = home.components(separatedBy: "<section class=\"map-group\" id=\"map-g1\"").dropFirst().first?.components(separatedBy: "</section>").first ?? ""
        #expect(group.contains("<h3 id=\"map-g1-h\"><bdi>2 reports in North End</bdi></h3>"), "\(group)")
        #expect(group.contains("href=\"#map\""))
        let reports = LinkChecker.links(in: group).filter { $0.contains("observations/") }
        #expect(reports.sorted() == ["./observations/o1/index.html", "./observations/o4/index.html"], "\(group)")
    }

    @Test("a point far outside the boundary is listed but left off the map")
    func farPoint() {
        var files = SiteFixture.north
        files["neighborhoods/north/observations.csv"] = "id,category,location,lat,lon,observed\nin,speeding,In,42.05,-83.15,2026-11-02\nfar,speeding,Far,45.05,-83.15,2026-11-02\n"
        files["neighborhoods/north/stories/slow-down.md"] = "---\ntitle: S\nstatus: published\ndate: 2026-11-26\nobservations: [in, far]\n---\n"
        files["neighborhoods/north/stories/draft-one.md"] = "---\ntitle: D\n---\n"
        let f = SiteFixture(files)
        let report = f.build()
        #expect(report.diagnostics.contains { $0.message.contains("observation 'far' at lat 45.05") })
        #expect(f.file("north/observations/far/index.html") != nil)
        #expect(mapLinks(f.file("north/stories/slow-down/index.html") ?? "") == ["../../observations/in/index.html"])
    }
}

@Suite("The file system")
struct FileSystemTests {
    /// Makes a folder unwritable even for root (`chattr +i`), or by mode for other users.
    func lock(_ path: String, _ locked: Bool) {
        let p = Process()
        if getuid() == 0 {
            p.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
            p.arguments = [locked ? "+i" : "-i", path]
        } else {
            p.executableURL = URL(fileURLWithPath: "/bin/chmod")
            p.arguments = [locked ? "0555" : "0755", path]
        }
        try? p.run()
        p.waitUntilExit()
    }

    @Test("a build that cannot write (a full disk, simulated by an unwritable folder) leaves the previous output as it was")
    func unwritable() {
        let f = SiteFixture()
        #expect(f.build().succeeded)
        let before = SiteFixture.snapshot(f.out)
        f.write("neighborhoods/north/events/extra.md", "---\ntitle: Extra\nstart: 2026-12-01 18:00\n---\n")
        lock(f.out, true)
        defer { lock(f.out, false) }
        let report = f.build()
        #expect(!report.succeeded)
        let errors = report.diagnostics.filter(\.isError)
        // The first file a rebuild writes: the marker that says the manifest is pending.
        #expect(errors.map(\.location.path) == [f.out + "/.commonsight-manifest.pending"], "\(report.diagnostics)")
        #expect(errors.first?.message.hasPrefix("cannot write the manifest: ") == true)
        #expect(SiteFixture.snapshot(f.out) == before)
    }

    @Test("building never modifies the content folder")
    func contentUntouched() {
        let f = SiteFixture()
        let before = SiteFixture.snapshot(f.content)
        _ = f.build(drafts: true, baseURL: "https://example.org/")
        #expect(SiteFixture.snapshot(f.content) == before)
    }
}

@Suite("Print and share")
struct PrintAndShareTests {
    @Test("with a base URL, flyers carry a QR code, e-mails link absolutely and stories have share cards")
    func withBaseURL() {
        let f = SiteFixture()
        let report = f.build(baseURL: "https://digest.example.org/")
        #expect(!report.diagnostics.contains { $0.message.hasPrefix("no base_url") })
        let flyer = f.file("north/stories/slow-down/flyer.html") ?? ""
        #expect(flyer.contains("class=\"qr\""))
        // Printed and scanned addresses end at the folder; links between pages keep naming the file.
        // (It may wrap only after its punctuation: `<wbr>` marks where.)
        let printed = flyer.replacingOccurrences(of: "<wbr>", with: "")
        #expect(printed.contains("https://digest.example.org/north/stories/slow-down/<"))
        #expect(!printed.contains("https://digest.example.org/north/stories/slow-down/index.html"))
        #expect(flyer.contains("slow-<wbr>down/<wbr>"))
        let email = f.file("north/digest/2026-W48/email.html") ?? ""
        #expect(!email.contains("<svg") && !email.contains("<script"))
        #expect(LinkChecker.links(in: email).allSatisfy { $0.hasPrefix("https://digest.example.org/north/") })
        #expect((f.file("north/digest/2026-W48/email.txt") ?? "").contains("Slow down on Main"))
        #expect((f.file("north/stories/slow-down/card.svg") ?? "").contains("width=\"1200\" height=\"630\""))
        let page = f.file("north/stories/slow-down/index.html") ?? ""
        #expect(page.contains("<meta property=\"og:image\" content=\"https://digest.example.org/north/stories/slow-down/card.png\">"))
        #expect(page.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"))
    }

    @Test("without a base URL, flyers have no QR code and the build warns once")
    func withoutBaseURL() {
        let f = SiteFixture()
        let report = f.build()
        #expect(report.succeeded)
        #expect(report.diagnostics.filter { $0.message.hasPrefix("no base_url") }.count == 1)
        #expect(!(f.file("north/stories/slow-down/flyer.html") ?? "").contains("class=\"qr\""))
        #expect(!(f.file("north/stories/slow-down/index.html") ?? "").contains("og:image"))
        #expect((f.file("north/stories/slow-down/index.html") ?? "").contains("<meta name=\"twitter:card\" content=\"summary\">"))
    }

    @Test("a long story is shortened on its flyer, which says where to read the rest")
    func shortened() {
        var files = SiteFixture.north
        let long = (1...40).map { "Paragraph \($0): residents saw cars speed past the school again and again, every morning of the week." }.joined(separator: "\n\n")
        files["neighborhoods/north/stories/slow-down.md"] = "---\ntitle: Long\nstatus: published\ndate: 2026-11-26\n---\n" + long + "\n"
        let f = SiteFixture(files)
        _ = f.build(baseURL: "https://digest.example.org/")
        let flyer = f.file("north/stories/slow-down/flyer.html") ?? ""
        #expect(flyer.contains("Paragraph 1:"))
        #expect(!flyer.contains("Paragraph 40:"))
        #expect(flyer.replacingOccurrences(of: "<wbr>", with: "").contains("The story goes on: scan the code or visit <bdi dir=\"ltr\">https://digest.example.org/north/stories/slow-down/</bdi><"))
        #expect((f.file("north/stories/slow-down/index.html") ?? "").contains("Paragraph 40:"))
    }
}
