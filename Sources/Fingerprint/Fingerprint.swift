internal import CXXHash

/// A 128-bit XXH3 hash of bytes: the same number for the same bytes on every machine and in every run.
///
/// XXH3 is not a cryptographic hash. It decides only whether work can be skipped (a page rendered,
/// a file written): a false "same" would publish a stale page, so it is 128 bits wide. Content
/// authors choose part of what is hashed, but to make a page stale they would have to make a
/// moderator's later change collide with a value fixed before it (a second preimage), for which
/// no attack on XXH3-128 is known and the generic cost is 2^128. A cryptographic hash (SHA-256)
/// would cost about twenty times as much on every build.
public struct Fingerprint: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var high: UInt64
    public var low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The hash of `bytes` in one call.
    public init(of bytes: UnsafeRawBufferPointer) {
        let h = XXH3_128bits(bytes.baseAddress, bytes.count)
        self.init(high: h.high64, low: h.low64)
    }

    public init(of bytes: [UInt8]) {
        self = bytes.withUnsafeBytes { Fingerprint(of: $0) }
    }

    public init(of text: String) {
        var s = text
        self = s.withUTF8 { Fingerprint(of: UnsafeRawBufferPointer($0)) }
    }

    /// 32 lowercase hex digits.
    public var description: String {
        var out: [UInt8] = []
        appendHex(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The 32 hex digits of `description`, appended to bytes.
    public func appendHex(to out: inout [UInt8]) {
        // The 32 digits made in a buffer on the stack and appended at once (manifests hold tens of thousands).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            Self.hexDigits.withUTF8Buffer { d in
                for k in 0..<16 {
                    let shift = UInt64(60 - 4 * k)
                    buffer[k] = d[Int((high >> shift) & 0xF)]
                    buffer[k + 16] = d[Int((low >> shift) & 0xF)]
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(buffer))
        }
    }

    static let hexDigits: StaticString = "0123456789abcdef"

    /// Reads the 32 hex digits that `description` writes.
    public init?<S: StringProtocol>(hex: S) {
        guard hex.utf8.count == 32, let h = UInt64(hex.prefix(16), radix: 16), let l = UInt64(hex.suffix(16), radix: 16) else { return nil }
        self.init(high: h, low: l)
    }

    /// Reads 32 hex digits from bytes (a line of a cache file), without making a string.
    @inlinable public init?(hexBytes b: ArraySlice<UInt8>) {
        guard b.count == 32 else { return nil }
        let read = b.withUnsafeBufferPointer { p -> (UInt64, UInt64)? in
            Self.hexValues.withUnsafeBufferPointer { table in
                var high: UInt64 = 0, low: UInt64 = 0, bad: UInt8 = 0
                for k in 0..<16 {
                    let v = table[Int(p[k])], w = table[Int(p[k + 16])]
                    bad |= v | w
                    high = high << 4 | UInt64(v)
                    low = low << 4 | UInt64(w)
                }
                return bad & 0xF0 == 0 ? (high, low) : nil
            }
        }
        guard let (high, low) = read else { return nil }
        self.init(high: high, low: low)
    }

    /// Each byte's value as a lowercase hex digit, 0xFF for any other byte.
    @usableFromInline static let hexValues: [UInt8] = (0..<256).map { c in
        switch c {
        case 0x30...0x39: UInt8(c - 0x30)
        case 0x61...0x66: UInt8(c - 0x61 + 10)
        default: 0xFF
        }
    }

    public static func < (a: Fingerprint, b: Fingerprint) -> Bool { (a.high, a.low) < (b.high, b.low) }
}

/// Collects many small values and hashes them once: the inputs of a page, the files of a folder.
///
/// Each value goes in with its length or a tag first, so two different sequences of values never
/// give the same bytes ("ab" + "c" differs from "a" + "bc").
public struct FingerprintBuilder: Sendable {
    private var bytes: [UInt8] = []

    public init() { bytes.reserveCapacity(256) }

    public mutating func add(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ add(bytes: UnsafeRawBufferPointer($0)) }) == nil {
            var s = text
            s.withUTF8 { add(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    /// Bytes with their length in front.
    public mutating func add(bytes raw: UnsafeRawBufferPointer) {
        add(UInt64(raw.count))
        bytes.append(contentsOf: raw)
    }

    public mutating func add(_ raw: [UInt8]) { raw.withUnsafeBytes { add(bytes: $0) } }

    public mutating func add(_ n: UInt64) {
        withUnsafeBytes(of: n.littleEndian) { bytes.append(contentsOf: $0) }
    }

    public mutating func add(_ n: Int) { add(UInt64(bitPattern: Int64(n))) }

    public mutating func add(_ f: Fingerprint) {
        add(f.high)
        add(f.low)
    }

    /// One byte, to tell kinds of values apart.
    public mutating func tag(_ t: UInt8) { bytes.append(t) }

    public var value: Fingerprint { Fingerprint(of: bytes) }
}
