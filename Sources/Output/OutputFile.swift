/// One file of the site: its path inside OUT, a hash of its bytes, and the bytes or a note that
/// they are the same as in the current OUT (a page the render cache did not need to render again).
public struct OutputFile: Sendable {
    public enum Content: Sendable {
        case bytes([UInt8])
        case sameAsCurrent
    }

    public var path: String
    public var hash: UInt64
    public var content: Content

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.hash = FNV.hash(bytes)
        self.content = .bytes(bytes)
    }

    public init(path: String, unchangedWithHash hash: UInt64) {
        self.path = path
        self.hash = hash
        self.content = .sameAsCurrent
    }
}

/// FNV-1a, 64 bits: the same number for the same bytes on every machine and in every run.
public struct FNV: Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func add(_ bytes: some Sequence<UInt8>) {
        var v = value
        for b in bytes {
            v ^= UInt64(b)
            v &*= 0x0000_0100_0000_01B3
        }
        value = v
    }

    public mutating func add(_ s: String) {
        var s = s
        s.withUTF8 { add($0) }
        add([0xFF])
    }

    public mutating func add(_ n: UInt64) {
        withUnsafeBytes(of: n.littleEndian) { add($0) }
    }

    public static func hash(_ bytes: [UInt8]) -> UInt64 {
        var h = FNV()
        h.add(bytes)
        return h.value
    }
}
