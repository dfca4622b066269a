import Foundation

/// Ruby's coercions that the standard filters share.
enum Ruby {
    /// `to_s`: arrays and hashes as Ruby inspects them, nil as "".
    static func string(_ v: Value) -> String {
        switch v {
        case .array(let a): return "[" + a.map(Value.inspect).joined(separator: ", ") + "]"
        case .range(let lo, let hi): return "\(lo)..\(hi)"
        default: return v.text
        }
    }

    /// Liquid's `InputIterator`: arrays flattened, ranges expanded, nil empty, anything else one item.
    static func items(_ v: Value) -> [Value] {
        switch v {
        case .nil: return []
        case .array(let a): return flatten(a)
        case .range: return v.arrayValue ?? []
        default: return [v]
        }
    }

    static func flatten(_ a: [Value]) -> [Value] {
        guard a.contains(where: { if case .array = $0 { return true } else { return false } }) else { return a }
        var out: [Value] = []
        for item in a {
            if case .array(let inner) = item { out += flatten(inner) } else { out.append(item) }
        }
        return out
    }

    /// Array#join: nested arrays flattened, each item's `to_s`.
    static func join(_ items: [Value], _ glue: String) -> String {
        flatten(items).map { $0.isNil ? "" : string($0) }.joined(separator: glue)
    }

    /// `Utils.to_integer`: integers, and text that is an integer; anything else is an error.
    static func integer(_ v: Value) throws(FilterError) -> Int {
        switch v {
        case .int(let n): return n
        case .string(let s), .safe(let s):
            if let n = Int(s.trimmingCharacters(in: .whitespaces)) { return n }
        default: break
        }
        throw FilterError("invalid integer \(inspectForError(v))")
    }

    static func inspectForError(_ v: Value) -> String {
        if case .nil = v { return "nil" }
        return "'\(v.text)'"
    }

    /// `String#strip`'s whitespace.
    static func isSpace(_ c: Character) -> Bool {
        c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0B}" || c == "\u{0C}" || c == "\0" || c == "\r\n"
    }

    /// `item[property]` as Ruby answers it, for `where`, `reject`, `has`, `find`, `map` and `sum`.
    enum Lookup { case value(Value), noMethod }

    static func lookup(_ item: Value, _ key: Value) throws(FilterError) -> Lookup {
        switch item {
        case .object(let o):
            if let k = key.stringValue { return .value(o[k] ?? .nil) }
            return .value(.nil)
        case .string(let s), .safe(let s):
            switch key {
            case .string(let k), .safe(let k): return .value(s.contains(k) ? .string(k) : .nil)
            case .int(let i):
                let chars = Array(s)
                let j = i < 0 ? chars.count + i : i
                return .value(chars.indices.contains(j) ? .string(String(chars[j])) : .nil)
            case .nil: return .noMethod
            default: throw FilterError("no implicit conversion of \(key.text) into Integer")
            }
        case .int(let n):
            if case .int(let bit) = key { return .value(.int(bit < 0 || bit > 62 ? (n < 0 ? 1 : 0) : (n >> bit) & 1)) }
            throw FilterError("no implicit conversion of \(typeName(key)) into Integer")
        case .array, .range:
            if case .int(let i) = key { return .value(CollectionIndex.index(item, i)) }
            throw FilterError("no implicit conversion of \(typeName(key)) into Integer")
        case .float:
            throw FilterError("undefined method '[]' for a Float")
        case .nil, .bool, .empty, .blank:
            return .noMethod
        }
    }

    static func typeName(_ v: Value) -> String {
        switch v {
        case .string, .safe: return "String"
        case .int: return "Integer"
        case .float: return "Float"
        case .nil: return "nil"
        case .bool(let b): return b ? "true" : "false"
        case .array, .range: return "Array"
        case .object: return "Hash"
        case .empty, .blank: return "String"
        }
    }
}

enum CollectionIndex {
    static func index(_ v: Value, _ i: Int) -> Value {
        let items = v.arrayValue ?? []
        let j = i < 0 ? items.count + i : i
        return items.indices.contains(j) ? items[j] : .nil
    }
}

/// The filters of Shopify Liquid 5, by name.
public enum StandardFilters {
    public static let all: [String: Filter] = {
        var all: [String: Filter] = [:]
        for group in [StringFilters.all, ArrayFilters.all, MathFilters.all, DateFilter.all] {
            all.merge(group) { a, _ in a }
        }
        return all
    }()
}
