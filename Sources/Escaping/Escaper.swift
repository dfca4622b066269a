/// Text made safe for one place it lands: HTML, XML (SVG, Atom, sitemaps), iCalendar, JSON, YAML.
///
/// Each escaper is a table: a character to its replacement, and what to do with the other control
/// characters. Text that holds nothing the table names is returned as it is, after one pass over
/// its bytes.
public struct Escaper: Sendable {
    /// What happens to a control character (below U+0020, or U+007F) the table does not name.
    public enum Controls: Sendable {
        case keep, drop, space
        /// `\u001b`: for JSON.
        case unicodeEscape
    }

    let ascii: [String?]
    let other: [UInt32: String]
    let controls: Controls
    let dropped: Set<UInt32>
    /// Control characters left as they are whatever `controls` says (tab and line breaks in XML).
    let kept: Set<UInt8>
    /// Each byte that may start a character needing a replacement (what `touches` looks for).
    let flagged: [Bool]

    public init(_ map: [Unicode.Scalar: String], controls: Controls = .keep, keeping kept: Set<UInt8> = [], dropping: Set<UInt32> = []) {
        self.kept = kept
        var ascii = [String?](repeating: nil, count: 128)
        var other: [UInt32: String] = [:]
        for (c, r) in map {
            if c.value < 128 { ascii[Int(c.value)] = r } else { other[c.value] = r }
        }
        self.ascii = ascii
        self.other = other
        self.controls = controls
        self.dropped = dropping
        var flagged = [Bool](repeating: false, count: 256)
        for v in Array(other.keys) + Array(dropping) {
            if let scalar = Unicode.Scalar(v), let first = String(scalar).utf8.first { flagged[Int(first)] = true }
        }
        for b in 0..<128 where ascii[b] != nil || (controls != .keep && (b < 0x20 || b == 0x7F) && !kept.contains(UInt8(b))) {
            flagged[b] = true
        }
        self.flagged = flagged
    }

    func replacement(_ c: Unicode.Scalar) -> String? {
        let v = c.value
        if v < 128, let r = ascii[Int(v)] { return r }
        if v >= 128, let r = other[v] { return r }
        if dropped.contains(v) { return "" }
        guard v < 0x20 || v == 0x7F, !kept.contains(UInt8(v)) else { return nil }
        switch controls {
        case .keep: return nil
        case .drop: return ""
        case .space: return " "
        case .unicodeEscape:
            let hex = String(v, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.utf8.count) + hex
        }
    }

    /// True when some byte of the text may need a replacement.
    func touches(_ s: String) -> Bool {
        let found = flagged.withUnsafeBufferPointer { table in
            s.utf8.withContiguousStorageIfAvailable { bytes in bytes.contains { table[Int($0)] } }
        }
        return found ?? s.utf8.contains { flagged[Int($0)] }
    }

    public func callAsFunction(_ s: String) -> String {
        guard touches(s) else { return s }
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 16)
        append(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The text escaped, appended to `out` as UTF-8: runs of bytes no replacement starts with are
    /// copied whole, and a flagged byte's character is looked up.
    public func append(_ s: String, to out: inout [UInt8]) {
        var s = s
        s.withUTF8 { u in
            flagged.withUnsafeBufferPointer { table in
                var run = 0, i = 0
                while i < u.count {
                    guard table[Int(u[i])] else {
                        i += 1
                        continue
                    }
                    let (scalar, length) = Self.scalar(in: u, at: i)
                    if let r = replacement(scalar) {
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: u[run..<i]))
                        out.append(contentsOf: r.utf8)
                        run = i + length
                    }
                    i += length
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: u[run...]))
            }
        }
    }

    /// The character that starts at `i` of valid UTF-8, and its length in bytes.
    static func scalar(in u: UnsafeBufferPointer<UInt8>, at i: Int) -> (Unicode.Scalar, Int) {
        let lead = u[i]
        guard lead >= 0x80 else { return (Unicode.Scalar(lead), 1) }
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var v = UInt32(lead) & (0xFF >> (length + 1))
        for k in 1..<length { v = v << 6 | UInt32(u[i + k] & 0x3F) }
        return (Unicode.Scalar(v) ?? "\u{FFFD}", length)
    }
}

/// The escapers of the outputs the tool writes.
public enum Escape {
    /// HTML text and quoted attribute values.
    public static let html = HTMLEscaper()
    /// XML text and attribute values; the characters XML forbids are dropped.
    public static let xml = Escaper(["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&apos;"],
                                    controls: .drop, keeping: [0x09, 0x0A, 0x0D], dropping: [0xFFFE, 0xFFFF])
    /// iCalendar TEXT (RFC 5545 §3.3.11): backslash, `;`, `,` and line breaks escaped; other controls dropped.
    public static let icsText = Escaper(["\\": "\\\\", ";": "\\;", ",": "\\,", "\n": "\\n", "\r": ""], controls: .drop)
    /// The inside of a JSON string (RFC 8259), also safe inside a `<script>` (U+2028 and U+2029 escaped).
    public static let jsonText = Escaper(["\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r",
                                          "\u{2028}": "\\u2028", "\u{2029}": "\\u2029"], controls: .unicodeEscape)
    /// The inside of a double-quoted YAML string that libyaml reads back as exactly the text, on one
    /// line: every C0 and C1 control and DEL as `\xHH` (tab and line breaks as `\t`, `\n`, `\r`);
    /// U+2028, U+2029 (line breaks to YAML), the byte-order mark U+FEFF and the noncharacters U+FFFE,
    /// U+FFFF as `\uHHHH`; `"` and `\` as `\"` and `\\`.
    public static let yamlText = Escaper(yamlEscapes)

    static let yamlEscapes: [Unicode.Scalar: String] = {
        func hex(_ v: UInt32, _ digits: Int) -> String {
            let h = String(v, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, digits - h.utf8.count)) + h
        }
        var map: [Unicode.Scalar: String] = ["\"": "\\\"", "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"]
        for v in Array(UInt32(0)..<0x20) + Array(UInt32(0x7F)...0x9F) where map[Unicode.Scalar(v)!] == nil {
            map[Unicode.Scalar(v)!] = "\\x" + hex(v, 2)
        }
        for v: UInt32 in [0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF] { map[Unicode.Scalar(v)!] = "\\u" + hex(v, 4) }
        return map
    }()

    /// A JSON string literal, quotes included.
    public static func json(_ s: String) -> String { "\"" + jsonText(s) + "\"" }

    /// A JSON string literal, quotes included, appended to `out`.
    public static func json(_ s: String, to out: inout [UInt8]) {
        out.append(0x22)
        jsonText.append(s, to: &out)
        out.append(0x22)
    }

    /// A double-quoted YAML scalar (see `yamlText`).
    public static func yaml(_ s: String) -> String { "\"" + yamlText(s) + "\"" }
}

/// `& < > " '` as entities (see `HTMLEntities`): safe in HTML text and quoted attribute values.
public struct HTMLEscaper: Sendable {
    public func callAsFunction(_ s: String) -> String { HTMLEntities.escape(s) }
}
