import Diagnostics
import Fingerprint
import Foundation
import Liquid
import Narration
import Output
import Parallelism
import Pages
import Rendering
import Incremental

/// Step 2½ of rendering: each story page that asks for a narration gets one before it is rendered.
/// A narration whose key (text, voice, tools) is as last time and whose bytes OUT still holds is
/// taken as it is; the others are spoken on threads of their own while the other pages are rendered.
/// The page's `narration` variable then says where the sound is, how long it lasts and what it reads;
/// a story whose narration failed has none.
package struct Narrate {
    package struct Result {
        package var files: [OutputFile] = []
        package var entries: [String: RenderCache.NarrationEntry] = [:]
        /// Narrations spoken this time (the others were found unchanged).
        package var spoken = 0
        package var warnings: [Diagnostic] = []
    }

    struct Speaking: Sendable {
        var index: Int
        var request: NarrationRequest
        var speech: NarrationText.Speech
        var key: Fingerprint
    }

    typealias Spoken = Swift.Result<(bytes: [UInt8], file: OggOpus), Narrator.Failure>

    private let asked: [(index: Int, request: NarrationRequest)]
    private var found: [Int: RenderCache.NarrationEntry] = [:]
    private var reused: [OutputFile] = []
    private let toSpeak: [Speaking]
    private let running: Running<[Spoken]>?

    /// The jobs (by index, in order) that wait for a narration being spoken.
    package let waiting: [Int]

    /// Gives the jobs whose narration is as last time their `narration` variable, and begins speaking
    /// the others, longest first, on `workers` threads of their own. `requests`: each story page's,
    /// by the page's path inside OUT.
    package static func begin(_ jobs: inout [PageJob], requests: [String: NarrationRequest], narrator: Narrator?, previous: [String: RenderCache.NarrationEntry],
                              verified: VerifiedFiles, kept: KeptFiles? = nil, workers: Int, progress: ProgressSink? = nil) -> Narrate {
        let narrate = Narrate(jobs, requests: requests, narrator: narrator, previous: previous, verified: verified, kept: kept, workers: workers,
                              progress: progress)
        for (i, request) in narrate.asked {
            if let entry = narrate.found[i] { set(entry, of: request, on: &jobs[i]) }
        }
        return narrate
    }

    private init(_ jobs: [PageJob], requests: [String: NarrationRequest], narrator: Narrator?, previous: [String: RenderCache.NarrationEntry],
                 verified: VerifiedFiles, kept: KeptFiles?, workers: Int, progress: ProgressSink? = nil) {
        guard let narrator else {
            (asked, toSpeak, waiting, running) = ([], [], [], nil)
            return
        }
        asked = jobs.indices.compactMap { i in requests[jobs[i].folder + jobs[i].path].map { (index: i, request: $0) } }
        var toSpeak: [Speaking] = []
        for (i, request) in asked {
            let speech = request.speech
            let key = narrator.key(text: speech.text, voice: request.voice)
            if let known = previous[request.path], known.input == key, verified[request.path] == known.output {
                found[i] = known
                reused.append(OutputFile(path: request.path, alreadyInOutputWithHash: known.output))
            } else if !jobs[i].isDraft, let bytes = kept?.read(.audio, slug: OutputPath.top(of: request.path), key: key), let file = OggOpus(bytes) {
                // Kept for every output folder: taken as it is, not spoken again.
                let taken = OutputFile(path: request.path, bytes: bytes)
                found[i] = RenderCache.NarrationEntry(input: key, output: taken.hash, samples: Int(file.granule) - file.preSkip, bytes: bytes.count)
                reused.append(taken)
            } else {
                toSpeak.append(Speaking(index: i, request: request, speech: speech, key: key))
            }
        }
        // The longest first, so that no thread is left with a long story when the others are done.
        toSpeak.sort { ($0.speech.text.utf8.count, $1.index) > ($1.speech.text.utf8.count, $0.index) }
        self.toSpeak = toSpeak
        waiting = toSpeak.map(\.index).sorted()
        let stage = "Reading stories aloud", total = toSpeak.count, done = Locked(0)
        if total > 0 {
            narrator.prepare()
            progress?(.began(stage))
        }
        let started = Parallel.start(toSpeak, workers: workers) { item in
            let made = narrator.speak(item.speech.text, voice: item.request.voice, markup: item.speech.markup, key: item.key)
            let count = done.withLock { n in n += 1; return n }
            progress?(.counted(stage, done: count, total: total))
            if count == total {
                progress?(.ended(stage))
                // Nothing of a narration stays in the work folder, even after a killed build.
                try? FileManager.default.removeItem(atPath: narrator.folder)
            }
            return made
        }
        running = started
        if total == 0 { try? FileManager.default.removeItem(atPath: narrator.folder) }
    }

    /// Waits until every narration is spoken (for a build given one core, before it renders anything).
    package func wait() { _ = running?.wait() }

    /// Waits for the narrations being spoken and gives the jobs that waited for them (`waiting`'s, in
    /// its order) their `narration` variable.
    package func finish(into waited: inout [PageJob], at location: SourceLocation) -> Result {
        var result = Result(files: reused)
        for (i, request) in asked {
            if let entry = found[i] { result.entries[request.path] = entry }
        }
        let place = Dictionary(uniqueKeysWithValues: waiting.enumerated().map { ($1, $0) })
        var failures: [String: [String]] = [:]
        // In the jobs' order, so that warnings come in the same order whatever was spoken first.
        for (item, outcome) in zip(toSpeak, running?.wait() ?? []).sorted(by: { $0.0.index < $1.0.index }) {
            switch outcome {
            case .success(let made):
                let file = OutputFile(path: item.request.path, bytes: made.bytes)
                let entry = RenderCache.NarrationEntry(input: item.key, output: file.hash, samples: Int(made.file.granule) - made.file.preSkip,
                                                       bytes: made.bytes.count)
                result.entries[item.request.path] = entry
                if let at = place[item.index] { Self.set(entry, of: item.request, on: &waited[at]) }
                result.files.append(file)
                result.spoken += 1
            case .failure(let failure) where failure.signal != nil:
                // A crash is told at the story it was reading: its text may be what crashed the tool.
                result.warnings.append(.warning(item.request.story, "narration: \(failure.message) while reading this story; \(item.request.path) built without audio"))
            case .failure(let failure):
                failures[failure.message, default: []].append(item.request.path)
            }
        }
        for (message, paths) in failures.sorted(by: { $0.key < $1.key }) {
            let which = paths.count == 1 ? paths[0] : "\(paths[0]) and \(paths.count - 1) more"
            result.warnings.append(.warning(location, "narration: \(message); \(which) built without audio"))
        }
        return result
    }

    private static func set(_ entry: RenderCache.NarrationEntry, of request: NarrationRequest, on job: inout PageJob) {
        if let slot = job.variables.firstIndex(where: { $0.0 == "narration" }) {
            job.variables[slot].1 = request.value(seconds: entry.seconds, bytes: entry.bytes)
        }
    }
}
