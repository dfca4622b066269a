/// Quoted-printable (RFC 2045 §6.7): UTF-8 text as lines of printable ASCII of at most 76
/// characters, joined by CRLF.
///
/// `=` and every byte outside printable ASCII are written `=XX`; a space or tab that ends a line is
/// encoded; longer lines are broken with a soft break (`=`) that decoding removes. A line that would
/// begin with `.` or `From ` starts with an encoded byte instead, so no mail tool treats it specially.
public enum QuotedPrintable {
    /// Works on the UTF-8 bytes: a line ends at LF, CRLF or a CR alone, and the encoded lines are
    /// joined by CRLF.
    public static func encode(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + bytes.count / 8 + 16)
            var start = 0, i = 0
            while i <= bytes.count {
                let atEnd = i == bytes.count
                guard atEnd || bytes[i] == 0x0A || bytes[i] == 0x0D else { i += 1; continue }
                if start > 0 { out.append(0x0D); out.append(0x0A) }
                encodeLine(UnsafeBufferPointer(rebasing: bytes[start..<i]), into: &out)
                if atEnd { break }
                i += bytes[i] == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
                start = i
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    static let hex = Array("0123456789ABCDEF".utf8)

    /// One line of text, encoded, with a soft break (`=` CRLF) wherever it is broken.
    static func encodeLine(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        var width = 0
        func startsFrom(_ i: Int) -> Bool {
            i + 5 <= bytes.count && bytes[i] == 0x46 && bytes[i + 1] == 0x72 && bytes[i + 2] == 0x6F && bytes[i + 3] == 0x6D && bytes[i + 4] == 0x20
        }
        func encoded(_ b: UInt8) {
            out.append(0x3D); out.append(hex[Int(b >> 4)]); out.append(hex[Int(b & 0x0F)])
        }
        for i in bytes.indices {
            let b = bytes[i]
            let isLast = i == bytes.count - 1
            let startsSpecially = width == 0 && (b == 0x2E || startsFrom(i))
            let literal = ((b >= 0x21 && b <= 0x7E && b != 0x3D) || ((b == 0x20 || b == 0x09) && !isLast)) && !startsSpecially
            let size = literal ? 1 : 3
            // Room for the byte, and for a soft break after it unless the line ends here.
            if width + size > (isLast ? 76 : 75) {
                out.append(0x3D); out.append(0x0D); out.append(0x0A)
                width = 0
                // The new line's first byte may need encoding now that it starts a line.
                if literal, b == 0x2E || startsFrom(i) {
                    encoded(b)
                    width = 3
                    continue
                }
            }
            if literal { out.append(b) } else { encoded(b) }
            width += size
        }
    }
}
