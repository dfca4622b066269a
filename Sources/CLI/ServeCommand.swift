import Build
import Diagnostics
import Fingerprint
import Foundation
import Output
import Serve
import Synchronization

/// `commonsight serve`: builds into the cache folder, serves the site on localhost, rebuilds what
/// changed when a content or template file is saved, and reloads the open pages.
enum ServeCommand {
    static let command = Command(
        name: "serve", summary: "build, serve the site on localhost, and rebuild and reload pages when a file is saved",
        options: [
            ContentOption.option, BuildOptions.templates,
            Option("port", "N", "the port (default: 1313; 0 picks a free one)"),
            Option("host", "ADDR", "the address to listen on (default: 127.0.0.1, this computer only)"),
            BuildOptions.date, BuildOptions.drafts, BuildOptions.future, BuildOptions.baseURL, BuildOptions.jobs,
            BuildOptions.skip, BuildOptions.noShareCards, BuildOptions.noNarration,
        ],
        about: """
        Builds the site into the cache folder (never into the content folder), serves it over HTTP,
        and watches the content and templates folders: when a file is saved it rebuilds what
        changed and reloads the open pages (a saved partial re-renders only the pages that include
        it). The pages are served first; the stories' audio and the share cards follow in a second
        build, and the open pages reload when they are ready (--no-narration and --no-share-cards
        leave them out). A failed rebuild keeps serving the last good site and shows its errors,
        with PATH:LINE:COLUMN, over the page. Ctrl-C stops it.
        """,
        notes: "The live-reload script is added only to the pages served, never to a built file.",
        run: run)

    static func run(_ parsed: Arguments, console: Console) throws(Arguments.UsageError) -> Int32 {
        let portText = parsed.value("port") ?? "1313"
        guard let port = Int(portText), (0...65535).contains(port) else {
            throw Arguments.UsageError(message: "--port '\(portText)' is not a port number from 0 to 65535", command: "serve")
        }
        let host = parsed.value("host") ?? "127.0.0.1"
        // Never inside the content folder: the site and its cache live in the tool's own cache folder.
        let content = ContentOption.folder(parsed, console: console)
        let folder = CacheFolder.forOutput(content, environment: console.environment) + "-serve"
        StopSignals.clearLeftovers(of: folder)
        var request = try BuildOptions.request(parsed, command: "serve", console: console, out: folder + "/site", cacheFolder: folder + "/cache")
        let fixedDate = request.date != nil
        // The stories read aloud and cards `build` keeps (when site.yml asks) serve a preview too.
        request.keptFolder = CacheFolder.kept(forContent: content, environment: console.environment)

        let server: HTTPServer
        do {
            server = try HTTPServer(host: host, port: port, root: request.out)
        } catch {
            switch error {
            case .address(let a): throw Arguments.UsageError(message: "--host '\(a)' is not an IP address like 127.0.0.1 or ::1", command: "serve")
            case .bind(let why): console.err("error: cannot listen on \(host):\(port): \(why); choose another --port"); return 1
            }
        }
        // Stopping never waits for a build (narration can take many seconds): the server stops, the
        // folder is removed here while build threads may still write into it, and the process ends.
        // Set by the first stop signal (Ctrl-C, SIGTERM or SIGHUP), before the folder is removed.
        let stopping = Atomic<Bool>(false)
        let stopped = StopSignals.install { _ in
            stopping.store(true, ordering: .sequentiallyConsistent)
            server.stop()
            StopSignals.remove(folder, within: 0.8, status: 0) { gone in
                if gone { console.out("stopped") } else { console.err("error: could not remove \(folder)") }
            }
        }
        guard stopped else {
            console.err("error: cannot set up Ctrl-C handling (pipe)")
            return 1
        }
        let display = ProgressDisplay.forProcess(console, verbose: false)
        request.stages = display.sink
        /// Builds; `quick` leaves out the audio and the PNG cards, for the first pages to come fast.
        func build(quick: Bool = false) {
            if !fixedDate { request.clock = Int64(Date().timeIntervalSince1970) }
            let started = Date()
            var asked = request
            if quick { (asked.narration, asked.shareCards) = (false, false) }
            let report = Builder.build(asked)
            display.finish()
            // Once a stop signal has begun removing the folder, what a build met there (its folders gone) is not news.
            if stopping.load(ordering: .sequentiallyConsistent) { return }
            let errors = report.diagnostics.filter(\.isError).map { d -> String in
                var shown = d
                shown.location.path = console.display(d.location.path)
                return shown.description
            }
            for line in errors { console.err(line) }
            let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
            if errors.isEmpty {
                let later = quick ? "; audio and share cards next" : ""
                console.out("built \(report.pages) pages (\(report.rendered) rendered) in \(seconds) s\(later)")
            } else {
                console.err("build failed: \(errors.count) error\(errors.count == 1 ? "" : "s"); still serving the last good site")
            }
            server.built(errors: errors)
        }
        // The pages are served as soon as they are written; audio and cards come in a second build.
        let slowParts = request.narration || request.shareCards
        build(quick: slowParts)
        // Stopped while the first pages were made: nothing is served; this thread waits here until
        // `StopSignals` ends the process, once the folder is removed.
        while stopping.load(ordering: .sequentiallyConsistent) { sleep(1) }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        console.out("serving http://\(shownHost):\(server.port)/ (Ctrl-C to stop)")
        guard let watcher = FileWatcher([request.content] + (ThemeChoice.isBuiltIn(request.templates) ? [] : [request.templates])) else {
            console.err("error: cannot watch the content folder (inotify)")
            StopSignals.remove(folder, within: 1, status: 1) { _ in }
        }
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            server.run()
            done.signal()
        }
        if slowParts { build() }
        // Ends only through a signal (StopSignals above ends the process).
        while watcher.nextChange() != nil { build() }
        done.wait()
        return 0
    }
}
