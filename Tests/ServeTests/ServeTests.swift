import Foundation
import Testing
import Processes
@testable import Serve

/// Connects the socket `fd` to `port` on 127.0.0.1; what connect(2) returns.
@discardableResult
func connectToLocal(_ fd: Int32, port: Int) -> Int32 {
    var addr = sockaddr_in()
    addr.sin_family = sa_family_t(AF_INET)
    addr.sin_port = in_port_t(UInt16(port).bigEndian)
    inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr)
    return withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
}

/// One raw HTTP exchange over a socket: what is sent is sent byte for byte (no client normalizes it).
func exchange(port: Int, _ raw: String, timeout: Int = 5) -> (status: Int, headers: String, body: [UInt8]) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    let ok = connectToLocal(fd, port: port)
    guard ok == 0 else { return (0, "", []) }
    var tv = timeval(tv_sec: timeout, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    let bytes = Array(raw.utf8)
    _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    var response: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n <= 0 { break }
        response += buffer[..<n]
    }
    guard let end = HTTPServer.endOfHead(response) else { return (0, String(decoding: response, as: UTF8.self), []) }
    let head = String(decoding: response[..<end], as: UTF8.self)
    let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
    return (status, head, Array(response[(end + 4)...]))
}

func get(_ port: Int, _ path: String) -> (status: Int, headers: String, body: [UInt8]) {
    exchange(port: port, "GET \(path) HTTP/1.1\r\nHost: localhost\r\n\r\n")
}

/// A small built site in a temporary folder, served on a free port.
final class ServedSite {
    let root = NSTemporaryDirectory() + "cs-serve-" + UUID().uuidString
    let server: HTTPServer
    let done = DispatchSemaphore(value: 0)

    init() throws {
        for (path, text) in ["index.html": "<html><body>top</body></html>", "north/index.html": "<!DOCTYPE html><html><body><p>North</p></body></html>",
                             "north/404.html": "<html><body>lost in north</body></html>", "north/assets/site.css": "body{}",
                             "north/feed.xml": "<feed/>", "north/map.svg": "<svg/>", "north/events.ics": "BEGIN:VCALENDAR"] {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try Data("secret".utf8).write(to: URL(fileURLWithPath: root + "-secret.txt"))
        try FileManager.default.createSymbolicLink(atPath: root + "/north/leak.txt", withDestinationPath: root + "-secret.txt")
        server = try HTTPServer(host: "127.0.0.1", port: 0, root: root, headTimeout: 2)
        let (server, done) = (server, done)
        Thread.detachNewThread {
            server.run()
            done.signal()
        }
    }

    deinit {
        server.stop()
        done.wait()
        try? FileManager.default.removeItem(atPath: root)
        try? FileManager.default.removeItem(atPath: root + "-secret.txt")
    }
}

@Suite("Requests are read strictly")
struct HTTPRequestTests {
    @Test("a GET's path is decoded and split; queries and fragments are dropped")
    func decodes() throws {
        let r = try HTTPRequest.parse(Array("GET /north/stories/a%20b/?x=1 HTTP/1.1\r\nHost: x".utf8))
        #expect(r == HTTPRequest(method: .get, parts: ["north", "stories", "a b"], endsWithSlash: true))
    }

    @Test("every way out of the site is refused: .., encoded dots, encoded slashes, backslashes, NUL")
    func traversal() {
        for target in ["/../etc/passwd", "/north/../../etc/passwd", "/%2e%2e/etc/passwd", "/%2E%2E/x", "/north%2f..%2f..%2fetc",
                       "/a%5c..%5cb", "/a%00b", "/.", "/a/%2e/b", "/%zz"] {
            #expect(throws: HTTPRequest.Problem.self, "\(target)") { try HTTPRequest.parse(Array("GET \(target) HTTP/1.1".utf8)) }
        }
    }

