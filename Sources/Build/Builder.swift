import CivilTime
import Assembly
import Diagnostics
import FileSystem
import Fingerprint
import Foundation
import Loading
import Narration
import Output
import Parallelism
import Raster
import Incremental
import Pages
import Rendering
import Themes
import Sharding

/// Runs the pipeline: load → assemble → render → write. `check` stops before rendering.
public enum Builder {
    /// The program's version: printed by `--version` and part of the render cache's key.
    public static let version = "0.4.0"

    /// Where stories are read aloud before their sound is kept: a stopped build's work is removed.
    public static func narrationWork(_ cacheFolder: String) -> String { cacheFolder + "/narrating" }

    /// A stopped build's render cache, written but not yet in its place, is removed.
    public static func discardStagedCache(_ cacheFolder: String) { RenderCache.discardStaged(cacheFolder) }

    public static func build(_ request: BuildRequest) -> BuildReport {
        var report = BuildReport()
        var stages = Stages(sink: request.stages)
        stages.begin("Loading content and templates")
        let protected = OutputPlace.Protected(content: request.content, templates: request.templates, home: request.home)
        var madeCacheFolder = false
        do throws(OutputProblem) {
            // OUT's place first: of the two, it is what the user named.
            if let problem = OutputPlace.problem(out: request.out, protected: protected) { throw problem }
            madeCacheFolder = try CacheFolder.claim(request.cacheFolder, out: request.out, protected: protected)
        } catch {
            report.diagnostics = [error.diagnostic]
            return report
        }
        // A failed build leaves no cache folder it made (as it leaves no OUT it made).
        defer { if madeCacheFolder, !report.succeeded { CacheFolder.release(request.cacheFolder) } }
        // The theme, the last render cache and OUT are read at once (three threads: on two cores a
        // rebuild waits for the longest, not for the theme and the cache one after the other).
        let (templates, cacheFolder, useCache) = (request.templates, request.cacheFolder, request.useCache)
        // The theme is not in the key: each page remembers the theme files it used (see `TemplateUse`).
        let key = "\(version) \(request.programIdentity)"
        // A theme the last build of this program parsed whole has each template parsed when first used.
        let trusted: @Sendable (Fingerprint) -> Bool = { theme in useCache && RenderCache.vouches(for: theme, key: key, in: cacheFolder) }
        let read: ((Theme?, [Diagnostic]), RenderCache?), output: OutputFolder
        do throws(OutputProblem) {
            let parallel = request.jobs > 1
            let (themeRead, (cacheRead, opened)) = try Parallel.both(parallel: parallel, { Theme.load(root: templates, trusted: trusted) }) { () throws(OutputProblem) in
                try Parallel.both(parallel: parallel, { useCache ? RenderCache.read(cacheFolder) : nil }) { () throws(OutputProblem) in
                    try OutputFolder.open(request.out, protected: protected, jobs: request.jobs)
                }
            }
            (read, output) = ((themeRead, cacheRead), opened)
        } catch {
            report.diagnostics = [error.diagnostic]
            return report
        }
        request.interruption?.watch(output)
        let (theme, themeDiagnostics) = read.0
        var lastCache = read.1
        // The cache was read before OUT's lock was held: read again if another build saved it since
        // (one that began as this one did, when there was none yet, among them).
        if useCache, lastCache?.identity != RenderCache.fileIdentity(cacheFolder) { lastCache = RenderCache.read(cacheFolder) }
        var previous: RenderCache?
        var only = request.only
        if let shard = request.shard {
            let mine = ShardPlan.slugs(of: shard.index, ContentLoader.neighborhoodSizes(root: request.content), count: shard.count)
            only = Set(mine)
            report.shardSlugs = mine
            request.progress?("shard \(shard.index) of \(shard.count) (0 to \(shard.count - 1)): \(mine.isEmpty ? "no neighborhood" : mine.joined(separator: ", "))")
        }
        var speech: Result<SpeechTools, SpeechTools.Missing>?
        let (content, loadDiagnostics) = ContentLoader.load(root: request.content, only: only, workers: request.jobs, unchanged: { site, statics in
            speech = speechTools(request, site)
            let context = contextFingerprint(site, options(request, site, speech: speech), speech: speech)
            previous = lastCache?.matching(key: key, context: context)
            // With another theme every neighborhood is read again, its pages reused one by one.
            guard previous?.theme == theme?.fingerprint else { return [:] }
            // Each neighborhood's 1,000s of files compared, by their bytes, with the lines of OUT's
            // manifest, the neighborhoods on every core: taken whole, OUT holds them all, and no other
            // (but the static files in their folders, which are written as static files are).
            let hoods = Array(previous?.hoods ?? [:]), verified = output.verified
            let staticsInside = Dictionary(grouping: statics.filter { $0.contains("/") }, by: OutputPath.top)
            let whole = Parallel.map(hoods, workers: request.jobs) { slug, hood in
                hood.fileBytes.map { verified.holdExactly(inside: slug, $0, besides: staticsInside[slug] ?? []) } ?? false
            }
            return Dictionary(uniqueKeysWithValues: zip(hoods, whole).filter(\.1).map { ($0.0.key, $0.0.value.folder) })
        }, lastRows: ReportRowsFiles.reader(cacheFolder, key: key, useCache: useCache))
        report.diagnostics = (loadDiagnostics + themeDiagnostics + missingLanguages(content, theme)).sortedForDisplay()
        guard let content, let theme, !report.diagnostics.hasErrors else {
            output.abandon()
            return report
        }
        for u in content.unchanged { report.diagnostics += previous?.hoods[u.slug]?.warnings ?? [] }
        // The pages of what is rendered again: a neighborhood taken whole is carried as its lines.
        previous?.readPages(except: Set(content.unchanged.map(\.slug)))
        if case .failure(let missing) = speech {
            report.diagnostics.append(.warning(content.site.narration.location ?? content.site.location,
                                               "narration: \(missing.program) is not installed; stories are built without audio"))
        }
        stages.begin("Assembling pages")

        let buildOptions = options(request, content.site, speech: speech)
        if buildOptions.shareCards, let missing = SVGRaster.unavailable() {
            report.diagnostics.append(.error(content.site.location, "share cards cannot be drawn: \(missing)"))
            output.abandon()
            return report
        }
        let site = Assembler.assemble(content, options: buildOptions, workers: request.jobs)
        if buildOptions.baseURL == nil {
            report.diagnostics.append(.warning(content.site.location, "no base_url: flyers have no QR code, e-mail digests use relative links and there is no sitemap; set base_url in site.yml or pass --base-url"))
        }
        stages.begin("Rendering and writing")

        // `--only` leaves the other neighborhoods in OUT as they are; a shard's OUT holds its own
        // neighborhoods and nothing of the others (an earlier plan's are deleted).
        let untouched = request.shard != nil ? [] : request.only.map { only in (output.ownedTopLevelNames.union(content.slugs)).subtracting(only) } ?? []
        let listedHoods = listed(content, site: site, untouched: untouched, output: output, root: request.content,
                                 previous: request.shard == nil ? previous : nil, all: request.shard != nil)
        var renderRequest = RenderRequest(
            jobs: request.jobs,
            cache: previous ?? RenderCache(key: key, context: contextFingerprint(content.site, buildOptions, speech: speech)),
            verified: output.verified, unchanged: content.unchanged,
            listed: listedHoods,
            narrator: buildOptions.narration ? (try? speech?.get()).map { Narrator(tools: $0, folder: Self.narrationWork(request.cacheFolder)) } : nil)
        renderRequest.progress = request.stages
        renderRequest.endsProcess = request.endsProcess
        // What a build shows of drafts or the future is never taken from, nor put in, the kept files.
        let showsOnlyPublished = !buildOptions.includeDrafts && !buildOptions.includeFuture
        let kept = request.keptFolder.map { KeptFiles(folder: $0, kinds: content.site.keptInCache) }
        if showsOnlyPublished, request.useCache { renderRequest.kept = kept }
        // A killed build's narration work (story text, sound) is gone before this one, whether or not it narrates.
        try? FileManager.default.removeItem(atPath: Self.narrationWork(request.cacheFolder))
        let commit = output.beginCommit(untouched: untouched)
        request.interruption?.watch(output, commit: commit)
        let (rendered, renderDiagnostics) = SiteRenderer.render(site, theme: theme, request: renderRequest) { files throws(OutputProblem) in
            try commit.write(files, jobs: request.jobs)
        }
        // A template parsed when first used cannot fail (the same bytes parsed whole before), unless
        // the theme's files changed while they were read: then the build fails with what they say.
        let late = theme.lateFailures
        report.diagnostics += late.isEmpty ? renderDiagnostics : late
        guard var rendered, late.isEmpty else {
            commit.abandon()
            output.abandon()
            return report
        }
        renderRequest.verified = VerifiedFiles()  // OUT's table is held once again, and updated in place as files go in
        var next = rendered.cache
        // `--only`: the neighborhoods left as they are keep what the last build recorded of them.
        if let previous { Reuse.carry(untouched, from: previous, into: &next) }
        for hood in site.neighborhoods {
            let folder = request.content.hasSuffix("/") ? request.content : request.content + "/"
            next.hoods[hood.slug]?.warnings = loadDiagnostics.filter { !$0.isError && $0.location.path.hasPrefix(folder + "neighborhoods/" + hood.slug + "/") }
        }
        // Nothing read and nothing rendered: the cache on disk already says all of this.
        let same = previous != nil && site.neighborhoods.isEmpty && rendered.renderedCount == 0
        stages.begin("Putting files in place")
        let finalCache = next
        let stagedCache: StagedRenderCache?
        do {
            let kept = StaticFiles.kept(in: untouched.union(rendered.whole), for: content.staticFiles, lastCache: lastCache, verified: output.verified)
            if let clash = StaticFiles.clash(content.staticFiles, with: rendered.files, kept: kept) { throw BuildFailure.diagnostic(clash) }
            let statics = content.staticFiles.map { OutputFile(path: $0.path, bytes: $0.bytes) }
            try commit.write(statics, jobs: request.jobs)
            if !statics.isEmpty { rendered.files = (rendered.files + statics.map(\.written)).sortedByUTF8(\.path) }
            // The next build's cache is written beside its place while the files go in, and put in
            // its place only once they are.
            let (files, whole) = (rendered.files, rendered.whole)
            let (staged, done) = try Parallel.both(parallel: request.jobs > 1, {
                same || (try? OutputFolder.makeFolders(cacheFolder)) == nil ? nil : finalCache.stage(cacheFolder)
            }) { () throws(OutputProblem) in try commit.finish(files, whole: whole, jobs: request.jobs) }
            stagedCache = staged
            report.written = done.written
            report.deleted = done.deleted
            report.notes = output.notes + ["wrote \(done.written) file\(done.written == 1 ? "" : "s") and deleted \(done.deleted) in place, each put in place once all were written"]
            if rendered.narrated > 0 { report.notes.append("read \(rendered.narrated) stor\(rendered.narrated == 1 ? "y" : "ies") aloud (the other narrations were unchanged)") }
        } catch {
            commit.abandon()
            RenderCache.discardStaged(cacheFolder)
            switch error {
            case let failure as BuildFailure:
                if case .diagnostic(let d) = failure { report.diagnostics.append(d) }
            case let problem as OutputProblem:
                report.diagnostics.append(problem.diagnostic)
            default:
                report.diagnostics.append(.error(SourceLocation(path: request.out), "\(error)"))
            }
            output.abandon()
            return report
        }
        if let kept {
            // A build that leaves parts out (`--skip`) does not make all of a neighborhood's cards:
            // it keeps what is kept as a quicker preview does.
            var made = Set<KeptKind>()
            let whole = SiteSection.allCases.allSatisfy(buildOptions.builds)
            if buildOptions.shareCards, whole { made.insert(.cards) }
            if renderRequest.narrator != nil, whole { made.insert(.audio) }
            if !kept.kinds.isEmpty { try? OutputFolder.makeFolders(OutputPath.folder(of: kept.folder)) }
            // Each neighborhood's stamp: its folder and the site's settings, on the build's day.
            var stamps: [String: KeptFiles.Stamp] = [:]
            for (slug, folder) in site.neighborhoods.map({ ($0.slug, $0.fingerprint) }) + content.unchanged.map({ ($0.slug, $0.fingerprint) }) {
                var h = FingerprintBuilder()
                h.add(content.site.fingerprint)
                h.add(buildOptions.baseURL ?? "")
                h.add(folder)
                stamps[slug] = KeptFiles.Stamp(source: h.value, day: buildOptions.today.description)
            }
            for problem in kept.update(slugs: site.neighborhoods.map(\.slug), made: made, published: rendered.published, fills: showsOnlyPublished,
                                       out: request.out, site: Set(content.slugs), stamps: stamps) {
                report.notes.append(problem)
            }
        }
        try? stagedCache?.install()
        ReportRowsFiles.save(request.cacheFolder, read: content.neighborhoods.map { ($0.slug, $0.reportRows) }, slugs: Set(content.slugs),
                             key: key, workers: request.jobs)
        stages.end()
        if request.endsProcess { AtExit.keep([content, site, rendered, next, lastCache as Any, previous as Any]) }
        report.neighborhoods = site.neighborhoods.count + content.unchanged.count
        report.pages = rendered.pageCount
        report.files = rendered.files.count + rendered.wholeFileCount
        report.rendered = rendered.renderedCount
        report.narrated = rendered.narrated
        report.weeks = WeekSummary.of(listedHoods, siteLanguage: content.site.language, today: buildOptions.today,
                                      baseURL: buildOptions.baseURL, out: request.out)
        return report
    }

