import Themes
import Assembly
import Diagnostics
import Fingerprint
import Loading
import Narration
import Output
import Parallelism
import Incremental
import Products
import Pages
import Rendering
import Themes

/// Stage ③'s result: the files of the site made now, by path inside OUT, sorted, each already
/// handed to the writer, and the neighborhoods taken whole, whose files OUT holds as they are.
public struct RenderedSite: Sendable {
    public var files: [OutputFile]
    /// The neighborhoods taken whole, by slug, and how many files they have.
    public var whole: Set<String> = []
    public var wholeFileCount = 0
    public var pageCount: Int
    /// Pages rendered this time (the others came unchanged from the render cache).
    public var renderedCount: Int
    /// What to remember for the next build.
    public var cache: RenderCache
    /// Stories read aloud this time (the others' narrations were as last time).
    public var narrated = 0
    /// The share cards and stories read aloud of the neighborhoods made now, by slug: what the
    /// cache may keep for every output folder (`KeptFiles`).
    public var published: [String: [KeptFiles.Published]] = [:]
}

/// Stage ③ in four named steps: reuse what did not change, prepare each changed neighborhood (and
/// begin reading its stories aloud), render its pages in parallel, and record what the next build may reuse.
public enum SiteRenderer {
    /// Renders the site, handing the files to `write` in batches as they are made (so that a large
    /// site is never in memory whole); the result lists every file by path and fingerprint.
    public static func render(_ site: Site, theme: Theme, request: RenderRequest,
                              write: ([OutputFile]) throws(OutputProblem) -> Void) -> (RenderedSite?, [Diagnostic]) {
        var next = RenderCache(key: request.cache.key, context: request.cache.context)
        let reused = Reuse.take(request.unchanged, from: request.cache, into: &next)
        let renderer = PageRenderer(theme: theme, shared: SiteValues(theme: theme, site: site.settings, options: site.options, now: site.now))
            .withEditions(Set(site.neighborhoods.flatMap { $0.editions.map(\.language) }))
        var prepared = Prepare.neighborhoods(site, theme: theme, workers: request.jobs)
        var sideFiles: [OutputFile] = [], sideEntries: [(String, RenderCache.PageEntry)] = []
        do {
            try write(prepared.flatMap(\.files))
            sideFiles = prepared.flatMap(\.files).map(\.written)  // written: only paths and fingerprints are kept
            for i in prepared.indices { prepared[i].files = [] }
            // The other side files, each written by the thread that made it as soon as it is made (a
            // search index takes far longer than a calendar: no core waits for the other).
            let reuse = SideFiles.Reuse(previous: request.cache, verified: request.verified, renderer: renderer)
            let made = try SideFiles.make(prepared.flatMap(\.later), workers: request.jobs, reuse: reuse, write: write)
            sideFiles += made.written
            sideEntries = made.entries
            for i in prepared.indices { prepared[i].later = [] }
        } catch {
            return (nil, [error.diagnostic])
        }
        var jobs: [PageJob] = []
        jobs.reserveCapacity(prepared.reduce(1) { $0 + $1.jobs.count })
        for i in prepared.indices {
            jobs += prepared[i].jobs
            prepared[i].jobs = []  // held once, in `jobs`
        }
        jobs.append(Prepare.indexJob(site, listed: request.listed, theme: theme))
        let requests = Dictionary(prepared.flatMap(\.narrations).map { ($0.page, $0.request) }) { first, _ in first }
        // Stories are read aloud on threads of their own while the other pages and the share cards
        // are made; the pages that show a narration being spoken are rendered when it is done.
        let narration = Narrate.begin(&jobs, requests: requests, narrator: request.narrator, previous: request.cache.narrations,
                                      verified: request.verified, kept: request.kept, workers: request.jobs, progress: request.progress)
        let jobCount = jobs.count
        // The pages that show a story being read aloud wait for it; share cards are a stage of their
        // own, so that a build says how long they took. Both are taken out of the list, and the
        // others stay in it where they are (copying 30,000 jobs took 20 ms on one core).
        let card = PageKind.card.name, waited = Set(narration.waiting)
        let cardIndices = jobs.indices.filter { jobs[$0].kind.name == card && !waited.contains($0) }
        var waiting = narration.waiting.map { jobs[$0] }
        let cards = cardIndices.map { jobs[$0] }
        let cardPaths = Set(cards.lazy.filter { !$0.isDraft }.map { $0.folder + $0.path })
        jobs.removeSubranges(RangeSet(narration.waiting + cardIndices, within: jobs))
        let others = jobs
        jobs = []  // held once, in the three lists
        // A build given one core keeps to it: the narration first, then the rest.
        if request.jobs <= 1 { narration.wait() }
        var pages = RenderPages.run(others, renderer: renderer, previous: request.cache, verified: request.verified,
                                    workers: request.jobs, progress: request.progress, write: write)
        if pages.diagnostics.isEmpty, !cards.isEmpty {
            pages.add(RenderPages.run(cards, stage: "Drawing share cards", renderer: renderer, previous: request.cache, verified: request.verified,
                                      kept: request.kept, workers: request.jobs, progress: request.progress, write: write))
        }
        let narrated = narration.finish(into: &waiting, at: site.settings.narration.location ?? site.settings.location)
        if pages.diagnostics.isEmpty {
            do {
                try write(narrated.files)
            } catch {
                return (nil, [error.diagnostic])
            }
        }
        sideFiles += narrated.files.map(\.written)
        if !waiting.isEmpty {
            // After an error they are still rendered, so that a build tells every error, but not written.
            let failed = !pages.errors.isEmpty
            pages.add(RenderPages.run(waiting, stage: "Rendering the stories read aloud", renderer: renderer, previous: request.cache,
                                      verified: request.verified, workers: request.jobs, progress: request.progress,
                                      write: { files throws(OutputProblem) in if !failed { try write(files) } }))
        }
        guard pages.diagnostics.isEmpty else { return (nil, pages.diagnostics + narrated.warnings) }
        // The files are sorted while the pages' entries are recorded: by the order of their scalars,
        // without canonical comparison; in place, at the build's peak of memory.
        let sorting = Locked(sideFiles + pages.files)
        _ = Parallel.both(parallel: request.jobs > 1, { sorting.withLock { $0.sort { $0.path.utf8Precedes($1.path) } } }) {
            Record.pages(pages.entries + sideEntries, into: &next)
        }
        let made = sorting.value
        next.templateSets = request.cache.templateSets.merging(pages.templateSets) { _, new in new }
        for code in Set(prepared.map(\.language)) {
            let words = renderer.languageUse(code).file
            next.templateSets[RenderCache.setID([words])] = [words]
        }
        next.theme = theme.fingerprint
        for (path, entry) in narrated.entries { next.narrations[path] = entry }
        for h in request.listed { next.activity[h.slug] = h.activity }
        // A neighborhood made now has all its files among those made (a taken one has none).
        Record.neighborhoods(prepared.map { ($0.slug, $0.folder, $0.pageCount) }, files: made, into: &next)
        var published: [String: [KeptFiles.Published]] = [:]
        for (path, entry) in pages.entries where cardPaths.contains(path) {
            published[OutputPath.top(of: path), default: []].append(.init(kind: .cards, key: entry.input, path: path, written: entry.output))
        }
        for (path, entry) in narrated.entries {
            published[OutputPath.top(of: path), default: []].append(.init(kind: .audio, key: entry.input, path: path, written: entry.output))
        }
        // Freeing every page's variables one by one took longer than the system takes to take the memory back.
        if request.endsProcess { AtExit.keep([others, cards, waiting, prepared, renderer, pages, narration, requests]) }
        return (RenderedSite(files: made, whole: reused.slugs, wholeFileCount: reused.fileCount, pageCount: jobCount + reused.pageCount,
                             renderedCount: pages.rendered, cache: next, narrated: narrated.spoken, published: published), narrated.warnings)
    }
}
