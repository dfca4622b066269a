/// Numbers as SVG needs them: fixed decimals, never an exponent (text goes through `Escape.xml`).
public enum SVGText {
    /// One decimal place: `12.3`, `-0.5`, `0.0`.
    public static func number(_ v: Double) -> String {
        guard v.isFinite else { return "0.0" }
        // Far past any drawing's size, a number is held at ±10¹² (it would not fit an Int's tenths much further out).
        let tenths = Int((min(max(v, -999_999_999_999.9), 999_999_999_999.9) * 10).rounded())
        // Digits written backwards, then copied into a string of at most 15 bytes, which needs no allocation.
        var magnitude = tenths.magnitude
        return String(unsafeUninitializedCapacity: 15) { buffer in
            var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
            let count = withUnsafeMutableBytes(of: &digits) { scratch -> Int in
                var i = scratch.count
                i -= 1; scratch[i] = UInt8(ascii: "0") + UInt8(magnitude % 10); magnitude /= 10
                i -= 1; scratch[i] = UInt8(ascii: ".")
                repeat {
                    i -= 1; scratch[i] = UInt8(ascii: "0") + UInt8(magnitude % 10); magnitude /= 10
                } while magnitude > 0
                if tenths < 0 { i -= 1; scratch[i] = UInt8(ascii: "-") }
                for k in i..<scratch.count { buffer[k - i] = scratch[k] }
                return scratch.count - i
            }
            return count
        }
    }
}
