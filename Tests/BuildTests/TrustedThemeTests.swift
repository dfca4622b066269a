import Foundation
import Testing
@testable import Build
@testable import Diagnostics
@testable import Fingerprint
@testable import Incremental
@testable import Pages
@testable import Themes

/// A theme the last build of this program parsed whole has each template parsed when first used:
/// a rebuild parses only the templates of the pages it renders.
@Suite("A theme an earlier build parsed whole is parsed as it is used")
struct TrustedThemeTests {
    @Test("trusted or not, a theme has the same fingerprint, templates, words and diagnostics")
    func sameEitherWay() throws {
        var asked: [Fingerprint] = []
        let (eager, told) = Theme.load(root: SiteFixture.theme)
        let (lazy, toldLazily) = Theme.load(root: SiteFixture.theme, trusted: { asked.append($0); return true })
        let e = try #require(eager), l = try #require(lazy)
        #expect(asked == [e.fingerprint], "asked once, with the fingerprint the theme then has")
        #expect(l.fingerprint == e.fingerprint)
        #expect(told.map(\.description) == toldLazily.map(\.description))
        #expect(l.languages.keys.sorted() == e.languages.keys.sorted())
        for kind in PageKind.all {
            #expect(l.hasTextPage(kind.name) == e.hasTextPage(kind.name), "\(kind.name)")
            #expect((l.page(kind.name) == nil) == (e.page(kind.name) == nil), "\(kind.name)")
            #expect(l.layoutFile(for: kind.name) == e.layoutFile(for: kind.name), "\(kind.name)")
        }
        for name in ["story-card", "map", "section-map-page", "no-such-partial"] {
            for markdown in [false, true] {
                #expect((l.partial(name, markdown: markdown) == nil) == (e.partial(name, markdown: markdown) == nil), "\(name)")
            }
        }
        #expect(l.lateFailures.isEmpty)
        let (again, _) = Theme.load(root: SiteFixture.theme, trusted: { _ in false })
        #expect(again?.fingerprint == e.fingerprint)
    }

    @Test("a template that fails when first asked for is missing, and its error is the theme's, at its line and column")
    func lateFailure() throws {
        let dir = NSTemporaryDirectory() + "cs-trusted-theme-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: SiteFixture.theme, toPath: dir)
        try "<p>\n{% if %}</p>\n".write(toFile: dir + "/partials/story-card.liquid", atomically: true, encoding: .utf8)
        let (eager, errors) = Theme.load(root: dir)
        #expect(eager == nil)
        let (lazy, told) = Theme.load(root: dir, trusted: { _ in true })
        let l = try #require(lazy)
        #expect(!told.hasErrors, "not parsed yet: \(told)")
        #expect(l.hasPartial("story-card", markdown: false))
        #expect(l.partial("story-card", markdown: false) == nil)
        #expect(l.partial("story-card", markdown: false) == nil, "asked again, still missing")
        let late = l.lateFailures
        #expect(late.count == 2, "told each time it was asked: \(late)")
        #expect(late.first?.location == SourceLocation(path: dir + "/partials/story-card.liquid", line: 2, column: 1))
        #expect(late.first.map { d in errors.contains(d) } == true, "the error a full parse tells: \(errors)")
    }

    @Test("the render cache vouches for a theme only with this program's key and that theme's fingerprint")
    func vouching() throws {
        let f = SiteFixture()
        #expect(!f.build(shareCards: false, narration: false).diagnostics.hasErrors)
        let folder = try #require(try FileManager.default.contentsOfDirectory(atPath: f.cache).first.map { f.cache + "/" + $0 })
        let theme = try #require(Theme.load(root: SiteFixture.theme).0).fingerprint
        let key = Builder.version + " "
        #expect(RenderCache.vouches(for: theme, key: key, in: folder))
        #expect(!RenderCache.vouches(for: Fingerprint(high: 1, low: 2), key: key, in: folder), "another theme")
        #expect(!RenderCache.vouches(for: theme, key: key + "build-id 0", in: folder), "another program")
        #expect(!RenderCache.vouches(for: theme, key: "0.4.0 unknown", in: folder), "a program that does not know itself")
        #expect(!RenderCache.vouches(for: theme, key: key, in: folder + "/none"), "no cache")
        let file = folder + "/" + RenderCache.fileName
        let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        try bytes.prefix(20).write(to: URL(fileURLWithPath: file))
        #expect(!RenderCache.vouches(for: theme, key: key, in: folder), "cut short")
        try FileManager.default.removeItem(atPath: file)
        #expect(mkfifo(file, 0o600) == 0)
        #expect(!RenderCache.vouches(for: theme, key: key, in: folder), "not a file: never waited on")
    }

    @Test("a rebuild with the theme as it was makes the pages a full build makes, and a template broken since stops it at its place")
    func rebuilds() throws {
        let f = SiteFixture()
        let theme = try f.copyOfTheme()
        #expect(!f.build(templates: theme, shareCards: false, narration: false).diagnostics.hasErrors)
        let reports = f.content + "/neighborhoods/north/observations.csv"
        let text = try String(contentsOfFile: reports, encoding: .utf8)
        try text.replacingOccurrences(of: "Cars fly by.", with: "Cars fly by every night.").write(toFile: reports, atomically: true, encoding: .utf8)
        #expect(!f.build(templates: theme, shareCards: false, narration: false).diagnostics.hasErrors)
        let rebuilt = SiteFixture.files(under: f.out).filter { $0 != ".commonsight-manifest" }.map { ($0, f.file($0)) }
        let fresh = f.base + "/fresh"
        #expect(!f.build(templates: theme, out: fresh, shareCards: false, narration: false).diagnostics.hasErrors)
        #expect(rebuilt.map(\.0) == SiteFixture.files(under: fresh).filter { $0 != ".commonsight-manifest" })
        for (path, bytes) in rebuilt {
            #expect(bytes == FileManager.default.contents(atPath: fresh + "/" + path).map { String(decoding: $0, as: UTF8.self) }, "\(path)")
        }
        try "{% for x in %}\n".write(toFile: theme + "/partials/story-card.liquid", atomically: true, encoding: .utf8)
        let broken = f.build(templates: theme, shareCards: false, narration: false)
        #expect(broken.diagnostics.filter(\.isError).map(\.location.path) == [theme + "/partials/story-card.liquid"], "\(broken.diagnostics)")
    }
}
