extension YAML {
    /// `text` as a double-quoted YAML scalar that libyaml reads back as exactly `text`, on one line.
    ///
    /// Everything libyaml would refuse or read as a line break is escaped: C0 controls and DEL,
    /// C1 controls (U+0080-U+009F, U+0085 included) as `\xHH`; U+2028, U+2029, the byte order mark
    /// U+FEFF and the noncharacters U+FFFE, U+FFFF as `\uHHHH`; `"` and `\` as `\"` and `\\`.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            let v = scalar.value
            switch v {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x09: out += "\\t"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x00..<0x20, 0x7F...0x9F: out += "\\x" + hex(v, digits: 2)
            case 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: out += "\\u" + hex(v, digits: 4)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
        return out
    }

    /// `v` in uppercase hexadecimal, zero-padded to `digits`.
    private static func hex(_ v: UInt32, digits: Int) -> String {
        let h = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - h.utf8.count)) + h
    }
}
