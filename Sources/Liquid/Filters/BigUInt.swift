/// An unsigned integer of any size, for the coefficients of `RubyDecimal`: 64-bit limbs, least
/// significant first, no leading zero limbs (zero has none). Only what exact decimal math needs.
struct BigUInt: Equatable, Sendable {
    private(set) var limbs: [UInt64]

    init() { limbs = [] }

    init(_ v: UInt64) { limbs = v == 0 ? [] : [v] }

    private init(limbs: [UInt64]) {
        self.limbs = limbs
        normalize()
    }

    private mutating func normalize() {
        while limbs.last == 0 { limbs.removeLast() }
    }

    var isZero: Bool { limbs.isEmpty }

    /// The value when it fits in 64 bits.
    var uint64: UInt64? {
        switch limbs.count {
        case 0: return 0
        case 1: return limbs[0]
        default: return nil
        }
    }

    static let tenToThe19: UInt64 = 10_000_000_000_000_000_000
    static let powersOfTen: [UInt64] = {
        var p: [UInt64] = [1]
        for _ in 1...19 { p.append(p[p.count - 1] * 10) }
        return p
    }()

    // MARK: Comparison

    static func compare(_ a: BigUInt, _ b: BigUInt) -> Int {
        if a.limbs.count != b.limbs.count { return a.limbs.count < b.limbs.count ? -1 : 1 }
        var i = a.limbs.count - 1
        while i >= 0 {
            if a.limbs[i] != b.limbs[i] { return a.limbs[i] < b.limbs[i] ? -1 : 1 }
            i -= 1
        }
        return 0
    }

    // MARK: Arithmetic

    static func + (a: BigUInt, b: BigUInt) -> BigUInt {
        var out: [UInt64] = []
        out.reserveCapacity(max(a.limbs.count, b.limbs.count) + 1)
        var carry: UInt64 = 0
        for i in 0..<max(a.limbs.count, b.limbs.count) {
            let x = i < a.limbs.count ? a.limbs[i] : 0
            let y = i < b.limbs.count ? b.limbs[i] : 0
            let (s1, o1) = x.addingReportingOverflow(y)
            let (s2, o2) = s1.addingReportingOverflow(carry)
            out.append(s2)
            carry = (o1 ? 1 : 0) + (o2 ? 1 : 0)
        }
        if carry > 0 { out.append(carry) }
        return BigUInt(limbs: out)
    }

    /// `a - b` for `a >= b`.
    static func - (a: BigUInt, b: BigUInt) -> BigUInt {
        var out = a.limbs
        var borrow: UInt64 = 0
        for i in 0..<out.count {
            let y = i < b.limbs.count ? b.limbs[i] : 0
            let (d1, o1) = out[i].subtractingReportingOverflow(y)
            let (d2, o2) = d1.subtractingReportingOverflow(borrow)
            out[i] = d2
            borrow = (o1 ? 1 : 0) + (o2 ? 1 : 0)
        }
        return BigUInt(limbs: out)
    }

    static func * (a: BigUInt, b: BigUInt) -> BigUInt {
        guard !a.isZero, !b.isZero else { return BigUInt() }
        var out = [UInt64](repeating: 0, count: a.limbs.count + b.limbs.count)
        for i in 0..<a.limbs.count {
            var carry: UInt64 = 0
            for j in 0..<b.limbs.count {
                let (high, low) = a.limbs[i].multipliedFullWidth(by: b.limbs[j])
                let (s1, o1) = low.addingReportingOverflow(out[i + j])
                let (s2, o2) = s1.addingReportingOverflow(carry)
                out[i + j] = s2
                carry = high &+ (o1 ? 1 : 0) &+ (o2 ? 1 : 0)
            }
            out[i + b.limbs.count] = carry
        }
        return BigUInt(limbs: out)
    }

    func times(_ m: UInt64) -> BigUInt {
        guard m != 0, !isZero else { return BigUInt() }
        var out: [UInt64] = []
        out.reserveCapacity(limbs.count + 1)
        var carry: UInt64 = 0
        for limb in limbs {
            let (high, low) = limb.multipliedFullWidth(by: m)
            let (s, o) = low.addingReportingOverflow(carry)
            out.append(s)
            carry = high &+ (o ? 1 : 0)
        }
        if carry > 0 { out.append(carry) }
        return BigUInt(limbs: out)
    }

