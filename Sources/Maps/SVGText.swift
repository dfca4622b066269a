/// Numbers as SVG needs them: fixed decimals, never an exponent (text goes through `Escape.xml`).
public enum SVGText {
    /// One decimal place: `12.3`, `-0.5`, `0.0`.
    public static func number(_ v: Double) -> String {
        // At most 15 bytes, which a string holds without allocating.
        String(unsafeUninitializedCapacity: 15) { buffer in digits(v) { buffer[$0] = $1 } }
    }

    /// `number(v)`'s digits appended to `bytes`.
    static func append(_ v: Double, to bytes: inout [UInt8]) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: 15))
        let count = bytes.withUnsafeMutableBufferPointer { b in digits(v) { b[start + $0] = $1 } }
        bytes.removeLast(15 - count)
    }

    /// Writes `v`'s one-decimal digits through `put(offset, byte)`; returns how many.
    @inline(__always)
    static func digits(_ v: Double, _ put: (Int, UInt8) -> Void) -> Int {
        guard v.isFinite else {
            put(0, UInt8(ascii: "0")); put(1, UInt8(ascii: ".")); put(2, UInt8(ascii: "0"))
            return 3
        }
        // Far past any drawing's size, a number is held at ±10¹² (it would not fit an Int's tenths much further out).
        let tenths = Int((min(max(v, -999_999_999_999.9), 999_999_999_999.9) * 10).rounded())
        // Digits written backwards into scratch space, then put out in order.
        var magnitude = tenths.magnitude
        var digits: (UInt64, UInt64) = (0, 0)
        return withUnsafeMutableBytes(of: &digits) { scratch -> Int in
            var i = scratch.count
            i -= 1; scratch[i] = UInt8(ascii: "0") + UInt8(magnitude % 10); magnitude /= 10
            i -= 1; scratch[i] = UInt8(ascii: ".")
            repeat {
                i -= 1; scratch[i] = UInt8(ascii: "0") + UInt8(magnitude % 10); magnitude /= 10
            } while magnitude > 0
            if tenths < 0 { i -= 1; scratch[i] = UInt8(ascii: "-") }
            for k in i..<scratch.count { put(k - i, scratch[k]) }
            return scratch.count - i
        }
    }
}
