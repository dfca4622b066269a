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
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        var console = Console(
            workingDirectory: FileManager.default.currentDirectoryPath,
            today: formatter.string(from: Date()),
            environment: ProcessInfo.processInfo.environment,
            out: { FileHandle.standardOutput.write(($0 + "\n").data(using: .utf8) ?? Data()) },
            err: { FileHandle.standardError.write(($0 + "\n").data(using: .utf8) ?? Data()) })
        console.endsWithCommand = true
        return console
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