    /// `check`: the content and the templates, every problem of both.
    public static func check(content root: String, templates: String?) -> (LoadedContent?, [Diagnostic]) {
        let (content, diagnostics) = ContentLoader.load(root: root)
        let loaded = templates.map { Theme.load(root: $0) }
        let themeDiagnostics = loaded?.1 ?? []
        return (content, (diagnostics + themeDiagnostics + missingLanguages(content, loaded?.0) + missingWords(content)).sortedForDisplay())
    }

    /// A reader-facing setting of `site.yml` without words in a language some edition is built in:
    /// a warning at the setting, naming the neighborhoods whose edition shows the site's language instead.
    static func missingWords(_ content: LoadedContent?) -> [Diagnostic] {
        guard let content else { return [] }
        var editions: [String: [String]] = [:]
        for n in content.neighborhoods {
            for code in n.languages where code != content.site.language { editions[code, default: []].append(n.name) }
        }
        var out: [Diagnostic] = []
        for (code, names) in editions.sorted(by: { $0.key < $1.key }) {
            for missing in content.site.missingWords(in: code) {
                out.append(.warning(missing.at, "\(missing.what) has no words in \(quoted(code)), so the \(code) edition of \(names.joined(separator: ", ")) shows it in \(quoted(content.site.language)); give one per language, like '{ \(content.site.language): ..., \(code): ... }'"))
            }
        }
        return out
    }

