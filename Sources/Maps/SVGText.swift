/// Numbers as SVG needs them: fixed decimals, never an exponent (text goes through `Escape.xml`).
public enum SVGText {
    /// One decimal place: `12.3`, `-0.5`, `0.0`.
    public static func number(_ v: Double) -> String {
        guard v.isFinite else { return "0.0" }
        let tenths = Int((v * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }
}
