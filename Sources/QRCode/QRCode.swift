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

    /// SVG with a quiet zone of four modules, one path of unit squares, `crispEdges`.
    public func svg(pixels: Int, label: String) -> String {
        let quiet = 4
        let total = size + 2 * quiet
        // Each run of dark modules in a row is one rectangle, written as bytes (a flyer's code has hundreds).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size * size * 2)
        func number(_ n: Int) {
            if n >= 100 { bytes.append(UInt8(ascii: "0") + UInt8(n / 100 % 10)) }
            if n >= 10 { bytes.append(UInt8(ascii: "0") + UInt8(n / 10 % 10)) }
            bytes.append(UInt8(ascii: "0") + UInt8(n % 10))
        }
        for y in 0..<size {
            var x = 0
            while x < size {
                guard isDark(x, y) else { x += 1; continue }
                var run = 1
                while x + run < size, isDark(x + run, y) { run += 1 }
                bytes.append(UInt8(ascii: "M")); number(x + quiet)
                bytes.append(UInt8(ascii: " ")); number(y + quiet)
                bytes.append(UInt8(ascii: "h")); number(run)
                bytes.append(contentsOf: "v1h-".utf8); number(run)
                bytes.append(UInt8(ascii: "z"))
                x += run
            }
        }
        let d = String(decoding: bytes, as: UTF8.self)
        let escaped = Escape.xml(label)
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"qr\" viewBox=\"0 0 \(total) \(total)\" width=\"\(pixels)\" height=\"\(pixels)\" "
            + "shape-rendering=\"crispEdges\" role=\"img\" aria-label=\"\(escaped)\"><rect width=\"\(total)\" height=\"\(total)\" fill=\"#ffffff\"/>"
            + "<path d=\"\(d)\" fill=\"#000000\"/></svg>"
    }
}
