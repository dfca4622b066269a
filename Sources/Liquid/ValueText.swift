/// How values become text, as Ruby's Liquid writes them.
extension Value {
    /// The text `{{ value }}` writes: nil is empty, arrays join their items, floats as Ruby prints them.
    public var text: String {
        switch self {
        case .nil, .empty, .blank: return ""
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .float(let d): return Self.rubyFloat(d)
        case .string(let s), .safe(let s): return s
        case .array(let a): return a.map(\.text).joined()
        case .object(let o): return o.loopDrop?.className ?? Ruby.inspect(self)
        case .range(let lo, let hi): return "\(lo)..\(hi)"
        }
    }

    /// Ruby's `Float#to_s`: shortest digits, `1.0` for whole numbers, `1.0e+20` past 1e16.
    static func rubyFloat(_ d: Double) -> String {
        if d.isNaN { return "NaN" }
        if d.isInfinite { return d < 0 ? "-Infinity" : "Infinity" }
        if d == 0 { return d.sign == .minus ? "-0.0" : "0.0" }
        let magnitude = abs(d)
        if magnitude >= 1e16 || magnitude < 1e-4 {
            // Swift prints "1e+20" or "1.5e-05"; Ruby prints "1.0e+20" and "1.5e-05".
            var s = "\(d)"
            guard let e = s.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return s }
            var mantissa = String(s[..<e])
            var exponent = String(s[s.index(after: e)...])
            if !mantissa.contains(".") { mantissa += ".0" }
            let sign = exponent.hasPrefix("-") ? "-" : "+"
            exponent = exponent.trimmingCharacters(in: ["+", "-"])
            if exponent.count < 2 { exponent = "0" + exponent }
            s = mantissa + "e" + sign + exponent
            return s
        }
        var s = "\(d)"
        if s.contains("e") {
            // Swift may use exponent notation where Ruby does not (e.g. 1e-4 .. 1e16 are plain in Ruby).
            s = plainDecimal(d)
        }
        if !s.contains(".") { s += ".0" }
        return s
    }

    /// A decimal without exponent from Swift's shortest representation.
    static func plainDecimal(_ d: Double) -> String {
        let s = "\(d)"
        guard let e = s.firstIndex(of: "e"), let exp = Int(s[s.index(after: e)...]) else { return s }
        var mantissa = String(s[..<e])
        let negative = mantissa.hasPrefix("-")
        if negative { mantissa.removeFirst() }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        var digits = String(parts[0]) + (parts.count > 1 ? String(parts[1]) : "")
        var point = parts[0].count + exp
        if point <= 0 {
            digits = String(repeating: "0", count: -point + 1) + digits
            point = 1
        }
        while digits.count < point { digits += "0" }
        var result = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
        if result.hasSuffix(".") { result += "0" }
        while result.hasSuffix("0"), !result.hasSuffix(".0") { result.removeLast() }
        return (negative ? "-" : "") + result
    }
}

import Foundation
