/// Ruby's `BigDecimal` as Liquid's math filters use it: floats enter through their shortest text
/// (`BigDecimal(float.to_s)`), sums, differences and products are exact, quotients are carried to
/// 40 significant digits (Ruby carries 36 or more) and every result leaves as the nearest `Double`.
/// Signed zeros, infinities and NaN behave as Ruby's do.
struct RubyDecimal: Sendable {
    enum Form: Sendable { case finite, infinite, nan }

    var form: Form
    var negative: Bool
    /// The value is `±coefficient × 10^exponent` (finite only).
    var coefficient: BigUInt
    var exponent: Int

    /// Significant digits kept when a quotient does not end, or a parsed text is longer.
    static let precision = 40
    /// Digits an addend keeps when the other lies thousands of digits below it (as a rounding hint).
    static let window = 60
    /// Parsed text keeps this many significant digits (and a hint that more followed).
    static let maxDigits = 400

    init(form: Form, negative: Bool, coefficient: BigUInt = BigUInt(), exponent: Int = 0) {
        self.form = form
        self.negative = negative
        self.coefficient = coefficient
        self.exponent = exponent
    }

    static let nan = RubyDecimal(form: .nan, negative: false)
    static func infinity(negative: Bool) -> RubyDecimal { RubyDecimal(form: .infinite, negative: negative) }
    static func zero(negative: Bool) -> RubyDecimal { RubyDecimal(form: .finite, negative: negative) }

    init(_ n: Int) {
        self.init(form: .finite, negative: n < 0, coefficient: BigUInt(UInt64(n.magnitude)))
    }

    /// `BigDecimal(float.to_s)`.
    init(_ d: Double) {
        if d.isNaN { self = .nan; return }
        if d.isInfinite { self = .infinity(negative: d < 0); return }
        self = RubyDecimal(text: Value.rubyFloat(d)) ?? .zero(negative: d.sign == .minus)
    }