    func plus(_ m: UInt64) -> BigUInt { self + BigUInt(m) }

    /// Quotient and remainder by a nonzero 64-bit divisor.
    func divided(by d: UInt64) -> (BigUInt, UInt64) {
        var out = [UInt64](repeating: 0, count: limbs.count)
        var rest: UInt64 = 0
        var i = limbs.count - 1
        while i >= 0 {
            let (q, r) = d.dividingFullWidth((high: rest, low: limbs[i]))
            out[i] = q
            rest = r
            i -= 1
        }
        return (BigUInt(limbs: out), rest)
    }

    /// `self × 10^n` for `n >= 0`.
    func timesTen(toThe n: Int) -> BigUInt {
        var out = self
        var left = n
        while left >= 19 { out = out.times(Self.tenToThe19); left -= 19 }
        if left > 0 { out = out.times(Self.powersOfTen[left]) }
        return out
    }

    static func tenToThe(_ n: Int) -> BigUInt { BigUInt(1).timesTen(toThe: n) }

    var bitWidth: Int { limbs.isEmpty ? 0 : limbs.count * 64 - limbs[limbs.count - 1].leadingZeroBitCount }

    func bit(_ i: Int) -> Bool { (limbs[i / 64] >> UInt64(i % 64)) & 1 == 1 }

    func shiftedLeftOne() -> BigUInt {
        var out: [UInt64] = []
        out.reserveCapacity(limbs.count + 1)
        var carry: UInt64 = 0
        for limb in limbs {
            out.append(limb << 1 | carry)
            carry = limb >> 63
        }
        if carry > 0 { out.append(carry) }
        return BigUInt(limbs: out)
    }

    /// Quotient and remainder by a nonzero divisor.
    static func divide(_ a: BigUInt, by b: BigUInt) -> (BigUInt, BigUInt) {
        if let d = b.uint64 {
            let (q, r) = a.divided(by: d)
            return (q, BigUInt(r))
        }
        if compare(a, b) < 0 { return (BigUInt(), a) }
        var quotient = [UInt64](repeating: 0, count: a.limbs.count)
        var rest = BigUInt()
        var i = a.bitWidth - 1
        while i >= 0 {
            rest = rest.shiftedLeftOne()
            if a.bit(i) { rest = rest.plus(1) }
            if compare(rest, b) >= 0 {
                rest = rest - b
                quotient[i / 64] |= 1 << UInt64(i % 64)
            }
            i -= 1
        }
        return (BigUInt(limbs: quotient), rest)
    }

    // MARK: Decimal text

    /// The decimal digits, without leading zeros ("0" for zero).
    var decimalString: String {
        guard !isZero else { return "0" }
        var chunks: [UInt64] = []
        var rest = self
        while !rest.isZero {
            let (q, r) = rest.divided(by: Self.tenToThe19)
            chunks.append(r)
            rest = q
        }
        var out = String(chunks[chunks.count - 1])
        for chunk in chunks.dropLast().reversed() {
            let s = String(chunk)
            out += String(repeating: "0", count: 19 - s.count) + s
        }
        return out
    }

    var decimalDigitCount: Int {
        if let v = uint64 {
            var n = 1
            while n < 20, v >= Self.powersOfTen[n] { n += 1 }
            return n
        }
        return decimalString.utf8.count
    }

    /// Reads ASCII digits (nothing else).
    init<C: Collection>(digits: C) where C.Element == UInt8 {
        var out = BigUInt()
        var chunk: UInt64 = 0
        var count = 0
        for b in digits {
            chunk = chunk * 10 + UInt64(b &- 0x30)
            count += 1
            if count == 19 {
                out = out.times(Self.tenToThe19).plus(chunk)
                chunk = 0
                count = 0
            }
        }
        if count > 0 { out = out.times(Self.powersOfTen[count]).plus(chunk) }
        self = out
    }
}
