import Diagnostics

/// A parsed value with the place it came from: what YAML front matter and JSON both become.
public struct Node: Sendable {
    public indirect enum Value: Sendable {
        case null
        case bool(Bool)
        /// A number, with the text it was written as (so `007` can still be read back as text).
        case number(Double, String)
        case string(String)
        case list([Node])
        case map([Entry])
    }

    /// One key of a mapping, in source order.
    public struct Entry: Sendable {
        public var key: String
        public var keyLocation: SourceLocation
        public var value: Node

        public init(key: String, keyLocation: SourceLocation, value: Node) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }

    /// The value of `key` when this is a mapping.
    public subscript(key: String) -> Node? {
        guard case .map(let entries) = value else { return nil }
        return entries.first { $0.key == key }?.value
    }

    public var entries: [Entry]? {
        if case .map(let e) = value { return e }
        return nil
    }

    public var items: [Node]? {
        if case .list(let l) = value { return l }
        return nil
    }

    /// Text of a scalar: strings as they are, numbers and booleans as written.
    public var scalarText: String? {
        switch value {
        case .string(let s): return s
        case .number(_, let raw): return raw
        case .bool(let b): return b ? "true" : "false"
        case .null, .list, .map: return nil
        }
    }

    public var isNull: Bool {
        if case .null = value { return true }
        return false
    }

    /// A short name of the kind of value, for messages ("a list", "a number").
    public var kindName: String {
        switch value {
        case .null: return "nothing"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "text"
        case .list: return "a list"
        case .map: return "a mapping"
        }
    }
}
