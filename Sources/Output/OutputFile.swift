import Fingerprint

/// One file of the site: its path inside OUT, the fingerprint of its bytes, and the bytes, or a
/// note that OUT already holds them (a page the render cache did not need to render again).
public struct OutputFile: Sendable {
    public enum Content: Sendable {
        case bytes([UInt8])
        case alreadyInOutput
    }

    public var path: String
    public var hash: Fingerprint
    public var content: Content

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.hash = Fingerprint(of: bytes)
        self.content = .bytes(bytes)
    }

    public init(path: String, alreadyInOutputWithHash hash: Fingerprint) {
        self.path = path
        self.hash = hash
        self.content = .alreadyInOutput
    }
}
