import Assembly
import Fingerprint
import Liquid
import Loading
import Output
import Parallelism
import Products
import Pages
import Rendering
import Themes

/// Step 2 of rendering: for each neighborhood that changed, its view models, the list of its pages,
/// and the files that are not pages (feeds, calendar, map, share cards, sitemap, assets).
enum Prepare {
    struct Neighborhood: Sendable {
        var slug: String
        /// The edition's language (the site's for the neighborhood's own folder).
        var language: String
        var folder: Fingerprint
        var jobs: [PageJob]
        var pageCount: Int
        /// Files made while preparing (the open data, whose sizes its About page shows).
        var files: [OutputFile]
        /// Files made only when they are written, so a large neighborhood's are never all in memory.
        var later: [SideFile]
        /// The narrations its story pages ask for, by the page's path inside OUT.
        var narrations: [(page: String, request: NarrationRequest)]
    }

    static func neighborhoods(_ site: Site, theme: Theme, workers: Int) -> [Neighborhood] {
        // Each edition in another language is prepared as a neighborhood of its own, in its folder.
        let hoods = site.neighborhoods.flatMap { [$0] + $0.editions }
        // Cores left over when fewer neighborhoods changed than there are cores (a rebuild).
        let spare = max(1, workers / max(hoods.count, 1))
        return Parallel.map(hoods, workers: workers) { hood in
            let settings = site.settings.inLanguage(hood.language.isEmpty ? site.settings.language : hood.language)
            let alternates = hood.languages.map { code in
                (code: code, name: theme.language(for: code).text("language_name", count: nil, [:]),
                 folder: code == site.settings.language ? hood.slug : hood.slug + "/" + code)
            }
            let models = ViewModels(site: settings, hood: hood, options: site.options, language: theme.language(for: settings.language).numbering(settings.numbering),
                                    alternates: alternates, workers: spare, jobs: workers)
            let data = OpenData(models: models)
            // The open data (the same in every language: written once, in the site's-language edition)
            // is made while the pages are listed, on a core left over; its About page learns the
            // files' sizes after.
            var (downloads, pages) = Parallel.both(parallel: spare > 1, { site.options.builds(.data) ? data.downloads() : [] }) {
                SitePages(models: models).jobs()
            }
            if site.options.builds(.data) {
                SitePages.setAboutData(data.aboutValue(downloads, prefix: hood.edition == nil ? "" : "../"), in: &pages)
            }
            let jobs = Self.interleave(pages, Producers.all.flatMap { $0.jobs(models, pages: pages) })
            var made: [OutputFile] = []
            if hood.edition == nil, site.options.builds(.data) {
                made += downloads.map { OutputFile(path: hood.folder + "/" + $0.path, bytes: $0.bytes) }
                made.append(OutputFile(path: hood.folder + "/" + Routes.dataCatalog, bytes: Array(data.catalog(downloads).utf8)))
            }
            if site.options.builds(.digests), let latest = hood.digests.first {
                made.append(OutputFile(path: hood.folder + "/" + Routes.digestLatest, bytes: Array(LatestDigest.page(latest.week, models: models).utf8)))
            }
            made += theme.assets.map { OutputFile(path: hood.folder + "/assets/" + $0.path, bytes: $0.bytes) }
            return Neighborhood(slug: hood.slug, language: settings.language, folder: hood.fingerprint, jobs: jobs, pageCount: jobs.count, files: made,
                                later: Producers.all.flatMap { $0.files(models, pages: jobs) }, narrations: models.narrationRequests())
        }
    }

    /// The producers' jobs each after the last page of its folder (a week's `email.eml` after its
    /// `email.html`), so that they are rendered in the same batch and share its map drawing.
    static func interleave(_ pages: [PageJob], _ made: [PageJob]) -> [PageJob] {
        func folder(_ path: String) -> Substring { path.lastIndex(of: "/").map { path[..<$0] } ?? "" }
        var byFolder: [Substring: [PageJob]] = [:]
        for job in made { byFolder[folder(job.path), default: []].append(job) }
        var last: [Substring: Int] = [:]
        for (i, page) in pages.enumerated() { last[folder(page.path)] = i }
        var out: [PageJob] = []
        out.reserveCapacity(pages.count + made.count)
        for (i, page) in pages.enumerated() {
            out.append(page)
            let f = folder(page.path)
            if last[f] == i, let extra = byFolder.removeValue(forKey: f) { out += extra }
        }
        for job in made where byFolder[folder(job.path)] != nil { out.append(job) }  // a folder without pages
        return out
    }

    /// `OUT/index.html`: the activity dashboard (see `Dashboard`).
    static func indexJob(_ site: Site, listed: [ListedNeighborhood], theme: Theme) -> PageJob {
        Dashboard.job(site, listed: listed) { theme.language(for: $0).text("language_name", count: nil, [:]) }
    }
}
