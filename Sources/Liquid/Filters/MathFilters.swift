/// A number as Ruby Liquid computes with it: an integer, or a BigDecimal (`RubyDecimal`).
/// Integers are 64-bit here: a result beyond them is an error where Ruby would grow a Bignum.
enum Number {
    case int(Int)
    case decimal(RubyDecimal)

    /// `Utils.to_number`: floats through their shortest text, numeric strings read, anything else 0.
    init(_ v: Value) throws(FilterError) {
        switch v {
        case .int(let n): self = .int(n)
        case .float(let d): self = .decimal(RubyDecimal(d))
        case .string(let s), .safe(let s): self = try Number.parse(s)
        default: self = .int(0)
        }
    }

    /// `/\A-?\d+\.\d+\z/` on the stripped text is a BigDecimal; anything else is `String#to_i`.
    static func parse(_ s: String) throws(FilterError) -> Number {
        let t = RubyText.strip(s)
        let u = t.utf8
        var i = u.startIndex
        if i < u.endIndex, u[i] == UInt8(ascii: "-") { i = u.index(after: i) }
        let whole = i
        while i < u.endIndex, u[i] >= 0x30, u[i] <= 0x39 { i = u.index(after: i) }
        if i > whole, i < u.endIndex, u[i] == UInt8(ascii: ".") {
            var j = u.index(after: i)
            let fraction = j
            while j < u.endIndex, u[j] >= 0x30, u[j] <= 0x39 { j = u.index(after: j) }
            if j == u.endIndex, j > fraction, let d = RubyDecimal(text: t) { return .decimal(d) }
        }
        return .int(try toInteger(s))
    }

    /// Ruby's `String#to_i`: leading space, a sign, digits (single underscores between them); else 0.
    static func toInteger(_ s: String) throws(FilterError) -> Int {
        var u = Substring(s).utf8.drop { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }
        var negative = false
        if let first = u.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            u = u.dropFirst()
        }
        var value = 0
        var previousDigit = false
        for b in u {
            if b >= 0x30, b <= 0x39 {
                let digit = Int(b - 0x30)
                let (m, o1) = value.multipliedReportingOverflow(by: 10)
                let (r, o2) = negative ? m.subtractingReportingOverflow(digit) : m.addingReportingOverflow(digit)
                guard !o1, !o2 else { throw FilterError.overflow("the integer in '\(s.prefix(40))'") }
                value = r
                previousDigit = true
            } else if b == UInt8(ascii: "_"), previousDigit {
                previousDigit = false
            } else {
                break
            }
        }
        return value
    }

    var decimal: RubyDecimal {
        switch self {
        case .int(let n): return RubyDecimal(n)
        case .decimal(let d): return d
        }
    }

    /// What the filter returns: an integer, or the BigDecimal's `to_f`.
    var value: Value {
        switch self {
        case .int(let n): return .int(n)
        case .decimal(let d): return .float(d.double)
        }
    }

    var isZero: Bool {
        switch self {
        case .int(let n): return n == 0
        case .decimal(let d): return d.isZero
        }
    }

    static func apply(_ a: Number, _ b: Number, _ name: String, int: (Int, Int) -> (Int, Bool),
                      decimal: (RubyDecimal, RubyDecimal) -> RubyDecimal) throws(FilterError) -> Number {
        if case .int(let x) = a, case .int(let y) = b {
            let (r, overflow) = int(x, y)
            guard !overflow else { throw FilterError.overflow("\(x) \(name) \(y)") }
            return .int(r)
        }
        return .decimal(decimal(a.decimal, b.decimal))
    }

    /// `Float#to_i` of a non-finite value, and `ceil`/`floor`/`round` of one, fail as Ruby's do.
    static func domainError(_ d: RubyDecimal) -> FilterError {
        FilterError("Computation results in '\(d.isNaN ? "NaN" : (d.negative ? "-Infinity" : "Infinity"))'")
    }

    /// A whole BigDecimal as an integer: an error when it is not finite or does not fit.
    static func integer(_ d: RubyDecimal) throws(FilterError) -> Int {
        guard d.form == .finite else { throw domainError(d) }
        guard let n = d.int else { throw FilterError.overflow(Value.rubyFloat(d.double)) }
        return n
    }
}

extension FilterError {
    /// An integer result beyond 64 bits (Ruby would make a Bignum).
    static func overflow(_ what: String) -> FilterError {
        FilterError("integer overflow: \(what) does not fit in 64 bits")
    }
}

enum MathFilters {
    static func arithmetic(_ name: String, _ symbol: String, int: @escaping @Sendable (Int, Int) -> (Int, Bool),
                           decimal: @escaping @Sendable (RubyDecimal, RubyDecimal) -> RubyDecimal) -> Filter {
        Filter(arguments: 1...1) { input, args, _, _ throws(FilterError) in
            try Number.apply(try Number(input), try Number(args[0]), symbol, int: int, decimal: decimal).value
        }
    }

