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
            out: { FileHandle.standardOutput.write(($0 + "\n").data(using: .utf8) ?? Data()) },
            err: { FileHandle.standardError.write(($0 + "\n").data(using: .utf8) ?? Data()) })
        console.endsWithCommand = true
        return console
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
