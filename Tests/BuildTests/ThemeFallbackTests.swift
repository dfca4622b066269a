import Foundation
import Testing
@testable import Pages
@testable import Rendering
@testable import Themes
@testable import Words

/// A theme folder made for an earlier version keeps building: what it lacks of the built-in theme's
/// templates and words is taken from the built-in theme, and its own files always win.
@Suite("A custom theme falls back to the built-in one")
struct ThemeFallbackTests {
    /// A copy of the default theme, with `remove` deleted and `edit` applied to files by path.
    func customTheme(removing remove: [String], edit: [String: (String) -> String] = [:]) throws -> String {
        let dir = NSTemporaryDirectory() + "cs-theme-" + UUID().uuidString
        try FileManager.default.copyItem(atPath: SiteFixture.theme, toPath: dir)
        for path in remove { try FileManager.default.removeItem(atPath: dir + "/" + path) }
        for (path, change) in edit {
            let text = try String(contentsOfFile: dir + "/" + path, encoding: .utf8)
            try change(text).write(toFile: dir + "/" + path, atomically: true, encoding: .utf8)
        }
        return dir
    }

    /// `text` without the line that defines `key`.
    func dropping(_ key: String) -> (String) -> String {
        { text in text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("  \(key):") }.joined(separator: "\n") }
    }

    @Test("a theme without the map page, its partial and this round's words builds, the map page made from the built-in templates")
    func missingKindAndWords() throws {
        let theme = try customTheme(removing: ["pages/map-page.md", "partials/section-map-page.liquid"],
                                    edit: ["i18n/en.yml": { self.dropping("title_report")(self.dropping("map_back_home")($0)) }])
        let f = SiteFixture()
        let report = f.build(templates: theme, shareCards: false, narration: false)
        #expect(!report.diagnostics.hasErrors, "\(report.diagnostics)")
        let map = try #require(f.file("north/map.html"))
        #expect(map.contains("Back to North End"), "the built-in words fill the key the theme's en.yml lacks")
    }

    @Test("a theme asset named as a file the build draws is an error at that file, and OUT is left as it was")
    func drawnAssetNameIsRefused() throws {
        let theme = try customTheme(removing: [])
        try "<svg xmlns=\"http://www.w3.org/2000/svg\"/>".write(toFile: theme + "/assets/locator-ground.svg", atomically: true, encoding: .utf8)
        let f = SiteFixture()
        let report = f.build(templates: theme, shareCards: false, narration: false)
        let errors = report.diagnostics.filter(\.isError)
        #expect(errors.count == 1, "\(report.diagnostics)")
        #expect(errors.first?.location.path == theme + "/assets/locator-ground.svg")
        #expect(errors.first?.message.contains("give this file another name") == true)
        #expect(f.file("north/index.html") == nil)
    }

    @Test("the theme's own page template wins over the built-in one")
    func ownFileWins() throws {
        let theme = try customTheme(removing: [], edit: ["pages/map-page.md": { _ in "OWN-MAP-PAGE {{ neighborhood.name }}\n" }])
        let f = SiteFixture()
        #expect(!f.build(templates: theme, shareCards: false, narration: false).diagnostics.hasErrors)
        #expect(f.file("north/map.html")?.contains("OWN-MAP-PAGE North End") == true)
    }

    @Test("a language the built-in theme lacks gets no English: a key a built-in template uses is a warning naming both files, one of the theme's own an error")
    func otherLanguagesAreNotFilled() throws {
        let theme = try customTheme(removing: ["partials/section-map-page.liquid"], edit: [:])
        let en = try String(contentsOfFile: theme + "/i18n/en.yml", encoding: .utf8)
        try dropping("map_download")(en).write(toFile: theme + "/i18n/fr.yml", atomically: true, encoding: .utf8)
        let (loaded, diagnostics) = Theme.load(root: theme)
        #expect(loaded != nil, "\(diagnostics.filter(\.isError))")
        let missing = diagnostics.filter { $0.message.contains("missing key 'map_download' in \(theme)/i18n/fr.yml") }
        #expect(missing.count == 1, "\(diagnostics)")
        #expect(missing.first?.isError == false)
        #expect(missing.first?.location.path == Theme.builtIn + "/partials/section-map-page.liquid")
        // The same key missing for a template of the theme's own stops the build.
        try dropping("map_back")(en).write(toFile: theme + "/i18n/fr.yml", atomically: true, encoding: .utf8)
        let (stopped, errors) = Theme.load(root: theme)
        #expect(stopped == nil)
        #expect(errors.contains { $0.isError && $0.message == "missing key 'map_back' in \(theme)/i18n/fr.yml" && $0.location.path.hasPrefix(theme + "/") })
    }
}
