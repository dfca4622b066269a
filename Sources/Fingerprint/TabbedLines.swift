import Glibc

/// Lines of tab-separated fields in bytes, the shape of the tool's own cache files, read without
/// making a string for anything but the text fields.
public struct TabbedLines: Sequence {
    let bytes: [UInt8]

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public func makeIterator() -> Iterator { Iterator(bytes: bytes) }

    /// The fields of one line, found without making an array for them (a manifest has tens of
    /// thousands of lines): the ends of the first eight are kept inline.
    public struct Fields {
        @usableFromInline let bytes: [UInt8]
        /// Where the line starts in the bytes.
        public let start: Int
        @usableFromInline var ends: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
        @usableFromInline var more: [Int] = []
        public private(set) var count = 0

        init(bytes: [UInt8], start: Int) {
            self.bytes = bytes
            self.start = start
        }

        mutating func end(at i: Int) {
            if count < 8 {
                withUnsafeMutableBytes(of: &ends) { $0.storeBytes(of: i, toByteOffset: count * MemoryLayout<Int>.stride, as: Int.self) }
            } else {
                more.append(i)
            }
            count += 1
        }

        @inlinable func end(_ k: Int) -> Int {
            k < 8 ? withUnsafeBytes(of: ends) { $0.load(fromByteOffset: k * MemoryLayout<Int>.stride, as: Int.self) } : more[k - 8]
        }

        // Inlinable, as the number readers below: a manifest reads six fields of each of its lines.
        @inlinable public subscript(_ k: Int) -> ArraySlice<UInt8> {
            bytes[(k == 0 ? start : end(k - 1) + 1)..<end(k)]
        }
    }

    public struct Iterator: IteratorProtocol {
        let bytes: [UInt8]
        var i = 0

        /// From the line that starts at `start`, the lines whose first field is `tag`, passed whole
        /// (without their line break) and not split into fields; the iterator goes on after them.
        public mutating func skipLines(tagged tag: UInt8, from start: Int, _ each: (UnsafeBufferPointer<UInt8>, Range<Int>) -> Void) {
            let count = bytes.count
            i = start
            bytes.withUnsafeBufferPointer { b in
                guard let base = b.baseAddress else { return }
                while i < count {
                    if b[i] == 0x0A {
                        i += 1
                        continue
                    }
                    guard b[i] == tag, i + 1 < count, b[i + 1] == 0x09 else { return }
                    let end = memchr(base + i, 0x0A, count - i).map { $0.assumingMemoryBound(to: UInt8.self) - UnsafeMutablePointer(mutating: base) } ?? count
                    each(b, i..<end)
                    i = end + 1
                }
            }
        }

        /// The fields of the next non-empty line.
        public mutating func next() -> Fields? {
            let count = bytes.count
            return bytes.withUnsafeBufferPointer { b -> Fields? in
                guard let base = b.baseAddress else { return nil }
                // `memchr` finds the line's end and each tab a machine word or more at a time.
                func find(_ byte: Int32, from: Int, to: Int) -> Int? {
                    guard from < to, let p = memchr(base + from, byte, to - from) else { return nil }
                    return p.assumingMemoryBound(to: UInt8.self) - UnsafeMutablePointer(mutating: base)
                }
                while i < count {
                    let start = i
                    let end = find(0x0A, from: i, to: count) ?? count
                    var fields = Fields(bytes: bytes, start: start)
                    var from = start
                    while let tab = find(0x09, from: from, to: end) {
                        fields.end(at: tab)
                        from = tab + 1
                    }
                    fields.end(at: end)
                    i = end + 1
                    if end > start { return fields }
                }
                return nil
            }
        }
    }
}

extension Int64 {
    /// A decimal number from bytes (optionally negative), or nil.
    @inlinable public init?(decimal b: ArraySlice<UInt8>) {
        // Through a pointer: a manifest has four numbers on each of its tens of thousands of lines.
        guard let parsed = b.withUnsafeBufferPointer({ Int64(decimalBytes: $0) }) else { return nil }
        self = parsed
    }

    /// A decimal number (optionally negative, at most 19 digits) from the bytes, or nil.
    @inlinable public init?(decimalBytes p: UnsafeBufferPointer<UInt8>) {
        var i = 0
        let negative = p.first == UInt8(ascii: "-")
        if negative { i = 1 }
        guard p.count > i, p.count - i <= 19 else { return nil }
        var v: Int64 = 0
        while i < p.count {
            let c = p[i]
            guard c >= 0x30 && c <= 0x39 else { return nil }
            let (m, o1) = v.multipliedReportingOverflow(by: 10)
            let (a, o2) = m.addingReportingOverflow(Int64(c - 0x30))
            if o1 || o2 { return nil }
            v = a
            i += 1
        }
        self = negative ? -v : v
    }
}
