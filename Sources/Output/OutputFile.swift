import Fingerprint

/// One file of the site: its path inside OUT, the fingerprint of its bytes, and the bytes, or a
/// note that OUT already holds them (a page the render cache did not need to render again).
public struct OutputFile: Sendable {
    public enum Content: Sendable {
        case bytes([UInt8])
        /// OUT holds these bytes: from an earlier build, or written by this one.
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

    /// The same file once the writer has it: its path and fingerprint, the bytes let go.
    public var written: OutputFile { OutputFile(path: path, alreadyInOutputWithHash: hash) }
}
