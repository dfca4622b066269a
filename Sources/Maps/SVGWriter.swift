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

    mutating func add(_ piece: SVGPiece) { piece.append(to: &bytes) }

    mutating func add(raw text: String) { SVGPiece.append(text, to: &bytes) }

    mutating func add(bytes more: [UInt8]) { bytes.append(contentsOf: more) }

    var string: String { MostlyASCII.string(bytes) }
}

/// One piece of SVG, made from a string literal with interpolations (see `SVGWriter`). A piece of up
/// to `SVGPiece.inline` bytes (nearly all) is held on the stack, so that adding it allocates nothing.
struct SVGPiece: ExpressibleByStringInterpolation {
    static let inline = 256
    /// 256 bytes in place: a tuple of the same type is laid out as an array is (`InlineArray` would
    /// say it better, but needs macOS 26).
    typealias Inline = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
    var small: Inline = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    /// The bytes, once they outgrow `small`.
    var large: [UInt8]?

    init(stringLiteral value: StaticString) {
        add(UnsafeRawBufferPointer(start: value.utf8Start, count: value.utf8CodeUnitCount))
    }

    init(stringInterpolation: Interpolation) { self = stringInterpolation.piece }

    /// Appends the piece's bytes.
    func append(to bytes: inout [UInt8]) {
        if let large {
            bytes.append(contentsOf: large)
        } else {
            withUnsafeBytes(of: small) { bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
    }

    mutating func add(_ more: UnsafeRawBufferPointer) {
        guard large == nil, count + more.count <= Self.inline else {
            if large == nil { large = withUnsafeBytes(of: small) { Array(UnsafeRawBufferPointer(rebasing: $0[..<count])) } }
            large?.append(contentsOf: more)
            return
        }
        guard let source = more.baseAddress, !more.isEmpty else { return }
        let at = count
        withUnsafeMutableBytes(of: &small) { $0.baseAddress.map { ($0 + at).copyMemory(from: source, byteCount: more.count) } }
        count += more.count
    }

    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(UnsafeRawBufferPointer($0)) }
    }

    static func append(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    struct Interpolation: StringInterpolationProtocol {
        var piece = SVGPiece()

        init(literalCapacity: Int, interpolationCount: Int) {}

        mutating func appendLiteral(_ literal: StaticString) {
            piece.add(UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
        }

        /// Text that is already SVG (a path's data, a color, an id).
        mutating func appendInterpolation(_ text: String) { piece.add(text) }

        /// Words, escaped for XML.
        mutating func appendInterpolation(xml text: String) { piece.add(Escape.xml(text)) }

        mutating func appendInterpolation(_ n: Int) { piece.add(String(n)) }

        /// A coordinate or length, one decimal place (`SVGText.number`).
        mutating func appendInterpolation(_ v: Double) { SVGText.withDigits(v) { piece.add($0) } }
    }

    private init() {}
}
