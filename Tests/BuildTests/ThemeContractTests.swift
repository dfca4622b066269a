import Assembly
@testable import Build
import CivilTime
import Foundation
import Liquid
@testable import Loading
@testable import Pages
@testable import Rendering
@testable import Themes
@testable import Words
@testable import Products
import Testing

/// docs/theme.md is the contract between the program and theme authors: every page kind and every
/// variable a template can see must be written there, so that the two cannot drift apart.
@Suite("The theme contract in docs/theme.md")
struct ThemeContractTests {
    static let docs = (try? String(contentsOfFile: SiteFixture.packageRoot + "/docs/theme.md", encoding: .utf8)) ?? ""

    /// Every `name` written in backticks in the document.
    static var documented: Set<String> {
        var names = Set<String>()
        for part in docs.split(separator: "`").enumerated() where part.offset % 2 == 1 {
            for word in part.element.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) { names.insert(String(word)) }
        }
        return names
    }

    /// The variables each page kind's templates see, as they are for the fixture built with drafts and a base URL.
    static func variablesByKind() throws -> [String: Object] {
        let f = SiteFixture()
        let (content, diagnostics) = ContentLoader.load(root: f.content)
        guard let content else { throw ContractError.load("\(diagnostics)") }
        let options = BuildOptions(today: CivilDate(unchecked: 2026, 11, 29), includeDrafts: true, baseURL: "https://example.org/")
        let site = Assembler.assemble(content, options: options)
        let (theme, _) = Theme.load(root: SiteFixture.theme)
        guard let theme, let hood = site.neighborhoods.first else { throw ContractError.load("no theme or neighborhood") }
        let renderer = PageRenderer(theme: theme, shared: SiteValues(theme: theme, site: site.settings, options: options, now: site.now))
        let models = ViewModels(site: site.settings, hood: hood, options: options, language: renderer.language)
        var out: [String: Object] = [:]
        for job in SitePages(models: models).jobs() + [Prepare.indexJob(site, listed: [ListedNeighborhood(slug: "north", name: "North End", activity: hood.activity), ListedNeighborhood(slug: "south", name: "South", activity: nil)], theme: theme)] where job.isPage {
            var data = renderer.renderVariables(job, root: renderer.root(job))
            data["content"] = .safe("")
            if let old = out[job.kind.name] { old.forEach { k, v in if data[k] == nil { data[k] = v } } }
            out[job.kind.name] = data
        }
        return out
    }

    enum ContractError: Error { case load(String) }

    /// Every key of every object, however deep.
    static func keys(_ v: Value, into names: inout Set<String>) {
        switch v {
        case .object(let o): o.forEach { k, item in names.insert(k); keys(item, into: &names) }
        case .array(let a): for item in a { keys(item, into: &names) }
        default: break
        }
    }

    @Test("the document's table of page kinds is the program's registry")
    func pageKinds() {
        let start = "<!-- page kinds: made from PageKind.all -->\n", end = "\n<!-- end of page kinds -->"
        let written = Self.docs.range(of: start).flatMap { a in Self.docs.range(of: end, range: a.upperBound..<Self.docs.endIndex).map { Self.docs[a.upperBound..<$0.lowerBound] } }
        #expect(written.map(String.init) == PageKind.table, "docs/theme.md's table of page kinds differs from the program's; paste this between the markers:\n\(PageKind.table)")
    }

    @Test("every page the program makes has a kind of the registry, and each kind's route is where its pages go")
    func routes() throws {
        let f = SiteFixture()
        let content = try #require(ContentLoader.load(root: f.content).0)
        let options = BuildOptions(today: CivilDate(unchecked: 2026, 11, 29), includeDrafts: true, baseURL: "https://example.org/")
        let site = Assembler.assemble(content, options: options)
        let (theme, _) = Theme.load(root: SiteFixture.theme)
        let hood = try #require(site.neighborhoods.first)
        let models = ViewModels(site: site.settings, hood: hood, options: options, language: try #require(theme).language(for: "en"))
        let pages = SitePages(models: models).jobs()
        let jobs = pages + Producers.all.flatMap { $0.jobs(models, pages: pages) }
        for job in jobs {
            #expect(PageKind.all.contains(job.kind))
            // `SLUG`, `ID`, `WEEK` and `N` stand for one piece of a path; the rest is the route as written.
            let patterns = job.kind.route.split(separator: ",").map { $0.split(separator: " ").first.map(String.init) ?? "" }
            let matches = patterns.contains { pattern in
                let want = pattern.split(separator: "/"), have = job.path.split(separator: "/")
                return want.count == have.count && zip(want, have).allSatisfy { w, h in ["SLUG", "ID", "WEEK", "N"].contains(w) || w == h }
            }
            #expect(matches, "\(job.path) is not at the route of '\(job.kind)': \(job.kind.route)")
        }
        #expect(Set(jobs.map(\.kind)) == Set(PageKind.all.filter { $0 != .index && $0 != .report }), "the fixture makes every kind but the dashboard and the report page")
    }

    @Test("`build --skip PART` leaves out exactly the kinds whose row names that part")
    func skippedParts() throws {
        let f = SiteFixture()
        let content = try #require(ContentLoader.load(root: f.content).0)
        let (theme, _) = Theme.load(root: SiteFixture.theme)
        let language = try #require(theme).language(for: "en")
        for part in SiteSection.allCases {
            let options = BuildOptions(today: CivilDate(unchecked: 2026, 11, 29), baseURL: "https://example.org/", skipped: [part])
            let site = Assembler.assemble(content, options: options)
            let models = ViewModels(site: site.settings, hood: try #require(site.neighborhoods.first), options: options, language: language)
            let pages = SitePages(models: models).jobs()
            let kinds = Set((pages + Producers.all.flatMap { $0.jobs(models, pages: pages) }).map(\.kind))
            let left = PageKind.all.filter { $0 != .index && $0 != .report && !kinds.contains($0) }
            // Skipping the digests leaves out their flyers and e-mails too: every one of those is a week's.
            let expected = PageKind.all.filter { $0.part == part || (part == .digests && [.digestFlyer, .email, .emailText].contains($0)) }
            #expect(left == expected, "--skip \(part)")
        }
    }

    /// Where each field a report may have shows to templates (nil: it decides, and shows nowhere).
    static let observationFields: [String: String?] = [
        "id": "id", "category": "category", "location": "location", "lat": "lat", "lon": "lon", "observed": "observed",
        "title": "title", "author": "author", "tags": "tags", "description": "description_html", "source_url": "source_url",
        "status": nil,
    ]

    @Test("every field a report may have reaches the templates' observation, as docs/architecture.md's recipe says")
    func observationFields() throws {
        #expect(Set(Self.observationFields.keys) == Set(ObservationLoader.fieldNames.names),
                "a field was added to ObservationLoader.fieldNames: name the variable that shows it here, and in ViewModels and docs/theme.md")
        let homes = try Self.variablesByKind()
        guard case .object(let report)? = homes["observation"]?["observation"] else {
            Issue.record("the observation page shows no observation")
            return
        }
        for case let (field, variable?) in Self.observationFields {
            #expect(report[variable] != nil, "'\(field)' does not reach the observation value as '\(variable)'")
        }
    }

    @Test("every variable and field a template can see is named in the document")
    func variables() throws {
        var names = Set<String>()
        for (_, data) in try Self.variablesByKind() { Self.keys(.object(data), into: &names) }
        let missing = names.subtracting(Self.documented).sorted()
        #expect(missing == [], "docs/theme.md does not name: \(missing.joined(separator: ", "))")
    }

    @Test("each page kind's own variables are in that kind's row of the document")
    func perKind() throws {
        let common: Set<String> = ["site", "page", "build", "neighborhood", "nav", "alternates", "content", "routes"]
        let perKind = Self.docs.range(of: "## Per kind").map { Self.docs[$0.upperBound...] } ?? ""
        let rows = perKind.split(separator: "\n").filter { $0.hasPrefix("| `") }
        for (kind, data) in try Self.variablesByKind() {
            guard let row = rows.first(where: { $0.hasPrefix("| `\(kind)` |") }) else {
                Issue.record("docs/theme.md has no row for the page kind '\(kind)'")
                continue
            }
            data.forEach { name, _ in
                if !common.contains(name) { #expect(row.contains("`\(name)`"), "the row of '\(kind)' does not name '\(name)'") }
            }
        }
    }
}
