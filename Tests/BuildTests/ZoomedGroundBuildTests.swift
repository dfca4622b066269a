import Foundation
import Testing
import Themes

@Suite("The grounds under maps of reports, written once per zoom level")
struct ZoomedGroundBuildTests {
    /// The zoom levels' pictures a page's maps show.
    func grounds(in page: String) -> [String] {
        page.components(separatedBy: "<image class=\"ground\" href=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
            .filter { $0.contains("map-ground-") }
    }

    @Test("a story's map is a window of a zoom level's picture, wide and on phones, and draws no street, park or boundary itself")
    func storyMapIsAWindow() throws {
        let f = SiteFixture()
        #expect(f.build().succeeded)
        let page = try #require(f.file("north/stories/slow-down/index.html"))
        let shown = grounds(in: page)
        #expect(shown.count == 2 && shown[0].hasPrefix("../../assets/map-ground-") && shown[1].hasSuffix("-phone.svg"), "\(shown)")
        #expect(!page.contains("class=\"basemap\"") && !page.contains("class=\"boundary\""))
        for href in shown {
            let svg = try #require(f.file("north/stories/slow-down/" + href), "\(href)")
            #expect(svg.hasPrefix("<?xml") && svg.contains("class=\"boundary\"") && svg.contains("prefers-color-scheme: dark"))
        }
    }

    @Test("OUT holds exactly the levels its pages show, each in the manifest, the same bytes build after build")
    func onlyLevelsShown() throws {
        let f = SiteFixture(SiteFixture.northAndSouth)
        #expect(f.build().succeeded)
        let files = SiteFixture.files(under: f.out)
        var shown = Set<String>()
        for page in files where page.hasSuffix(".html") {
            for href in grounds(in: try #require(f.file(page))) {
                var parts = page.split(separator: "/").dropLast().map(String.init)
                for part in href.split(separator: "/") { if part == ".." { parts.removeLast() } else { parts.append(String(part)) } }
                shown.insert(parts.joined(separator: "/"))
            }
        }
        let written = Set(files.filter { $0.contains("/assets/map-ground-") })
        #expect(!written.isEmpty && written == shown, "written but not shown: \(written.subtracting(shown)); shown but not written: \(shown.subtracting(written))")
        let manifest = try #require(f.file(".commonsight-manifest"))
        for path in written { #expect(manifest.contains("\n" + path + "\t"), "\(path) in the manifest") }
        let again = f.base + "/again"
        #expect(f.build(out: again).succeeded)
        for path in written { #expect(FileManager.default.contents(atPath: again + "/" + path) == FileManager.default.contents(atPath: f.out + "/" + path)) }
    }

    @Test("a theme file named as a zoom level's picture is an error at that file")
    func themeMayNotTakeTheName() throws {
        let f = SiteFixture()
        let theme = f.base + "/theme"
        try FileManager.default.copyItem(atPath: SiteFixture.theme, toPath: theme)
        FileManager.default.createFile(atPath: theme + "/assets/map-ground-2.svg", contents: Data("<svg/>".utf8))
        let report = f.build(templates: theme)
        let errors = report.diagnostics.filter(\.isError)
        #expect(errors.map(\.message) == ["commonsight draws assets/map-ground-2.svg itself (the ground under the maps of reports); give this file another name"])
        #expect(errors.first?.location.path == theme + "/assets/map-ground-2.svg")
    }

    @Test("only a zoom level's own names are the build's, in any case")
    func drawnNames() {
        #expect(Theme.isDrawn("map-ground-3.svg") && Theme.isDrawn("map-ground-12-phone.svg") && Theme.isDrawn("Map-Ground-3.svg"))
        #expect(Theme.isDrawn("locator-ground.svg") && Theme.isDrawn("Locator-Ground-Phone.svg"))
        #expect(!Theme.isDrawn("map-ground-legend.svg") && !Theme.isDrawn("map-ground-.svg") && !Theme.isDrawn("map-ground-3-print.svg"))
    }
}
