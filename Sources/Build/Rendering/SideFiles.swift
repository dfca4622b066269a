import Fingerprint
import Incremental
import Output
import Parallelism
import Products
import Rendering

/// Step 2's side files (feeds, the search index, maps as files): made on every core, each written by
/// the thread that made it as soon as it is made, so that only as many are in memory as there are
/// threads and no thread waits for another's slower file.
enum SideFiles {
    /// What was written (paths and fingerprints), in the order of `files`, and what the render cache
    /// keeps of those with inputs. After a write fails (`write` has undone the commit) no other side
    /// file is made or written, and the first failure is thrown.
    static func make(_ files: [SideFile], workers: Int, reuse: Reuse? = nil,
                     write: ([OutputFile]) throws(OutputProblem) -> Void) throws(OutputProblem) -> (written: [OutputFile], entries: [(String, RenderCache.PageEntry)]) {
        // The first failure, and the lock every write is made under.
        let failure = Locked<OutputProblem?>(nil)
        let done = withoutActuallyEscaping(write) { write in
            let writer = Writer(write)
            return Parallel.map(files, workers: workers) { file -> ([OutputFile], (String, RenderCache.PageEntry)?) in
                guard failure.value == nil else { return ([], nil) }
                let key = file.inputs.flatMap { inputs in reuse.map { ($0, inputs, $0.key(inputs)) } }
                let made: [OutputFile]
                if let (reuse, inputs, key) = key, let kept = reuse.kept(inputs.path, key) {
                    made = [kept]
                } else {
                    made = file.make()
                }
                // One write at a time, and none once one failed: the lock is held across the check and the write.
                failure.withLock { failed in
                    guard failed == nil else { return }
                    do throws(OutputProblem) { try writer.write(made) } catch { failed = error }
                }
                let entry = key.flatMap { _, inputs, key in
                    made.first { $0.path == inputs.path }.map { (inputs.path, RenderCache.PageEntry(input: key.input, output: $0.hash, uses: key.uses, templates: key.templates)) }
                }
                return (made.map(\.written), entry)
            }
        }
        if let problem = failure.value { throw problem }
        return (done.flatMap(\.0), done.compactMap(\.1))
    }

    /// What decides whether a side file with inputs is made again: the last build's record of it,
    /// whether OUT still holds its bytes, and the theme's language files.
    struct Reuse: Sendable {
        let previous: RenderCache
        let verified: VerifiedFiles
        let renderer: PageRenderer

        /// The file's inputs with the site's values in its language, and the language file it takes its words from.
        func key(_ inputs: SideFile.Inputs) -> (input: Fingerprint, uses: String, templates: Fingerprint) {
            let (shared, words) = renderer.languageUse(inputs.language)
            var h = FingerprintBuilder()
            h.tag(3)
            h.add(inputs.path)
            h.add(shared)
            inputs.add(&h)
            return (h.value, RenderCache.setID([words]), renderer.theme.fingerprint(of: [words]))
        }

        /// The file as OUT holds it, when it was made last time of the same inputs and words.
        func kept(_ path: String, _ key: (input: Fingerprint, uses: String, templates: Fingerprint)) -> OutputFile? {
            guard let last = previous.pages[path], last.input == key.input, last.uses == key.uses, last.templates == key.templates,
                  verified[path] == last.output else { return nil }
            return OutputFile(path: path, alreadyInOutputWithHash: last.output)
        }
    }

    /// The build's writer, called by one thread at a time (under `make`'s lock).
    private struct Writer: @unchecked Sendable {
        let write: ([OutputFile]) throws(OutputProblem) -> Void
        init(_ write: @escaping ([OutputFile]) throws(OutputProblem) -> Void) { self.write = write }
    }
}
