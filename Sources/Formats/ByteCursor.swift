import Diagnostics

/// A place in UTF-8 text being read byte by byte, with the line and column it stands at (a column
/// counts characters, not bytes), for the parsers that say where a problem is.
struct ByteCursor {
    let bytes: [UInt8]
    let path: String
    var i = 0
    var line = 1
    var column = 1

    var here: SourceLocation { SourceLocation(path: path, line: line, column: column) }

    /// The byte `offset` after the current one; nil past the end.
    func byte(_ offset: Int = 0) -> UInt8? {
        let k = i + offset
        return k < bytes.count ? bytes[k] : nil
    }

    /// One byte on: a newline starts a line, a character's first byte takes a column.
    mutating func advance() {
        let b = bytes[i]
        if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
        i += 1
    }

    /// On to byte `end` (at most the end), counting lines and columns as `advance()` does.
    mutating func advance(to end: Int) {
        let stop = min(end, bytes.count)
        guard stop > i else { return }
        var line = self.line, column = self.column
        bytes.withUnsafeBufferPointer { b in
            for k in i..<stop {
                let x = b[k]
                if x == 0x0A { line += 1; column = 1 } else if x & 0xC0 != 0x80 { column += 1 }
            }
        }
        (self.line, self.column, i) = (line, column, stop)
    }

    /// Where the first byte at or after the current one that `stops` is, or the end.
    func next(where stops: (UInt8) -> Bool) -> Int {
        bytes.withUnsafeBufferPointer { b in
            var k = i
            while k < b.count, !stops(b[k]) { k += 1 }
            return k
        }
    }

    /// Up to `count` bytes on, stopping at the end.
    mutating func advance(count: Int) {
        for _ in 0..<count where i < bytes.count { advance() }
    }
}
