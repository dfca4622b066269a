/// Quoted-printable (RFC 2045 §6.7): UTF-8 text as lines of printable ASCII of at most 76
/// characters, joined by CRLF.
///
/// `=` and every byte outside printable ASCII are written `=XX`; a space or tab that ends a line is
/// encoded; longer lines are broken with a soft break (`=`) that decoding removes. A line that would
/// begin with `.` or `From ` starts with an encoded byte instead, so no mail tool treats it specially.
public enum QuotedPrintable {
    public static func encode(_ text: String) -> String {
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        var out: [String] = []
        for line in normalized.split(separator: "\n", omittingEmptySubsequences: false) {
            out += encodeLine(Array(line.utf8))
        }
        return out.joined(separator: "\r\n")
    }

    static let hex = Array("0123456789ABCDEF".utf8)

    /// One line of text as one or more encoded lines, all but the last ending with a soft break.
    static func encodeLine(_ bytes: [UInt8]) -> [String] {
        var lines: [String] = []
        var current: [UInt8] = []
        for (i, b) in bytes.enumerated() {
            let isLast = i == bytes.count - 1
            let atStart = current.isEmpty
            let startsSpecially = atStart && (b == 0x2E || (b == 0x46 && bytes[i...].starts(with: Array("From ".utf8))))
            let literal = ((b >= 0x21 && b <= 0x7E && b != 0x3D) || ((b == 0x20 || b == 0x09) && !isLast)) && !startsSpecially
            let token: [UInt8] = literal ? [b] : [0x3D, hex[Int(b >> 4)], hex[Int(b & 0x0F)]]
            // Room for the token, and for a soft break after it unless the line ends here.
            if current.count + token.count > (isLast ? 76 : 75) {
                lines.append(String(decoding: current + [0x3D], as: UTF8.self))
                current = []
                // The new line's first byte may need encoding now that it starts a line.
                if literal, b == 0x2E || (b == 0x46 && bytes[i...].starts(with: Array("From ".utf8))) {
                    current = [0x3D, hex[Int(b >> 4)], hex[Int(b & 0x0F)]]
                    continue
                }
            }
            current += token
        }
        lines.append(String(decoding: current, as: UTF8.self))
        return lines
    }
}
