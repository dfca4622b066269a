/// Lines of tab-separated fields in bytes, the shape of the tool's own cache files, read without
/// making a string for anything but the text fields.
public struct TabbedLines: Sequence {
    let bytes: [UInt8]

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public func makeIterator() -> Iterator { Iterator(bytes: bytes) }

    public struct Iterator: IteratorProtocol {
        let bytes: [UInt8]
        var i = 0

        /// The fields of the next non-empty line.
        public mutating func next() -> [ArraySlice<UInt8>]? {
            while i < bytes.count {
                let start = i
                var fields: [ArraySlice<UInt8>] = []
                var fieldStart = i
                while i < bytes.count, bytes[i] != 0x0A {
                    if bytes[i] == 0x09 {
                        fields.append(bytes[fieldStart..<i])
                        fieldStart = i + 1
                    }
                    i += 1
                }
                fields.append(bytes[fieldStart..<i])
                i += 1
                if i - 1 > start { return fields }
            }
            return nil
        }
    }
}

extension Int64 {
    /// A decimal number from bytes (optionally negative), or nil.
    public init?(decimal b: ArraySlice<UInt8>) {
        var digits = b[...]
        var negative = false
        if digits.first == UInt8(ascii: "-") {
            negative = true
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.count <= 19 else { return nil }
        var v: Int64 = 0
        for c in digits {
            guard c >= 0x30 && c <= 0x39 else { return nil }
            let (m, o1) = v.multipliedReportingOverflow(by: 10)
            let (a, o2) = m.addingReportingOverflow(Int64(c - 0x30))
            if o1 || o2 { return nil }
            v = a
        }
        self = negative ? -v : v
    }
}
