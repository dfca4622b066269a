import CZlib

/// An opaque picture as a PNG file: 8-bit RGB, no interlacing, and no chunk but IHDR, IDAT and IEND
/// (no time stamp, text or gamma), so the same pixels always give the same bytes.
///
/// Written here rather than by cairo's PNG writer, which tries every row filter and compresses at
/// zlib's default level: for a share card that took three times as long (about 20 ms against 7) and
/// made a larger file. Rows are left unfiltered and compressed at level `level`.
enum PNGEncoder {
    /// zlib's level: 1 is fastest; flat-colored cards gain little from more.
    static let level: Int32 = 1

    /// `pixels` holds `height` rows of `stride` bytes, each pixel 32 bits in native byte order as `0x??RRGGBB` (cairo's RGB24).
    static func encode(_ pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int) -> [UInt8]? {
        let rowBytes = 1 + width * 3
        // Every row: its filter type (0, None), then red, green and blue of each pixel.
        let raw = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { out, count in
            guard let base = out.baseAddress else { return }
            for y in 0..<height {
                let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                var o = base + y * rowBytes
                o.pointee = 0
                o += 1
                for x in 0..<width {
                    let p = row[x]
                    o[0] = UInt8(truncatingIfNeeded: p &>> 16)
                    o[1] = UInt8(truncatingIfNeeded: p &>> 8)
                    o[2] = UInt8(truncatingIfNeeded: p)
                    o += 3
                }
            }
            count = rowBytes * height
        }
        guard let compressed = deflate(raw) else { return nil }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        append32(UInt32(width), to: &header)
        append32(UInt32(height), to: &header)
        header += [8, 2, 0, 0, 0]  // bit depth 8, color type 2 (RGB), compression 0, filter method 0, no interlace
        chunk("IHDR", header, into: &png)
        chunk("IDAT", compressed, into: &png)
        chunk("IEND", [], into: &png)
        return png
    }

    /// A zlib stream of `data`, or nil when zlib fails (it does not for memory it was given).
    static func deflate(_ data: [UInt8]) -> [UInt8]? {
        // Room for the worst case, left uninitialized: zlib writes a card's 50 KB of its 2.3 MB, and
        // only those pages are ever touched (zeroing them all took a tenth of a card's time).
        var status = Z_OK
        let out = [UInt8](unsafeUninitializedCapacity: Int(compressBound(uLong(data.count)))) { o, count in
            var size = uLong(o.count)
            status = data.withUnsafeBufferPointer { i in compress2(o.baseAddress, &size, i.baseAddress, uLong(i.count), level) }
            count = status == Z_OK ? Int(size) : 0
        }
        return status == Z_OK ? out : nil
    }

    static func chunk(_ type: String, _ data: [UInt8], into png: inout [UInt8]) {
        append32(UInt32(data.count), to: &png)
        let typed = Array(type.utf8) + data
        png += typed
        let crc = typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        append32(UInt32(truncatingIfNeeded: crc), to: &png)
    }

    static func append32(_ v: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)]
    }
}
