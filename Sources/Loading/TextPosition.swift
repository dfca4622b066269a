import Diagnostics

/// Where something found inside a field's text lies in its file: the field's start, plus the
/// lines and characters before it (and one for an opening quote, when the value was quoted).
enum TextPosition {
    /// `offset` is in UTF-8 bytes from the start of `text`, which begins at `base` in the file.
    static func locate(_ offset: Int, in text: String, from base: SourceLocation, quoted: Bool) -> SourceLocation {
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

    /// True when the byte at `location` in `source` is a quote (`"` or `'`): the value was quoted.
    static func isQuoted(at location: SourceLocation, in source: String?) -> Bool {
        guard let source, location.line > 0 else { return false }
        var line = 1, column = 1
        for b in source.utf8 {
            if line == location.line, column == location.column { return b == 0x22 || b == 0x27 }
            if line > location.line { return false }
            if b == 0x0A {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
        }
        return false
    }
}