    /// A neighborhood language the theme has no words for (no `i18n/<lang>.yml`) is an error at its `neighborhood.md`.
    static func missingLanguages(_ content: LoadedContent?, _ theme: Theme?) -> [Diagnostic] {
        guard let content, let theme else { return [] }
        var out: [Diagnostic] = []
        for n in content.neighborhoods {
            for code in n.languages where theme.languages[code] == nil {
                out.append(.error(n.languagesLocation ?? SourceLocation(path: n.location.path + "/neighborhood.md"),
                                  "languages: the theme has no words in \(quoted(code)) (no i18n/\(code).yml); it has \(theme.languages.keys.sorted().map { "'\($0)'" }.joined(separator: ", "))"))
            }
        }
        return out
    }

    /// "Today" and the rest of the build's choices for a site.
    static func options(_ request: BuildRequest, _ site: SiteSettings, speech: Result<SpeechTools, SpeechTools.Missing>? = nil) -> BuildOptions {
        let today = request.date ?? ContentDate.at(instant: request.clock, zone: site.timeZone).day
        let narration: Bool
        if case .success = speech { narration = true } else { narration = false }
        var options = BuildOptions(today: today, includeDrafts: request.drafts, baseURL: request.baseURL ?? site.baseURL,
                                   shareCards: request.shareCards, narration: narration, skipped: request.skipped)
        options.includeFuture = request.future
        return options
    }

