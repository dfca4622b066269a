import Build
import Diagnostics
import Foundation
import Incremental
import Parallelism
import Testing

@Suite("Incremental builds")
struct IncrementalBuildTests {
    func build(_ f: SiteFixture, out: String, cache: Bool = true) -> BuildReport {
        var request = BuildRequest(content: f.content, templates: SiteFixture.theme, out: out, cacheFolder: out + "-cache",
                                   date: .parse("2026-11-29"), clock: 0, baseURL: "https://example.org/", jobs: 2)
        request.useCache = cache
        return Builder.build(request)
    }

    @Test("changing one observation re-renders only the pages that show it, with the bytes of a full build")
    func oneChange() {
        let f = SiteFixture()
        let first = build(f, out: f.out)
        #expect(first.rendered == first.pages)
        f.write("neighborhoods/north/observations.csv", (SiteFixture.north["neighborhoods/north/observations.csv"] ?? "").replacingOccurrences(of: "Blocked sidewalk.", with: "Blocked sidewalk again."))
        let second = build(f, out: f.out)
        #expect(second.succeeded)
        #expect(second.rendered > 0 && second.rendered * 3 < second.pages, "\(second.rendered) of \(second.pages) pages rendered")
        let full = build(f, out: f.base + "/full", cache: false)
        #expect(full.rendered == full.pages)
        #expect(SiteFixture.snapshot(f.out) == SiteFixture.snapshot(f.base + "/full"))
        #expect((f.file("north/observations/o2/index.html") ?? "").contains("Blocked sidewalk again."))
    }

    @Test("a report's new words reach every page whose map lists it, though nothing else there shows it")
    func wordsUnderMaps() {
        let f = SiteFixture()
        #expect(build(f, out: f.out).succeeded)
        // o1 is the oldest report: the home and map pages show it only in the lists under their maps.
        let home = f.file("north/index.html") ?? "", map = f.file("north/map.html") ?? ""
        #expect(home.contains("Cars fly by.") && map.contains("Cars fly by."))
        f.write("neighborhoods/north/observations.csv", (SiteFixture.north["neighborhoods/north/observations.csv"] ?? "").replacingOccurrences(of: "Cars fly by.", with: "Cars slow down now."))
        #expect(build(f, out: f.out).succeeded)
        for page in ["north/index.html", "north/map.html", "north/observations/o1/index.html"] {
            let text = f.file(page) ?? ""
            #expect(text.contains("Cars slow down now.") && !text.contains("Cars fly by."), "\(page) still shows the old words")
        }
        #expect(build(f, out: f.base + "/full", cache: false).succeeded)
        #expect(SiteFixture.snapshot(f.out) == SiteFixture.snapshot(f.base + "/full"))
    }

    @Test("a report the lists under a map do not show leaves that page's inputs as they were; one they show changes them")
    func wordsNotUnderMaps() throws {
        let csv = (SiteFixture.north["neighborhoods/north/observations.csv"] ?? "")
            .replacingOccurrences(of: "o2,illegal-parking", with: "o9,speeding,Far corner,42.095,-83.195,2026-11-03,published,Alone out here.\no2,illegal-parking")
        var files = SiteFixture.north
        files["neighborhoods/north/observations.csv"] = csv
        let f = SiteFixture(files)
        func mapPage() throws -> RenderCache.PageEntry {
            var cache = try #require(RenderCache.read(f.out + "-cache"))
            cache.readPages()
            return try #require(cache.pages["north/map.html"])
        }
        #expect(build(f, out: f.out).succeeded)
        let first = try mapPage()
        // o9 stands alone in a corner: the map draws it, and lists only the group o1 is in.
        let page = f.file("north/map.html") ?? ""
        #expect(page.contains("observations/o9/") && !page.contains("Alone out here."), "the map draws o9, and nothing there shows its words")
        #expect(first.listed.contains("o1") && !first.listed.contains("o9"), "listed: \(first.listed)")
        f.write("neighborhoods/north/observations.csv", csv.replacingOccurrences(of: "Alone out here.", with: "Still alone."))
        #expect(build(f, out: f.out).succeeded)
        #expect(try mapPage().input == first.input, "o9's words are nowhere on the map page")
        #expect((f.file("north/observations/o9/index.html") ?? "").contains("Still alone."))
        f.write("neighborhoods/north/observations.csv", csv.replacingOccurrences(of: "Cars fly by.", with: "Cars slow down now."))
        #expect(build(f, out: f.out).succeeded)
        #expect(try mapPage().input != first.input, "o1's words are in the list under the map")
        #expect((f.file("north/map.html") ?? "").contains("Cars slow down now."))
        #expect(build(f, out: f.base + "/full", cache: false).succeeded)
        #expect(SiteFixture.snapshot(f.out) == SiteFixture.snapshot(f.base + "/full"))
    }

