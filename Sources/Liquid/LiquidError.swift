/// A template problem: a syntax error found while parsing, or an error while rendering.
public struct LiquidError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case syntax = "syntax error"
        case render = "error"
        case limit = "limit exceeded"
    }

    public var kind: Kind
    public var message: String
    /// The template's name or path as given to the parser.
    public var path: String
    public var line: Int
    public var column: Int

    public init(_ kind: Kind, _ message: String, path: String = "", line: Int = 0, column: Int = 0) {
        self.kind = kind
        self.message = message
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path:line:column: error: Liquid syntax error: message`.
    public var description: String {
        let place = line > 0 ? "\(path):\(line):\(max(column, 1))" : path
        let what = kind == .syntax ? "Liquid syntax error: " : (kind == .limit ? "Liquid limit exceeded: " : "Liquid error: ")
        return "\(place): error: \(what)\(message)"
    }

    static func syntax(_ message: String, at p: Position) -> LiquidError {
        LiquidError(.syntax, message, path: p.path, line: p.line, column: p.column)
    }

    static func render(_ message: String, at p: Position) -> LiquidError {
        LiquidError(.render, message, path: p.path, line: p.line, column: p.column)
    }
}

/// Where a token starts in its template.
public struct Position: Sendable, Equatable {
    public var path: String
    public var line: Int
    public var column: Int
}

/// A filter's complaint about its arguments; the renderer adds the position.
public struct FilterError: Error, Sendable {
    public var message: String
    /// The filter would break a render limit (a value too large): reported as a limit, not a template error.
    public var isLimit = false
    public init(_ message: String) { self.message = message }

    public static func limit(_ message: String) -> FilterError {
        var e = FilterError(message)
        e.isLimit = true
        return e
    }
}