    /// espeak-ng and opusenc, looked for once, when the site reads its stories aloud (nil when it does not).
    static func speechTools(_ request: BuildRequest, _ site: SiteSettings) -> Result<SpeechTools, SpeechTools.Missing>? {
        guard request.narration, site.narration.isOn else { return nil }
        return SpeechTools.find(request.speechTools, path: ProcessInfo.processInfo.environment["PATH"],
                                folder: request.cacheFolder + "/speech-tools")
    }

    /// What every page may depend on besides its neighborhood: `site.yml`, the build's choices and
    /// the speech tools (with others, or without them, every story page changes).
    static func contextFingerprint(_ site: SiteSettings, _ options: BuildOptions, speech: Result<SpeechTools, SpeechTools.Missing>? = nil) -> Fingerprint {
        var h = FingerprintBuilder()
        h.add(site.fingerprint)
        h.add(options.today.description)
        h.tag(options.includeDrafts ? 1 : 0)
        h.tag(options.includeFuture ? 1 : 0)
        h.add(options.baseURL ?? "")
        // With or without share cards, and with other sections left out, other files are written.
        h.tag(options.shareCards ? 1 : 0)
        for section in SiteSection.allCases { h.tag(options.builds(section) ? 1 : 0) }
        switch speech {
        case nil: h.tag(0)
        case .success(let tools)?: h.tag(1); h.add(tools.versions)
        case .failure(let missing)?: h.tag(2); h.add(missing.program)
        }
        return h.value
    }

