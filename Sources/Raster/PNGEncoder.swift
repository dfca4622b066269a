import CDeflate

/// An opaque picture as a PNG file: 8-bit RGB, no interlacing, and no chunk but IHDR, IDAT and IEND
/// (no time stamp, text or gamma), so the same pixels always give the same bytes.
///
/// Written here rather than by cairo's PNG writer, which tries every row filter and compresses with
/// zlib at its default level: for a share card that took three times as long and made a larger file.
/// Rows are left unfiltered and compressed by libdeflate at level `level`, in about 60 % of zlib's
/// time at its fastest level and a sixth smaller (measured on the sample's cards: row filters and
/// zlib's run-length strategy were slower).
enum PNGEncoder {
    /// libdeflate's level: 1 is fastest; flat-colored cards gain little from more.
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

    /// A zlib stream of `data`, or nil when libdeflate cannot make one (it can for memory it was given).
    static func deflate(_ data: [UInt8]) -> [UInt8]? {
        guard let compressor = libdeflate_alloc_compressor(level) else { return nil }
        defer { libdeflate_free_compressor(compressor) }
        // Room for the worst case, left uninitialized: a card's stream is about 45 KB of its 2.3 MB,
        // and only those pages are ever touched.
        let out = [UInt8](unsafeUninitializedCapacity: libdeflate_zlib_compress_bound(compressor, data.count)) { o, count in
            count = data.withUnsafeBufferPointer { i in libdeflate_zlib_compress(compressor, i.baseAddress, i.count, o.baseAddress, o.count) }
        }
        return out.isEmpty ? nil : out
    }

    static func chunk(_ type: String, _ data: [UInt8], into png: inout [UInt8]) {
        append32(UInt32(data.count), to: &png)
        let typed = Array(type.utf8) + data
        png += typed
        let crc = typed.withUnsafeBufferPointer { libdeflate_crc32(0, $0.baseAddress, $0.count) }
        append32(UInt32(truncatingIfNeeded: crc), to: &png)
    }

    static func append32(_ v: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)]
    }
}
