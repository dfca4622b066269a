import Foundation

/// What a command may touch outside the library: the working folder, today's date, and the two output streams.
public struct Console: Sendable {
    public var workingDirectory: String
    /// `YYYY-MM-DD`, today where the user is; only `new` and `build`'s default `--date` use it.
    public var today: String
    public var out: @Sendable (String) -> Void
    public var err: @Sendable (String) -> Void
    /// The environment variables a command may read (`HOME`, `XDG_CACHE_HOME`, `COMMONSIGHT_MODEL_URL`).
    public var environment: [String: String] = [:]
    /// True for the real process, which exits when its command is done (a test's console is not).
    public var endsWithCommand = false

    public init(workingDirectory: String, today: String, environment: [String: String] = [:],
                out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
        self.workingDirectory = workingDirectory
        self.environment = environment
        self.today = today
        self.out = out
        self.err = err
    }

    /// The real process: its working folder, the system clock, stdout and stderr.
    public static func process() -> Console {
        var console = Console(
            workingDirectory: FileManager.default.currentDirectoryPath,
            today: localToday(),
            environment: ProcessInfo.processInfo.environment,
            out: { StandardStreams.write(1, Array((terminalSafe($0) + "\n").utf8)) },
            err: { StandardStreams.write(2, Array((terminalSafe($0) + "\n").utf8)) })
        console.endsWithCommand = true
        // A closed pipe is a failed write (EPIPE), told by the exit status, not a silent death.
        signal(SIGPIPE, SIG_IGN)
        return console
    }

    /// `text` as it may reach a terminal: control characters (C0 but newline and tab, DEL, C1), line
    /// and paragraph separators and bidirectional overrides and isolates are shown as `\u{1b}` (as
    /// diagnostics already show them), so
    /// that a street name, a file name or a server's error text cannot move the cursor, recolor
    /// the terminal or reorder what follows. Every other character, Arabic or accented, stays.
    public static func terminalSafe(_ text: String) -> String {
        func unsafe(_ v: UInt32) -> Bool {
            (v < 0x20 && v != 0x0A && v != 0x09) || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029
                || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
        }
        guard text.unicodeScalars.contains(where: { unsafe($0.value) }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if unsafe(scalar.value) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// `YYYY-MM-DD` in the machine's time zone as the C library reads it (`TZ`, as `date` does).
    /// A `DateFormatter` made ICU load its calendars and locale data: 17 of the 42 ms every
    /// command took to start.
    static func localToday() -> String {
        var now = time(nil)
        var parts = tm()
        guard localtime_r(&now, &parts) != nil else { return "1970-01-01" }
        let year = Int(parts.tm_year) + 1900, month = Int(parts.tm_mon) + 1, day = Int(parts.tm_mday)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let digits = String(year)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "-" + two(month) + "-" + two(day)
    }

    /// `path` made absolute against the working folder, for reading and writing.
    public func resolve(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        let base = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        return path == "." ? workingDirectory : base + path
    }

    /// `path` as shown in messages: relative to the working folder when it lies inside it.
    public func display(_ path: String) -> String {
        guard path.hasPrefix("/") else { return path }
        let base = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        if path.hasPrefix(base) { return String(path.dropFirst(base.count)) }
        if path == workingDirectory { return "." }
        return path
    }
}

/// The process's standard output and error, written with write(2): a write that fails (a full disk,
/// a closed pipe) is remembered and ends the command with `ioErrorStatus`, never with a trap.
public enum StandardStreams {
    /// sysexits' EX_IOERR: the command could not write what it had to say.
    public static let ioErrorStatus: Int32 = 74

    private static let lock = NSLock()
    /// The first failed write on each stream: its errno.
    nonisolated(unsafe) private static var failures: [Int32: Int32] = [:]

    /// Writes all of `bytes` to `fd` (1 or 2); after a stream failed once, it is not written again.
    @discardableResult
    public static func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        if lock.withLock({ failures[fd] != nil }) { return false }
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + sent, bytes.count - sent) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                let reason = n < 0 ? errno : EIO
                lock.withLock { if failures[fd] == nil { failures[fd] = reason } }
                return false
            }
            sent += n
        }
        return true
    }

    /// The exit status of a command that returned `status`: `ioErrorStatus` instead of success when
    /// a write failed, said on standard error when it still can be (not for a reader that went away).
    public static func finish(_ status: Int32) -> Int32 {
        let failed = lock.withLock { failures }
        guard !failed.isEmpty else { return status }
        if let reason = failed[1], reason != EPIPE {
            write(2, Array("error: cannot write to standard output: \(String(cString: strerror(reason)))\n".utf8))
        }
        return status == 0 ? ioErrorStatus : status
    }
}
