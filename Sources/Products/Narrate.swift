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
/// taken as it is; the others are spoken, in parallel. The page's `narration` variable then says
/// where the sound is, how long it lasts and what it reads; a story whose narration failed has none.
package enum Narrate {
    package struct Result {
        package var files: [OutputFile] = []
        package var entries: [String: RenderCache.NarrationEntry] = [:]
        /// Narrations spoken this time (the others were found unchanged).
        package var spoken = 0
        package var warnings: [Diagnostic] = []
    }

    /// `requests`: each story page's, by the page's path inside OUT.
    package static func run(_ jobs: inout [PageJob], requests: [String: NarrationRequest], narrator: Narrator?, previous: [String: RenderCache.NarrationEntry],
                    verified: [String: Fingerprint], workers: Int, at location: SourceLocation, progress: ProgressSink? = nil) -> Result {
        var result = Result()
        guard let narrator else { return result }
        // Nothing of a narration stays in the work folder, even after a killed build.
        defer { try? FileManager.default.removeItem(atPath: narrator.folder) }
        let asked = jobs.indices.compactMap { i in requests[jobs[i].folder + jobs[i].path].map { (index: i, request: $0) } }
        var found: [Int: RenderCache.NarrationEntry] = [:]
        var toSpeak: [(index: Int, request: NarrationRequest, key: Fingerprint)] = []
        for (i, request) in asked {
            let key = narrator.key(text: request.speech.text, voice: request.voice)
            if let known = previous[request.path], known.input == key, verified[request.path] == known.output {
                found[i] = known
                result.files.append(OutputFile(path: request.path, alreadyInOutputWithHash: known.output))
            } else {
                toSpeak.append((i, request, key))
            }
        }
        let stage = "Reading stories aloud", total = toSpeak.count, done = Locked(0)
        if total > 0 { progress?(.began(stage)) }
        let spoken = Parallel.map(toSpeak, workers: workers) { item in
            let speech = item.request.speech
            let made = narrator.speak(speech.text, voice: item.request.voice, markup: speech.markup, key: item.key)
            let count = done.withLock { n in n += 1; return n }
            progress?(.counted(stage, done: count, total: total))
            return made
        }
        if total > 0 { progress?(.ended(stage)) }
        var failures: [String: [String]] = [:]
        for (item, outcome) in zip(toSpeak, spoken) {
            switch outcome {
            case .success(let made):
                let file = OutputFile(path: item.request.path, bytes: made.bytes)
                found[item.index] = RenderCache.NarrationEntry(input: item.key, output: file.hash, samples: Int(made.file.granule) - made.file.preSkip,
                                                               bytes: made.bytes.count)
                result.files.append(file)
                result.spoken += 1
            case .failure(let failure) where failure.signal != nil:
                // A crash is told at the story it was reading: its text may be what crashed the tool.
                result.warnings.append(.warning(item.request.story, "narration: \(failure.message) while reading this story; \(item.request.path) built without audio"))
            case .failure(let failure):
                failures[failure.message, default: []].append(item.request.path)
            }
        }
        for (i, request) in asked {
            guard let entry = found[i] else { continue }
            result.entries[request.path] = entry
            if let slot = jobs[i].variables.firstIndex(where: { $0.0 == "narration" }) {
                jobs[i].variables[slot].1 = request.value(seconds: entry.seconds, bytes: entry.bytes)
            }
        }
        for (message, paths) in failures.sorted(by: { $0.key < $1.key }) {
            let which = paths.count == 1 ? paths[0] : "\(paths[0]) and \(paths.count - 1) more"
            result.warnings.append(.warning(location, "narration: \(message); \(which) built without audio"))
        }
        return result
    }
}
