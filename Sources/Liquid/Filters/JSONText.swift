import Escaping

/// Values as JSON text, safe to place inside HTML: `<`, `>` and `&` are written as `\u` escapes.
public enum JSONText {
    public static func encode(_ v: Value) -> String {
        var out = ""
        write(v, into: &out)
        return out
    }

    static func write(_ v: Value, into out: inout String) {
        switch v {
        case .nil, .empty, .blank: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let n): out += String(n)
        case .float(let d): out += d.isFinite ? Value.rubyFloat(d) : "null"
        case .string(let s), .safe(let s): string(s, into: &out)
        case .range(let lo, let hi):
            // As Jekyll's `jsonify` writes a Ruby Range: its text (never expanded).
            string("\(lo)..\(hi)", into: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                write(item, into: &out)
            }
            out += "]"
        case .object(let o):
            out += "{"
            for (i, (k, item)) in o.pairs.enumerated() {
                if i > 0 { out += "," }
                string(k, into: &out)
                out += ":"
                write(item, into: &out)
            }
            out += "}"
        }
    }

    /// The inside of a JSON string: JSON's escapes (as `Escape.jsonText`), and `<`, `>`, `&` too;
    /// DEL is left as it is, which JSON allows.
    static let text = Escaper(["\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t",
                               "<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u{2028}": "\\u2028", "\u{2029}": "\\u2029"],
                              controls: .unicodeEscape, keeping: [0x7F])

    static func string(_ s: String, into out: inout String) {
        out += "\""
        out += text(s)
        out += "\""
    }
}
