import Diagnostics
import Escaping

/// Turns a file's bytes into text: UTF-8 only, a byte-order mark ignored, CRLF and CR read as LF.
public enum TextFile {
    /// The decoded text, or an error at the first byte that is not UTF-8.
    /// With `keepingLineEnds`, CR and CRLF stay as they are (templates render them verbatim).
    public static func decode(_ bytes: [UInt8], path: String, keepingLineEnds: Bool = false) -> Result<String, Diagnostic> {
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        if let bad = firstInvalidUTF8(bytes, from: start) {
            return .failure(.error(location(of: bad, in: bytes, from: start, path: path),
                                   "the file is not valid UTF-8 (byte 0x\(hex(bytes[bad]))); save it as UTF-8"))
        }
        if keepingLineEnds { return .success(String(decoding: bytes[start...], as: UTF8.self)) }
        // CR LF and a lone CR become LF; the runs between them are copied whole.
        var normalized = [UInt8]()
        normalized.reserveCapacity(bytes.count - start)
        var i = start
        while i < bytes.count {
            let cr = bytes[i...].firstIndex(of: 0x0D) ?? bytes.count
            normalized += bytes[i..<cr]
            guard cr < bytes.count else { break }
            normalized.append(0x0A)
            i = cr + 1 < bytes.count && bytes[cr + 1] == 0x0A ? cr + 2 : cr + 1
        }
        return .success(String(decoding: normalized, as: UTF8.self))
    }

    /// Offset of the first byte that does not start a valid UTF-8 sequence, if any. ASCII is passed
    /// over eight bytes at a time; each other character is parsed on its own.
    static func firstInvalidUTF8(_ bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { b -> Int? in
            guard let base = b.baseAddress else { return nil }
            var i = start
            while i < b.count {
                i += MostlyASCII.asciiRun(base, from: i, count: b.count)
                guard i < b.count else { break }
                var parser = Unicode.UTF8.ForwardParser()
                var rest = UnsafeBufferPointer(rebasing: b[i...]).makeIterator()
                switch parser.parseScalar(from: &rest) {
                case .valid(let scalar): i += scalar.count
                case .emptyInput: return nil
                case .error: return i
                }
            }
            return nil
        }
    }

    static func location(of offset: Int, in bytes: [UInt8], from start: Int, path: String) -> SourceLocation {
        var line = 1, column = 1
        var i = start
        while i < offset {
            if bytes[i] == 0x0A {
                line += 1
                column = 1
            } else if bytes[i] & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        return SourceLocation(path: path, line: line, column: column)
    }

    static func hex(_ b: UInt8) -> String {
        let s = String(b, radix: 16, uppercase: true)
        return s.count == 1 ? "0" + s : s
    }
}
