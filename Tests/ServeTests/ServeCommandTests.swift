import Foundation
import TestSupport
import Testing

/// `commonsight serve` as a user runs it: the real program, real HTTP, a real file saved.
@Suite("commonsight serve")
struct ServeCommandTests {
    static let packageRoot = PackageFolder.root
    static let executable = PackageFolder.executable

    static let site = """
    title: Test Digests
    timezone: America/Detroit
    categories:
      speeding: { label: Speeding, color: "#d55e00" }
    """

    func write(_ path: String, _ text: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Lines the program prints, read on a thread of their own.
    final class Lines: @unchecked Sendable {
        private var lines: [String] = []
        private let lock = NSLock()
        func add(_ s: String) { lock.withLock { lines += s.split(separator: "\n").map(String.init) } }
        var all: [String] { lock.withLock { lines } }

        func wait(for prefix: String, seconds: Double = 30) -> String? {
            let end = Date().addingTimeInterval(seconds)
            while Date() < end {
                if let line = all.first(where: { $0.hasPrefix(prefix) }) { return line }
                Thread.sleep(forTimeInterval: 0.02)
            }
            return nil
        }
    }

    @Test("it serves the site, rebuilds and reloads when a file is saved, shows a failed build's errors, and stops cleanly",
          .enabled(if: FileManager.default.isExecutableFile(atPath: ServeCommandTests.executable), "needs the commonsight executable"))
    func serveSession() throws {
        let base = NSTemporaryDirectory() + "cs-serve-cmd-" + UUID().uuidString
        let content = base + "/content"
        try write(content + "/site.yml", Self.site)
        try write(content + "/neighborhoods/north/neighborhood.md", "---\nname: North End\n---\nAbout.\n")
        try write(content + "/neighborhoods/north/observations.csv", "id,category,location,lat,lon,observed\no1,speeding,Corner,42.05,-83.15,2026-11-02\n")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: Self.executable)
        p.arguments = ["serve", "--content", content, "--templates", Self.packageRoot + "/templates", "--port", "0", "--date", "2026-11-29"]
        p.environment = ["XDG_CACHE_HOME": base + "/cache", "HOME": base]
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        let lines = Lines(), errors = Lines()
        out.fileHandleForReading.readabilityHandler = { lines.add(String(decoding: $0.availableData, as: UTF8.self)) }
        err.fileHandleForReading.readabilityHandler = { errors.add(String(decoding: $0.availableData, as: UTF8.self)) }
        try p.run()
        defer { if p.isRunning { p.terminate() } }
        let serving = try #require(lines.wait(for: "serving http://127.0.0.1:"))
        let port = try #require(Int(serving.dropFirst("serving http://127.0.0.1:".count).prefix { $0.isNumber }))
        #expect(String(decoding: get(port, "/north/").body, as: UTF8.self).contains("North End"))
        let built = try #require(FileManager.default.contentsOfDirectory(atPath: base + "/cache/commonsight").first)
        #expect(!FileManager.default.fileExists(atPath: content + "/public"), "nothing is built into the content folder")
        let builtPage = try String(contentsOfFile: base + "/cache/commonsight/" + built + "/site/north/index.html", encoding: .utf8)
        #expect(!builtPage.contains("__commonsight"), "the reload script is never in a built file")

        // Saving a file rebuilds and reloads.
        let events = EventStream(port: port)
        #expect(events.next(timeout: 5).hasPrefix("retry"))
        try write(content + "/neighborhoods/north/neighborhood.md", "---\nname: North End Renamed\n---\nAbout.\n")
        #expect(events.next(timeout: 10) == "event: reload\ndata: {}")
        #expect(String(decoding: get(port, "/north/").body, as: UTF8.self).contains("North End Renamed"))

        // A broken file: the errors reach the page, the last good site is still served.
        try write(content + "/neighborhoods/north/neighborhood.md", "---\nname: [unclosed\n---\n")
        let failure = events.next(timeout: 10)
        #expect(failure.hasPrefix("event: errors\ndata: [\"") && failure.contains("neighborhood.md:3:1: error: YAML syntax error"), "\(failure)")
        #expect(String(decoding: get(port, "/north/").body, as: UTF8.self).contains("North End Renamed"))
        try write(content + "/neighborhoods/north/neighborhood.md", "---\nname: North End Fixed\n---\nAbout.\n")
        #expect(events.next(timeout: 10) == "event: reload\ndata: {}")

        // Ctrl-C: exit 0, nothing left behind.
        kill(p.processIdentifier, SIGINT)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        #expect(lines.wait(for: "stopped", seconds: 2) != nil)
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: base + "/cache/commonsight")) ?? []) == [])
        try? FileManager.default.removeItem(atPath: base)
    }
}

/// The reload channel as a page sees it: one event (lines up to a blank line) at a time.
final class EventStream {
    let fd: Int32
    var pending = ""

    init(port: Int) {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        connectToLocal(fd, port: port)
        let request = Array("GET /__commonsight/events HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        _ = next(timeout: 5, separator: "\r\n\r\n")
    }

    deinit { close(fd) }

    /// The next block before a blank line, without comments; "" when none arrives in time.
    func next(timeout: Int, separator: String = "\n\n") -> String {
        var tv = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if let r = pending.range(of: separator) {
                let block = String(pending[..<r.lowerBound])
                pending = String(pending[r.upperBound...])
                if block.hasPrefix(":") { continue }
                return block
            }
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { return "" }
            pending += String(decoding: buffer[..<n], as: UTF8.self)
        }
    }
}
