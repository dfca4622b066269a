import Foundation

/// The programs this process starts, all through one door: once a stop has closed it, none can
/// start any more, so the ones to kill are all in /proc.
public enum ChildProcesses {
    public static let door = Door()

    public final class Door: @unchecked Sendable {
        private let lock = NSLock()
        private var closed = false

        public init() {}

        /// Runs `start` (which starts a program) unless the door is closed; false when it was.
        public func through(_ start: () throws -> Void) rethrows -> Bool {
            lock.lock()
            defer { lock.unlock() }
            guard !closed else { return false }
            try start()
            return true
        }

        /// Waits for a start under way, then lets none through again.
        public func close() {
            lock.lock()
            closed = true
            lock.unlock()
        }
    }

    /// The processes whose parent is this one, from /proc.
    public static func running() -> [pid_t] {
        let me = getpid()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        var found: [pid_t] = []
        for name in names {
            guard let pid = pid_t(name), pid != me, let stat = FileManager.default.contents(atPath: "/proc/\(name)/stat") else { continue }
            // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ')'.
            guard let close = stat.lastIndex(of: UInt8(ascii: ")")) else { continue }
            let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " "))
            if fields.count > 1, let parent = pid_t(String(decoding: fields[1], as: UTF8.self)), parent == me { found.append(pid) }
        }
        return found
    }
}
