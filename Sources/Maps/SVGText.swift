/// Numbers as SVG needs them: fixed decimals, never an exponent (text goes through `Escape.xml`).
public enum SVGText {
    /// One decimal place: `12.3`, `-0.5`, `0.0`.
    public static func number(_ v: Double) -> String {
        // At most 15 bytes, which a string holds without allocating.
        String(unsafeUninitializedCapacity: longest) { buffer in buffer.baseAddress.map { write(v, to: $0) } ?? 0 }
    }

    /// `number(v)`'s digits appended to `bytes`.
    static func append(_ v: Double, to bytes: inout [UInt8]) {
        withDigits(v) { bytes.append(contentsOf: $0) }
    }

    /// `body` with `number(v)`'s digits, written on the stack.
    static func withDigits(_ v: Double, _ body: (UnsafeRawBufferPointer) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: longest) { buffer in
            guard let base = buffer.baseAddress else { return }
            body(UnsafeRawBufferPointer(start: base, count: write(v, to: base)))
        }
    }

    /// The most bytes `write` writes: `-999999999999.9`.
    static let longest = 15

    /// Writes `v`'s one-decimal digits at `p`, which has room for `longest`; returns how many.
    @inline(__always)
    static func write(_ v: Double, to p: UnsafeMutablePointer<UInt8>) -> Int {
        guard v.isFinite else {
            p[0] = UInt8(ascii: "0"); p[1] = UInt8(ascii: "."); p[2] = UInt8(ascii: "0")
            return 3
        }
        // Far past any drawing's size, a number is held at ±10¹² (it would not fit an Int's tenths much further out).
        let tenths = Int((min(max(v, -999_999_999_999.9), 999_999_999_999.9) * 10).rounded())
        var n = 0
        if tenths < 0 { p[0] = UInt8(ascii: "-"); n = 1 }
        // The whole part's digits, counted first, then written from the last.
        let magnitude = tenths.magnitude
        var whole = magnitude / 10, length = 1
        while whole >= 10 { whole /= 10; length += 1 }
        whole = magnitude / 10
        var k = n + length
        repeat {
            k -= 1
            p[k] = UInt8(ascii: "0") + UInt8(whole % 10)
            whole /= 10
        } while k > n
        n += length
        p[n] = UInt8(ascii: ".")
        p[n + 1] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        return n + 2
    }

}
