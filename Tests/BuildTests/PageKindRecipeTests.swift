import Assembly
import Diagnostics
import CivilTime
import Foundation
import Liquid
import Loading
import Testing
@testable import Pages
@testable import Rendering
@testable import Themes

/// docs/architecture.md's recipe for a page kind, followed in a test: a template in a theme folder,
/// a row of the registry, and a job that names it make a page, in its layout, with its variables escaped.
@Suite("Adding a page kind, as docs/architecture.md says")
struct PageKindRecipeTests {
    /// Step 2 of the recipe: the kind's row (here made in the test, not added to `PageKind.all`).
    static let thanks = PageKind("thanks", "thanks/index.html", "A page made only by this test.")

    @Test("a theme folder holding only the new kind's template renders it into the built-in layout")
    func newKind() throws {
        // Step 1: its template, in a theme folder that has nothing else but its language file's
        // direction (the built-in theme fills in the rest, templates and words).
        let folder = NSTemporaryDirectory() + "cs-kind-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/pages", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/i18n", withIntermediateDirectories: true)
        try "direction: ltr\n".write(toFile: folder + "/i18n/en.yml", atomically: true, encoding: .utf8)
        try "# Thank you\n\n{{ message }} ({{ page.kind }}, {{ page.section }})\n".write(toFile: folder + "/pages/thanks.md", atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (loaded, diagnostics) = Theme.load(root: folder)
        #expect(!diagnostics.hasErrors, "\(diagnostics)")
        let f = SiteFixture()
        let content = try #require(ContentLoader.load(root: f.content).0)
        let options = BuildOptions(today: CivilDate(unchecked: 2026, 11, 29))
        let site = Assembler.assemble(content, options: options)
        let theme = try #require(loaded)
        let renderer = PageRenderer(theme: theme, shared: SiteValues(theme: theme, site: site.settings, options: options, now: site.now))
        // Step 3: the job that makes it, as `SitePages` would add it.
        let job = PageJob(path: Self.thanks.route, kind: Self.thanks, title: "Thanks", variables: [("message", .string("<b>Thanks</b> & welcome"))],
                          folder: "north/", absoluteRoot: nil)
        let page = String(decoding: try renderer.output(job).get(), as: UTF8.self)
        #expect(page.contains("<h1>Thank you</h1>"))
        #expect(page.contains("&lt;b&gt;Thanks&lt;/b&gt; &amp; welcome (thanks, thanks)"), "its variables are escaped, its kind and section are its row's")
        #expect(page.contains("<html") && page.contains("../assets/site.css"), "the built-in default layout frames it, linking back from its folder")
    }
}
