import Dispatch
import Foundation
import Parallelism
#if canImport(Glibc)
import Glibc
#endif

/// A small HTTP/1.1 server for the built site, for `commonsight serve`: GET and HEAD, one request per
/// connection, request heads bounded in size (8 KiB) and in total time (10 s), a bounded number of
/// connections per client, nothing served from outside the site and no dotfile.
public final class HTTPServer: Sendable {
    public enum Problem: Error, Equatable {
        case address(String)
        case bind(String)
    }

    /// The port it listens on (useful when 0 was asked for).
    public let port: Int
    let listener: Int32
    let files: SiteFiles
    let channel = ReloadChannel()
    let stopping = Locked(false)
    /// Requests being answered at once (their heads complete); more wait, read, in the accept loop.
    let slots = DispatchSemaphore(value: 32)
    /// A request head must arrive within this many seconds, all of it.
    let headTimeout: Double

    /// Binds `host:port` (an IPv4 or IPv6 address) and serves `root`.
    public init(host: String, port: Int, root: String, headTimeout: Double = 10) throws(Problem) {
        self.headTimeout = max(0.1, headTimeout)
        signal(SIGPIPE, SIG_IGN)
        let (fd, actualPort) = try Self.openListener(host: host, port: port)
        listener = fd
        self.port = actualPort
        files = SiteFiles(root: root, snippet: Array(LiveReload.snippet.utf8))
    }

