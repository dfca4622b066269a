import CLI
import Foundation

/// Captures what a command prints, line by line, for tests that run the command line.
public final class Transcript: @unchecked Sendable {
    private let lock = NSLock()
    private var outLines: [String] = []
    private var errLines: [String] = []

    public init() {}

    public var out: String { lock.withLock { outLines.joined(separator: "\n") } }
    public var err: String { lock.withLock { errLines.joined(separator: "\n") } }

    /// A console in `directory` on the sample's "today", writing into this transcript. Without a
    /// home, the tool keeps its cache in the test's temporary folder, removed with it.
    public func console(in directory: String = "/work", environment: [String: String] = [:]) -> Console {
        var environment = environment
        if environment["TMPDIR"] == nil { environment["TMPDIR"] = NSTemporaryDirectory() }
        return Console(workingDirectory: directory, today: "2026-11-29", environment: environment,
                out: { line in self.lock.withLock { self.outLines.append(line) } },
                err: { line in self.lock.withLock { self.errLines.append(line) } })
    }

    /// Runs the command line in `directory`: its exit status, and what it printed.
    public static func run(_ args: [String], in directory: String, environment: [String: String] = [:]) -> (Int32, Transcript) {
        let t = Transcript()
        return (CommandLineTool.run(args, console: t.console(in: directory, environment: environment)), t)
    }
}
