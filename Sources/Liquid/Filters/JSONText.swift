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

    static func string(_ s: String, into out: inout String) {
        out += "\""
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if c.value < 0x20 {
                    let h = String(c.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - h.count) + h
                } else {
                    out.unicodeScalars.append(c)
                }
            }
        }
        out += "\""
    }
}
