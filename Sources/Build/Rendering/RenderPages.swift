import Diagnostics
import Fingerprint
import Incremental
import Pages
import Rendering
import Liquid
import Output
import Parallelism

/// Step 3 of rendering: every page, in parallel; a page whose inputs are as last time and whose
/// bytes OUT still holds is not rendered again.
enum RenderPages {
    struct Result {
        var files: [OutputFile] = []
        /// Path → (inputs, bytes) fingerprints, for the next build.
        var entries: [(String, RenderCache.PageEntry)] = []
        /// The sets of theme files the entries name.
        var templateSets: [String: [String]] = [:]
        var rendered = 0
        /// Each error as the renderer gave it (before the page was named), and as it is told: once.
        var errors: [(given: String, told: Diagnostic)] = []
        var diagnostics: [Diagnostic] { errors.map(\.told).sortedForDisplay() }

        /// Another run's result, after this one's; an error both met is told once.
        mutating func add(_ other: Result) {
            files += other.files
            entries += other.entries
            templateSets.merge(other.templateSets) { first, _ in first }
            rendered += other.rendered
            let given = Set(errors.map(\.given))
            errors += other.errors.filter { !given.contains($0.given) }
        }
    }

    /// Pages are rendered in batches of this many (and fewer than one more per worker); each batch
    /// goes to the writer before the next, so a site of large pages never holds more than a batch of
    /// them in memory.
    static let batch = 64
    /// Partials' outputs are kept for this many batches: long enough to serve a neighborhood's pages
    /// again and again, short enough that those of the neighborhoods done are let go.
    static let batchesRemembered = 8

    /// `stage`: what the progress line calls it ("Rendering pages", "Drawing share cards").
    static func run(_ jobs: [PageJob], stage: String = "Rendering pages", renderer: PageRenderer, previous: RenderCache,
                    verified: [String: Fingerprint], kept: KeptFiles? = nil, workers: Int, progress: ProgressSink? = nil,
                    write: ([OutputFile]) throws(OutputProblem) -> Void) -> Result {
        var result = Result()
        var given = Set<String>()  // the errors told so far, looked up once per failed page
        progress?(.began(stage))
        defer { progress?(.ended(stage)) }
        var start = 0, batches = 0
        while start < jobs.count {
            // A batch ends once `batch` pages were rendered: the pages found unchanged take no
            // room, so a rebuild checks a neighborhood's pages in one run, not stopping every 64.
            let (end, outcomes) = render(jobs, from: start, renderer: renderer, previous: previous, verified: verified, kept: kept, workers: workers)
            let chunk = jobs[start..<end]
            start = end
            renderer.forgetDrawings()
            batches += 1
            if batches % batchesRemembered == 0 { renderer.forgetRememberedOutputs() }
            var files: [OutputFile] = []
            for (job, (input, outcome, use)) in zip(chunk, outcomes) {
                switch outcome {
                case .success(let file):
                    files.append(file)
                    let id = RenderCache.setID(use.names)
                    if result.templateSets[id] == nil { result.templateSets[id] = use.names }
                    result.entries.append((file.path, RenderCache.PageEntry(input: input, output: file.hash, uses: id, templates: use.fingerprint, listed: use.listed)))
                    if case .bytes = file.content { result.rendered += 1 }
                case .failure(let d):
                    if given.insert(d.description).inserted {
                        result.errors.append((d.description, Diagnostic(.error, d.location, d.message + " (rendering \(job.folder + job.path))")))
                    }
                }
            }
            // After an error nothing more is written (the build will fail), but every page is still
            // rendered, so that every error is reported in one run.
            if result.errors.isEmpty {
                do {
                    try write(files)
                } catch {
                    result.errors.append(("", error.diagnostic))
                    return result
                }
            }
            result.files += files.map(\.written)
            progress?(.counted(stage, done: min(start, jobs.count), total: jobs.count))
        }
        return result
    }

    /// The theme files a page used, and their fingerprint; the reports the lists under its map showed.
    struct Use: Sendable {
        var names: [String]
        var fingerprint: Fingerprint
        var listed: [String] = []
    }

    /// The jobs from `start` on, until `batch` pages were rendered: where the run ended, and each job's
    /// input fingerprint, page (rendered, or as OUT holds it) and use.
    static func render(_ jobs: [PageJob], from start: Int, renderer: PageRenderer, previous: RenderCache,
                       verified: [String: Fingerprint], kept: KeptFiles? = nil, workers: Int) -> (end: Int, results: [(Fingerprint, Swift.Result<OutputFile, Diagnostic>, Use)]) {
        let theme = renderer.theme
        // Each set's fingerprint is worked out once a batch: most pages share a handful of sets.
        let known = Locked<[[String]: Fingerprint]>([:])
        @Sendable func fingerprint(_ names: [String]) -> Fingerprint {
            if let f = known.withLock({ $0[names] }) { return f }
            let f = theme.fingerprint(of: names)
            known.withLock { $0[names] = f }
            return f
        }
        // Every page but one found unchanged was rendered (a page that failed too: its drawings are
        // kept until the batch ends), and counts towards the batch.
        @Sendable func rendered(_ outcome: (Fingerprint, Swift.Result<OutputFile, Diagnostic>, Use)) -> Bool {
            if case .success(let file) = outcome.1, case .alreadyInOutput = file.content { return false }
            return true
        }
        return Parallel.mapUntil(jobs, from: start, limit: batch, workers: workers, counts: rendered) { job -> (Fingerprint, Swift.Result<OutputFile, Diagnostic>, Use) in
            let path = job.folder + job.path
            let last = previous.pages[path]
            let input = renderer.inputHash(job, listed: last?.listed ?? [])
            if let known = last, known.input == input, verified[path] == known.output,
               let names = previous.templateSets[known.uses], fingerprint(names) == known.templates {
                return (input, .success(OutputFile(path: path, alreadyInOutputWithHash: known.output)), Use(names: names, fingerprint: known.templates, listed: known.listed))
            }
            // A share card kept for every output folder (its key is all it is drawn from: no theme file).
            if job.kind == .card, let bytes = kept?.read(.cards, slug: OutputPath.top(of: path), key: input) {
                return (input, .success(OutputFile(path: path, bytes: bytes)), Use(names: [], fingerprint: fingerprint([])))
            }
            let made = renderer.outputAndUse(job)
            // Kept with the cards of the reports the lists under its map show now, for the next build.
            let stored = made.listed == (last?.listed ?? []) ? input : renderer.inputHash(job, listed: made.listed)
            return (stored, made.bytes.map { OutputFile(path: path, bytes: $0) }, Use(names: made.templates, fingerprint: fingerprint(made.templates), listed: made.listed))
        }
    }
}
