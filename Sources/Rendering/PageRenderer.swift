import Diagnostics
import Fingerprint
import Foundation
import Liquid
import Markdown
import Pages
import Parallelism
import Synchronization
import Themes
import Words

/// Renders a page: its Markdown template (outputs escaped for Markdown), through cmark-gfm in safe
/// mode, then into its HTML layout (outputs escaped for HTML) as `content`.
/// A class: every page is served by one of a few renderers, which are shared, never copied.
package final class PageRenderer: Sendable {
    package let theme: Theme
    /// The site in this renderer's language: the variables every page shares, the build's moment.
    package let shared: SiteValues
    package var now: Int64 { shared.now }

    package init(theme: Theme, shared: SiteValues, editions: [String: PageRenderer] = [:]) {
        (self.theme, self.shared, self.editions) = (theme, shared, editions)
        languageFile = "i18n/" + (shared.language.path.split(separator: "/").last.map(String.init) ?? "en.yml")
    }

    /// The language file every page uses, as `TemplateUse` names it.
    let languageFile: String

    /// Renderers of the neighborhoods' editions in other languages, by language: the same site in
    /// that language (its `t` filter, `site.language`, direction).
    package let editions: [String: PageRenderer]

    /// The site's values' fingerprint in `language`, and the language file its words come from.
    package func languageUse(_ language: String) -> (shared: Fingerprint, file: String) {
        let r = language == shared.code ? self : editions[language] ?? self
        return (r.shared.fingerprint, r.languageFile)
    }

    /// The renderer of a job's language: its neighborhood edition's.
    package func serving(_ job: PageJob) -> PageRenderer {
        guard let code = job.models?.site.language, code != shared.code, let other = editions[code] else { return self }
        return other
    }

    /// A renderer for every language of the site's neighborhoods.
    package func withEditions(_ languages: Set<String>) -> PageRenderer {
        var editions: [String: PageRenderer] = [:]
        for code in languages.sorted() where code != shared.code {
            editions[code] = PageRenderer(theme: theme, shared: shared.inLanguage(code, theme: theme))
        }
        return PageRenderer(theme: theme, shared: shared, editions: editions)
    }

    /// The site's language, from the theme's language files, with the site's digits.
    package var language: Language { shared.language }

    /// Stylesheets written inside pages (`inlineStyle`), made once each.
    package let styles = Locked<[String: Value]>([:])
    /// Environments are the same for every page with the same way back to the root: made once each.
    package let environments = Locked<[String: Environment]>([:])
    /// Maps as templates see them, with the reports their lists show, by folder, page depth, map and
    /// reports (see `renderVariables`), kept for one batch of pages (a digest's page and e-mail are
    /// made together), so memory does not grow with the site.
    package let drawings = Locked<[String: MapFigure]>([:])
    /// The last two neighborhoods' own maps (1,000s of reports each), kept past their batch: the home
    /// page and the map page show the same one, a neighborhood's pages apart.
    package let neighborhoodFigures = Locked<[(key: String, figure: Locked<MapFigure?>)]>([])
    /// How many neighborhood maps were drawn (one per neighborhood and language).
    package let neighborhoodMapsDrawn = Atomic<Int>(0)

    /// The e-mail pages of the batch, by their path inside OUT, as rendered: the week's `email.eml`
    /// holds exactly their bytes, so it takes them rather than render them again.
    package let mailed = Locked<[String: (bytes: [UInt8], uses: [String])]>([:])

    /// Lets go of the drawings and pages kept for the last batch.
    package func forgetDrawings() {
        drawings.withLock { $0.removeAll() }
        mailed.withLock { $0.removeAll() }
        for r in editions.values { r.forgetDrawings() }
    }
    /// Lets go of the partials' outputs every environment kept (and the values they were made
    /// from), in every language.
    package func forgetRememberedOutputs() {
        environments.withLock { for environment in $0.values { environment.forgetRememberedOutputs() } }
        for r in editions.values { r.forgetRememberedOutputs() }
    }

    /// Fingerprints of the large values many pages share (reports, stories, digests), made once.
    package let inputHashes = InputHash.Memo()

    package func environment(root: String, absoluteRoot: String?, escaping: Escaping) -> Environment {
        let key = root + "|" + (absoluteRoot ?? "") + "|" + (escaping == .html ? "html" : escaping == .markdown ? "markdown" : "none")
        if let cached = environments.withLock({ $0[key] }) { return cached }
        let made = makeEnvironment(root: root, absoluteRoot: absoluteRoot, escaping: escaping)
        environments.withLock { $0[key] = made }
        return made
    }

    package func makeEnvironment(root: String, absoluteRoot: String?, escaping: Escaping) -> Environment {
        let theme = theme
        let markdown = escaping == .markdown
        return Environment(
            partials: { name throws(LiquidError) in
                TemplateUse.current?.add("partials/" + name + ".liquid")
                return theme.partial(name, markdown: markdown)
            },
            escaping: escaping,
            filters: JekyllFilters.filters(relativeBase: root, absoluteBase: absoluteRoot ?? "", markdown: MarkdownRenderer.html)
                .merging(SiteFilters.all) { jekyll, _ in jekyll }
                .merging(LanguageFilters.make(language, escaping: escaping)) { jekyll, _ in jekyll },
            strictFilters: true, timeZone: shared.timeZone, now: now)
    }

    package func root(_ job: PageJob) -> String {
        job.kind.standalone ? (job.absoluteRoot ?? Routes.root(of: job.path)) : Routes.root(of: job.path)
    }

    /// Everything the page's templates will see, as one number (see `RenderCache`).
    /// Hashes what `variables` and `renderVariables` are made of, without making them. Of the
    /// reports its map draws, only the cards of `listed` are taken: the ones the lists under it showed
    /// when the page was last made (`PageOutput.listed`). A map drawn from the same inputs
    /// (`MapRequest.hash`: its reports' ids, places, categories, titles and dates, the map's title,
    /// kind and size, and the neighborhood's ground) lists the same reports, so their cards are all of
    /// the other reports' words the page shows.
    package func inputHash(_ job: PageJob, listed: [String]) -> Fingerprint {
        let r = serving(job)
        guard r.shared.code == shared.code else { return r.inputHash(job, listed: listed) }
        var h = FingerprintBuilder()
        h.add(shared.fingerprint)
        h.add(job.sharedHash)
        for field in [job.kind.name, job.folder + job.path, job.title, root(job), job.absoluteRoot ?? "", job.qrPath ?? ""] { h.add(field) }
        h.tag(job.isDraft ? 1 : 0)
        switch job.product {
        case .page: h.tag(0)
        case .made(let file): file.hash(into: &h)
        }
        InputHash.add(job.variables[job.sharedCount...], to: &h, memo: inputHashes)
        if let map = job.map, let models = job.models {
            map.hash(into: &h, fingerprint: models.mapFingerprint)
            if map.kind == .locator {
                // A report's own map: its card is the page's, and the map is drawn for no other page.
                for o in map.observations { InputHash.add(models.observation(o), to: &h, memo: inputHashes) }
            } else {
                h.add(listed.count)
                for id in listed {
                    h.add(id)
                    InputHash.add(models.observationValues[id] ?? .nil, to: &h, memo: inputHashes)
                }
            }
        }
        return h.value
    }

    /// The job's bytes, or what stopped it, at its place.
    package func output(_ job: PageJob) -> Result<[UInt8], Diagnostic> {
        let r = serving(job)
        guard r.shared.code == shared.code else { return r.output(job) }
        switch job.product {
        case .page where job.kind == .email || job.kind == .emailText:
            // Kept, with the theme files it used, for the message made of it.
            let (made, uses) = TemplateUse.recording { Result { () throws(LiquidError) in try render(job) } }
            for name in uses { TemplateUse.current?.add(name) }
            if case .success(let bytes) = made { mailed.withLock { $0[job.folder + job.path] = (bytes, uses) } }
            return made.mapError(\.diagnostic)
        case .page:
            do throws(LiquidError) { return .success(try render(job)) } catch { return .failure(error.diagnostic) }
        case .made(let file):
            return file.bytes(job) { page throws(LiquidError) in
                guard let kept = mailed.withLock({ $0[page.folder + page.path] }) else { return try render(page) }
                for name in kept.uses { TemplateUse.current?.add(name) }
                return kept.bytes
            }
        }
    }

    /// The job's bytes (or what stopped it), with the theme files it used, sorted, and the reports
    /// the lists under its map showed.
    package func outputAndUse(_ job: PageJob) -> PageOutput {
        let listing = MapListing()
        let ((bytes, names)) = MapListing.$current.withValue(listing) { TemplateUse.recording { output(job) } }
        return PageOutput(bytes: bytes, templates: names, listed: listing.reports)
    }

    package func render(_ job: PageJob) throws(LiquidError) -> [UInt8] {
        let root = root(job)
        if let use = TemplateUse.current {
            use.add(languageFile)
            use.add(theme.hasTextPage(job.kind.name) ? "pages/\(job.kind).txt" : "pages/\(job.kind).md")
            if !theme.hasTextPage(job.kind.name) { use.add(theme.layoutFile(for: job.kind.name)) }
        }
        if theme.hasTextPage(job.kind.name), let text = theme.textPage(job.kind.name) {
            return try text.renderBytes(renderVariables(job, root: root), environment: environment(root: root, absoluteRoot: job.absoluteRoot, escaping: .none)).bytes
        }
        guard let page = theme.page(job.kind.name), let layout = theme.layout(for: job.kind.name) else {
            throw LiquidError(.render, "no template for '\(job.kind)' pages")
        }
        var data = renderVariables(job, root: root)
        let (markdown, placeholders) = try page.renderWithPlaceholders(data, environment: environment(root: root, absoluteRoot: job.absoluteRoot, escaping: .markdown))
        let content = Placeholders.restore(MarkdownRenderer.html(markdown), placeholders)
        data["content"] = .safe(content)
        return try layout.renderBytes(data, environment: environment(root: root, absoluteRoot: job.absoluteRoot, escaping: .html)).bytes
    }

    /// The variables with the map drawn, for rendering.
    package func renderVariables(_ job: PageJob, root: String) -> Object {
        var data = variables(job, root: root)
        if let map = job.map, let models = job.models {
            // Pages at the same depth with the same map (a digest and its e-mail) share one drawing; a
            // report's locator map is its page's alone, so it is not kept (200,000 of them would fill memory).
            let value: Value
            if map.kind == .locator {
                value = models.mapValue(models.map(map, pagePath: job.path), pagePath: job.path)
            } else {
                var ids = FingerprintBuilder()
                for o in map.observations { ids.add(o.id) }
                let key = "\(job.folder)|\(Routes.root(of: job.path))|\(map.key)|\(ids.value)"
                func draw() -> MapFigure {
                    let drawing = models.map(map, pagePath: job.path)
                    return MapFigure(value: models.mapValue(drawing, pagePath: job.path), listed: ViewModels.listedReports(drawing))
                }
                let figure: MapFigure
                if map.kind == .neighborhood {
                    // Drawn by the first page that asks; another asking meanwhile waits for it.
                    let cell = neighborhoodFigures.withLock { kept -> Locked<MapFigure?> in
                        if let found = kept.first(where: { $0.key == key }) { return found.figure }
                        let made = Locked<MapFigure?>(nil)
                        kept = [(key, made)] + kept.prefix(1)
                        return made
                    }
                    figure = cell.withLock { made in
                        if let made { return made }
                        let drawn = draw()
                        neighborhoodMapsDrawn.add(1, ordering: .relaxed)
                        made = drawn
                        return drawn
                    }
                } else {
                    figure = drawings.withLock({ $0[key] }) ?? {
                        let made = draw()
                        drawings.withLock { $0[key] = made }
                        return made
                    }()
                }
                MapListing.current?.add(figure.listed)
                value = figure.value
            }
            data["map"] = value
            if case .object(let o) = value, let svg = o["svg"] { data["map_svg"] = svg }
        }
        if let path = job.qrPath, let models = job.models { data["qr_svg"] = models.qr(path) }
        if job.kind == .notFound {
            // A 404 page is served at any address: its styles travel with it.
            data["stylesheet_text"] = inlineStyle("site.css")
            data["print_stylesheet_text"] = inlineStyle("print.css")
        }
        return data
    }

    /// A stylesheet of the theme's `assets/`, to write inside `<style>` (nil when the theme has none).
    package func inlineStyle(_ name: String) -> Value {
        TemplateUse.current?.add("assets/" + name)
        if let made = styles.withLock({ $0[name] }) { return made }
        guard let css = theme.styleElementText(name, rightToLeft: language.direction == "rtl") else { return .nil }
        let made = Value.safe(css)
        styles.withLock { $0[name] = made }
        return made
    }

    package func variables(_ job: PageJob, root: String) -> Object {
        var data = Object(job.variables)
        data["page"] = .object(Object([
            ("title", .string(job.title)), ("kind", .string(job.kind.name)), ("section", .string(job.kind.section)),
            ("path", .string(job.path)), ("root", .string(root)), ("local_root", .string(Routes.root(of: job.path))),
            ("url", job.absoluteRoot.map { .string($0 + job.path) } ?? .nil), ("draft", .bool(job.isDraft)),
            ("section_partial", theme.hasPartial("section-" + job.kind.name, markdown: false) ? .string("section-" + job.kind.name) : .nil),
        ]))
        data["site"] = shared.site
        data["build"] = shared.build
        data["routes"] = Routes.value
        return data
    }
}
