/// A place in a source file: the path as shown to the user, and a 1-based line and column.
///
/// A line or column of 0 means "not known"; the description then leaves it out.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int = 0, column: Int = 0) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// The same file, another position.
    public func at(line: Int, column: Int) -> SourceLocation {
        SourceLocation(path: path, line: line, column: column)
    }

    /// `path:line:column`, or `path` alone when no line is known.
    public var description: String {
        guard line > 0 else { return path }
        return "\(path):\(line):\(max(column, 1))"
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.path, a.line, a.column) < (b.path, b.line, b.column)
    }
}
