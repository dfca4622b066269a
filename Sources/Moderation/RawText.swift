/// A file's bytes exactly as they are on disk, with the way from a line and column of its decoded
/// text (what the loader's parsers report) to a byte offset.
///
/// The loader reads text with a byte-order mark dropped and CRLF and CR read as LF, so its lines
/// and columns are counted here the same way: a line ends at CRLF, CR or LF, and a column is one
/// Unicode scalar. Edits splice these bytes; nothing else of the file is ever rewritten.
struct RawText {
    let bytes: [UInt8]
    /// Where the text starts: 3 after a byte-order mark, else 0.
    let start: Int
    /// The offset where each line starts (`lineStarts[0]` is line 1).
    let lineStarts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        start = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        var starts = [start]
        var i = start
        while i < bytes.count {
            if bytes[i] == 0x0D {
                i += i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
                starts.append(i)
            } else if bytes[i] == 0x0A {
                i += 1
                starts.append(i)
            } else {
                i += 1
            }
        }
        lineStarts = starts
    }

    /// The byte where `column` (1-based, in scalars) of `line` (1-based) starts, if the line has it.
    func offset(line: Int, column: Int) -> Int? {
        guard line >= 1, line <= lineStarts.count, column >= 1 else { return nil }
        var i = lineStarts[line - 1]
        var remaining = column - 1
        while remaining > 0 {
            guard i < bytes.count, !isBreak(i) else { return nil }
            i += 1
            while i < bytes.count, bytes[i] & 0xC0 == 0x80 { i += 1 }
            remaining -= 1
        }
        return i
    }

    /// True at a CR or LF.
    func isBreak(_ i: Int) -> Bool { bytes[i] == 0x0D || bytes[i] == 0x0A }

    /// The line break that ends `line` (1-based): CRLF, CR or LF; empty for the last line without one.
    func lineBreak(after line: Int) -> ArraySlice<UInt8> {
        guard line >= 1, line < lineStarts.count else { return [] }
        let next = lineStarts[line]
        let crlf = next - 2 >= lineStarts[line - 1] && bytes[next - 2] == 0x0D && bytes[next - 1] == 0x0A
        return bytes[(next - (crlf ? 2 : 1))..<next]
    }

    /// The 1-based line that holds byte `offset`.
    func line(of offset: Int) -> Int {
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo + 1
    }

    /// The 1-based column of byte `offset` on its line, in scalars.
    func column(of offset: Int) -> Int {
        var column = 1
        var i = lineStarts[line(of: offset) - 1]
        while i < offset {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return column
    }

    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
}

/// One change to a file: the bytes in `range` become `replacement` (an empty range inserts).
struct ByteEdit: Equatable {
    var range: Range<Int>
    var replacement: [UInt8]

    /// `bytes` with every edit made; edits may not overlap.
    static func apply(_ edits: [ByteEdit], to bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        for e in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            out.replaceSubrange(e.range, with: e.replacement)
        }
        return out
    }
}
