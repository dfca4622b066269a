/// A Liquid value: what variables hold and filters take and return.
public enum Value: Sendable {
    case `nil`
    case bool(Bool)
    case int(Int)
    case float(Double)
    case string(String)
    /// Trusted HTML: written as it is when autoescaping is on.
    case safe(String)
    case array([Value])
    case object(Object)
    /// An inclusive integer range `(a..b)`.
    case range(Int, Int)
    /// The special literals `empty` and `blank`, which only compare.
    case empty
    case blank

    /// Only `nil` and `false` are false.
    public var isTruthy: Bool {
        switch self {
        case .nil, .bool(false): return false
        default: return true
        }
    }

    public var isNil: Bool {
        if case .nil = self { return true }
        return false
    }

    /// The text of a string value (safe or not).
    public var stringValue: String? {
        switch self {
        case .string(let s), .safe(let s): return s
        default: return nil
        }
    }

    /// The elements of an array (a range is never expanded here: see `Ruby.items` and `RangeCount`).
    public var arrayValue: [Value]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// How many integers `(lo..hi)` holds; nil when the count is beyond `Int`.
    public static func rangeCount(_ lo: Int, _ hi: Int) -> Int? {
        guard hi >= lo else { return 0 }
        let (d, o1) = hi.subtractingReportingOverflow(lo)
        let (n, o2) = d.addingReportingOverflow(1)
        return o1 || o2 ? nil : n
    }

    /// True for "", [], {} (what `== empty` means; a range has no `empty?` in Ruby).
    public var isEmptyCollection: Bool {
        switch self {
        case .string(let s), .safe(let s): return s.isEmpty
        case .array(let a): return a.isEmpty
        case .object(let o): return o.isEmpty
        default: return false
        }
    }

    /// nil, false, whitespace-only text and empty collections (what `== blank` means).
    public var isBlank: Bool {
        switch self {
        case .nil, .bool(false): return true
        case .string(let s), .safe(let s): return s.allSatisfy(\.isWhitespace)
        case .array, .object: return isEmptyCollection
        default: return false
        }
    }
}

/// A mapping that keeps its keys in insertion order (JSON objects, Ruby hashes).
///
/// Its entries are one array of pairs in order: a small object (most are: a page's variables, a
/// report, a `forloop`) is searched from the start, comparing keys as `==` does (so as a dictionary
/// would); past `indexedCount` entries an index from key to position is kept as well, so that no
/// lookup grows with the size of a large object.
public struct Object: Sendable {
    @usableFromInline var entries: [(key: String, value: Value)] = []
    /// Positions by key, only for objects of more than `indexedCount` entries.
    @usableFromInline var index: [String: Int]?

    /// Up to this many entries, lookups compare keys one by one.
    @usableFromInline static let indexedCount = 32

    public init() {}

    public init(_ pairs: [(String, Value)]) {
        entries.reserveCapacity(pairs.count)
        for (k, v) in pairs { self[k] = v }
    }

    /// Where `key` is, or nil.
    @inlinable
    func position(of key: String) -> Int? {
        if let index { return index[key] }
        var i = 0
        while i < entries.count {
            if entries[i].key == key { return i }
            i += 1
        }
        return nil
    }

    public subscript(key: String) -> Value? {
        get { position(of: key).map { entries[$0].value } }
        set {
            if let newValue {
                if let i = position(of: key) {
                    entries[i].value = newValue
                } else {
                    entries.append((key, newValue))
                    if index != nil {
                        index?[key] = entries.count - 1
                    } else if entries.count > Self.indexedCount {
                        var made = [String: Int](minimumCapacity: entries.count)
                        for (i, e) in entries.enumerated() { made[e.key] = i }
                        index = made
                    }
                }
            } else if let i = position(of: key) {
                entries.remove(at: i)
                if index != nil {
                    var made: [String: Int] = [:]
                    for (i, e) in entries.enumerated() { made[e.key] = i }
                    index = made
                }
            }
        }
    }

    public var isEmpty: Bool { entries.isEmpty }
    public var count: Int { entries.count }

    /// The keys in order.
    public var keys: [String] { entries.map(\.key) }

    /// Key-value pairs in order.
    public var pairs: [(String, Value)] { entries.map { ($0.key, $0.value) } }

    /// Visits each key and value in order without building a list.
    public func forEach(_ body: (String, Value) throws -> Void) rethrows {
        for e in entries { try body(e.key, e.value) }
    }

    /// The pair at a position (`0..<count`), in order.
    public func pair(at i: Int) -> (key: String, value: Value) { entries[i] }
}

extension Value: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByFloatLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(floatLiteral value: Double) { self = .float(value) }
    public init(arrayLiteral elements: Value...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, Value)...) { self = .object(Object(elements)) }
}
