import Output
import Parallelism
import Products

/// Step 2's side files (feeds, the search index, maps as files): made on every core, each written by
/// the thread that made it as soon as it is made, so that only as many are in memory as there are
/// threads and no thread waits for another's slower file.
enum SideFiles {
    /// What was written (paths and fingerprints), in the order of `files`. After a write fails (`write`
    /// has undone the commit) no other side file is made or written, and the first failure is thrown.
    static func make(_ files: [SideFile], workers: Int, write: ([OutputFile]) throws(OutputProblem) -> Void) throws(OutputProblem) -> [OutputFile] {
        // The first failure, and the lock every write is made under.
        let failure = Locked<OutputProblem?>(nil)
        let written = withoutActuallyEscaping(write) { write in
            let writer = Writer(write)
            return Parallel.map(files, workers: workers) { file -> [OutputFile] in
                guard failure.value == nil else { return [] }
                let made = file.make()
                // One write at a time, and none once one failed: the lock is held across the check and the write.
                failure.withLock { failed in
                    guard failed == nil else { return }
                    do throws(OutputProblem) { try writer.write(made) } catch { failed = error }
                }
                return made.map(\.written)
            }
        }
        if let problem = failure.value { throw problem }
        return written.flatMap { $0 }
    }

    /// The build's writer, called by one thread at a time (under `make`'s lock).
    private struct Writer: @unchecked Sendable {
        let write: ([OutputFile]) throws(OutputProblem) -> Void
        init(_ write: @escaping ([OutputFile]) throws(OutputProblem) -> Void) { self.write = write }
    }
}
