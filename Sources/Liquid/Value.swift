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
/// Its entries are one array in order: a small object (most are: a page's variables, a report, a
/// `forloop`) is searched from the start, comparing keys as `==` does (so as a dictionary would);
/// past `indexedCount` entries an index from key to position is kept as well, so that no lookup
/// grows with the size of a large object.
public struct Object: Sendable {
    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline var key: String
        @usableFromInline var value: Value
        /// The key's UTF-8 length, and whether it is ASCII: ASCII keys of different lengths are never
        /// equal, so they are passed over without comparing their text.
        @usableFromInline var keyLength: UInt32
        @usableFromInline var keyIsASCII: Bool

        @usableFromInline
        init(_ name: Name, value: Value) {
            key = name.text
            self.value = value
            keyLength = UInt32(truncatingIfNeeded: name.length)
            keyIsASCII = name.isASCII && name.length <= Int(UInt32.max)
        }
    }

    @usableFromInline var entries: [Entry] = []
    /// Positions by key, only for objects of more than `indexedCount` entries.
    @usableFromInline var index: [String: Int]?

    /// Up to this many entries, lookups compare keys one by one.
    @usableFromInline static let indexedCount = 32

    /// The loop object this is (`forloop`, `tablerowloop`), which Ruby Liquid writes as its class
    /// name when it is output itself; nil for any other object.
    var loopDrop: LoopDrop?

    enum LoopDrop: UInt8, Sendable {
        case forloop, tablerowloop

        /// What `{{ forloop }}` writes in Ruby Liquid (a drop's `to_s`).
        var className: String { self == .forloop ? "Liquid::ForloopDrop" : "Liquid::TablerowloopDrop" }
    }

    public init() {}

    public init(_ pairs: [(String, Value)]) {
        entries.reserveCapacity(pairs.count)
        for (k, v) in pairs { set(Name(k), v) }
    }

    /// Where the key `name` is, or nil.
    @inlinable
    func position(of name: Name) -> Int? {
        if let index { return index[name.text] }
        return entries.withUnsafeBufferPointer { b -> Int? in
            let length = UInt32(truncatingIfNeeded: name.length)
            for i in b.indices {
                if b[i].keyIsASCII && name.isASCII {
                    if b[i].keyLength == length, b[i].key == name.text { return i }
                } else if b[i].key == name.text {
                    return i
                }
            }
            return nil
        }
    }

    /// The value of the key `name`, or nil.
    @inlinable
    subscript(name: Name) -> Value? {
        position(of: name).map { entries[$0].value }
    }

    public subscript(key: String) -> Value? {
        get { self[Name(key)] }
        set {
            let name = Name(key)
            if let newValue {
                set(name, newValue)
            } else if let i = position(of: name) {
                entries.remove(at: i)
                if index != nil { reindex() }
            }
        }
    }

    /// Sets the value of `name`: in its place if it is there, else at the end.
    mutating func set(_ name: Name, _ value: Value) {
        if let i = position(of: name) {
            entries[i].value = value
            return
        }
        entries.append(Entry(name, value: value))
        if index != nil {
            index?[name.text] = entries.count - 1
        } else if entries.count > Self.indexedCount {
            reindex()
        }
    }

    mutating func reindex() {
        var made = [String: Int](minimumCapacity: entries.count)
        for (i, e) in entries.enumerated() { made[e.key] = i }
        index = made
    }

    public var isEmpty: Bool { entries.isEmpty }
    public var count: Int { entries.count }

    /// The keys in order.
    public var keys: [String] { entries.map(\.key) }

    /// Key-value pairs in order.
    public var pairs: [(String, Value)] { entries.map { ($0.key, $0.value) } }

    /// Where this object's entries are stored. While an object is alive, no other storage has its
    /// identity; and storage is never changed while two objects share it (it is copied first): so two
    /// live objects with the same identity hold the same keys and values. For remembering work done
    /// on large shared values; whoever remembers by identity must keep the object alive as long.
    public var storageIdentity: UnsafeRawPointer? {
        entries.withUnsafeBufferPointer { $0.baseAddress.map { UnsafeRawPointer($0) } }
    }

    /// Visits each key and value in order without building a list.
    @inlinable
    public func forEach(_ body: (String, Value) throws -> Void) rethrows {
        for e in entries { try body(e.key, e.value) }
    }
}

/// A variable or property name, with what a lookup compares first: found once, when a template is parsed.
@usableFromInline
struct Name: Sendable {
    @usableFromInline let text: String
    /// UTF-8 bytes.
    @usableFromInline let length: Int
    @usableFromInline let isASCII: Bool

    @usableFromInline
    init(_ text: String) {
        self.text = text
        length = text.utf8.count
        isASCII = Name.isASCII(text)
    }

    @usableFromInline
    static func isASCII(_ s: String) -> Bool {
        if let ascii = s.utf8.withContiguousStorageIfAvailable({ b -> Bool in
            for c in b where c >= 0x80 { return false }
            return true
        }) {
            return ascii
        }
        return s.utf8.allSatisfy { $0 < 0x80 }
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