    /// Reads `-12.5`, `1.0e+20`, `Infinity`, `NaN` (surrounding spaces allowed); nil for anything else.
    init?(text: String) {
        var u = Substring(text).utf8.drop { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }
        while let last = u.last, last == 0x20 || (last >= 0x09 && last <= 0x0D) { u = u.dropLast() }
        var negative = false
        if let first = u.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            u = u.dropFirst()
        }
        if u.elementsEqual("Infinity".utf8) { self = .infinity(negative: negative); return }
        if u.elementsEqual("NaN".utf8) { self = .nan; return }
        var digits: [UInt8] = []
        var exponent = 0
        var sawDigit = false
        var sawPoint = false
        var dropped = false
        var i = u.startIndex
        while i < u.endIndex {
            let b = u[i]
            if b >= 0x30, b <= 0x39 {
                sawDigit = true
                if digits.isEmpty && b == 0x30 {
                    if sawPoint { exponent -= 1 }
                } else if digits.count < Self.maxDigits {
                    digits.append(b)
                    if sawPoint { exponent -= 1 }
                } else {
                    if b != 0x30 { dropped = true }
                    if !sawPoint { exponent += 1 }
                }
            } else if b == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
            } else {
                break
            }
            i = u.index(after: i)
        }
        guard sawDigit else { return nil }
        if i < u.endIndex {
            guard u[i] == UInt8(ascii: "e") || u[i] == UInt8(ascii: "E") else { return nil }
            i = u.index(after: i)
            var sign = 1
            if i < u.endIndex, u[i] == UInt8(ascii: "-") || u[i] == UInt8(ascii: "+") {
                sign = u[i] == UInt8(ascii: "-") ? -1 : 1
                i = u.index(after: i)
            }
            var e = 0
            var any = false
            while i < u.endIndex, u[i] >= 0x30, u[i] <= 0x39 {
                e = min(e * 10 + Int(u[i] - 0x30), 1_000_000_000)
                any = true
                i = u.index(after: i)
            }
            guard any, i == u.endIndex else { return nil }
            exponent += sign * e
        }
        var coefficient = BigUInt(digits: digits)
        if dropped {
            coefficient = coefficient.times(10).plus(1)
            exponent -= 1
        }
        self.init(form: .finite, negative: negative, coefficient: coefficient, exponent: exponent)
    }

    var isZero: Bool { form == .finite && coefficient.isZero }
    var isNaN: Bool { form == .nan }

    /// `BigDecimal#to_f`: the nearest double.
    var double: Double {
        switch form {
        case .nan: return .nan
        case .infinite: return negative ? -.infinity : .infinity
        case .finite:
            if coefficient.isZero { return negative ? -0.0 : 0.0 }
            let text = (negative ? "-" : "") + coefficient.decimalString + "e" + String(exponent)
            return Double(text) ?? (negative ? -0.0 : 0.0)
        }
    }

    /// Position just above the top digit: `10^top > |value| >= 10^(top-1)`.
    var top: Int { exponent + coefficient.decimalDigitCount }

    var negated: RubyDecimal {
        var out = self
        if form != .nan { out.negative.toggle() }
        return out
    }

    var magnitude: RubyDecimal {
        var out = self
        out.negative = false
        return out
    }

    // MARK: Arithmetic

    static func + (a: RubyDecimal, b: RubyDecimal) -> RubyDecimal {
        if a.isNaN || b.isNaN { return .nan }
        if a.form == .infinite || b.form == .infinite {
            if a.form == .infinite, b.form == .infinite, a.negative != b.negative { return .nan }
            return a.form == .infinite ? a : b
        }
        if a.coefficient.isZero, b.coefficient.isZero { return .zero(negative: a.negative && b.negative) }
        if a.coefficient.isZero { return b }
        if b.coefficient.isZero { return a }
        // An addend thousands of digits below the other only nudges it: keep `window` digits and a hint.
        if a.exponent - b.exponent > 2_000 { return nudged(a, toward: b) }
        if b.exponent - a.exponent > 2_000 { return nudged(b, toward: a) }
        let e = min(a.exponent, b.exponent)
        let x = a.coefficient.timesTen(toThe: a.exponent - e)
        let y = b.coefficient.timesTen(toThe: b.exponent - e)
        if a.negative == b.negative {
            return RubyDecimal(form: .finite, negative: a.negative, coefficient: x + y, exponent: e)
        }
        switch BigUInt.compare(x, y) {
        case 0: return .zero(negative: false)
        case 1: return RubyDecimal(form: .finite, negative: a.negative, coefficient: x - y, exponent: e)
        default: return RubyDecimal(form: .finite, negative: b.negative, coefficient: y - x, exponent: e)
        }
    }

    /// `big + small` where `small` lies entirely below `big`'s last digit (and its first `window`).
    static func nudged(_ big: RubyDecimal, toward small: RubyDecimal) -> RubyDecimal {
        var c = big.coefficient
        var e = big.exponent
        let digits = c.decimalDigitCount
        if digits < window {
            c = c.timesTen(toThe: window - digits)
            e -= window - digits
        }
        c = c.times(10)
        c = big.negative == small.negative ? c.plus(1) : c - BigUInt(1)
        return RubyDecimal(form: .finite, negative: big.negative, coefficient: c, exponent: e - 1)
    }

    static func - (a: RubyDecimal, b: RubyDecimal) -> RubyDecimal { a + b.negated }

    static func * (a: RubyDecimal, b: RubyDecimal) -> RubyDecimal {
        if a.isNaN || b.isNaN { return .nan }
        let negative = a.negative != b.negative
        if a.form == .infinite || b.form == .infinite {
            if a.isZero || b.isZero { return .nan }
            return .infinity(negative: negative)
        }
        return RubyDecimal(form: .finite, negative: negative, coefficient: a.coefficient * b.coefficient, exponent: a.exponent + b.exponent)
    }

    /// Division by zero gives a signed infinity (NaN for 0/0), as `BigDecimal#/` does.
    static func / (a: RubyDecimal, b: RubyDecimal) -> RubyDecimal {
        if a.isNaN || b.isNaN { return .nan }
        let negative = a.negative != b.negative
        if a.form == .infinite {
            return b.form == .infinite ? .nan : .infinity(negative: negative)
        }
        if b.form == .infinite { return .zero(negative: negative) }
        if b.coefficient.isZero { return a.coefficient.isZero ? .nan : .infinity(negative: negative) }
        if a.coefficient.isZero { return .zero(negative: negative) }
        let shift = max(0, precision + b.coefficient.decimalDigitCount - a.coefficient.decimalDigitCount + 1)
        let (q, r) = BigUInt.divide(a.coefficient.timesTen(toThe: shift), by: b.coefficient)
        var coefficient = q
        var exponent = a.exponent - b.exponent - shift
        if !r.isZero {
            coefficient = coefficient.times(10).plus(1)
            exponent -= 1
        }
        return RubyDecimal(form: .finite, negative: negative, coefficient: coefficient, exponent: exponent)
    }

    /// `BigDecimal#%` (floored, the sign of the divisor); nil for a zero divisor.
    static func modulo(_ a: RubyDecimal, _ b: RubyDecimal) throws(FilterError) -> RubyDecimal {
        if a.isNaN || b.isNaN { return .nan }
        if b.isZero { throw FilterError("divided by 0") }
        if a.form == .infinite { return .nan }
        if b.form == .infinite { return a }
        if a.isZero { return .zero(negative: false) }
        guard abs(a.exponent - b.exponent) <= 4_000 else { throw FilterError("the numbers are too far apart to divide exactly") }
        let e = min(a.exponent, b.exponent)
        let x = a.coefficient.timesTen(toThe: a.exponent - e)
        let y = b.coefficient.timesTen(toThe: b.exponent - e)
        var (_, r) = BigUInt.divide(x, by: y)
        var negative = a.negative
        if !r.isZero, a.negative != b.negative {
            r = y - r
            negative = b.negative
        }
        if r.isZero { negative = false }  // Ruby's zero remainder is always +0
        return RubyDecimal(form: .finite, negative: negative, coefficient: r, exponent: e)
    }

    static func compare(_ a: RubyDecimal, _ b: RubyDecimal) -> Int? {
        if a.isNaN || b.isNaN { return nil }
        let d = a - b
        if d.isNaN { return nil }
        if d.form == .infinite { return d.negative ? -1 : 1 }
        if d.coefficient.isZero { return 0 }
        return d.negative ? -1 : 1
    }

    // MARK: Rounding

    enum Rounding { case halfUp, floor, ceiling }

    /// Rounded to `places` digits after the point (negative: before it); the sign of a zero result stays.
    func rounded(places: Int, _ mode: Rounding) -> RubyDecimal {
        guard form == .finite, !coefficient.isZero else { return self }
        let target = -places
        guard exponent < target else { return self }
        let drop = target - exponent
        var kept: BigUInt
        var rest: BigUInt
        let unit: BigUInt
        if drop > coefficient.decimalDigitCount + 1 {
            kept = BigUInt()
            rest = coefficient
            unit = BigUInt()  // larger than any rest: never half
        } else {
            unit = BigUInt.tenToThe(drop)
            (kept, rest) = BigUInt.divide(coefficient, by: unit)
        }
        let up: Bool
        switch mode {
        case .halfUp: up = !unit.isZero && BigUInt.compare(rest.times(2), unit) >= 0
        case .floor: up = negative && !rest.isZero
        case .ceiling: up = !negative && !rest.isZero
        }
        if up { kept = kept.plus(1) }
        return RubyDecimal(form: .finite, negative: negative, coefficient: kept, exponent: target)
    }

    /// The value as an `Int` when it is a whole number that fits.
    var int: Int? {
        guard form == .finite else { return nil }
        if coefficient.isZero { return 0 }
        var c = coefficient
        if exponent > 0 {
            guard exponent < 20 else { return nil }
            c = c.timesTen(toThe: exponent)
        } else if exponent < 0 {
            guard -exponent <= c.decimalDigitCount + 1 else { return nil }
            let (q, r) = BigUInt.divide(c, by: BigUInt.tenToThe(-exponent))
            guard r.isZero else { return nil }
            c = q
        }
        guard let u = c.uint64 else { return nil }
        if negative { return u <= UInt64(Int.max) + 1 ? Int(truncatingIfNeeded: 0 &- u) : nil }
        return u <= UInt64(Int.max) ? Int(u) : nil
    }
}
