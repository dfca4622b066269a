import Assembly
import Diagnostics
import Fingerprint
import Loading
import Narration
import Output

/// Stage ③'s result: every file of the site, by path inside OUT, sorted, each already handed to the writer.
public struct RenderedSite: Sendable {
    public var files: [OutputFile]
    public var pageCount: Int
    /// Pages rendered this time (the others came unchanged from the render cache).
    public var renderedCount: Int
    /// What to remember for the next build.
    public var cache: RenderCache
    /// Stories read aloud this time (the others' narrations were as last time).
    public var narrated = 0
}

/// What stage ③ needs besides the site and the theme.
public struct RenderRequest: Sendable {
    public var jobs: Int
    /// The last build's cache (empty with `--no-cache`): what a page's inputs and bytes were.
    public var cache: RenderCache
    /// Files OUT holds as the last build left them, by path: only these can be reused.
    public var verified: [String: Fingerprint]
    /// Neighborhoods not read again: their files are taken whole from the cache.
    public var unchanged: [UnchangedNeighborhood]
    /// Every neighborhood OUT will hold, by slug and name, with what it published lately: for the dashboard.
    public var listed: [ListedNeighborhood]
    /// Reads stories aloud when the build's options say so (nil: the tools are missing or narration is off).
    public var narrator: Narrator?

    public init(jobs: Int, cache: RenderCache, verified: [String: Fingerprint] = [:], unchanged: [UnchangedNeighborhood] = [],
                listed: [ListedNeighborhood] = [], narrator: Narrator? = nil) {
        self.narrator = narrator
        self.jobs = jobs
        self.cache = cache
        self.verified = verified
        self.unchanged = unchanged
        self.listed = listed
    }
}

/// Stage ③ in four named steps: reuse what did not change, prepare each changed neighborhood (and
/// read its stories aloud), render its pages in parallel, and record what the next build may reuse.
public enum SiteRenderer {
    /// Renders the site, handing the files to `write` in batches as they are made (so that a large
    /// site is never in memory whole); the result lists every file by path and fingerprint.
    public static func render(_ site: Site, theme: Theme, request: RenderRequest,
                              write: ([OutputFile]) throws(OutputProblem) -> Void) -> (RenderedSite?, [Diagnostic]) {
        var next = RenderCache(key: request.cache.key, context: request.cache.context)
        let reused = Reuse.take(request.unchanged, from: request.cache, into: &next)
        let renderer = PageRenderer(theme: theme, site: site.settings, options: site.options, now: site.now)
        var prepared = Prepare.neighborhoods(site, theme: theme, workers: request.jobs)
        var sideFiles = prepared.flatMap(\.files)
        do {
            try write(sideFiles)
        } catch {
            return (nil, [error.diagnostic])
        }
        // Written: only their paths and fingerprints are kept.
        sideFiles = sideFiles.map(\.written)
        for i in prepared.indices { prepared[i].files = [] }
        var jobs: [PageJob] = []
        jobs.reserveCapacity(prepared.reduce(1) { $0 + $1.jobs.count })
        for i in prepared.indices {
            jobs += prepared[i].jobs
            prepared[i].jobs = []  // held once, in `jobs`
        }
        jobs.append(Prepare.indexJob(site, listed: request.listed))
        let narrated = Narrate.run(&jobs, narrator: request.narrator, previous: request.cache.narrations, verified: request.verified,
                                   workers: request.jobs, at: site.settings.narration.location ?? site.settings.location)
        do {
            try write(narrated.files)
        } catch {
            return (nil, [error.diagnostic])
        }
        sideFiles += narrated.files.map(\.written)
        let pages = RenderPages.run(jobs, renderer: renderer, previous: request.cache.pages, verified: request.verified,
                                    workers: request.jobs, write: write)
        guard pages.diagnostics.isEmpty else { return (nil, pages.diagnostics + narrated.warnings) }
        var files = sideFiles + pages.files + reused.files
        files.sort { $0.path < $1.path }
        Record.pages(pages.entries, into: &next)
        for (path, entry) in narrated.entries { next.narrations[path] = entry }
        for h in request.listed { next.activity[h.slug] = h.activity }
        Record.neighborhoods(prepared, files: files, into: &next)
        return (RenderedSite(files: files, pageCount: jobs.count + reused.pageCount, renderedCount: pages.rendered, cache: next,
                             narrated: narrated.spoken), narrated.warnings)
    }
}