    @Test("only GET and HEAD; a malformed request line is a bad request")
    func methods() {
        #expect(throws: HTTPRequest.Problem.methodNotAllowed) { try HTTPRequest.parse(Array("POST / HTTP/1.1".utf8)) }
        #expect(throws: HTTPRequest.Problem.badRequest("malformed request line")) { try HTTPRequest.parse(Array("GET /".utf8)) }
        #expect(throws: HTTPRequest.Problem.badRequest("the target must start with /")) { try HTTPRequest.parse(Array("GET http://evil/ HTTP/1.1".utf8)) }
    }
}

@Suite("The server answers from the site and nowhere else")
struct HTTPServerTests {
    @Test("a file with its content type; a folder gives its index.html with the reload script; HEAD has no body")
    func files() throws {
        let site = try ServedSite()
        let page = get(site.server.port, "/north/")
        #expect(page.status == 200)
        #expect(page.headers.contains("Content-Type: text/html; charset=utf-8"))
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(html.hasPrefix("<!DOCTYPE html><html><body><p>North</p><script>"))
        #expect(html.hasSuffix("</script></body></html>"))
        #expect(html.contains("/__commonsight/events"))
        #expect(get(site.server.port, "/north/assets/site.css").headers.contains("Content-Type: text/css; charset=utf-8"))
        #expect(get(site.server.port, "/north/feed.xml").headers.contains("Content-Type: application/atom+xml; charset=utf-8"))
        #expect(get(site.server.port, "/north/map.svg").headers.contains("Content-Type: image/svg+xml"))
        #expect(get(site.server.port, "/north/events.ics").headers.contains("Content-Type: text/calendar; charset=utf-8"))
        let head = exchange(port: site.server.port, "HEAD /north/assets/site.css HTTP/1.1\r\n\r\n")
        #expect(head.status == 200 && head.body.isEmpty && head.headers.contains("Content-Length: 6"))
        #expect(String(decoding: get(site.server.port, "/north/assets/site.css").body, as: UTF8.self) == "body{}")
    }

    @Test("a folder without its slash is redirected; a missing page gets the neighborhood's 404.html")
    func redirectsAndMissing() throws {
        let site = try ServedSite()
        let r = get(site.server.port, "/north")
        #expect(r.status == 301 && r.headers.contains("Location: /north/"))
        let missing = get(site.server.port, "/north/nothing/here.html")
        #expect(missing.status == 404)
        #expect(String(decoding: missing.body, as: UTF8.self).contains("lost in north"))
        #expect(get(site.server.port, "/nowhere").status == 404)
    }

    @Test("traversal attempts and links out of the site are never served")
    func neverOutside() throws {
        let site = try ServedSite()
        for target in ["/../cs-secret.txt", "/%2e%2e/%2e%2e/etc/passwd", "/north/..%2f..%2fetc%2fpasswd", "/north/%2e%2e/%2e%2e/etc/passwd",
                       "/north/leak.txt", "/north//../../etc/passwd"] {
            let r = get(site.server.port, target)
            #expect(r.status == 400 || r.status == 404, "\(target): \(r.status)")
            #expect(!String(decoding: r.body, as: UTF8.self).contains("secret") && !String(decoding: r.body, as: UTF8.self).contains("root:"), "\(target)")
        }
        #expect(exchange(port: site.server.port, "DELETE /north/ HTTP/1.1\r\n\r\n").status == 405)
    }

    @Test("a request head that is too large, or never ends, is cut off")
    func boundedHeads() throws {
        let site = try ServedSite()
        let huge = "GET / HTTP/1.1\r\n" + String(repeating: "X-Fill: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n", count: 400) + "\r\n"
        #expect(exchange(port: site.server.port, huge).status == 431)
        let slow = exchange(port: site.server.port, "GET / HTTP/1.1\r\nHost: x\r\n", timeout: 15)
        #expect(slow.status == 408)
    }

