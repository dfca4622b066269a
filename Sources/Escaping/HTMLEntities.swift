/// HTML's five special characters as entities, found in one pass over the bytes and the text between
/// them appended in runs: the escaper of every HTML and attribute output (Liquid's and the pages').
public enum HTMLEntities {
    /// `& < > " '` as entities: safe in text and in quoted attribute values.
    public static func escape(_ s: String) -> String {
        guard firstSpecial(s) != nil else { return s }
        var out = ""
        out.reserveCapacity(s.utf8.count + 16)
        escape(s, into: &out)
        return out
    }

    @inline(__always)
    static func isSpecial(_ b: UInt8) -> Bool {
        // All five are at most '>' (0x3E): most text bytes are passed over with one comparison.
        b <= 0x3E && (b == 0x26 || b == 0x3C || b == 0x3E || b == 0x22 || b == 0x27)
    }

    /// The UTF-8 offset of the first character `escape` changes, or nil when there is none.
    public static func firstSpecial(_ s: String) -> Int? {
        if let found = s.utf8.withContiguousStorageIfAvailable({ b -> Int? in
            var i = 0
            while i < b.count {
                if isSpecial(b[i]) { return i }
                i += 1
            }
            return nil
        }) {
            return found
        }
        var i = 0
        for c in s.utf8 {
            if isSpecial(c) { return i }
            i += 1
        }
        return nil
    }

    /// `escape(s)` appended to `out`: the text between special characters is appended as it is.
    public static func escape(_ s: String, into out: inout String) {
        guard let first = firstSpecial(s) else {
            out += s
            return
        }
        let u = s.utf8
        // Special characters are ASCII: the positions around them are boundaries of the text.
        var run = u.startIndex
        var i = u.index(u.startIndex, offsetBy: first)
        while i != u.endIndex {
            let entity: String
            switch u[i] {
            case 0x26: entity = "&amp;"
            case 0x3C: entity = "&lt;"
            case 0x3E: entity = "&gt;"
            case 0x22: entity = "&quot;"
            case 0x27: entity = "&#39;"
            default:
                i = u.index(after: i)
                continue
            }
            if run != i { out += s[run..<i] }
            out += entity
            i = u.index(after: i)
            run = i
        }
        if run != u.endIndex { out += s[run..<u.endIndex] }
    }
}

extension HTMLEntities {
    /// `escape(s)`'s UTF-8 appended to `out`, a run of plain bytes at a time.
    public static func escape(_ s: String, into out: inout [UInt8]) {
        if s.utf8.withContiguousStorageIfAvailable({ escape(UnsafeRawBufferPointer($0), into: &out) }) == nil {
            Array(s.utf8).withUnsafeBytes { escape($0, into: &out) }
        }
    }

    /// The bytes of UTF-8 text, escaped and appended to `out`.
    public static func escape(_ b: UnsafeRawBufferPointer, into out: inout [UInt8]) {
        var run = 0, i = 0
        while i < b.count {
            let c = b[i]
            if isSpecial(c) {
                if run < i { out.append(contentsOf: UnsafeRawBufferPointer(rebasing: b[run..<i])) }
                switch c {
                case 0x26: Self.append("&amp;", to: &out)
                case 0x3C: Self.append("&lt;", to: &out)
                case 0x3E: Self.append("&gt;", to: &out)
                case 0x22: Self.append("&quot;", to: &out)
                default: Self.append("&#39;", to: &out)
                }
                run = i + 1
            }
            i += 1
        }
        if run < b.count { out.append(contentsOf: UnsafeRawBufferPointer(rebasing: b[run...])) }
    }

    @inline(__always)
    static func append(_ entity: StaticString, to out: inout [UInt8]) {
        out.append(contentsOf: UnsafeRawBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
    }
}
