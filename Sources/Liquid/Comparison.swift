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
        case (.int(let x), .float(let y)): return Double(x) == y
        case (.float(let x), .int(let y)): return x == Double(y)
        case (.float(let x), .float(let y)): return x == y
        case (.string(let x), .string(let y)), (.safe(let x), .safe(let y)), (.string(let x), .safe(let y)), (.safe(let x), .string(let y)):
            return x == y
        case (.array, _), (.range, _):
            guard let x = a.arrayValue, let y = b.arrayValue, x.count == y.count else { return false }
            return zip(x, y).allSatisfy { equal($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && x.keys.allSatisfy { k in y[k].map { equal(x[k] ?? .nil, $0) } ?? false }
        default: return false
        }
    }

    /// -1, 0 or 1 for numbers and for strings; nil where Ruby has no order (nil, booleans, collections).
    static func order(_ a: Value, _ b: Value) throws(FilterError) -> Int? {
        switch (a, b) {
        case (.empty, _), (_, .empty), (.blank, _), (_, .blank): return nil
        default: break
        }
        if let x = number(a), let y = number(b), !isString(a), !isString(b) {
            return x < y ? -1 : (x > y ? 1 : 0)
        }
        if let x = a.stringValue, let y = b.stringValue {
            return x == y ? 0 : (Array(x.utf8).lexicographicallyPrecedes(Array(y.utf8)) ? -1 : 1)
        }
        if (isString(a) && number(b) != nil) || (isString(b) && number(a) != nil) {
            throw FilterError("comparison of \(typeName(a)) with \(b.text) failed")
        }
        return nil
    }

    static func isString(_ v: Value) -> Bool { v.stringValue != nil }

    static func typeName(_ v: Value) -> String {
        switch v {
        case .string, .safe: return "String"
        case .int: return "Integer"
        case .float: return "Float"
        default: return "value"
        }
    }

    static func number(_ v: Value) -> Double? {
        switch v {
        case .int(let n): return Double(n)
        case .float(let d): return d
        default: return nil
        }
    }

    static func contains(_ a: Value, _ b: Value) -> Bool {
        guard b.isTruthy else { return false }  // Ruby Liquid: `left && right && left.include?(right)`
        switch a {
        case .string(let s), .safe(let s):
            return s.contains(b.text) || b.text.isEmpty
        case .array, .range:
            return (a.arrayValue ?? []).contains { equal($0, b) }
        case .object(let o):
            return o[b.text] != nil
        default:
            return false
        }
    }

    /// A range end: integers as they are, floats truncated, numeric strings read, anything else 0.
    static func rangeBound(_ v: Value) -> Int {
        switch v {
        case .int(let n): return n
        case .float(let d) where d.isFinite && abs(d) < 1e15: return Int(d)
        case .string(let s), .safe(let s):
            return Int(s.trimmingCharacters(in: .whitespaces)) ?? Double(s).flatMap { $0.isFinite && abs($0) < 1e15 ? Int($0) : nil } ?? 0
        default: return 0
        }
    }

    /// The integer a counter holds, if any.
    static func integer(_ v: Value?) -> Int? {
        if case .int(let n)? = v { return n }
        return nil
    }
}

import Foundation
