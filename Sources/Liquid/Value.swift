/// A Liquid value: what variables hold and filters take and return.
public indirect enum Value: Sendable {
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
public struct Object: Sendable {
    public private(set) var keys: [String] = []
    private var storage: [String: Value] = [:]

    public init() {}

    public init(_ pairs: [(String, Value)]) {
        keys.reserveCapacity(pairs.count)
        storage.reserveCapacity(pairs.count)
        for (k, v) in pairs { self[k] = v }
    }

    public subscript(key: String) -> Value? {
        get { storage[key] }
        set {
            if let newValue {
                if storage.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if storage.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    public var isEmpty: Bool { keys.isEmpty }
    public var count: Int { keys.count }

    /// Key-value pairs in order.
    public var pairs: [(String, Value)] { keys.map { ($0, storage[$0] ?? .nil) } }

    /// Visits each key and value in order without building a list.
    public func forEach(_ body: (String, Value) throws -> Void) rethrows {
        for k in keys { try body(k, storage[k] ?? .nil) }
    }
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
