/// An Ogg Opus file read back (RFC 3533 pages, RFC 7845 headers): every page's capture pattern,
/// checksum, stream and order checked, `OpusHead` and `OpusTags` first, and the length from the
/// last page's granule position. Nil for anything else.
public struct OggOpus: Sendable, Equatable {
    /// The stream's serial number.
    public var serial: UInt32
    public var channels: Int
    /// Samples at 48 kHz the decoder drops at the start.
    public var preSkip: Int
    /// The last page's granule position: samples at 48 kHz, pre-skip included.
    public var granule: Int64
    public var pageCount: Int

    /// Seconds of sound.
    public var seconds: Double { Double(max(0, granule - Int64(preSkip))) / 48_000 }

    public init?(_ bytes: [UInt8]) {
        var offset = 0
        var pages: [(granule: Int64, serial: UInt32, body: ArraySlice<UInt8>, flags: UInt8)] = []
        var sequence: UInt32 = 0
        while offset < bytes.count {
            guard let page = Self.page(bytes, at: offset), page.sequence == sequence else { return nil }
            if let first = pages.first, first.serial != page.serial { return nil }
            pages.append((page.granule, page.serial, page.body, page.flags))
            sequence &+= 1
            offset = page.end
        }
        // The first page holds only OpusHead and starts the stream; the last one ends it.
        guard let head = pages.first, let last = pages.last, pages.count >= 3, head.flags & 0x02 != 0, last.flags & 0x04 != 0 else { return nil }
        let h = Array(head.body)
        guard h.count >= 19, h[0..<8].elementsEqual("OpusHead".utf8), h[8] & 0xF0 == 0, h[9] > 0 else { return nil }
        guard pages[1].body.starts(with: "OpusTags".utf8) else { return nil }
        serial = head.serial
        channels = Int(h[9])
        preSkip = Int(h[10]) | Int(h[11]) << 8
        granule = last.granule
        pageCount = pages.count
        guard granule >= 0 else { return nil }
    }

    /// One page at `offset`: its header fields, its body and where the next page starts.
    static func page(_ b: [UInt8], at offset: Int) -> (granule: Int64, serial: UInt32, sequence: UInt32, flags: UInt8, body: ArraySlice<UInt8>, end: Int)? {
        guard offset + 27 <= b.count, b[offset..<offset + 4].elementsEqual("OggS".utf8), b[offset + 4] == 0 else { return nil }
        let segments = Int(b[offset + 26])
        let bodyStart = offset + 27 + segments
        guard bodyStart <= b.count else { return nil }
        let length = b[offset + 27..<bodyStart].reduce(0) { $0 + Int($1) }
        let end = bodyStart + length
        guard end <= b.count else { return nil }
        func little(_ at: Int, _ count: Int) -> UInt64 {
            (0..<count).reduce(UInt64(0)) { $0 | UInt64(b[offset + at + $1]) << (8 * $1) }
        }
        var copy = Array(b[offset..<end])
        for i in 22..<26 { copy[i] = 0 }
        guard OggCRC.of(copy) == UInt32(little(22, 4)) else { return nil }
        return (Int64(bitPattern: little(6, 8)), UInt32(little(14, 4)), UInt32(little(18, 4)), b[offset + 5], b[bodyStart..<end], end)
    }
}

/// The CRC-32 of Ogg pages: polynomial 0x04c11db7, not reflected, starting at 0.
enum OggCRC {
    static let table: [UInt32] = (0..<256).map { i in
        var r = UInt32(i) << 24
        for _ in 0..<8 { r = r & 0x8000_0000 != 0 ? (r << 1) ^ 0x04c1_1db7 : r << 1 }
        return r
    }

    static func of(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0
        for b in bytes { crc = (crc << 8) ^ table[Int((crc >> 24) ^ UInt32(b))] }
        return crc
    }
}
