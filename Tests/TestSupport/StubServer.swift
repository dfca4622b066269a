import Foundation
import Glibc

/// A tiny HTTP/1.1 server on 127.0.0.1 for the tests: raw sockets, one thread, one request per
/// connection. Each request is answered by `handler`, and remembered.
public final class StubServer: @unchecked Sendable {
    public struct Request: Sendable {
        public var method: String
        public var path: String
        public var body: String
    }

    public enum Reply: Sendable {
        case json(Int, String)
        /// Wait this long, then close without answering.
        case hang(Double)
        /// Write the answer by hand: `send` writes bytes to the client and says whether they went.
        case raw(@Sendable (_ send: ([UInt8]) -> Bool) -> Void)
    }

    public let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var seen: [Request] = []
    private var stopped = false
    private let handler: @Sendable (Request, Int) -> Reply

    public var requests: [Request] { lock.withLock { seen } }
    public var url: String { "http://127.0.0.1:\(port)" }

    /// `handler` gets the request and how many requests came before it.
    public init(_ handler: @escaping @Sendable (Request, Int) -> Reply) throws {
        self.handler = handler
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        listener = fd
        let thread = Thread { [self] in self.serve() }
        thread.start()
    }

    /// A port where nothing listens: bound, then closed.
    public static func closedPort() throws -> Int {
        let server = try StubServer { _, _ in .json(200, "{}") }
        let port = server.port
        server.stop()
        return port
    }

    /// Closes the listening socket (once).
    public func stop() {
        let first: Bool = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if lock.withLock({ stopped }) { return }
                continue
            }
            let thread = Thread { [self] in self.handle(client) }
            thread.start()
        }
    }

    private func handle(_ client: Int32) {
        defer { close(client) }
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var headerEnd: Int?
        var contentLength = 0
        var continued = false
        while true {
            let n = recv(client, &buffer, buffer.count, 0)
            if n <= 0 { return }
            data += buffer[0..<n]
            if headerEnd == nil, let end = Self.find([13, 10, 13, 10], in: data) {
                headerEnd = end + 4
                let head = String(decoding: data[0..<end], as: UTF8.self).lowercased()
                for line in head.split(separator: "\r\n") where line.hasPrefix("content-length:") {
                    contentLength = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
                }
                if head.contains("expect: 100-continue"), !continued {
                    continued = true
                    let reply = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
                    _ = reply.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                }
            }
            if let start = headerEnd, data.count - start >= contentLength { break }
        }
        guard let start = headerEnd else { return }
        let head = String(decoding: data[0..<start], as: UTF8.self)
        let requestLine = head.split(separator: "\r\n").first.map { $0.split(separator: " ") } ?? []
        let request = Request(method: requestLine.first.map(String.init) ?? "", path: requestLine.dropFirst().first.map(String.init) ?? "",
                              body: String(decoding: data[start...], as: UTF8.self))
        let index: Int = lock.withLock {
            seen.append(request)
            return seen.count - 1
        }
        switch handler(request, index) {
        case .hang(let seconds):
            Thread.sleep(forTimeInterval: seconds)
        case .raw(let write):
            write { bytes in
                var sent = 0
                while sent < bytes.count {
                    let n = bytes[sent...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    if n <= 0 { return false }
                    sent += n
                }
                return true
            }
        case .json(let status, let body):
            let bytes = Array(body.utf8)
            let text = "HTTP/1.1 \(status) Stub\r\nContent-Type: application/json\r\nContent-Length: \(bytes.count)\r\nConnection: close\r\n\r\n"
            let out = Array(text.utf8) + bytes
            var sent = 0
            while sent < out.count {
                let n = out[sent...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if n <= 0 { break }
                sent += n
            }
        }
    }

    static func find(_ needle: [UInt8], in hay: [UInt8]) -> Int? {
        guard hay.count >= needle.count else { return nil }
        for i in 0...(hay.count - needle.count) where hay[i] == needle[0] && Array(hay[i..<(i + needle.count)]) == needle { return i }
        return nil
    }
}
