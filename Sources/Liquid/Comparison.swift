/// Equality, ordering and `contains`, with Ruby's rules for mixed types.
enum Comparison {
    static func compare(_ a: Value, _ op: String, _ b: Value) throws(FilterError) -> Bool {
        switch op {
        case "==": return equal(a, b)
        case "!=", "<>": return !equal(a, b)
        case "contains": return contains(a, b)
        default:
            guard let order = try order(a, b) else { return false }
            switch op {
            case "<": return order < 0
            case ">": return order > 0
            case "<=": return order <= 0
            case ">=": return order >= 0
            default: throw FilterError("unknown operator '\(op)'")
            }
        }
    }

    /// Ruby `==`, with `empty` and `blank` matching empty and blank values.
    static func equal(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.empty, .empty), (.blank, .blank): return true
        case (.empty, .blank), (.blank, .empty): return false
        case (.empty, let x), (let x, .empty): return x.isEmptyCollection
        case (.blank, let x), (let x, .blank): return x.isBlank
        case (.nil, .nil): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.int(let x), .float(let y)): return Double(x) == y && Int(exactly: y) == x
        case (.float(let x), .int(let y)): return x == Double(y) && Int(exactly: x) == y
        case (.float(let x), .float(let y)): return x == y
        case (.string(let x), .string(let y)), (.safe(let x), .safe(let y)), (.string(let x), .safe(let y)), (.safe(let x), .string(let y)):
            return x.utf8.elementsEqual(y.utf8)
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case (.range(let a1, let b1), .range(let a2, let b2)):
            return a1 == a2 && b1 == b2
        case (.object(let x), .object(let y)):
            return x.count == y.count && x.entries.allSatisfy { e in y[e.key].map { equal(e.value, $0) } ?? false }
        default: return false
        }
    }

    /// `<`, `>`, `<=` and `>=` as Ruby Liquid runs them: numbers with numbers and strings with strings
    /// (by bytes); a number against a string is an error; anything else is no order (false).
    static func order(_ a: Value, _ b: Value) throws(FilterError) -> Int? {
        switch (a, b) {
        case (.int, .int), (.int, .float), (.float, .int), (.float, .float):
            return numeric(a, b)
        case (.string(let x), .string(let y)), (.safe(let x), .safe(let y)), (.string(let x), .safe(let y)), (.safe(let x), .string(let y)):
            return bytes(x, y)
        case (.int, .string), (.int, .safe), (.float, .string), (.float, .safe):
            throw FilterError("comparison of \(typeName(a)) with String failed")
        case (.string, .int), (.string, .float), (.safe, .int), (.safe, .float):
            throw FilterError("comparison of String with \(b.text) failed")
        default:
            return nil
        }
    }

    /// Ruby's `<=>`: numbers, strings, arrays item by item, and 0 for equal values of any kind.
    static func spaceship(_ a: Value, _ b: Value) -> Int? {
        switch (a, b) {
        case (.int, .int), (.int, .float), (.float, .int), (.float, .float):
            return numeric(a, b)
        case (.string(let x), .string(let y)), (.safe(let x), .safe(let y)), (.string(let x), .safe(let y)), (.safe(let x), .string(let y)):
            return bytes(x, y)
        case (.array(let x), .array(let y)):
            for (p, q) in zip(x, y) {
                guard let r = spaceship(p, q) else { return nil }
                if r != 0 { return r }
            }
            return x.count == y.count ? 0 : (x.count < y.count ? -1 : 1)
        default:
            return equal(a, b) && !isLiteral(a) && !isLiteral(b) ? 0 : nil
        }
    }

    static func isLiteral(_ v: Value) -> Bool {
        switch v {
        case .empty, .blank: return true
        default: return false
        }
    }

    /// Numeric order; nil when either side is NaN.
    static func numeric(_ a: Value, _ b: Value) -> Int? {
        switch (a, b) {
        case (.int(let x), .int(let y)): return x < y ? -1 : (x > y ? 1 : 0)
        case (.float(let x), .float(let y)):
            if x.isNaN || y.isNaN { return nil }
            return x < y ? -1 : (x > y ? 1 : 0)
        case (.int(let x), .float(let y)): return exact(x, y)
        case (.float(let x), .int(let y)): return exact(y, x).map { -$0 }
        default: return nil
        }
    }

    /// An integer against a double, exactly (as Ruby compares them).
    static func exact(_ x: Int, _ y: Double) -> Int? {
        if y.isNaN { return nil }
        if y >= 9.3e18 { return -1 }
        if y <= -9.3e18 { return 1 }
        let t = y.rounded(.towardZero)
        if let yi = Int(exactly: t) {
            if x != yi { return x < yi ? -1 : 1 }
            return y == t ? 0 : (y > t ? -1 : 1)
        }
        return Double(x) < y ? -1 : (Double(x) > y ? 1 : 0)
    }

    static func bytes(_ x: String, _ y: String) -> Int {
        if x.utf8.elementsEqual(y.utf8) { return 0 }
        return x.utf8.lexicographicallyPrecedes(y.utf8) ? -1 : 1
    }

    static func typeName(_ v: Value) -> String {
        switch v {
        case .string, .safe: return "String"
        case .int: return "Integer"
        case .float: return "Float"
        default: return "value"
        }
    }

    /// `left && right && left.include?(right)`: substrings (of `right.to_s`), array items, hash keys,
    /// numbers within a range.
    static func contains(_ a: Value, _ b: Value) -> Bool {
        guard a.isTruthy, b.isTruthy else { return false }
        switch a {
        case .string(let s), .safe(let s):
            return RubyText.contains(s, Ruby.string(b))
        case .array(let items):
            return items.contains { equal($0, b) }
        case .range(let lo, let hi):
            switch b {
            case .int(let n): return lo <= n && n <= hi
            case .float(let d): return (exact(lo, d) ?? 1) <= 0 && (exact(hi, d) ?? -1) >= 0
            default: return false
            }
        case .object(let o):
            if let k = b.stringValue { return o[k] != nil }
            return false
        default:
            return false
        }
    }

    /// The integer a range bound is: `Integer`s as they are, nil 0, text through `String#to_i`; any
    /// other value is read by `Integer()` (so a float bound is an error, as in Ruby Liquid).
    static func rangeBound(_ v: Value) throws(FilterError) -> Int {
        switch v {
        case .int(let n): return n
        case .nil: return 0
        case .string(let s), .safe(let s): return try Number.toInteger(s)
        default:
            guard let n = try Ruby.integerText(Ruby.string(v)) else { throw FilterError("invalid integer") }
            return n
        }
    }
}
