import Escaping
import CQRencode

/// A QR code made by libqrencode, drawn as crisp SVG; all of libqrencode's pointers live here.
public struct QRCode: Sendable {
    /// Modules per side.
    public let size: Int
    /// Row-major, true for a dark module.
    public let modules: [Bool]

    /// Encodes `text` in byte mode at error-correction level M; nil when it is too long for a QR code.
    public init?(_ text: String) {
        guard !text.isEmpty, text.utf8.count <= 2000,
              let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        guard width > 0, let data = code.pointee.data else { return nil }
        size = width
        modules = (0..<(width * width)).map { data[$0] & 1 == 1 }
    }

    public func isDark(_ x: Int, _ y: Int) -> Bool { modules[y * size + x] }

    /// `v` (0 to 999) in decimal digits at `out[n]`, `n` moved past them.
    @inline(__always)
    static func digits(_ v: Int, into out: UnsafeMutableBufferPointer<UInt8>, at n: inout Int) {
        if v >= 100 { out[n] = UInt8(ascii: "0") + UInt8(v / 100 % 10); n += 1 }
        if v >= 10 { out[n] = UInt8(ascii: "0") + UInt8(v / 10 % 10); n += 1 }
        out[n] = UInt8(ascii: "0") + UInt8(v % 10); n += 1
    }

    /// SVG with a quiet zone of four modules, one path of unit squares, `crispEdges`.
    public func svg(pixels: Int, label: String) -> String {
        let quiet = 4
        let total = size + 2 * quiet
        // Each run of dark modules in a row is one rectangle, written as bytes (a flyer's code has
        // hundreds): at most 20 bytes each ("M181 181h177v1h-177z"), and a row has at most half its modules plus one runs.
        let room = size * (size / 2 + 1) * 20
        let bytes = [UInt8](unsafeUninitializedCapacity: room) { out, written in
            written = modules.withUnsafeBufferPointer { dark in
                var n = 0
                for y in 0..<size {
                    let row = y * size
                    var x = 0
                    while x < size {
                        guard dark[row + x] else { x += 1; continue }
                        var run = 1
                        while x + run < size, dark[row + x + run] { run += 1 }
                        out[n] = UInt8(ascii: "M"); n += 1
                        Self.digits(x + quiet, into: out, at: &n)
                        out[n] = UInt8(ascii: " "); n += 1
                        Self.digits(y + quiet, into: out, at: &n)
                        out[n] = UInt8(ascii: "h"); n += 1
                        Self.digits(run, into: out, at: &n)
                        for b in "v1h-".utf8 { out[n] = b; n += 1 }
                        Self.digits(run, into: out, at: &n)
                        out[n] = UInt8(ascii: "z"); n += 1
                        x += run
                    }
                }
                return n
            }
        }
        let d = String(decoding: bytes, as: UTF8.self)
        let escaped = Escape.xml(label)
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"qr\" viewBox=\"0 0 \(total) \(total)\" width=\"\(pixels)\" height=\"\(pixels)\" "
            + "shape-rendering=\"crispEdges\" role=\"img\" aria-label=\"\(escaped)\"><rect width=\"\(total)\" height=\"\(total)\" fill=\"#ffffff\"/>"
            + "<path d=\"\(d)\" fill=\"#000000\"/></svg>"
    }
}
