import Assembly
@testable import Build
import CivilTime
import Dispatch
import Liquid
@testable import Loading
import Parallelism
@testable import Pages
@testable import Rendering
@testable import Themes
import Testing

@Suite("A neighborhood's own map, drawn once for its home page and its map page")
struct NeighborhoodMapSharingTests {
    @Test("the map page takes the home page's drawing after the batch's drawings are let go, and two are kept at most")
    func mapPageTakesTheHomeDrawing() throws {
        let (renderer, home, mapPage) = try Self.fixture()
        let homeMap = renderer.renderVariables(home, root: renderer.root(home))["map"]
        // Pages go in batches; between them the batch's drawings are let go.
        renderer.forgetDrawings()
        let pageMap = renderer.renderVariables(mapPage, root: renderer.root(mapPage))["map"]
        #expect(renderer.neighborhoodMapsDrawn.load(ordering: .relaxed) == 1, "the map page drew no second one")
        #expect(Self.svg(pageMap) == Self.svg(homeMap) && Self.svg(homeMap) != nil)

        // Other neighborhoods' maps push out the oldest: memory does not grow with the site.
        var other = home
        for folder in ["b/", "c/", "d/"] {
            other.folder = folder
            _ = renderer.renderVariables(other, root: renderer.root(other))
        }
        #expect(renderer.neighborhoodMapsDrawn.load(ordering: .relaxed) == 4)
        #expect(renderer.neighborhoodFigures.value.map { $0.key.prefix(2) } == ["d/", "c/"])
    }

    @Test("pages that ask for it at once, on many threads, get the one drawing")
    func pagesAtOnceShareOneDrawing() throws {
        let (renderer, home, mapPage) = try Self.fixture()
        let maps = Locked<[String?]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            let job = i % 2 == 0 ? home : mapPage
            let svg = Self.svg(renderer.renderVariables(job, root: renderer.root(job))["map"])
            maps.withLock { $0.append(svg) }
        }
        #expect(renderer.neighborhoodMapsDrawn.load(ordering: .relaxed) == 1)
        #expect(Set(maps.value).count == 1 && maps.value.count == 8)
    }

    @Test("the pages take the layout of map.svg, let it go, and draw what they draw alone")
    func pagesTakeTheMapFileLayout() throws {
        let (renderer, home, _) = try Self.fixture()
        let models = try #require(home.models)
        _ = models.neighborhoodMapFile()
        #expect(models.neighborhoodLayouts.value.count == 1)
        let shared = Self.svg(renderer.renderVariables(home, root: renderer.root(home))["map"])
        #expect(models.neighborhoodLayouts.value.isEmpty, "the pages let the layout go")
        // Drawn alone, by models that laid nothing out before.
        let (alone, freshHome, _) = try Self.fixture()
        #expect(shared == Self.svg(alone.renderVariables(freshHome, root: alone.root(freshHome))["map"]) && shared != nil)
        #expect(try #require(freshHome.models).neighborhoodLayouts.value.isEmpty, "without map.svg, the pages keep no layout")
    }

    /// A renderer of the fixture's first neighborhood, with its home page and its map page.
    static func fixture() throws -> (PageRenderer, PageJob, PageJob) {
        let f = SiteFixture()
        let (content, diagnostics) = ContentLoader.load(root: f.content)
        let loaded = try #require(content, "\(diagnostics)")
        let options = BuildOptions(today: CivilDate(unchecked: 2026, 11, 29), includeDrafts: true, baseURL: "https://example.org/")
        let site = Assembler.assemble(loaded, options: options)
        let theme = try #require(Theme.load(root: SiteFixture.theme).0)
        let hood = try #require(site.neighborhoods.first)
        let renderer = PageRenderer(theme: theme, shared: SiteValues(theme: theme, site: site.settings, options: options, now: site.now))
        let models = ViewModels(site: site.settings, hood: hood, options: options, language: renderer.language)
        let jobs = SitePages(models: models).jobs()
        return (renderer, try #require(jobs.first { $0.kind == .home }), try #require(jobs.first { $0.kind == .mapPage }))
    }

    static func svg(_ map: Value?) -> String? {
        guard case .object(let o)? = map, case .safe(let svg)? = o["svg"] else { return nil }
        return svg
    }
}