    /// The neighborhoods the top-level index lists: those built now, those reused, and under
    /// `--only` the others that OUT still holds; each with what it published lately: counted now,
    /// remembered by the last build's cache, or else counted by reading it (when it reads cleanly).
    /// With `all` (a shard), every neighborhood of the content folder, each counted from the content
    /// (the caller passes no cache: a shard's cache may hold another week's counts of neighborhoods
    /// it no longer builds), so that every shard writes the same index as an unsharded build.
    static func listed(_ content: LoadedContent, site: Site, untouched: Set<String>, output: OutputFolder, root: String,
                       previous: RenderCache?, all: Bool = false) -> [ListedNeighborhood] {
        var names = Dictionary(site.neighborhoods.map { ($0.slug, $0.name) }, uniquingKeysWith: { a, _ in a })
        var languages = Dictionary(site.neighborhoods.map { ($0.slug, $0.languages) }, uniquingKeysWith: { a, _ in a })
        var activity = Dictionary(site.neighborhoods.map { ($0.slug, $0.activity) }, uniquingKeysWith: { a, _ in a })
        let owned = output.ownedTopLevelNames
        let others = all ? content.slugs.filter { names[$0] == nil }
            : content.unchanged.map(\.slug) + content.slugs.filter { untouched.contains($0) && owned.contains($0) }
        for (slug, read) in ContentLoader.names(root: root, slugs: others, site: content.site) { (names[slug], languages[slug]) = (read.name, read.languages) }
        for slug in others { activity[slug] = activity[slug] ?? previous?.activity[slug] }
        let missing = others.filter { names[$0] != nil && activity[$0] == nil }
        if !missing.isEmpty {
            let (more, _) = ContentLoader.load(root: root, only: Set(missing))
            if let more {
                for hood in Assembler.assemble(more, options: site.options).neighborhoods { activity[hood.slug] = hood.activity }
            }
        }
        return content.slugs.compactMap { slug in names[slug].map { ListedNeighborhood(slug: slug, name: $0, activity: activity[slug], languages: languages[slug] ?? []) } }
    }
}

/// A failure that is already a diagnostic.
enum BuildFailure: Error {
    case diagnostic(Diagnostic)
}

/// `static/` files join the site's files; one that has the path of a generated file is an error,
/// whether that file was generated by this build or, under `--only`, is a page of a neighborhood
/// left as it is (`kept`), so that `--only` refuses what a full build refuses.
enum StaticFiles {
    static func clash(_ statics: [StaticFile], with files: [OutputFile], kept: KeptFiles = KeptFiles()) -> Diagnostic? {
        guard !statics.isEmpty else { return nil }
        let generated = Set(files.map(\.path)).union(kept.generated)
        for file in statics where generated.contains(file.path) || !OutputPath.isInside(file.path) {
            return .error(SourceLocation(path: file.source), "this static file has the path of a file the site generates (\(file.path)); rename it")
        }
        for file in statics where kept.unknown.contains(file.path) {
            return .error(SourceLocation(path: file.source), "this static file would replace \(file.path) of '\(OutputPath.top(of: file.path))', which --only leaves as it is, and without the render cache a page there cannot be told from a static file; build without --only")
        }
        return nil
    }

    /// What a static file may meet in the folders of the neighborhoods `--only` leaves as they are.
    struct KeptFiles {
        /// Files the last build that rendered the neighborhood generated (its render cache).
        var generated: Set<String> = []
        /// Files of OUT there, not the static file's bytes, of a neighborhood the cache has no record of.
        var unknown: Set<String> = []
    }

    /// The files of the neighborhoods in `untouched` that `statics` would meet.
    static func kept(in untouched: Set<String>, for statics: [StaticFile], lastCache: RenderCache?, verified: VerifiedFiles) -> KeptFiles {
        var kept = KeptFiles()
        for file in statics {
            let top = OutputPath.top(of: file.path)
            guard untouched.contains(top) else { continue }
            if let hood = lastCache?.hoods[top] {
                if hood.files.contains(where: { $0.path == file.path }) { kept.generated.insert(file.path) }
            } else if let hash = verified[file.path], hash != Fingerprint(of: file.bytes) {
                kept.unknown.insert(file.path)
            }
        }
        return kept
    }
}

/// The build's own stages, told to the caller's sink as each begins and ends (the one before it ends
/// when the next begins); rendering tells its own, inside "Writing pages".
struct Stages {
    let sink: ProgressSink?
    var current: String?

    mutating func begin(_ name: String) {
        end()
        current = name
        sink?(.began(name))
    }

    mutating func end() {
        if let current { sink?(.ended(current)) }
        current = nil
    }
}
