import Assembly
import Diagnostics
import Dispatch
import Fingerprint
import Foundation
import Liquid
import Loading
import Output

/// Stage ③'s result: every file of the site, by path inside OUT, sorted.
public struct RenderedSite: Sendable {
    public var files: [OutputFile]
    public var pageCount: Int
    /// Pages rendered this time (the others came unchanged from the render cache).
    public var renderedCount: Int
    /// What to remember for the next build.
    public var cache: RenderCache
}

/// Stage ③: renders every page of every neighborhood in parallel, plus feeds, calendars and assets.
public enum SiteRenderer {
    public static func render(_ site: Site, theme: Theme, jobs workers: Int, cache: RenderCache) -> (RenderedSite?, [Diagnostic]) {
        let now = ContentDate.parse(site.options.today.description, in: site.settings.timeZone).map(\.instant)
        let renderer = PageRenderer(theme: theme, site: site.settings, options: site.options, now: (try? now.get()) ?? 0)
        var pageJobs: [PageJob] = []
        var files: [(String, [UInt8])] = []
        var next = RenderCache(key: cache.key)
        var reused: [OutputFile] = []
        var reusedPages = 0
        // A neighborhood whose files, site.yml and options are as last time is reused whole.
        var changed: [NeighborhoodSite] = []
        for hood in site.neighborhoods {
            let key = hoodKey(hood, site)
            if let entry = cache.hoods[hood.slug], entry.key == key {
                reused += entry.files.map { OutputFile(path: $0.path, unchangedWithHash: $0.hash) }
                reusedPages += entry.pageCount
                next.hoods[hood.slug] = entry
                for (path, h) in cache.pages where path.hasPrefix(hood.slug + "/") { next.pages[path] = h }
            } else {
                changed.append(hood)
            }
        }
        // Each changed neighborhood's view models and page list, in parallel; then every page, in parallel.
        let prepared = Parallel.map(changed, workers: workers) { hood -> (ViewModels, [PageJob]) in
            let models = ViewModels(site: site.settings, hood: hood, options: site.options)
            return (models, SitePages(models: models).jobs())
        }
        for (models, hoodJobs) in prepared {
            let hood = models.hood
            pageJobs += hoodJobs
            let feeds = Feeds(models: models)
            files.append((hood.slug + "/" + Routes.feed, Array(feeds.atom().utf8)))
            files.append((hood.slug + "/" + Routes.calendar, Array(feeds.calendar().utf8)))
            files.append((hood.slug + "/map.svg", Array(models.neighborhoodMapFile().utf8)))
            for s in hood.stories {
                let colors = models.orderedCategories(s.observations).compactMap { site.settings.category($0)?.color }
                let card = ShareCard.svg(title: s.story.title, line: Excerpt.of(s.story.body, limit: 110), neighborhood: hood.name,
                                         site: site.settings.title, colors: colors)
                files.append((hood.slug + "/" + Routes.shareCard(s.story.slug), Array(card.utf8)))
            }
            if let sitemap = feeds.sitemap(paths: hoodJobs.map(\.path)) { files.append((hood.slug + "/" + Routes.sitemap, Array(sitemap.utf8))) }
            for asset in theme.assets { files.append((hood.slug + "/assets/" + asset.path, asset.bytes)) }
        }
        pageJobs.append(indexJob(site))

        let previous = cache.pages
        let results = Parallel.map(pageJobs, workers: workers) { job -> (UInt64, Result<OutputFile, LiquidError>) in
            let path = job.folder + job.path
            let input = renderer.inputHash(job)
            if let known = previous[path], known.input == input {
                return (input, .success(OutputFile(path: path, unchangedWithHash: known.output)))
            }
            do throws(LiquidError) { return (input, .success(OutputFile(path: path, bytes: try renderer.render(job)))) } catch { return (input, .failure(error)) }
        }
        var diagnostics: [Diagnostic] = []
        var seen = Set<String>()
        var outputs: [OutputFile] = files.map { OutputFile(path: $0.0, bytes: $0.1) }
        var rendered = 0
        for (job, (input, result)) in zip(pageJobs, results) {
            switch result {
            case .success(let file):
                outputs.append(file)
                next.pages[file.path] = (input, file.hash)
                if case .bytes = file.content { rendered += 1 }
            case .failure(let e):
                let d = e.diagnostic
                if seen.insert(d.description).inserted {
                    diagnostics.append(Diagnostic(.error, d.location, d.message + " (rendering \(job.folder + job.path))"))
                }
            }
        }
        guard diagnostics.isEmpty else { return (nil, diagnostics.sortedForDisplay()) }
        for hood in changed {
            let prefix = hood.slug + "/"
            next.hoods[hood.slug] = RenderCache.Hood(
                key: hoodKey(hood, site), pageCount: pageJobs.filter { $0.folder == prefix }.count,
                files: outputs.filter { $0.path.hasPrefix(prefix) }.map { ($0.path, $0.hash) }.sorted { $0.0 < $1.0 })
        }
        outputs += reused
        outputs.sort { $0.path < $1.path }
        return (RenderedSite(files: outputs, pageCount: pageJobs.count + reusedPages, renderedCount: rendered, cache: next), [])
    }

    /// What a neighborhood's whole output depends on besides the theme and the program.
    static func hoodKey(_ hood: NeighborhoodSite, _ site: Site) -> UInt64 {
        var h = FNV()
        h.add(hood.fingerprint)
        h.add(site.settings.fingerprint)
        h.add(site.options.today.description)
        h.add(site.options.includeDrafts ? "drafts" : "published")
        h.add(site.options.baseURL ?? "")
        return h.value
    }

    /// `OUT/index.html`: the neighborhoods' names and links, nothing else of theirs (SPEC §6 isolation).
    static func indexJob(_ site: Site) -> PageJob {
        let hoods: [Value] = site.neighborhoods.map { h in
            .object(Object([("slug", .string(h.slug)), ("name", .string(h.name)), ("url", .string(h.slug + "/index.html"))]))
        }
        return PageJob(path: "index.html", kind: "index", title: site.settings.title, variables: [("neighborhoods", .array(hoods))],
                       folder: "", absoluteRoot: site.options.baseURL)
    }
}

/// Runs work on `workers` threads and returns the results in input order.
enum Parallel {
    static func map<T: Sendable, R: Sendable>(_ items: [T], workers: Int, _ body: @Sendable @escaping (T) -> R) -> [R] {
        let count = items.count
        guard count > 0 else { return [] }
        let box = ResultBox<R>(count: count)
        let n = max(1, min(workers, count))
        DispatchQueue.concurrentPerform(iterations: n) { worker in
            var i = worker
            while i < count {
                box.set(i, body(items[i]))
                i += n
            }
        }
        return box.values()
    }
}

/// Slots written by distinct threads at distinct indices.
final class ResultBox<R>: @unchecked Sendable {
    private var storage: [R?]
    private let lock = NSLock()

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ i: Int, _ value: R) {
        lock.lock()
        storage[i] = value
        lock.unlock()
    }

    func values() -> [R] { storage.compactMap { $0 } }
}
