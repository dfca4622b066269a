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

    /// Rendered pages go to the writer in batches of this many, and no more than twice as many are
    /// rendered ahead of the writer: a site of large pages never holds more than that in memory.
    static let batch = 64
    /// Partials' outputs are kept for this many batches: long enough to serve a neighborhood's pages
    /// again and again, short enough that those of the neighborhoods done are let go.
    static let batchesRemembered = 8

    /// `stage`: what the progress line calls it ("Rendering pages", "Drawing share cards").
    static func run(_ jobs: [PageJob], stage: String = "Rendering pages", renderer: PageRenderer, previous: RenderCache,
                    verified: VerifiedFiles, kept: KeptFiles? = nil, workers: Int, progress: ProgressSink? = nil,
                    write: ([OutputFile]) throws(OutputProblem) -> Void) -> Result {
        var result = Result()
        var given = Set<String>()  // the errors told so far, looked up once per failed page
        progress?(.began(stage))
        defer { progress?(.ended(stage)) }
        // The pages rendered since the last batch was written (and those found unchanged among them).
        var files: [OutputFile] = [], rendered = 0, batches = 0
        let page = render(renderer: renderer, previous: previous, verified: verified, kept: kept)
        // Pages are rendered on the other threads while this one writes what they made, in order.
        Parallel.stream(jobs, workers: workers, ahead: 2 * batch, page) { i, outcome in
            let (input, made, use) = outcome
            switch made {
            case .success(let file):
                files.append(file)
                let id = RenderCache.setID(use.names)
                if result.templateSets[id] == nil { result.templateSets[id] = use.names }
                result.entries.append((file.path, RenderCache.PageEntry(input: input, output: file.hash, uses: id, templates: use.fingerprint, listed: use.listed)))
                if case .bytes = file.content {
                    rendered += 1
                    result.rendered += 1
                }
            case .failure(let d):
                rendered += 1  // its drawings are kept until the batch ends
                if given.insert(d.description).inserted {
                    let job = jobs[i]
                    result.errors.append((d.description, Diagnostic(.error, d.location, d.message + " (rendering \(job.folder + job.path))")))
                }
            }
            // A batch ends once `batch` pages were rendered: the pages found unchanged take no room.
            guard rendered >= batch || i == jobs.count - 1 else { return true }
            renderer.forgetDrawings()
            batches += 1
            if batches % batchesRemembered == 0 { renderer.forgetRememberedOutputs() }
            // After an error nothing more is written (the build will fail), but every page is still
            // rendered, so that every error is reported in one run.
            if result.errors.isEmpty {
                do throws(OutputProblem) {
                    try write(files)
                } catch {
                    result.errors.append(("", error.diagnostic))
                    return false
                }
            }
            result.files += files.map(\.written)
            files = []
            rendered = 0
            progress?(.counted(stage, done: i + 1, total: jobs.count))
            return true
        }
        return result
    }

    /// The theme files a page used, and their fingerprint; the reports the lists under its map showed.
    struct Use: Sendable {
        var names: [String]
        var fingerprint: Fingerprint
        var listed: [String] = []
    }

    /// What makes one page: its input fingerprint, the page (rendered, or as OUT holds it) and its use.
    static func render(renderer: PageRenderer, previous: RenderCache, verified: VerifiedFiles,
                       kept: KeptFiles?) -> @Sendable (PageJob) -> (Fingerprint, Swift.Result<OutputFile, Diagnostic>, Use) {
        let theme = renderer.theme
        // Each set's fingerprint is worked out once: most pages share a handful of sets.
        let known = Locked<[[String]: Fingerprint]>([:])
        @Sendable func fingerprint(_ names: [String]) -> Fingerprint {
            if let f = known.withLock({ $0[names] }) { return f }
            let f = theme.fingerprint(of: names)
            known.withLock { $0[names] = f }
            return f
        }
        return { job in
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