    /// A listening socket on `host:port`, and the port it got.
    static func openListener(host: String, port: Int) throws(Problem) -> (Int32, Int) {
        var storage = sockaddr_storage()
        let family: Int32
        let length: Int
        if host.contains(":") {
            var addr = sockaddr_in6()
            addr.sin6_family = sa_family_t(AF_INET6)
            addr.sin6_port = in_port_t(UInt16(port).bigEndian)
            guard inet_pton(AF_INET6, host, &addr.sin6_addr) == 1 else { throw .address(host) }
            (family, length) = store(addr, family: AF_INET6, in: &storage)
        } else {
            var addr = sockaddr_in()
            addr.sin_family = sa_family_t(AF_INET)
            addr.sin_port = in_port_t(UInt16(port).bigEndian)
            guard inet_pton(AF_INET, host, &addr.sin_addr) == 1 else { throw .address(host) }
            (family, length) = store(addr, family: AF_INET, in: &storage)
        }
        let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var len = socklen_t(length)
        let ok = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { a in
                bind(fd, a, socklen_t(length)) == 0 && listen(fd, 128) == 0 && getsockname(fd, a, &len) == 0
            }
        }
        guard fd >= 0, ok else {
            let reason = String(cString: strerror(errno))
            if fd >= 0 { close(fd) }
            throw .bind(reason)
        }
        // The port sits at the same place in both address kinds, right after the family.
        let bound = withUnsafeBytes(of: storage) { $0.load(fromByteOffset: 2, as: UInt16.self) }
        return (fd, Int(UInt16(bigEndian: bound)))
    }

    /// `address` (a `sockaddr_in` or `sockaddr_in6`) copied into `storage`; its family and length, for `socket` and `bind`.
    static func store<Address>(_ address: Address, family: Int32, in storage: inout sockaddr_storage) -> (Int32, Int) {
        withUnsafeBytes(of: address) { bytes in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: bytes) } }
        return (family, MemoryLayout<Address>.size)
    }

    /// A connection whose request head is still arriving (or, complete, waits for a worker).
    struct Pending {
        let fd: Int32
        /// The client's address, without its port: at most `perPeer` of its heads wait at once.
        let peer: String
        /// The head must be complete by then (monotonic seconds), however slowly its bytes come.
        let deadline: Double
        var bytes: [UInt8] = []
        var head: [UInt8]?
    }

    /// Connections whose heads are being read at once, in all and from one address; past these the
    /// oldest of the address with the most is dropped, so slow clients never hold the workers.
    static let maxPending = 256
    static let perPeer = 16
    /// Answers sent to one address at once (a client that reads slowly holds at most these workers).
    static let perPeerAnswering = 8
    /// Answers being sent, by client address.
    let answering = Locked([String: Int]())

    /// Accepts connections and reads their request heads until `stop()`, all on this thread; only a
    /// complete head goes to a worker thread, which answers it.
    public func run() {
        _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK)
        var pending: [Pending] = []
        var lastPing = Self.now()
        while !stopping.value {
            // Complete heads to free workers, in the order they arrived. A head whose address has its answers' share waits; the others go on while workers are free.
            var waiting = false, noWorker = false
            pending = pending.filter { p in
                guard let head = p.head, !noWorker else { return true }
                guard answering.withLock({ $0[p.peer, default: 0] < Self.perPeerAnswering }) else { waiting = true; return true }
                guard slots.wait(timeout: .now()) == .success else { noWorker = true; waiting = true; return true }
                answering.withLock { $0[p.peer, default: 0] += 1 }
                // A thread of its own: a worker may block in send for seconds, and the shared queue's
                // few threads (one per core) would make the next answers wait for a new one.
                Thread.detachNewThread { [self] in
                    defer {
                        answering.withLock { $0[p.peer] = $0[p.peer].map { $0 > 1 ? $0 - 1 : nil } ?? nil }
                        slots.signal()
                    }
                    handle(p.fd, head: head)
                }
                return false
            }
            let now = Self.now()
            pending = pending.filter { p in
                guard p.deadline <= now else { return true }
                answer(p.fd, status: p.head == nil ? 408 : 503, text: p.head == nil ? "request head too slow" : "too busy")
                return false
            }
            if now - lastPing >= 15 {
                channel.ping()
                lastPing = now
            }
            var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            // A complete head waits for a worker without being polled (a hang-up would wake poll at once, again and again).
            fds += pending.map { pollfd(fd: $0.head == nil ? $0.fd : -1, events: Int16(POLLIN), revents: 0) }
            var timeout = 250.0
            if let first = pending.map(\.deadline).min() { timeout = min(timeout, max(0, (first - now) * 1000) + 1) }
            if waiting { timeout = min(timeout, 5) }
            let ready = poll(&fds, nfds_t(fds.count), Int32(timeout))
            guard ready > 0 else { continue }
            var kept: [Pending] = []
            for (i, var p) in pending.enumerated() {
                if fds[i + 1].revents != 0, p.head == nil {
                    switch readSome(&p) {
                    case .more: break
                    case .closed: close(p.fd); continue
                    case .tooLarge: answer(p.fd, status: 431, text: "request head too large"); continue
                    }
                }
                kept.append(p)
            }
            pending = kept
            if fds[0].revents != 0 { acceptAll(into: &pending) }
        }
        for p in pending { close(p.fd) }
        close(listener)
        channel.closeAll()
    }

    enum ReadStep { case more, closed, tooLarge }

    /// Reads what has arrived of a head without waiting; `p.head` is set once the blank line came.
    func readSome(_ p: inout Pending) -> ReadStep {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { recv(p.fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        if n < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) { return .more }
        if n <= 0 { return .closed }
        p.bytes += buffer[..<n]
        if let end = Self.endOfHead(p.bytes) {
            guard end <= HTTPRequest.maxHeadBytes else { return .tooLarge }
            p.head = Array(p.bytes[..<end])
            p.bytes = []
            return .more
        }
        return p.bytes.count > HTTPRequest.maxHeadBytes + 4 ? .tooLarge : .more
    }

    /// Takes every waiting connection; past the limits the oldest of the busiest address is dropped.
    func acceptAll(into pending: inout [Pending]) {
        for _ in 0..<64 {
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let fd = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listener, $0, &length) } }
            if fd < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            let peer = Self.peerName(address)
            if pending.count(where: { $0.peer == peer }) >= Self.perPeer, let oldest = pending.firstIndex(where: { $0.peer == peer }) {
                close(pending.remove(at: oldest).fd)
            }
            if pending.count >= Self.maxPending {
                var counts: [String: Int] = [:]
                for p in pending { counts[p.peer, default: 0] += 1 }
                let busiest = counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key
                if let oldest = pending.firstIndex(where: { $0.peer == busiest }) { close(pending.remove(at: oldest).fd) }
            }
            pending.append(Pending(fd: fd, peer: peer, deadline: Self.now() + headTimeout))
        }
    }

    /// The client's address as text (IPv4 or IPv6), without the port.
    static func peerName(_ address: sockaddr_storage) -> String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        var copy = address
        let ok: Bool = withUnsafePointer(to: &copy) { pointer in
            if Int32(address.ss_family) == AF_INET6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { a in
                    var raw = a.pointee.sin6_addr
                    return inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count)) != nil
                }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { a in
                var raw = a.pointee.sin_addr
                return inet_ntop(AF_INET, &raw, &text, socklen_t(text.count)) != nil
            }
        }
        return ok ? String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
    }

    /// Seconds on a clock that never jumps.
    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    public func stop() { stopping.withLock { $0 = true } }

    /// Tells the open pages how the last build went (empty errors: reload).
    public func built(errors: [String]) { channel.built(errors: errors) }

    /// A short plain-text answer, then the connection is closed.
    func answer(_ fd: Int32, status: Int, text: String) {
        respond(fd, SiteFiles.Answer(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array((text + "\n").utf8)), head: false)
        close(fd)
    }

    /// Answers one complete request head (on a worker thread).
    func handle(_ fd: Int32, head: [UInt8]) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let request: HTTPRequest
        do {
            request = try HTTPRequest.parse(head)
        } catch {
            let (status, text): (Int, String) = switch error {
            case .badRequest(let why): (400, why)
            case .methodNotAllowed: (405, "only GET and HEAD")
            case .tooLarge: (431, "request head too large")
            }
            var headers = [("Content-Type", "text/plain; charset=utf-8")]
            if status == 405 { headers.append(("Allow", "GET, HEAD")) }
            respond(fd, SiteFiles.Answer(status: status, headers: headers, body: Array((text + "\n").utf8)), head: false)
            close(fd)
            return
        }
        if request.parts == LiveReload.eventsPath && request.method == .get {
            channel.add(fd)
            return
        }
        var answer = files.answer(request)
        let errors = channel.state.withLock { $0.errors }
        if answer.status == 404, !errors.isEmpty, files.kind("index.html") == nil {
            answer = SiteFiles.Answer(status: 503, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")],
                                      body: LiveReload.failurePage(errors))
        }
        respond(fd, answer, head: request.method == .head)
        close(fd)
    }

    static func endOfHead(_ b: [UInt8]) -> Int? {
        guard b.count >= 2 else { return nil }
        for i in 1..<b.count where b[i] == 0x0A {
            if b[i - 1] == 0x0A { return i - 1 }
            if i >= 3, b[i - 1] == 0x0D, b[i - 2] == 0x0A, b[i - 3] == 0x0D { return i - 3 }
        }
        return nil
    }

    static let reasons = [200: "OK", 301: "Moved Permanently", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed",
                          408: "Request Timeout", 431: "Request Header Fields Too Large", 503: "Service Unavailable"]

    func respond(_ fd: Int32, _ a: SiteFiles.Answer, head: Bool) {
        var text = "HTTP/1.1 \(a.status) \(Self.reasons[a.status] ?? "Status")\r\n"
        for (k, v) in a.headers { text += "\(k): \(v)\r\n" }
        text += "Content-Length: \(a.body.count)\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n"
        // A client that reads slowly still has the answer for at most `answerTimeout` seconds.
        let end = Self.now() + Self.answerTimeout
        var bytes = Array(text.utf8)
        if !head { bytes += a.body }
        var sent = 0
        while sent < bytes.count, Self.now() < end {
            // Each send waits at most the socket's 1-s send timeout.
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress.map { $0 + sent }, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            sent += n
        }
    }

    /// Seconds a worker spends sending one answer, at most.
    static let answerTimeout = 10.0
}
