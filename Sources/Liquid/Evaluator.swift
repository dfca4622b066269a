/// What compiled expressions and filters ask of a render: properties, indexes, numbers, limits.
extension RenderContext {
    /// A literal range bound: Ruby's `to_i` (floats truncated, text read up to its first non-digit).
    func literalBound(_ v: Value, at p: Position) throws(LiquidError) -> Int {
        guard let n = try Self.toI(v, naming: { "the range bound \($0)" }, at: p) else {
            throw .render("a range bound must be a number, found \(Ruby.string(v))", at: p)
        }
        return n
    }

    /// Ruby's `to_i`: integers, floats truncated, text's leading integer, nil 0; nil for any other
    /// value, which the caller names. `naming` names a float beyond 64 bits in the overflow error.
    static func toI(_ v: Value, naming: (Double) -> String, at p: Position) throws(LiquidError) -> Int? {
        switch v {
        case .nil: return 0
        case .int(let n): return n
        case .float(let d):
            guard d.isFinite, let n = Int(exactly: d.rounded(.towardZero)) else { throw .render("integer overflow: \(naming(d)) does not fit in 64 bits", at: p) }
            return n
        case .string(let s), .safe(let s):
            do throws(FilterError) { return try Number.toInteger(s) } catch { throw .render(error.message, at: p) }
        default:
            return nil
        }
    }

    /// `value.name`: a key of an object, else `size`, `first` and `last` (a range's start and end).
    static func property(of value: Value, _ name: Name, at p: Position) throws(LiquidError) -> Value {
        switch value {
        case .object(let o):
            if let v = o[name] { return v }
            switch name.text {
            case "size": return .int(o.count)
            case "first": return o.entries.first.map { .array([.string($0.key), $0.value]) } ?? .nil
            default: return .nil
            }
        case .array(let items):
            switch name.text {
            case "size": return .int(items.count)
            case "first": return items.first ?? .nil
            case "last": return items.last ?? .nil
            default: return .nil
            }
        case .range(let lo, let hi):
            switch name.text {
            case "size":
                guard let n = Value.rangeCount(lo, hi) else { throw .render("integer overflow: the size of (\(lo)..\(hi)) does not fit in 64 bits", at: p) }
                return .int(n)
            case "first": return .int(lo)
            case "last": return .int(hi)
            default: return .nil
            }
        case .string(let s), .safe(let s):
            return name.text == "size" ? .int(RubyText.length(s)) : .nil
        case .int:
            return name.text == "size" ? .int(8) : .nil
        default:
            return .nil
        }
    }

    /// `value[key]`: an array position (negative from the end) or a hash key; nil for anything else.
    static func index(_ value: Value, _ key: Value) -> Value {
        switch (value, key) {
        case (.object(let o), .string(let k)), (.object(let o), .safe(let k)):
            return o[k] ?? .nil
        case (.array(let items), .int(let n)):
            return Ruby.element(items, n)
        default:
            return .nil
        }
    }

    /// Counts a value a filter or tag made against the limits: its own size, and all values together.
    func charge(_ value: Value, _ maker: String, at p: Position) throws(LiquidError) {
        let cost = Self.cost(value)
        guard cost > 0 else { return }
        if cost > environment.limits.valueBytes {
            throw LiquidError(.limit, "\(maker): the value would be larger than \(environment.limits.valueBytes) bytes", path: p.path, line: p.line, column: p.column)
        }
        madeBytes = madeBytes.addingReportingOverflow(cost).overflow ? Int.max : madeBytes + cost
        if madeBytes > environment.limits.totalValueBytes {
            throw LiquidError(.limit, "filters and tags made more than \(environment.limits.totalValueBytes) bytes of values", path: p.path, line: p.line, column: p.column)
        }
    }

    /// A value's size as the limits count it: a string's UTF-8 bytes; 16 bytes for each array item plus
    /// its strings' bytes; 32 bytes for each hash entry. A range costs nothing until it is expanded.
    static func cost(_ v: Value) -> Int {
        switch v {
        case .string(let s), .safe(let s): return s.utf8.count
        case .array(let a):
            var n = 16 * a.count
            for item in a { if let s = item.stringValue { n += s.utf8.count } }
            return n
        case .object(let o): return 32 * o.count
        default: return 0
        }
    }
}
