/// Ruby's coercions that the standard filters share.
enum Ruby {
    /// `to_s`: arrays and hashes as Ruby inspects them, nil as "".
    static func string(_ v: Value) -> String {
        switch v {
        case .array: return inspect(v)
        case .range(let lo, let hi): return "\(lo)..\(hi)"
        default: return v.text
        }
    }

    /// Ruby's `inspect` (Ruby 3.1's `{"k"=>v}` for hashes).
    static func inspect(_ v: Value) -> String {
        switch v {
        case .nil: return "nil"
        case .string(let s), .safe(let s): return RubyText.inspect(s)
        case .array(let a): return "[" + a.map(inspect).joined(separator: ", ") + "]"
        case .object(let o): return "{" + o.entries.map { RubyText.inspect($0.key) + "=>" + inspect($0.value) }.joined(separator: ", ") + "}"
        case .empty, .blank: return "\"\""
        default: return v.text
        }
    }

    /// Liquid's `InputIterator`: arrays flattened, ranges expanded, nil empty, anything else one item.
    /// A range is expanded only when its items fit in `maxBytes` (16 bytes an item).
    static func items(_ v: Value, _ c: FilterContext) throws(FilterError) -> [Value] {
        switch v {
        case .nil: return []
        case .array(let a): return flatten(a)
        case .range(let lo, let hi): return try expand(lo, hi, c)
        default: return [v]
        }
    }

    static func expand(_ lo: Int, _ hi: Int, _ c: FilterContext) throws(FilterError) -> [Value] {
        guard let n = Value.rangeCount(lo, hi), n <= c.maxValueBytes / 16 else {
            throw FilterError.limit("the range (\(lo)..\(hi)) has more items than a value may hold (\(c.maxValueBytes) bytes, 16 an item)")
        }
        guard n > 0 else { return [] }
        var out: [Value] = []
        out.reserveCapacity(n)
        var i = lo
        while true {
            out.append(.int(i))
            if i == hi { break }
            i += 1
        }
        return out
    }

    static func flatten(_ a: [Value]) -> [Value] {
        guard a.contains(where: { if case .array = $0 { return true } else { return false } }) else { return a }
        var out: [Value] = []
        func add(_ items: [Value], depth: Int) {
            for item in items {
                if case .array(let inner) = item, depth < 100 { add(inner, depth: depth + 1) } else { out.append(item) }
            }
        }
        add(a, depth: 0)
        return out
    }

    /// `Utils.to_integer`: integers, and text that Ruby's `Integer()` reads; anything else is an error.
    static func integer(_ v: Value) throws(FilterError) -> Int {
        if case .int(let n) = v { return n }
        guard let n = try integerText(string(v)) else { throw FilterError("invalid integer") }
        return n
    }