    @Test("map.svg keeps its record when only a report's words change, and is drawn again for a moved mark, a new category or its words; each result equals a full build")
    func mapFileDrawnAgainOnlyForItsInputs() throws {
        let f = SiteFixture()
        let theme = try f.copyOfTheme()
        func mapFile() throws -> RenderCache.PageEntry {
            var cache = try #require(RenderCache.read(f.out + "-cache"))
            cache.readPages()
            return try #require(cache.pages["north/map.svg"], "map.svg has no record")
        }
        func rebuild(_ step: String) throws {
            let report = build(f, theme: theme, out: f.out)
            #expect(report.succeeded, "\(step): \(report.diagnostics)")
            let full = f.base + "/full-" + step
            #expect(build(f, theme: theme, out: full, cache: false).succeeded)
            #expect(SiteFixture.snapshot(f.out) == SiteFixture.snapshot(full), "after \(step), OUT is not a full build's")
        }
        var csv = SiteFixture.north["neighborhoods/north/observations.csv"] ?? ""
        func edit(_ from: String, _ to: String) {
            #expect(csv.contains(from), "\(from)")
            csv = csv.replacingOccurrences(of: from, with: to)
            f.write("neighborhoods/north/observations.csv", csv)
        }
        #expect(build(f, theme: theme, out: f.out).succeeded)
        let first = try mapFile()
        var svg = f.file("north/map.svg") ?? ""
        #expect(svg.contains("Map of North End"))

        edit("Cars fly by.", "Cars slow down now.")
        try rebuild("words")
        #expect(try mapFile() == first, "a report's words are not on map.svg")
        #expect((f.file("north/observations/o1/index.html") ?? "").contains("Cars slow down now."))

        edit("o2,illegal-parking,Near the park,42.06,-83.14", "o2,illegal-parking,Near the park,42.07,-83.13")
        try rebuild("moved")
        let moved = try mapFile()
        #expect(moved.input != first.input && moved.output != first.output, "a moved report moves its mark")
        svg = f.file("north/map.svg") ?? ""

        edit("o3,speeding,Main street", "o3,illegal-parking,Main street")
        try rebuild("category")
        #expect(try mapFile().output != moved.output, "a report of another category has another mark")
        svg = f.file("north/map.svg") ?? ""

        let words = theme + "/i18n/en.yml"
        let text = try String(contentsOfFile: words, encoding: .utf8)
        // A park with a hole cut in it: the ground under every map changes.
        let park = { (hole: String) in """
        {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"name": "Oak Park"}, "geometry": {"type": "Polygon",
        "coordinates": [[[-83.19, 42.01], [-83.11, 42.01], [-83.11, 42.09], [-83.19, 42.09], [-83.19, 42.01]]\(hole)]}}]}
        """ }
        f.write("neighborhoods/north/basemap.geojson", park(""))
        try rebuild("park")
        let whole = try mapFile()
        f.write("neighborhoods/north/basemap.geojson", park(", [[-83.16, 42.04], [-83.14, 42.04], [-83.14, 42.06], [-83.16, 42.04]]"))
        try rebuild("hole")
        #expect(try mapFile().output != whole.output, "the hole is drawn")

        // Words the map draws that are not in its inputs: only the language file's record tells them.
        try text.replacingOccurrences(of: "default_map_attribution: Drawn from this site's data", with: "default_map_attribution: Drawn by neighbors")
            .write(toFile: words, atomically: true, encoding: .utf8)
        try rebuild("language")
        #expect((f.file("north/map.svg") ?? "").contains("Drawn by neighbors") && svg.contains("Drawn from this site"))
    }

