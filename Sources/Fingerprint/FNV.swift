/// A 64-bit hash of bytes, eight at a time (FNV-style multiply and fold): the same number for the
/// same bytes on every machine and in every run. For change detection, not for security.
public struct FNV: Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01B3

    public init() {}

    public mutating func add(_ bytes: some Sequence<UInt8>) {
        let done: Bool? = bytes.withContiguousStorageIfAvailable { buffer in
            addBuffer(UnsafeRawBufferPointer(buffer))
            return true
        }
        if done == nil {
            let array = Array(bytes)
            array.withUnsafeBytes { addBuffer($0) }
        }
    }

    mutating func addBuffer(_ raw: UnsafeRawBufferPointer) {
        var v = value
        var i = 0
        let n = raw.count
        while i + 8 <= n {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            v = (v ^ word) &* Self.prime
            v ^= v >> 29
            i += 8
        }
        while i < n {
            v = (v ^ UInt64(raw[i])) &* Self.prime
            i += 1
        }
        value = (v ^ UInt64(n)) &* Self.prime
    }

    public mutating func add(_ s: String) {
        var s = s
        s.withUTF8 { addBuffer(UnsafeRawBufferPointer($0)) }
    }

    public mutating func add(_ n: UInt64) {
        value = (value ^ n) &* Self.prime
        value ^= value >> 29
    }

    public static func hash(_ bytes: [UInt8]) -> UInt64 {
        var h = FNV()
        h.add(bytes)
        return h.value
    }
}
