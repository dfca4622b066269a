/// Collects diagnostics while a stage runs; every problem is kept, none stops the stage early.
public struct DiagnosticLog: Sendable {
    public private(set) var items: [Diagnostic] = []

    public init() {}

    public mutating func error(_ location: SourceLocation, _ message: String) {
        items.append(.error(location, message))
    }

    public mutating func warning(_ location: SourceLocation, _ message: String) {
        items.append(.warning(location, message))
    }

    public mutating func append(_ diagnostic: Diagnostic) {
        items.append(diagnostic)
    }

    public mutating func append(contentsOf other: [Diagnostic]) {
        items.append(contentsOf: other)
    }

    public var hasErrors: Bool { items.hasErrors }
}

/// Quotes a user value in a message: `'value'`, shortened when long.
public func quoted(_ value: String, limit: Int = 60) -> String {
    let clean = value.replacingControlCharacters()
    if clean.count <= limit { return "'\(clean)'" }
    return "'\(clean.prefix(limit))…'"
}

/// A list of choices for a message: `'a', 'b' or 'c'`.
public func choices(_ values: [String]) -> String {
    let q = values.map { "'\($0)'" }
    guard q.count > 1, let last = q.last else { return q.first ?? "" }
    return q.dropLast().joined(separator: ", ") + " or " + last
}

extension String {
    /// Control characters shown as `\u{..}` so a message stays on one line.
    func replacingControlCharacters() -> String {
        var out = ""
        for scalar in unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
                || (0x2066...0x2069).contains(scalar.value) {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
