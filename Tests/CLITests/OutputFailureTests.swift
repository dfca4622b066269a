import Foundation
import Testing
@testable import CLI

/// The built program, run with its output going where it cannot be written.
struct Program {
    static let path = packageRoot + "/.build/debug/commonsight"
    static var exists: Bool { FileManager.default.isExecutableFile(atPath: path) }

    struct Ended {
        var status: Int32
        /// False when a signal ended it (a trap is SIGILL).
        var exited: Bool
        var out: String
        var err: String
    }

    /// Runs it with standard output and error sent to `stdout` and `stderr` (a path such as
    /// /dev/full), or read back when nil; `environment` adds to the little it is given.
    static func run(_ args: [String], stdout: String? = nil, stderr: String? = nil, environment: [String: String] = [:]) throws -> Ended {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        p.environment = ["HOME": NSTemporaryDirectory(), "XDG_CACHE_HOME": NSTemporaryDirectory() + "cs-output-failure-cache"].merging(environment) { _, added in added }
        let outPipe = Pipe(), errPipe = Pipe()
        p.standardOutput = try stdout.map { try FileHandle(forWritingTo: URL(fileURLWithPath: $0)) } ?? outPipe
        p.standardError = try stderr.map { try FileHandle(forWritingTo: URL(fileURLWithPath: $0)) } ?? errPipe
        try p.run()
        let out = stdout == nil ? outPipe.fileHandleForReading.readDataToEndOfFile() : Data()
        let err = stderr == nil ? errPipe.fileHandleForReading.readDataToEndOfFile() : Data()
        p.waitUntilExit()
        return Ended(status: p.terminationStatus, exited: p.terminationReason == .exit,
                     out: String(decoding: out, as: UTF8.self), err: String(decoding: err, as: UTF8.self))
    }
}

@Suite("Output that cannot be written", .enabled(if: Program.exists, "needs the commonsight executable (swift build --product commonsight)"))
struct OutputFailureTests {
    @Test("--version > /dev/full exits 74 (EX_IOERR) and says why on standard error, never a trap")
    func versionToFullDisk() throws {
        let r = try Program.run(["--version"], stdout: "/dev/full")
        #expect(r.exited, "ended by signal \(r.status)")
        #expect(r.status == StandardStreams.ioErrorStatus)
        #expect(r.err == "error: cannot write to standard output: No space left on device\n")
    }

    @Test("check > /dev/full exits 74; check 2>/dev/full with content errors exits 1; neither traps")
    func checkToFullDisk() throws {
        let good = try Program.run(["check", "--content", packageRoot + "/content", "--templates", packageRoot + "/templates"], stdout: "/dev/full")
        #expect(good.exited && good.status == 74, "\(good.status) \(good.err)")
        let missing = try Program.run(["check", "--content", "/nonexistent-cs-content", "--templates", packageRoot + "/templates"], stderr: "/dev/full")
        #expect(missing.exited && missing.status == 1, "\(missing.status)")
    }

    @Test("build >/dev/full or 2>/dev/full: what it has to say cannot be written, so it exits 74 (1 with content errors), never a trap")
    func buildToFullDisk() throws {
        let dir = NSTemporaryDirectory() + "cs-full-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let args = ["build", "--content", packageRoot + "/content", "--templates", packageRoot + "/templates", "--out", dir + "/out",
                    "--cache-dir", dir + "/cache", "--date", "2026-11-29", "--only", "bagley", "--no-narration", "--no-share-cards", "--verbose"]
        let r = try Program.run(args, stdout: "/dev/full", stderr: "/dev/full")
        #expect(r.exited, "ended by signal \(r.status)")
        #expect(r.status == 74)
        #expect(FileManager.default.fileExists(atPath: dir + "/out/bagley/index.html"), "the site is still built")
        let broken = try Program.run(["build", "--content", "/nonexistent-cs-content", "--out", dir + "/out2"], stderr: "/dev/full")
        #expect(broken.exited && broken.status == 1, "\(broken.status)")
    }

    @Test("a reader that went away (a closed pipe) ends the command with 74 and no message, not SIGPIPE")
    func closedPipe() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Program.path)
        p.arguments = ["--help"]
        let pipe = Pipe(), err = Pipe()
        p.standardOutput = pipe
        p.standardError = err
        try pipe.fileHandleForReading.close()
        try p.run()
        let said = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationReason == .exit && p.terminationStatus == 74)
        #expect(said.isEmpty)
    }

    @Test("escape sequences in what a command prints reach the terminal escaped; Arabic and accents stay as they are")
    func terminalSafeMessages() throws {
        let r = try Program.run(["x\u{1B}]0;owned\u{07}\u{1B}[2J-دليل-é"])
        #expect(r.status == 2)
        #expect(!r.err.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(r.err.debugDescription)")
        #expect(r.err.hasPrefix("error: unknown command 'x\\u{1b}]0;owned\\u{7}\\u{1b}[2J-دليل-é'"), "\(r.err)")
    }
}

@Suite("What reaches the terminal")
struct TerminalSafeTests {
    @Test("C0 (but newline and tab), DEL, C1, line separators and bidi overrides are shown escaped; everything else stays")
    func escapes() {
        #expect(Console.terminalSafe("Grand River\u{1B}[31m Ave") == "Grand River\\u{1b}[31m Ave")
        #expect(Console.terminalSafe("a\rb\u{0}c\u{7F}d\u{9B}e\u{85}f") == "a\\u{d}b\\u{0}c\\u{7f}d\\u{9b}e\\u{85}f")
        #expect(Console.terminalSafe("x\u{2028}y\u{202E}z\u{2066}w") == "x\\u{2028}y\\u{202e}z\\u{2066}w")
        // What a diagnostic already escaped is not escaped twice.
        #expect(Console.terminalSafe("a.md:1:1: error: \\u{1b}[2J") == "a.md:1:1: error: \\u{1b}[2J")
        for kept in ["line one\nline two\tcolumn", "شارع ميشيغان", "Rue de l’Église à Montréal", "😀 café", ""] {
            #expect(Console.terminalSafe(kept) == kept)
        }
    }
}