    @Test("of two builds begun at once into one folder, the one that waits takes what the other made: it renders nothing")
    func twoAtOnce() {
        let f = SiteFixture()
        let reports = Locked<[BuildReport]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            let report = build(f, out: f.out)
            reports.withLock { $0.append(report) }
        }
        let both = reports.value.sorted { $0.rendered > $1.rendered }
        #expect(both.count == 2 && both.allSatisfy(\.succeeded))
        #expect(both.first.map { $0.rendered == $0.pages } == true, "the first renders every page")
        #expect(both.last?.rendered == 0, "the second found the first's cache once it held the folder: \(both.map(\.rendered))")
    }

    @Test("--only keeps what the last build knew of the neighborhoods it leaves as they are, even after another was removed")
    func onlyKeepsTheOthers() throws {
        var files = SiteFixture.northAndSouth
        for (k, v) in SiteFixture.north where k.hasPrefix("neighborhoods/north/") {
            files[k.replacingOccurrences(of: "/north/", with: "/west/")] = v.replacingOccurrences(of: "North End", with: "West End")
        }
        let f = SiteFixture(files)
        func build(only: Set<String>? = nil) -> BuildReport {
            var request = BuildRequest(content: f.content, templates: SiteFixture.theme, out: f.out, cacheFolder: f.out + "-cache", only: only,
                                       date: .parse("2026-11-29"), clock: 0, baseURL: "https://example.org/", jobs: 2)
            request.shareCards = false
            return Builder.build(request)
        }
        #expect(build().succeeded)
        try FileManager.default.removeItem(atPath: f.content + "/neighborhoods/west")
        let only = build(only: ["south"])
        #expect(only.succeeded && only.rendered > 0, "the top index lists one neighborhood fewer: the cache is saved")
        let all = build()
        #expect(all.succeeded)
        #expect(all.rendered <= 1, "north, untouched by --only, is still known to the cache: \(all.rendered) of \(all.pages) pages rendered")
    }

    @Test("a neighborhood whose files did not change is reused whole; the result equals a full build")
    func wholeNeighborhood() {
        let files = SiteFixture.northAndSouth
        let f = SiteFixture(files)
        let first = build(f, out: f.out)
        f.write("neighborhoods/south/observations.csv", (files["neighborhoods/south/observations.csv"] ?? "") + "o9,speeding,New,42.05,-83.15,2026-11-27,published,New one.\n")
        let second = build(f, out: f.out)
        #expect(second.succeeded, "\(second.diagnostics)")
        // Only the south pages and the top index can change: the north half is reused whole.
        #expect(second.rendered > 0 && second.rendered <= second.pages / 2 + 1, "\(second.rendered) of \(second.pages)")
        #expect(second.pages == first.pages + 1)
        _ = build(f, out: f.base + "/full", cache: false)
        #expect(SiteFixture.snapshot(f.out) == SiteFixture.snapshot(f.base + "/full"))
        #expect(f.file("south/observations/o9/index.html") != nil && f.file("north/observations/o9/index.html") == nil)
    }

    @Test("a static file in a neighborhood's folder leaves it taken whole, and once removed is deleted; each result equals a full build")
    func staticFileInsideNeighborhood() {
        let files = SiteFixture.northAndSouth
        let f = SiteFixture(files)
        f.write("static/north/leaflet.txt", "print me")
        /// The pages a build renders or looks at again: the neighborhoods taken whole have none.
        func jobs() -> (BuildReport, Int) {
            let total = Locked(0)
            var request = BuildRequest(content: f.content, templates: SiteFixture.theme, out: f.out, cacheFolder: f.out + "-cache",
                                       date: .parse("2026-11-29"), clock: 0, baseURL: "https://example.org/", jobs: 2)
            request.stages = { event in if case .counted("Rendering pages", _, let n) = event { total.withLock { $0 = max($0, n) } } }
            return (Builder.build(request), total.value)
        }
        _ = jobs()
        f.write("neighborhoods/south/observations.csv", (files["neighborhoods/south/observations.csv"] ?? "") + "o9,speeding,New,42.05,-83.15,2026-11-27,published,New one.\n")
        let (second, looked) = jobs()
        #expect(second.succeeded, "\(second.diagnostics)")
        #expect(looked > 0 && looked <= second.pages / 2 + 1, "north, with its static file, is taken whole: \(looked) of \(second.pages) pages looked at")
        #expect(f.file("north/leaflet.txt") == "print me")
        try? FileManager.default.removeItem(atPath: f.content + "/static/north/leaflet.txt")
        let (third, _) = jobs()
        #expect(third.succeeded && third.deleted == 1)
        _ = build(f, out: f.base + "/full", cache: false)
        #expect(SiteFixture.snapshot(f.out) == SiteFixture.snapshot(f.base + "/full"))
    }

    @Test("a build with nothing changed renders and writes nothing")
    func noChange() {
        let f = SiteFixture()
        _ = build(f, out: f.out)
        let again = build(f, out: f.out)
        #expect(again.rendered == 0)
        let third = build(f, out: f.out)
        #expect(third.rendered == 0 && third.written == 0)
    }

    @Test("an output changed by hand is noticed and rebuilt in full")
    func changedByHand() throws {
        let f = SiteFixture()
        _ = build(f, out: f.out)
        _ = build(f, out: f.out)
        try "tampered".write(toFile: f.out + "/north/observations/o1/index.html", atomically: true, encoding: .utf8)
        f.write("neighborhoods/north/events/extra.md", "---\ntitle: Extra\nstart: 2026-12-01 18:00\n---\n")
        let report = build(f, out: f.out)
        #expect(report.succeeded, "\(report.diagnostics)")
        _ = build(f, out: f.base + "/full", cache: false)
        #expect(SiteFixture.snapshot(f.out) == SiteFixture.snapshot(f.base + "/full"))
    }

    /// A build with the theme at `theme`, into `out`.
    func build(_ f: SiteFixture, theme: String, out: String, cache: Bool = true) -> BuildReport {
        var request = BuildRequest(content: f.content, templates: theme, out: out, cacheFolder: out + "-cache",
                                   date: .parse("2026-11-29"), clock: 0, baseURL: "https://example.org/", jobs: 2)
        request.useCache = cache
        return Builder.build(request)
    }

    @Test("a changed partial re-renders only the pages that include it, with the bytes of a full build")
    func partialChange() throws {
        let f = SiteFixture()
        let theme = try f.copyOfTheme()
        let first = build(f, theme: theme, out: f.out)
        #expect(first.succeeded, "\(first.diagnostics)")
        let card = theme + "/partials/story-card.liquid"
        try (String(contentsOfFile: card, encoding: .utf8) + "<!-- card edited -->\n").write(toFile: card, atomically: true, encoding: .utf8)
        let second = build(f, theme: theme, out: f.out)
        #expect(second.succeeded)
        let showing = SiteFixture.files(under: f.out).filter { ($0.hasSuffix(".html")) && (f.file($0) ?? "").contains("story-card") }
        #expect(!showing.isEmpty && second.rendered >= showing.count && second.rendered * 2 < second.pages, "\(second.rendered) of \(second.pages) rendered, \(showing.count) show a card")
        for path in showing { #expect((f.file(path) ?? "").contains("<!-- card edited -->"), "\(path)") }
        _ = build(f, theme: theme, out: f.base + "/full", cache: false)
        #expect(SiteFixture.snapshot(f.out) == SiteFixture.snapshot(f.base + "/full"))
    }

    @Test("a changed page template, layout, language file or stylesheet reaches every page that uses it; each result equals a full build")
    func themeChanges() throws {
        var files = SiteFixture.north
        files["neighborhoods/north/neighborhood.md"] = "---\nname: North End\nlanguages: [en, es]\n---\nAbout North End.\n"
        let f = SiteFixture(files)
        let theme = try f.copyOfTheme()
        _ = build(f, theme: theme, out: f.out)
        let edits: [(file: String, from: String, to: String, shows: String, in: String)] = [
            ("pages/story.md", "{{", "EDIT-STORY {{", "EDIT-STORY", "north/stories/slow-down/index.html"),
            ("layouts/default.html", "<main id=\"main\" class=\"wrap\">", "<main id=\"main\" class=\"wrap\"><!-- EDIT-LAYOUT -->", "EDIT-LAYOUT", "north/es/observations/o1/index.html"),
            ("i18n/es.yml", "Reportes", "Reportes-EDIT", "Reportes-EDIT", "north/es/index.html"),
            ("assets/site.css", ":root {", ":root { /* EDIT-CSS */", "EDIT-CSS", "north/404.html"),
        ]
        for (i, edit) in edits.enumerated() {
            let path = theme + "/" + edit.file
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains(edit.from), "\(edit.file)")
            try text.replacingOccurrences(of: edit.from, with: edit.to).write(toFile: path, atomically: true, encoding: .utf8)
            let report = build(f, theme: theme, out: f.out)
            #expect(report.succeeded, "\(report.diagnostics)")
            #expect((f.file(edit.in) ?? "").contains(edit.shows), "\(edit.file) -> \(edit.in)")
            let full = f.base + "/full\(i)"
            _ = build(f, theme: theme, out: full, cache: false)
            #expect(SiteFixture.snapshot(f.out) == SiteFixture.snapshot(full), "after \(edit.file)")
        }
        // English pages use no Spanish words: the Spanish edit left them as they were.
        #expect(!(f.file("north/index.html") ?? "").contains("Reportes-EDIT"))
    }
}