    @Test("open pages hear a reload after a good build, and the errors after a failed one")
    func reloadChannel() throws {
        let site = try ServedSite()
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        connectToLocal(fd, port: site.server.port)
        var tv = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        let request = Array("GET /__commonsight/events HTTP/1.1\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        func readUntil(_ needle: String) -> String {
            var got = ""
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !got.contains(needle) {
                let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if n <= 0 { break }
                got += String(decoding: buffer[..<n], as: UTF8.self)
            }
            return got
        }
        #expect(readUntil("retry: 500").contains("Content-Type: text/event-stream"))
        site.server.built(errors: ["content/site.yml:3:1: error: <b>\"bad\"</b>\u{1B}[31m"])
        let errors = readUntil("\n\n")
        #expect(errors == "event: errors\ndata: [\"content/site.yml:3:1: error: <b>\\\"bad\\\"</b>\\u001b[31m\"]\n\n")
        site.server.built(errors: [])
        #expect(readUntil("\n\n") == "event: reload\ndata: {}\n\n")
    }
}

/// Clients that send their request heads a byte at a time, each on its own connection.
final class SlowClients {
    var sockets: [Int32] = []
    let request = Array("GET /north/ HTTP/1.1\r\nHost: localhost\r\nX-Slow: ".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 4000)
    var sent = 0

    init(count: Int, port: Int) {
        for _ in 0..<count {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            connectToLocal(fd, port: port)
            sockets.append(fd)
        }
    }

    /// One more byte on every connection.
    func trickle() {
        for fd in sockets {
            var b = request[sent % request.count]
            _ = send(fd, &b, 1, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
        }
        sent += 1
    }

    deinit { for fd in sockets { close(fd) } }
}

/// Seconds on a clock that never jumps.
func monotonicSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

@Suite("Slow clients never hold the server")
struct SlowClientTests {
    @Test("a head sent a byte every half second gets 408 (or is closed) when its total time is up, not one byte later each time")
    func totalDeadline() throws {
        let site = try ServedSite()
        let slow = SlowClients(count: 1, port: site.server.port)
        let fd = slow.sockets[0]
        var tv = timeval(tv_sec: 0, tv_usec: 500_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        let start = monotonicSeconds()
        var answer: [UInt8] = []
        var ended = false
        while monotonicSeconds() - start < 8 && !ended {
            slow.trickle()
            var buffer = [UInt8](repeating: 0, count: 1024)
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 { answer += buffer[..<n] } else if n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) { ended = true }
        }
        let seconds = monotonicSeconds() - start
        #expect(ended, "the connection is still open after \(seconds) s")
        #expect(seconds < 3.5, "the head's deadline is 2 s; it ended after \(seconds) s")
        #expect(answer.isEmpty || String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 408 "), "\(String(decoding: answer, as: UTF8.self))")
    }

    @Test("40 clients sending a byte every half second: a real GET is still answered within a second")
    func slowClientsDoNotBlock() throws {
        let site = try ServedSite()
        let slow = SlowClients(count: 40, port: site.server.port)
        for _ in 0..<3 {
            slow.trickle()
            Thread.sleep(forTimeInterval: 0.5)
        }
        for _ in 0..<3 {
            let start = monotonicSeconds()
            let page = exchange(port: site.server.port, "GET /north/ HTTP/1.1\r\nHost: localhost\r\n\r\n", timeout: 5)
            let seconds = monotonicSeconds() - start
            #expect(page.status == 200 && String(decoding: page.body, as: UTF8.self).contains("North"))
            #expect(seconds < 1, "answered after \(seconds) s")
            slow.trickle()
        }
    }

