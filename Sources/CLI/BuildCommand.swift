import Assembly
import CivilTime
import Fingerprint
import Build
import Diagnostics
import Foundation
import Loading
import Output
import Sharding

/// `commonsight build`: the whole pipeline, then one summary line.
enum BuildCommand {
    /// The program's build ID, or a hash of its bytes: the render cache is never shared between two
    /// builds of the program.
    static func programIdentity() -> String {
        if let id = BuildID.ofThisProgram() { return "build-id " + id }
        guard let bytes = FileManager.default.contents(atPath: "/proc/self/exe") else { return "unknown" }
        return bytes.withUnsafeBytes { Fingerprint(of: $0) }.description
    }

    static func run(_ args: [String], console: Console) throws(Arguments.UsageError) -> Int32 {
        if CommandLineTool.wantsHelp(args) {
            console.out(HelpText.command("build") ?? "")
            return 0
        }
        let parsed = try Arguments.parse(args, command: "build", valued: ["content", "templates", "out", "only", "date", "base-url", "jobs", "cache-dir", "shard-index", "shard-count", "skip"], flags: ["drafts", "future", "verbose", "no-cache", "no-share-cards", "no-narration"])
        if let extra = parsed.positionals.first {
            throw Arguments.UsageError(message: "unexpected argument '\(extra)'; 'build' takes only options", command: "build")
        }
        let started = Date()
        let out = console.resolve(parsed.options["out"] ?? "public")
        var request = try request(parsed, command: "build", console: console, out: out,
                                  cacheFolder: parsed.options["cache-dir"].map(console.resolve) ?? CacheFolder.forOutput(out, environment: console.environment))
        request.only = parsed.options["only"].map { Set($0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }) }
        request.shard = try shard(parsed, environment: console.environment)
        if request.shard != nil, request.only != nil {
            throw Arguments.UsageError(message: "--only and --shard-count both choose the neighborhoods to build; use one of them", command: "build")
        }
        request.useCache = !parsed.flags.contains("no-cache")
        request.endsProcess = console.endsWithCommand
        let verbose = parsed.flags.contains("verbose")
        if verbose {
            request.progress = { [console] line in console.err(line) }
            request.progress?("cache folder: \(request.cacheFolder)")
        }
        let display = ProgressDisplay.forProcess(console, verbose: verbose)
        request.stages = display.sink
        let report = Builder.build(request)
        display.finish()
        if parsed.flags.contains("verbose") { for note in report.notes { console.err("note: " + note) } }
        let errors = CommandLineTool.report(report.diagnostics, console: console)
        guard report.succeeded else {
            console.err("build failed: \(errors) error\(errors == 1 ? "" : "s"); the previous output is unchanged")
            return 1
        }
        if !request.skipped.isEmpty {
            let names = SiteSection.allCases.filter(request.skipped.contains).map(\.rawValue).joined(separator: ", ")
            console.err("note: --skip left out \(names); the pages still link to them: build without --skip before publishing")
        }
        let seconds = Date().timeIntervalSince(started)
        let reuse = report.rendered < report.pages ? " (\(report.pages - report.rendered) unchanged)" : ""
        let shard = request.shard.map { " (shard \($0.index) of \($0.count))" } ?? ""
        console.out("built \(report.neighborhoods) neighborhood\(report.neighborhoods == 1 ? "" : "s")\(shard): \(report.pages) pages\(reuse), "
            + "\(report.files) files in \(String(format: "%.2f", seconds)) s → \(console.display(request.out))")
        for line in weekLines(report.weeks, out: request.out, console: console) { console.out(line) }
        return 0
    }

    /// The Monday summary: this week's counts per neighborhood and edition, and where its digest,
    /// e-mail and flyer are; one line each past `detailedUpTo` editions.
    static func weekLines(_ weeks: [WeekSummary], out: String, console: Console, detailedUpTo: Int = 8) -> [String] {
        guard let week = weeks.first?.week else { return [] }
        func plural(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
        var lines = ["", "This week (\(week), \(week.start) to \(week.end)):"]
        for w in weeks {
            let name = w.name + (w.language.map { " (\($0))" } ?? "")
            let counts = [plural(w.reports, "new report", "new reports"), plural(w.stories, "new story", "new stories"),
                          plural(w.events, "event coming", "events coming")].joined(separator: ", ")
            guard weeks.count <= detailedUpTo else {
                lines.append("  \(name): \(counts); \(w.files.first.map { console.display(out + "/" + $0.path) } ?? "")")
                continue
            }
            lines.append("  \(name): \(counts)")
            for file in w.files {
                // The page and the QR code's address online; the e-mail and the flyer are files to send and print.
                let place = file.role == "latest" ? (file.url ?? console.display(out + "/" + file.path))
                    : console.display(out + "/" + file.path) + (file.role == "digest" ? file.url.map { "  " + $0 } ?? "" : "")
                let role = file.role == "latest" ? "QR link" : file.role
                lines.append("    " + role.padding(toLength: 8, withPad: " ", startingAt: 0) + place)
            }
        }
        return lines
    }

    /// `--shard-index I --shard-count N`; the index defaults to `JOB_COMPLETION_INDEX`, which a
    /// Kubernetes Indexed Job sets in each of its pods. Nil without `--shard-count`.
    static func shard(_ parsed: Arguments, environment: [String: String]) throws(Arguments.UsageError) -> Shard? {
        let given = parsed.options["shard-index"]
        guard let countText = parsed.options["shard-count"] else {
            if given != nil {
                throw Arguments.UsageError(message: "--shard-index needs --shard-count, the number of shards", command: "build")
            }
            return nil
        }
        guard let count = Int(countText), (1...Shard.maxCount).contains(count) else {
            throw Arguments.UsageError(message: "--shard-count '\(countText)' is not a number from 1 to \(Shard.maxCount)", command: "build")
        }
        guard let indexText = given ?? environment["JOB_COMPLETION_INDEX"] else {
            throw Arguments.UsageError(message: "--shard-count needs --shard-index (0 to \(count - 1)), or JOB_COMPLETION_INDEX set as a Kubernetes Indexed Job sets it", command: "build")
        }
        let from = given == nil ? "JOB_COMPLETION_INDEX" : "--shard-index"
        guard let index = Int(indexText.trimmingCharacters(in: .whitespaces)), (0..<count).contains(index) else {
            throw Arguments.UsageError(message: "\(from) '\(indexText)' is not a shard from 0 to \(count - 1) (--shard-count \(count))", command: "build")
        }
        return Shard(index: index, count: count)
    }

    /// The options `build` and `serve` share, checked: the folders, --date, --drafts, --future,
    /// --base-url, --jobs, --skip, --no-share-cards and --no-narration.
    static func request(_ parsed: Arguments, command: String, console: Console, out: String, cacheFolder: String) throws(Arguments.UsageError) -> BuildRequest {
        for (name, value) in parsed.options where value.isEmpty {
            throw Arguments.UsageError(message: "--\(name) is empty; expected a value", command: command)
        }
        var date: CivilDate?
        if let d = parsed.options["date"] {
            guard let day = CivilDate.parse(d), (1900...2200).contains(day.year) else {
                throw Arguments.UsageError(message: "--date '\(d)' is not a date from 1900 to 2200; expected YYYY-MM-DD", command: command)
            }
            date = day
        }
        var baseURL: String?
        if let b = parsed.options["base-url"] {
            guard let url = SiteLoader.normalizedBaseURL(b) else {
                throw Arguments.UsageError(message: "--base-url '\(b)' is not an absolute http(s) URL", command: command)
            }
            baseURL = url
        }
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        if let j = parsed.options["jobs"] {
            guard let n = Int(j), n >= 1, n <= 256 else {
                throw Arguments.UsageError(message: "--jobs '\(j)' is not a number from 1 to 256", command: command)
            }
            jobs = n
        }
        let content = console.resolve(parsed.options["content"] ?? "content")
        var request = BuildRequest(
            content: content,
            templates: ThemeChoice.templates(parsed.options["templates"], content: content, console: console),
            out: out, cacheFolder: cacheFolder, date: date, clock: Int64(Date().timeIntervalSince1970),
            drafts: parsed.flags.contains("drafts"), baseURL: baseURL, jobs: jobs)
        request.future = parsed.flags.contains("future")
        request.shareCards = !parsed.flags.contains("no-share-cards")
        request.narration = !parsed.flags.contains("no-narration")
        if let list = parsed.options["skip"] {
            switch SiteSection.parse(list) {
            case .success(let sections): request.skipped = sections
            case .failure(let unknown):
                throw Arguments.UsageError(message: "--skip: '\(unknown.word)' is not a part of the site; expected some of "
                                           + SiteSection.allCases.map(\.rawValue).joined(separator: ","), command: command)
            }
        }
        request.home = console.environment["HOME"]
        request.programIdentity = programIdentity()
        return request
    }
}
