import Assembly
import CivilTime
import Fingerprint
import Build
import Diagnostics
import Foundation
import Loading
import Output
import Serve
import Sharding

/// `commonsight build`: the whole pipeline, then one summary line.
enum BuildCommand {
    static let command = Command(
        name: "build", summary: "write one static site per neighborhood into the output folder",
        forms: ["[--content] [--templates] [--out] [--only] [--cache-dir] [--date] [--drafts] [--future] [--base-url] [--jobs] "
                + "[--verbose] [--no-cache] [--no-share-cards] [--no-narration] [--skip] [--shard-index --shard-count]"],
        options: [
            ContentOption.option, BuildOptions.templates,
            Option("out", "DIR", "the output folder (default: public)"),
            Option("only", "SLUG,...", "build only these neighborhoods; the others in OUT are left as they are"),
            Option("cache-dir", "DIR", "keep the render cache here instead of ~/.cache/commonsight/<OUT>-<hash>"),
            BuildOptions.date, BuildOptions.drafts, BuildOptions.future, BuildOptions.baseURL, BuildOptions.jobs,
            Option("verbose", nil, "print each stage with its time, the cache folder and what the writer did"),
            Option("no-cache", nil, "render every page (the result is recorded for the next build)"),
            BuildOptions.noShareCards, BuildOptions.noNarration, BuildOptions.skip,
            Option("shard-index", "I", "the shard to build, 0 to N-1 (default: $JOB_COMPLETION_INDEX, set by a Kubernetes Indexed Job)"),
            Option("shard-count", "N", "split the neighborhoods into N shards and build one of them plus the site-wide files (see above)"),
        ],
        about: """
        Reads the content and the theme, and writes OUT/<neighborhood>/ for each neighborhood plus
        OUT/index.html and the files of the content folder's static/. OUT must be empty, new, or
        written by commonsight (it keeps a list of its files in OUT/.commonsight-manifest); it may
        not be or hold the content, the templates or your home folder. Only files commonsight wrote
        are ever replaced or deleted: a CNAME or .git you add stays. New files are written first and
        put in place only when all are written; on any error OUT stays as it was. One build at a
        time writes a given OUT (a second waits up to 10 s). Pages whose inputs did not change are
        reused, after checking that OUT still holds them, through a cache in
        $XDG_CACHE_HOME/commonsight/ (or ~/.cache/commonsight/); nothing else is written outside OUT.

        --skip takes some of: digests (with their flyers and e-mails), flyers, emails, coalitions,
        events (the page and events.ics), search, data (the downloads and their About page), feed and
        map (map.svg). The pages built still link to what was left out, so publish a build without it.

        --shard-count N splits the neighborhoods into N shards, balanced by input size and stable when
        one is added, and builds only one of them plus the site-wide files (OUT/index.html, static/),
        which are the same bytes in every shard: copy the N OUT folders into one (leaving out
        .commonsight-manifest) and you have the unsharded site; a shard with no neighborhood writes
        only those. Give every shard the same --date.
        """,
        notes: "Exit status: 0 success, 1 content or template errors, 2 wrong usage.",
        run: run)

    static func run(_ parsed: Arguments, console: Console) throws(Arguments.UsageError) -> Int32 {
        let started = Date()
        let out = console.resolve(parsed.value("out") ?? "public")
        var request = try BuildOptions.request(parsed, command: "build", console: console, out: out,
                                  cacheFolder: parsed.value("cache-dir").map(console.resolve) ?? CacheFolder.forOutput(out, environment: console.environment))
        request.only = parsed.value("only").map { Set($0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }) }
        request.shard = try shard(parsed, environment: console.environment)
        if request.shard != nil, request.only != nil {
            throw Arguments.UsageError(message: "--only and --shard-count both choose the neighborhoods to build; use one of them", command: "build")
        }
        request.useCache = !parsed.flag("no-cache")
        request.keptFolder = parsed.value("cache-dir").map { console.resolve($0) + "/kept" }
            ?? CacheFolder.kept(forContent: request.content, environment: console.environment)
        request.endsProcess = console.endsWithCommand
        // A build stopped by Ctrl-C stops the espeak-ng and opusenc it started (they are not in the
        // terminal's process group), removes their work and undoes what it wrote into OUT.
        if console.endsWithCommand {
            let interruption = Interruption(), work = Builder.narrationWork(request.cacheFolder), cacheFolder = request.cacheFolder
            StopSignals.clearLeftovers(of: work)  // of a stop that was itself killed
            request.interruption = interruption
            StopSignals.install { number in
                StopSignals.end(bySignal: number) {
                    interruption.undo()
                    Builder.discardStagedCache(cacheFolder)
                    // Threads still reading stories aloud may make the folder again while it is
                    // deleted: it is renamed aside, and a file holds its name until the very end.
                    let cleared = StopSignals.clear(work, within: 0.5)
                    if cleared.placeholder { unlink(work) }
                }
            }
        }
        let verbose = parsed.flag("verbose")
        if verbose {
            request.progress = { [console] line in console.err(line) }
            request.progress?("cache folder: \(request.cacheFolder)")
        }
        let display = ProgressDisplay.forProcess(console, verbose: verbose)
        request.stages = display.sink
        let report = Builder.build(request)
        display.finish()
        if parsed.flag("verbose") { for note in report.notes { console.err("note: " + note) } }
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
        let given = parsed.value("shard-index")
        guard let countText = parsed.value("shard-count") else {
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
}
