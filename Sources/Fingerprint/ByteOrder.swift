import Glibc

extension String {
    /// Orders by UTF-8 bytes (the same order as by Unicode scalars), much faster than `<`, which
    /// compares canonically: for sorting the many paths of a manifest or cache file.
    public func utf8Precedes(_ other: String) -> Bool {
        // Native strings lend their bytes without a copy; others are copied once.
        let lent = utf8.withContiguousStorageIfAvailable { x in
            other.utf8.withContiguousStorageIfAvailable { y in Self.precedes(x, y) }
        }
        if let order = lent ?? nil { return order }
        return Array(utf8).withUnsafeBufferPointer { x in Array(other.utf8).withUnsafeBufferPointer { y in Self.precedes(x, y) } }
    }

    /// The same bytes (not canonical equivalence, as `==` is): paths as the disk names them.
    public func utf8Equals(_ other: String) -> Bool {
        utf8.count == other.utf8.count && !utf8Precedes(other) && !other.utf8Precedes(self)
    }

    /// Whether the string's bytes start with `prefix`'s, compared at once rather than byte by byte
    /// through a generic sequence.
    public func utf8HasPrefix(_ prefix: [UInt8]) -> Bool {
        let lent = utf8.withContiguousStorageIfAvailable { x in
            prefix.withUnsafeBufferPointer { p in
                x.count >= p.count && (p.isEmpty || memcmp(x.baseAddress!, p.baseAddress!, p.count) == 0)
            }
        }
        return lent ?? Array(utf8).starts(with: prefix)
    }

    private static func precedes(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
        ByteOrder.compare(x, y) < 0
    }
}

/// The order of runs of bytes, compared at once.
public enum ByteOrder {
    /// Negative when `x` comes first, zero when they are the same bytes, positive when `y` does.
    public static func compare(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Int {
        let common = Swift.min(x.count, y.count)
        if common > 0, let p = x.baseAddress, let q = y.baseAddress {
            let order = memcmp(p, q, common)
            if order != 0 { return Int(order) }
        }
        return x.count - y.count
    }
}

extension Sequence {
    /// The elements in the order of their keys' UTF-8 bytes (`utf8Precedes`), sorted as spans of
    /// one buffer so that no comparison retains a string: for the tens of thousands of paths of a
    /// manifest, a cache file or a site. Elements with equal keys keep their order.
    @inlinable public func sortedByUTF8(_ key: (Element) -> String) -> [Element] {
        let elements = Array(self)
        var bytes: [UInt8] = []
        var spans: [(start: Int, count: Int, index: Int)] = []
        spans.reserveCapacity(elements.count)
        for (i, e) in elements.enumerated() {
            let start = bytes.count
            bytes.append(utf8: key(e))
            spans.append((start, bytes.count - start, i))
        }
        bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress
            spans.sort { a, b in
                let common = Swift.min(a.count, b.count)
                if common > 0, let base {
                    let order = memcmp(base + a.start, base + b.start, common)
                    if order != 0 { return order < 0 }
                }
                return a.count != b.count ? a.count < b.count : a.index < b.index
            }
        }
        return spans.map { elements[$0.index] }
    }
}

extension Sequence where Element == String {
    /// The strings in the order of their UTF-8 bytes.
    @inlinable public func sortedByUTF8() -> [String] { sortedByUTF8 { $0 } }
}

extension Array where Element == UInt8 {
    /// Appends a string's UTF-8 bytes.
    @inlinable public mutating func append(utf8 text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    /// Appends an integer in decimal digits, without making a string.
    @inlinable public mutating func append(decimal value: Int64) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let first = count
        repeat {
            append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        self[first...].reverse()
    }
}