    /// `round`'s digit count: `NUM2INT` of the number (a BigDecimal truncated), within 32 bits.
    static func places(_ n: Number) throws(FilterError) -> Int {
        var p: Int
        switch n {
        case .int(let i): p = i
        case .decimal(let d):
            guard d.form == .finite else { throw Number.domainError(d) }
            let t = d.rounded(places: 0, d.negative ? .ceiling : .floor)
            guard let i = t.int else { throw FilterError("bignum too big to convert into 'long'") }
            p = i
        }
        guard p >= Int(Int32.min), p <= Int(Int32.max) else {
            throw FilterError("integer \(p) too \(p < 0 ? "small" : "big") to convert to 'int'")
        }
        return p
    }

    /// `Integer#round(places)` for negative places: halves away from zero.
    static func roundInteger(_ n: Int, places: Int) throws(FilterError) -> Int {
        guard places < 0 else { return n }
        guard places > -19 else { return 0 }
        let unit = Int(BigUInt.powersOfTen[-places])
        let rest = n % unit
        let down = n - rest
        guard rest.magnitude * 2 >= unit.magnitude else { return down }
        let (r, overflow) = down.addingReportingOverflow(n < 0 ? -unit : unit)
        guard !overflow else { throw FilterError.overflow("\(n) rounded to \(-places) zeros") }
        return r
    }

    static let all: [String: Filter] = [
        "plus": arithmetic("plus", "+", int: { $0.addingReportingOverflow($1) }, decimal: { $0 + $1 }),
        "minus": arithmetic("minus", "-", int: { $0.subtractingReportingOverflow($1) }, decimal: { $0 - $1 }),
        "times": arithmetic("times", "*", int: { $0.multipliedReportingOverflow(by: $1) }, decimal: { $0 * $1 }),
        "divided_by": Filter(arguments: 1...1) { input, args, _, _ throws(FilterError) in
            let a = try Number(input), b = try Number(args[0])
            if case .int(let x) = a, case .int(let y) = b {
                guard y != 0 else { throw FilterError("divided by 0") }
                guard !(x == Int.min && y == -1) else { throw FilterError.overflow("\(x) / \(y)") }
                let q = x / y
                return .int((x % y != 0 && (x < 0) != (y < 0)) ? q - 1 : q)
            }
            return Number.decimal(a.decimal / b.decimal).value
        },
        "modulo": Filter(arguments: 1...1) { input, args, _, _ throws(FilterError) in
            let a = try Number(input), b = try Number(args[0])
            if case .int(let x) = a, case .int(let y) = b {
                guard y != 0 else { throw FilterError("divided by 0") }
                if y == -1 { return .int(0) }
                let r = x % y
                return .int(r != 0 && (r < 0) != (y < 0) ? r + y : r)
            }
            return Number.decimal(try RubyDecimal.modulo(a.decimal, b.decimal)).value
        },
        "abs": Filter { input, _, _, _ throws(FilterError) in
            switch try Number(input) {
            case .int(let n):
                guard n != Int.min else { throw FilterError.overflow("abs(\(n))") }
                return .int(abs(n))
            case .decimal(let d): return .float(d.magnitude.double)
            }
        },
        "ceil": Filter { input, _, _, _ throws(FilterError) in
            switch try Number(input) {
            case .int(let n): return .int(n)
            case .decimal(let d): return .int(try Number.integer(d.rounded(places: 0, .ceiling)))
            }
        },
        "floor": Filter { input, _, _, _ throws(FilterError) in
            switch try Number(input) {
            case .int(let n): return .int(n)
            case .decimal(let d): return .int(try Number.integer(d.rounded(places: 0, .floor)))
            }
        },
        "round": Filter(arguments: 0...1) { input, args, _, _ throws(FilterError) in
            let n = try Number(input)
            let places = try MathFilters.places(args.isEmpty ? .int(0) : try Number(args[0]))
            // Liquid: `result.to_i if n == 0`, with the argument as given (0 and 0.0, not "0" or nil).
            var toInteger = args.isEmpty
            if let arg = args.first {
                switch arg {
                case .int(0): toInteger = true
                case .float(let d) where d == 0: toInteger = true
                default: break
                }
            }
            var result: Value
            switch n {
            case .int(let i):
                result = .int(try MathFilters.roundInteger(i, places: places))
            case .decimal(let d):
                if d.form != .finite {
                    guard places > 0 else { throw Number.domainError(d) }
                    result = .float(d.double)
                } else {
                    let r = d.rounded(places: places, .halfUp)
                    result = places <= 0 ? .int(try Number.integer(r)) : .float(r.double)
                }
            }
            if toInteger, case .float(let f) = result {
                guard f.isFinite else { throw Number.domainError(RubyDecimal(f)) }
                guard let i = Int(exactly: f.rounded(.towardZero)) else { throw FilterError.overflow("\(f)") }
                result = .int(i)
            }
            return result
        },
        "at_least": Filter(arguments: 1...1) { input, args, _, _ throws(FilterError) in
            let a = try Number(input), b = try Number(args[0])
            return (RubyDecimal.compare(b.decimal, a.decimal) == 1 ? b : a).value
        },
        "at_most": Filter(arguments: 1...1) { input, args, _, _ throws(FilterError) in
            let a = try Number(input), b = try Number(args[0])
            return (RubyDecimal.compare(b.decimal, a.decimal) == -1 ? b : a).value
        },
    ]
}