    /// Ruby's `Integer(text)`: spaces around, a sign, `0x`/`0b`/`0o`/`0`/`0d` prefixes, single
    /// underscores between digits; nil when the text is not an integer (an error beyond 64 bits).
    static func integerText(_ s: String) throws(FilterError) -> Int? {
        var u = Substring(s).utf8.drop { RubyText.isSplitSpace($0) }
        while let last = u.last, RubyText.isSplitSpace(last) { u = u.dropLast() }
        var negative = false
        if let first = u.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            u = u.dropFirst()
        }
        var radix = 10
        if u.first == UInt8(ascii: "0"), u.count > 1 {
            let second = u[u.index(after: u.startIndex)] | 0x20
            switch second {
            case UInt8(ascii: "x"): radix = 16; u = u.dropFirst(2)
            case UInt8(ascii: "b"): radix = 2; u = u.dropFirst(2)
            case UInt8(ascii: "o"): radix = 8; u = u.dropFirst(2)
            case UInt8(ascii: "d"): radix = 10; u = u.dropFirst(2)
            default: radix = 8; u = u.dropFirst(1); if u.first == UInt8(ascii: "_") { u = u.dropFirst() }
            }
        }
        guard !u.isEmpty else { return radix == 8 ? 0 : nil }
        var value = 0
        var previousDigit = false
        for b in u {
            if b == UInt8(ascii: "_") {
                guard previousDigit else { return nil }
                previousDigit = false
                continue
            }
            let digit: Int
            switch b {
            case 0x30...0x39: digit = Int(b - 0x30)
            case 0x41...0x5A: digit = Int(b - 0x41) + 10
            case 0x61...0x7A: digit = Int(b - 0x61) + 10
            default: return nil
            }
            guard digit < radix else { return nil }
            let (m, o1) = value.multipliedReportingOverflow(by: radix)
            let (r, o2) = negative ? m.subtractingReportingOverflow(digit) : m.addingReportingOverflow(digit)
            guard !o1, !o2 else { throw FilterError.overflow("the integer '\(s.prefix(40))'") }
            value = r
            previousDigit = true
        }
        return previousDigit ? value : nil
    }

    /// `String#strip`'s whitespace (for Jekyll's filters, which work on characters).
    static func isSpace(_ c: Character) -> Bool {
        c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0B}" || c == "\u{0C}" || c == "\0" || c == "\r\n"
    }

    /// What `item[key]` does in Ruby, for the filters that take a property.
    enum Subscript {
        case value(Value)
        /// A `TypeError` (Liquid reports "cannot select the property").
        case typeError
        /// The item has no `[]` at all (`NoMethodError`).
        case noMethod
    }

    static func subscriptValue(_ item: Value, _ key: Value) -> Subscript {
        switch item {
        case .object(let o):
            if let k = key.stringValue { return .value(o[k] ?? .nil) }
            return .value(.nil)
        case .string(let s), .safe(let s):
            switch key {
            case .string(let k), .safe(let k): return .value(RubyText.contains(s, k) ? .string(k) : .nil)
            case .int(let i): return .value(RubyText.character(s, i).map(Value.string) ?? .nil)
            case .float(let d) where d.isFinite && abs(d) < 9e18:
                return .value(RubyText.character(s, Int(d)).map(Value.string) ?? .nil)
            default: return .typeError
            }
        case .int(let n):
            switch key {
            case .int(let bit): return .value(.int(bit < 0 ? 0 : (bit > 63 ? (n < 0 ? 1 : 0) : Int((n >> bit) & 1))))
            case .float(let d) where d.isFinite && abs(d) < 9e18:
                let bit = Int(d)
                return .value(.int(bit < 0 ? 0 : (bit > 63 ? (n < 0 ? 1 : 0) : Int((n >> bit) & 1))))
            default: return .typeError
            }
        case .array(let a):
            switch key {
            case .int(let i): return .value(element(a, i))
            case .float(let d) where d.isFinite && abs(d) < 9e18: return .value(element(a, Int(d)))
            default: return .typeError
            }
        case .range, .float, .nil, .bool, .empty, .blank:
            return .noMethod
        }
    }

    /// Values a template builds may nest at most this deep (so writing or comparing them cannot
    /// exhaust the stack); `push`, `unshift` and `group_by` are the filters that add a level.
    static let maxNesting = 100

    /// Throws when `v`, put `levels` deeper, would nest beyond `maxNesting`.
    static func checkNesting(_ v: Value, adding levels: Int) throws(FilterError) {
        func depth(_ v: Value, _ d: Int) -> Int {
            guard d <= maxNesting else { return d }
            switch v {
            case .array(let a): return a.reduce(d + 1) { max($0, depth($1, d + 1)) }
            case .object(let o):
                var m = d + 1
                o.forEach { _, item in m = max(m, depth(item, d + 1)) }
                return m
            default: return d
            }
        }
        if depth(v, levels) > maxNesting { throw FilterError("the value would nest deeper than \(maxNesting) levels") }
    }

    static func element(_ a: [Value], _ i: Int) -> Value {
        let j = i < 0 ? a.count + i : i
        return a.indices.contains(j) ? a[j] : .nil
    }

    static func propertyError(_ property: Value) -> FilterError {
        FilterError("cannot select the property '\(string(property))'")
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
