import Diagnostics

/// Where something found inside a field's text lies in its file: the field's start, plus the
/// lines and characters before it (and one for an opening quote, when the value was quoted).
public enum TextPosition {
    /// `offset` is in UTF-8 bytes from the start of `text`, which begins at `base` in the file.
    public static func locate(_ offset: Int, in text: String, from base: SourceLocation, quoted: Bool) -> SourceLocation {
        guard base.line > 0 else { return base }
        var line = base.line, column = base.column + (quoted ? 1 : 0)
        var i = 0
        for b in text.utf8 {
            if i >= offset { break }
            if b == 0x0A {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        return SourceLocation(path: base.path, line: line, column: column)
    }
}

/// Where each line of a file starts, found once per file, so that asking whether a value was quoted
/// reads only its own line (asked for every record of a CSV, a scan from the start was quadratic).
public struct LineIndex: Sendable {
    let bytes: [UInt8]
    /// Byte offsets of line 1, 2, ...
    let starts: [Int]

    public init(_ text: String) {
        bytes = Array(text.utf8)
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(i + 1) }
        self.starts = starts
    }

    /// True when the character at `location` (line and column counted in characters) is a quote
    /// (`"` or `'`): the value there was quoted.
    public func isQuoted(at location: SourceLocation) -> Bool {
        guard location.line > 0, location.line <= starts.count, location.column > 0 else { return false }
        var column = 1
        var i = starts[location.line - 1]
        while i < bytes.count, bytes[i] != 0x0A {
            if bytes[i] & 0xC0 != 0x80 {
                if column == location.column { return bytes[i] == 0x22 || bytes[i] == 0x27 }
                column += 1
            }
            i += 1
        }
        return false
    }
}
