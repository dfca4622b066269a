import Dispatch
import Parallelism
#if canImport(Glibc)
import Glibc
#endif

/// A small HTTP/1.1 server for the built site, for `commonsight serve`: GET and HEAD, one request per
/// connection, request heads bounded in size (8 KiB) and time (10 s), a bounded number of
/// connections, nothing served from outside the site.
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
    /// Connections being answered at once; more wait in the kernel's queue.
    let slots = DispatchSemaphore(value: 32)
    /// A request head must arrive within this many seconds.
    let headTimeout: Int

    /// Binds `host:port` (an IPv4 or IPv6 address) and serves `root`.
    public init(host: String, port: Int, root: String, headTimeout: Int = 10) throws(Problem) {
        self.headTimeout = max(1, headTimeout)
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

    /// Accepts connections until `stop()`; each is answered on a thread of its own.
    public func run() {
        var pings = 0
        while !stopping.value {
            var p = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, 250)
            pings += 1
            if pings % 60 == 0 { channel.ping() }
            guard ready > 0 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            slots.wait()
            DispatchQueue.global().async { [self] in
                defer { slots.signal() }
                handle(client)
            }
        }
        close(listener)
        channel.closeAll()
    }

    public func stop() { stopping.withLock { $0 = true } }

    /// Tells the open pages how the last build went (empty errors: reload).
    public func built(errors: [String]) { channel.built(errors: errors) }

    func handle(_ fd: Int32) {
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let head: [UInt8]
        let read = readHead(fd)
        switch read {
        case .head(let h): head = h
        case .tooLarge, .tooSlow:
            let large = read == .tooLarge
            respond(fd, SiteFiles.Answer(status: large ? 431 : 408, headers: [("Content-Type", "text/plain; charset=utf-8")],
                                         body: Array((large ? "request head too large\n" : "request head too slow\n").utf8)), head: false)
            close(fd)
            return
        }
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
            var none = timeval(tv_sec: 0, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &none, socklen_t(MemoryLayout<timeval>.size))
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

    enum Head: Equatable {
        case head([UInt8])
        case tooLarge
        case tooSlow
    }

    /// Everything before the blank line, unless it is too large or does not arrive in time.
    func readHead(_ fd: Int32) -> Head {
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 2048)
        var waited = 0
        while head.count <= HTTPRequest.maxHeadBytes {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                waited += 1
                if waited >= headTimeout { return .tooSlow }
                continue
            }
            if n <= 0 { return .tooSlow }
            head += buffer[..<n]
            if let end = Self.endOfHead(head) { return end <= HTTPRequest.maxHeadBytes ? .head(Array(head[..<end])) : .tooLarge }
        }
        return .tooLarge
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
        _ = ReloadChannel.send(fd, text)
        if !head, !a.body.isEmpty { _ = ReloadChannel.send(fd, bytes: a.body) }
    }
}
