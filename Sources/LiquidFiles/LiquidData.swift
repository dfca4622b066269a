import Formats
import Liquid

/// JSON to Liquid values, at the one boundary where data enters templates.
public enum LiquidData {
    public static func value(_ node: Node) -> Value {
        switch node.value {
        case .null: return .nil
        case .bool(let b): return .bool(b)
        case .number(let d, let raw):
            if !raw.contains("."), !raw.contains("e"), !raw.contains("E"), let n = Int(raw) { return .int(n) }
            return .float(d)
        case .string(let s): return .string(s)
        case .list(let items): return .array(items.map(value))
        case .map(let entries): return .object(Object(entries.map { ($0.key, value($0.value)) }))
        }
    }
}
