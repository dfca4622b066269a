/// One problem found in the input: an error fails the run, a warning does not.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case error, warning
    }

    public var severity: Severity
    public var location: SourceLocation
    public var message: String

    public init(_ severity: Severity, _ location: SourceLocation, _ message: String) {
        self.severity = severity
        self.location = location
        self.message = message
    }

    public static func error(_ location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(.error, location, message)
    }

    public static func warning(_ location: SourceLocation, _ message: String) -> Diagnostic {
        Diagnostic(.warning, location, message)
    }

    /// `PATH:LINE:COLUMN: error: MESSAGE`, the one format every command prints.
    /// Control characters and bidirectional overrides in a path or message are written as `\u{…}`,
    /// so that a file name cannot move the terminal's cursor or reorder the line.
    public var description: String {
        "\(location): \(severity.rawValue): \(message)".replacingControlCharacters()
    }

    public var isError: Bool { severity == .error }
}

extension Array where Element == Diagnostic {
    /// Sorted by path, line and column, then by message so the order never depends on discovery order.
    public func sortedForDisplay() -> [Diagnostic] {
        sorted { a, b in
            if a.location != b.location { return a.location < b.location }
            if a.severity != b.severity { return a.severity == .error }
            return a.message < b.message
        }
    }

    public var errorCount: Int { reduce(0) { $0 + ($1.isError ? 1 : 0) } }
    public var warningCount: Int { count - errorCount }
    public var hasErrors: Bool { contains { $0.isError } }
}
