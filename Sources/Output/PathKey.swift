import Fingerprint

/// A path as a table's key: hashed, compared and ordered by its UTF-8 bytes, each in one go (a
/// string equals another spelling of the same name; an array of bytes is hashed a byte at a time).
/// It holds the string itself, whose storage it shares with the file's path.
struct PathKey: Hashable, Comparable, Sendable {
    let path: String

    init(_ path: String) { self.path = path }

    /// The path's bytes, made as an array.
    var bytes: [UInt8] { Array(path.utf8) }

    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var path = path
        return path.withUTF8(body)
    }

    static func == (a: PathKey, b: PathKey) -> Bool { order(a, b) == 0 }

    static func < (a: PathKey, b: PathKey) -> Bool { order(a, b) < 0 }

    func hash(into hasher: inout Hasher) { withBytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) } }

    /// The order of the bytes: negative, zero or positive.
    static func order(_ a: PathKey, _ b: PathKey) -> Int {
        a.withBytes { x in b.withBytes { y in ByteOrder.compare(x, y) } }
    }
}
