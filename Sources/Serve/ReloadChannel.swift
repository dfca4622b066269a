import Escaping
import Parallelism
#if canImport(Glibc)
import Glibc
#endif

/// The open pages' line back to the server (Server-Sent Events): told to reload after a good
/// rebuild, or shown the errors of a failed one.
final class ReloadChannel: Sendable {
    struct State: Sendable {
        var clients: [Int32] = []
        /// The errors of the last build, empty when it succeeded.
        var errors: [String] = []
    }

    let state = Locked(State())
    static let maxClients = 64

    /// A page connected: it hears the current state at once, then every change.
    func add(_ fd: Int32) {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nConnection: keep-alive\r\n\r\n"
        guard Self.send(fd, head + "retry: 500\n\n") else { close(fd); return }
        let errors = state.withLock { s -> [String]? in
            if s.clients.count >= Self.maxClients, let oldest = s.clients.first {
                close(oldest)
                s.clients.removeFirst()
            }
            s.clients.append(fd)
            return s.errors.isEmpty ? nil : s.errors
        }
        if let errors { _ = Self.send(fd, Self.event("errors", errors)) }
    }

    /// After a build: reload the pages, or show them what went wrong.
    func built(errors: [String]) {
        let message = errors.isEmpty ? "event: reload\ndata: {}\n\n" : Self.event("errors", errors)
        broadcast(message) { $0.errors = errors }
    }

    /// A comment every few seconds finds the pages that went away.
    func ping() { broadcast(": ping\n\n") { _ in } }

    func closeAll() {
        state.withLock { s in
            for fd in s.clients { close(fd) }
            s.clients = []
        }
    }

    private func broadcast(_ message: String, update: (inout State) -> Void) {
        state.withLock { s in
            update(&s)
            s.clients = s.clients.filter { fd in
                if Self.send(fd, message) { return true }
                close(fd)
                return false
            }
        }
    }

    static func event(_ name: String, _ lines: [String]) -> String {
        "event: \(name)\ndata: [" + lines.map(Escape.json).joined(separator: ",") + "]\n\n"
    }

    /// Writes all of it without blocking for long and without SIGPIPE; false when the page is gone.
    static func send(_ fd: Int32, _ text: String) -> Bool { send(fd, bytes: Array(text.utf8)) }

    static func send(_ fd: Int32, bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress.map { $0 + sent }, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }
}
