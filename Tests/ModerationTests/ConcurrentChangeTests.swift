import Diagnostics
import Foundation
import Testing
@testable import Moderation

/// Runs of `review`, `new` and `draft` at once, and writes that fail part way.
@Suite("Changes to the content folder are never lost or half written")
struct ConcurrentChangeTests {
    static let program = packageRoot + "/.build/debug/commonsight"

    /// Starts the real program in `dir` with its own cache folder.
    func start(_ args: [String], in dir: String) throws -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.program)
        p.arguments = args
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        p.environment = ["HOME": dir, "PATH": "/usr/bin:/bin"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        return p
    }

    @Test("two reviews of one file at once both apply and both log their decision, every time")
    func twoReviewsAtOnce() throws {
        for round in 0..<12 {
            let f = try Fixture()
            let a = try start(["review", "east", "--remove", "c1", "--note", "lead A"], in: f.dir)
            let b = try start(["review", "east", "--flag", "c4", "--note", "lead B"], in: f.dir)
            a.waitUntilExit()
            b.waitUntilExit()
            #expect(a.terminationStatus == 0 && b.terminationStatus == 0, "round \(round)")
            let csv = String(decoding: f.bytes(f.csv), as: UTF8.self)
            #expect(csv.contains("c1,speeding,\"Pickford St, by the school\",42.4200,-83.1550,2026-09-01,removed,"), "round \(round): A's removal is lost")
            #expect(csv.contains("2026-11-20,flagged,Blocked the gate"), "round \(round): B's flag is lost")
            let log = (try? String(contentsOfFile: f.east + "/moderation.log", encoding: .utf8)) ?? ""
            #expect(log.contains("\tc1\tobservation\tpublished\tremoved\t") && log.contains("\tc4\tobservation\tpublished\tflagged\t"), "round \(round): \(log)")
        }
    }

    @Test("a run that cannot have the lock in time names the run that holds it")
    func namesTheHolder() throws {
        let f = try Fixture()
        let held = try ContentLock.take(f.content, command: "review --remove c1", noteFolder: f.dir + "/cache/content")
        defer { held.release() }
        #expect(throws: Diagnostic.error(SourceLocation(path: f.content),
                                         "another commonsight run (review --remove c1, process \(getpid())) is changing this content folder; waited 0 s; try again when it has finished")) {
            _ = try ContentLock.take(f.content, command: "new story", noteFolder: f.dir + "/cache/content", seconds: 0.2)
        }
        held.release()
        let next = try ContentLock.take(f.content, command: "new story", noteFolder: f.dir + "/cache/content", seconds: 0.2)
        next.release()
    }

    @Test("new writes nothing when the disk refuses the bytes, and says so; the next try works")
    func fullDisk() throws {
        let f = try Fixture()
        // A file size limit of 0 blocks: every write fails as on a full disk (SIGXFSZ ignored).
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/bash")
        shell.arguments = ["-c", "trap '' XFSZ; ulimit -f 0; exec \"$0\" new story east walk-audit 2>&1", Self.program]
        shell.currentDirectoryURL = URL(fileURLWithPath: f.dir)
        shell.environment = ["HOME": f.dir]
        let out = Pipe()
        shell.standardOutput = out
        try shell.run()
        let said = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 1)
        #expect(said.contains("content/neighborhoods/east/stories/walk-audit.md: error: cannot write this file: File too large; nothing was written"), "\(said)")
        let stories = try FileManager.default.contentsOfDirectory(atPath: f.east + "/stories")
        #expect(stories.sorted() == ["dated-draft.md", "out-now.md", "undated-draft.md"], "no empty or hidden file is left")
        let (status, t) = f.run("new", "story", "east", "walk-audit")
        #expect(status == 0, "\(t.err)")
    }

    @Test("new and draft never write through a link that leads out of the content folder")
    func linkOut() throws {
        let f = try Fixture()
        let outside = f.dir + "/elsewhere"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.removeItem(atPath: f.east + "/stories")
        try FileManager.default.createSymbolicLink(atPath: f.east + "/stories", withDestinationPath: outside)
        let (status, t) = f.run("new", "story", "east", "walk-audit")
        #expect(status == 1)
        #expect(t.err.contains("content/neighborhoods/east/stories/walk-audit.md: error: a folder on the way is a link to "), "\(t.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside) == [])
        let (drafted, d) = f.run("draft", "east", "--observations", "c1", "--offline", "--slug", "from-c1")
        #expect(drafted == 1 && d.err.contains("outside the content folder; draft writes only inside it"), "\(d.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside) == [])
    }

    @Test("a title with C1 controls, a line separator or a byte-order mark makes a file that check accepts")
    func oddTitle() throws {
        let f = try Fixture()
        let title = "Walk\u{85} audit\u{9B}31m \u{2028}on\u{FEFF} Main"
        let (status, t) = f.run("new", "story", "east", "walk-audit", "--title", title)
        #expect(status == 0, "\(t.err)")
        let (checked, c) = f.run("check", "--content", "content")
        #expect(checked == 0, "\(c.err)")
    }
}
