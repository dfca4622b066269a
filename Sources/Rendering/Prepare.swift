import Assembly
import Fingerprint
import Liquid
import Loading
import Output
import Parallelism

/// Step 2 of rendering: for each neighborhood that changed, its view models, the list of its pages,
/// and the files that are not pages (feeds, calendar, map, share cards, sitemap, assets).
enum Prepare {
    struct Neighborhood: Sendable {
        var slug: String
        var folder: Fingerprint
        var jobs: [PageJob]
        var pageCount: Int
        var files: [OutputFile]
    }

    static func neighborhoods(_ site: Site, theme: Theme, workers: Int) -> [Neighborhood] {
        Parallel.map(site.neighborhoods, workers: workers) { hood in
            let models = ViewModels(site: site.settings, hood: hood, options: site.options,
                                    language: theme.language(for: site.settings.language).numbering(site.settings.numbering))
            let data = OpenData(models: models)
            let downloads = data.downloads()
            let jobs = SitePages(models: models, downloads: downloads).jobs()
            var made = files(models, jobs: jobs, theme: theme)
            made += downloads.map { OutputFile(path: hood.slug + "/" + $0.path, bytes: Array($0.text.utf8)) }
            made.append(OutputFile(path: hood.slug + "/" + Routes.dataCatalog, bytes: Array(data.catalog(downloads).utf8)))
            return Neighborhood(slug: hood.slug, folder: hood.fingerprint, jobs: jobs, pageCount: jobs.count, files: made)
        }
    }

    static func files(_ models: ViewModels, jobs: [PageJob], theme: Theme) -> [OutputFile] {
        let hood = models.hood
        var files: [(String, String)] = []
        let feeds = Feeds(models: models)
        files.append((Routes.feed, feeds.atom()))
        files.append((Routes.calendar, feeds.calendar()))
        files.append((Routes.neighborhoodMap, models.neighborhoodMapFile()))
        files.append((Routes.searchIndex, models.searchIndex()))
        // The story's card as SVG too (its PNG is rendered with the pages, see `SitePages`).
        for s in hood.stories { files.append((Routes.shareCard(s.story.slug), models.storyCard(s).svg)) }
        files += feeds.sitemaps(paths: jobs.map(\.path))
        var out = files.map { OutputFile(path: hood.slug + "/" + $0.0, bytes: Array($0.1.utf8)) }
        out += theme.assets.map { OutputFile(path: hood.slug + "/assets/" + $0.path, bytes: $0.bytes) }
        return out
    }

    /// `OUT/index.html`: the activity dashboard (see `Dashboard`).
    static func indexJob(_ site: Site, listed: [ListedNeighborhood]) -> PageJob {
        Dashboard.job(site, listed: listed)
    }
}
