import Fingerprint

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
