import Diagnostics
import Fingerprint
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
        var rendered = 0
        var diagnostics: [Diagnostic] = []
    }

    /// Pages are rendered in batches of this many; each batch goes to the writer before the next, so a
    /// site of large pages never holds more than a batch of them in memory.
    static let batch = 64

    static func run(_ jobs: [PageJob], renderer: PageRenderer, previous: [String: RenderCache.PageEntry],
                    verified: [String: Fingerprint], workers: Int, progress: ProgressSink? = nil,
                    write: ([OutputFile]) throws(OutputProblem) -> Void) -> Result {
        var result = Result()
        let stage = "Rendering pages"
        progress?(.began(stage))
        defer { progress?(.ended(stage)) }
        var seen = Set<String>()
        var start = 0
        while start < jobs.count {
            let chunk = Array(jobs[start..<min(start + batch, jobs.count)])
            start += batch
            let outcomes = render(chunk, renderer: renderer, previous: previous, verified: verified, workers: workers)
            renderer.forgetDrawings()
            var files: [OutputFile] = []
            for (job, (input, outcome)) in zip(chunk, outcomes) {
                switch outcome {
                case .success(let file):
                    files.append(file)
                    result.entries.append((file.path, RenderCache.PageEntry(input: input, output: file.hash)))
                    if case .bytes = file.content { result.rendered += 1 }
                case .failure(let d):
                    if seen.insert(d.description).inserted {
                        result.diagnostics.append(Diagnostic(.error, d.location, d.message + " (rendering \(job.folder + job.path))"))
                    }
                }
            }
            // After an error nothing more is written (the build will fail), but every page is still
            // rendered, so that every error is reported in one run.
            if result.diagnostics.isEmpty {
                do {
                    try write(files)
                } catch {
                    result.diagnostics.append(error.diagnostic)
                    return result
                }
            }
            result.files += files.map(\.written)
            progress?(.counted(stage, done: min(start, jobs.count), total: jobs.count))
        }
        result.diagnostics = result.diagnostics.sortedForDisplay()
        return result
    }

    static func render(_ jobs: [PageJob], renderer: PageRenderer, previous: [String: RenderCache.PageEntry],
                       verified: [String: Fingerprint], workers: Int) -> [(Fingerprint, Swift.Result<OutputFile, Diagnostic>)] {
        Parallel.map(jobs, workers: workers) { job -> (Fingerprint, Swift.Result<OutputFile, Diagnostic>) in
            let path = job.folder + job.path
            let input = renderer.inputHash(job)
            if let known = previous[path], known.input == input, verified[path] == known.output {
                return (input, .success(OutputFile(path: path, alreadyInOutputWithHash: known.output)))
            }
            return (input, renderer.output(job).map { OutputFile(path: path, bytes: $0) })
        }
    }
}