    @Test("more connections from one address than it may have: the oldest are dropped, the newest answered")
    func perPeerCap() throws {
        let site = try ServedSite()
        let slow = SlowClients(count: HTTPServer.perPeer * 2, port: site.server.port)
        slow.trickle()
        Thread.sleep(forTimeInterval: 0.3)
        let start = monotonicSeconds()
        #expect(get(site.server.port, "/north/").status == 200)
        #expect(monotonicSeconds() - start < 1)
        // The oldest connection was closed by the server: reading it ends at once.
        let first = slow.sockets[0]
        var tv = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(first, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var byte: UInt8 = 0
        let n = recv(first, &byte, 1, 0)
        let reason = errno
        #expect(n == 0 || (n < 0 && reason == ECONNRESET), "the oldest of too many connections from one address is closed: \(n), errno \(reason)")
    }
}

@Suite("Dotfiles are never served")
struct DotfileTests {
    @Test("any path part that starts with a dot is 404: the output manifest, a hidden file in a neighborhood, a hidden folder")
    func dotfiles() throws {
        let site = try ServedSite()
        for (path, text) in [".commonsight-manifest": "north/index.html\t1\t2", "north/.x": "hidden", ".git/config": "[core]", "north/.well/known.txt": "x"] {
            let url = URL(fileURLWithPath: site.root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        for target in ["/.commonsight-manifest", "/north/.x", "/.git/config", "/.git/", "/north/.well/known.txt", "/%2Ecommonsight-manifest", "/north/%2ex"] {
            let r = get(site.server.port, target)
            #expect(r.status == 404, "\(target): \(r.status)")
            #expect(!String(decoding: r.body, as: UTF8.self).contains("north/index.html\t") && !String(decoding: r.body, as: UTF8.self).contains("hidden")
                    && !String(decoding: r.body, as: UTF8.self).contains("[core]"), "\(target)")
        }
        #expect(get(site.server.port, "/north/").status == 200)
    }
}

@Suite("What stopping leaves")
struct StopSignalsTests {
    @Test("the programs this process started are found (to be killed when serve stops mid-build)")
    func children() throws {
        let sleeper = Process()
        sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
        sleeper.arguments = ["5"]
        try sleeper.run()
        defer { sleeper.terminate(); sleeper.waitUntilExit() }
        #expect(ChildProcesses.running().contains(sleeper.processIdentifier))
    }

    @Test("once a stop has closed the door, no program starts through it, and one that started before is let through")
    func closedDoor() throws {
        let door = ChildProcesses.Door()
        var started = 0
        #expect(door.through { started += 1 })
        door.close()
        #expect(!door.through { started += 1 })
        #expect(started == 1)
    }

    @Test("a stop that was itself killed leaves an empty file and folders set aside: both go before the folder is used again")
    func leftovers() throws {
        let base = NSTemporaryDirectory() + "cs-stop-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: base) }
        let folder = base + "/content-0123-serve"
        try FileManager.default.createDirectory(atPath: folder + ".stopping-42-0/site", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: base + "/other-serve", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: folder, contents: nil)
        StopSignals.clearLeftovers(of: folder)
        #expect(try FileManager.default.contentsOfDirectory(atPath: base) == ["other-serve"])
    }
}

@Suite("Slow readers never hold the server")
struct SlowReaderTests {
    /// A connection from `source` (any 127.x address is this machine) that asks for `path` and never reads.
    func stalledRequest(port: Int, source: String, path: String) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var small: Int32 = 4096
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, source, &local.sin_addr)
        _ = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        connectToLocal(fd, port: port)
        let request = Array("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        return fd
    }

    @Test("40 clients of one address that never read a large answer hold at most 8 workers: another address is answered within a second")
    func slowReaders() throws {
        let site = try ServedSite()
        try Data(repeating: 0x61, count: 8 << 20).write(to: URL(fileURLWithPath: site.root + "/north/big.txt"))
        let stalled = (0..<40).map { _ in stalledRequest(port: site.server.port, source: "127.0.0.2", path: "/north/big.txt") }
        defer { for fd in stalled { close(fd) } }
        Thread.sleep(forTimeInterval: 0.5)
        #expect(site.server.answering.withLock { $0["127.0.0.2"] ?? 0 } <= HTTPServer.perPeerAnswering)
        let start = monotonicSeconds()
        let page = get(site.server.port, "/north/")
        #expect(page.status == 200)
        #expect(monotonicSeconds() - start < 1, "answered after \(monotonicSeconds() - start) s")
    }
}
