import Escaping

/// A drawing's SVG, written as UTF-8 bytes: each piece is appended in place, with its numbers written
/// as digits and its words escaped for XML on the way, instead of a string made per piece and copied
/// into another (that took about a third of a map's drawing).
///
///     svg.add("<circle cx=\"\(x)\" r=\"\(r)\"><title>\(xml: label)</title></circle>")
///
/// A `Double` is written as `SVGText.number` writes it; `xml:` escapes as `Escape.xml` does; a
/// `String` or an `Int` is written as it is (only text that is already SVG, or digits).
struct SVGWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    mutating func add(_ piece: SVGPiece) { bytes.append(contentsOf: piece.bytes) }

    mutating func add(raw text: String) { SVGPiece.append(text, to: &bytes) }

    mutating func add(bytes more: [UInt8]) { bytes.append(contentsOf: more) }

    var string: String { MostlyASCII.string(bytes) }
}

/// One piece of SVG, made from a string literal with interpolations (see `SVGWriter`).
struct SVGPiece: ExpressibleByStringInterpolation {
    var bytes: [UInt8]

    init(stringLiteral value: StaticString) {
        bytes = Array(UnsafeBufferPointer(start: value.utf8Start, count: value.utf8CodeUnitCount))
    }

    init(stringInterpolation: Interpolation) { bytes = stringInterpolation.bytes }

    static func append(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    struct Interpolation: StringInterpolationProtocol {
        var bytes: [UInt8] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            bytes.reserveCapacity(literalCapacity + 8 * interpolationCount)
        }

        mutating func appendLiteral(_ literal: StaticString) {
            bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
        }

        /// Text that is already SVG (a path's data, a color, an id).
        mutating func appendInterpolation(_ text: String) { SVGPiece.append(text, to: &bytes) }

        /// Words, escaped for XML.
        mutating func appendInterpolation(xml text: String) { SVGPiece.append(Escape.xml(text), to: &bytes) }

        mutating func appendInterpolation(_ n: Int) { SVGPiece.append(String(n), to: &bytes) }

        /// A coordinate or length, one decimal place (`SVGText.number`).
        mutating func appendInterpolation(_ v: Double) { SVGText.append(v, to: &bytes) }
    }
}
