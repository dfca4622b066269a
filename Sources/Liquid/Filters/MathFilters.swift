import Foundation

/// A number as Ruby Liquid computes with it: an integer, or a BigDecimal (here Foundation's `Decimal`).
enum Number {
    case int(Int)
    case decimal(Decimal)

    /// `Utils.to_number`: floats through their shortest text, numeric strings read, anything else 0.
    init(_ v: Value) {
        switch v {
        case .int(let n): self = .int(n)
        case .float(let d): self = Decimal(string: Value.rubyFloat(d)).map { .decimal($0) } ?? .int(0)
        case .string(let s), .safe(let s): self = Number.parse(s)
        default: self = .int(0)
        }
    }

    static func parse(_ s: String) -> Number {
        let t = s.trimmingCharacters(in: .whitespacesAndNewlines)
        let u = Array(t.utf8)
        var i = 0
        if i < u.count, u[i] == UInt8(ascii: "-") { i += 1 }
        let digitsStart = i
        while i < u.count, u[i] >= 0x30, u[i] <= 0x39 { i += 1 }
        let intEnd = i
        if intEnd > digitsStart, i + 1 < u.count, u[i] == UInt8(ascii: ".") {
            var j = i + 1
            while j < u.count, u[j] >= 0x30, u[j] <= 0x39 { j += 1 }
            if j == u.count, j > i + 1, let d = Decimal(string: t) { return .decimal(d) }
        }
        // Ruby's String#to_i: the leading integer, or 0.
        guard intEnd > digitsStart else { return .int(0) }
        return .int(Int(String(decoding: u[0..<intEnd], as: UTF8.self)) ?? 0)
    }

    var decimal: Decimal {
        switch self {
        case .int(let n): return Decimal(n)
        case .decimal(let d): return d
        }
    }

    var value: Value {
        switch self {
        case .int(let n): return .int(n)
        case .decimal(let d): return .float(NSDecimalNumber(decimal: d).doubleValue)
        }
    }

    var isZero: Bool {
        switch self {
        case .int(let n): return n == 0
        case .decimal(let d): return d.isZero
        }
    }

    static func apply(_ a: Number, _ b: Number, int: (Int, Int) -> (Int, Bool), decimal: (Decimal, Decimal) -> Decimal) -> Number {
        if case .int(let x) = a, case .int(let y) = b {
            let (r, overflow) = int(x, y)
            if !overflow { return .int(r) }
        }
        return .decimal(decimal(a.decimal, b.decimal))
    }

    /// Toward negative infinity.
    static func floor(_ d: Decimal) -> Decimal { rounded(d, places: 0, mode: .down) }

    static func rounded(_ d: Decimal, places: Int, mode: NSDecimalNumber.RoundingMode) -> Decimal {
        var d = d, r = Decimal()
        NSDecimalRound(&r, &d, places, mode)
        return r
    }

    /// The nearest integer at or below, at or above, or nearest (halves away from zero).
    func integer(_ mode: NSDecimalNumber.RoundingMode) -> Value {
        switch self {
        case .int(let n): return .int(n)
        case .decimal(let d):
            let r = Number.rounded(d, places: 0, mode: mode)
            let v = NSDecimalNumber(decimal: r).doubleValue
            return v.isFinite && abs(v) < 9e18 ? .int(Int(v)) : .float(v)
        }
    }
}

enum MathFilters {
    static func arithmetic(_ name: String, int: @escaping @Sendable (Int, Int) -> (Int, Bool),
                           decimal: @escaping @Sendable (Decimal, Decimal) -> Decimal) -> Filter {
        Filter(arguments: 1...1) { input, args, _, _ in
            Number.apply(Number(input), Number(args[0]), int: int, decimal: decimal).value
        }
    }

    static let all: [String: Filter] = [
        "plus": arithmetic("plus", int: { $0.addingReportingOverflow($1) }, decimal: { $0 + $1 }),
        "minus": arithmetic("minus", int: { $0.subtractingReportingOverflow($1) }, decimal: { $0 - $1 }),
        "times": arithmetic("times", int: { $0.multipliedReportingOverflow(by: $1) }, decimal: { $0 * $1 }),
        "divided_by": Filter(arguments: 1...1) { input, args, _, _ throws(FilterError) in
            let a = Number(input), b = Number(args[0])
            guard !b.isZero else { throw FilterError("divided by 0") }
            if case .int(let x) = a, case .int(let y) = b {
                if x == Int.min && y == -1 { return .float(-Double(x)) }
                let q = x / y
                return .int((x % y != 0 && (x < 0) != (y < 0)) ? q - 1 : q)
            }
            return Number.decimal(a.decimal / b.decimal).value
        },
        "modulo": Filter(arguments: 1...1) { input, args, _, _ throws(FilterError) in
            let a = Number(input), b = Number(args[0])
            guard !b.isZero else { throw FilterError("divided by 0") }
            if case .int(let x) = a, case .int(let y) = b {
                if y == -1 { return .int(0) }
                let r = x % y
                return .int(r != 0 && (r < 0) != (y < 0) ? r + y : r)
            }
            let x = a.decimal, y = b.decimal
            return Number.decimal(x - y * Number.floor(x / y)).value
        },
        "abs": Filter { input, _, _, _ in
            switch Number(input) {
            case .int(let n): return n == Int.min ? .float(-Double(n)) : .int(abs(n))
            case .decimal(let d): return Number.decimal(d < 0 ? -d : d).value
            }
        },
        "ceil": Filter { input, _, _, _ in Number(input).integer(.up) },
        "floor": Filter { input, _, _, _ in Number(input).integer(.down) },
        "round": Filter(arguments: 0...1) { input, args, _, _ in
            let n = Number(input)
            let places: Int
            switch args.first.map(Number.init) {
            case nil: places = 0
            case .int(let p)?: places = p
            case .decimal(let d)?: places = Int(NSDecimalNumber(decimal: Number.rounded(d, places: 0, mode: .down)).intValue)
            }
            if places <= 0 {
                if case .int(let i) = n, places == 0 { return .int(i) }
                let r = Number.rounded(n.decimal, places: places, mode: .plain)
                return Number.decimal(r).integer(.plain)
            }
            if case .int(let i) = n { return .int(i) }
            return Number.decimal(Number.rounded(n.decimal, places: places, mode: .plain)).value
        },
        "at_least": Filter(arguments: 1...1) { input, args, _, _ in
            let a = Number(input), b = Number(args[0])
            return (a.decimal >= b.decimal ? a : b).value
        },
        "at_most": Filter(arguments: 1...1) { input, args, _, _ in
            let a = Number(input), b = Number(args[0])
            return (a.decimal <= b.decimal ? a : b).value
        },
    ]
}
