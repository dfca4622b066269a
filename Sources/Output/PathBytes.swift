import Glibc

/// A path's UTF-8 bytes as a table's key: hashed, compared and ordered as bytes, each in one go
/// (an array of bytes is hashed one byte at a time).
struct PathBytes: Hashable, Comparable, Sendable {
    let bytes: [UInt8]

    init(_ path: String) { bytes = Array(path.utf8) }

    static func == (a: PathBytes, b: PathBytes) -> Bool { a.bytes.count == b.bytes.count && order(a, b) == 0 }

    static func < (a: PathBytes, b: PathBytes) -> Bool { order(a, b) < 0 }

    func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }

    /// The order of the bytes: negative, zero or positive.
    static func order(_ a: PathBytes, _ b: PathBytes) -> Int {
        a.bytes.withUnsafeBufferPointer { x in
            b.bytes.withUnsafeBufferPointer { y in
                let n = min(x.count, y.count)
                let c = n == 0 ? 0 : Int(memcmp(x.baseAddress!, y.baseAddress!, n))
                return c != 0 ? c : x.count - y.count
            }
        }
    }
}
