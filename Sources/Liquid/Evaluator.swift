/// Expressions, filter chains and conditions evaluated against a render's variables.
extension RenderContext {
    func evaluate(_ e: Expression, at p: Position) throws(LiquidError) -> Value {
        switch e {
        case .literal(let v):
            return v
        case .range(let lo, let hi):
            let a = Comparison.rangeBound(try evaluate(lo, at: p))
            let b = Comparison.rangeBound(try evaluate(hi, at: p))
            return .range(a, b)
        case .variable(let path):
            var value: Value
            switch path.root {
            case .name(let name): value = lookup(name)
            case .computed(let key): value = lookup((try evaluate(key, at: p)).text)
            }
            for step in path.lookups {
                switch step {
                case .dot(let name): value = Self.property(of: value, name)
                case .bracket(let key): value = Self.index(value, try evaluate(key, at: p))
                }
            }
            return value
        }
    }

    /// `value.name`: a key of an object, else `size`, `first` and `last`.
    static func property(of value: Value, _ name: String) -> Value {
        switch value {
        case .object(let o):
            if let v = o[name] { return v }
            switch name {
            case "size": return .int(o.count)
            case "first": return o.pairs.first.map { .array([.string($0.0), $0.1]) } ?? .nil
            default: return .nil
            }
        case .array, .range:
            let items = value.arrayValue ?? []
            switch name {
            case "size": return .int(items.count)
            case "first": return items.first ?? .nil
            case "last": return items.last ?? .nil
            default: return .nil
            }
        case .string(let s), .safe(let s):
            return name == "size" ? .int(s.count) : .nil
        default:
            return .nil
        }
    }

    /// `value[key]`: an array or range position (negative from the end), or an object key.
    static func index(_ value: Value, _ key: Value) -> Value {
        switch (value, key) {
        case (.object(let o), _):
            return o[key.text] ?? .nil
        case (.array, .int(let n)), (.range, .int(let n)):
            let items = value.arrayValue ?? []
            let i = n < 0 ? items.count + n : n
            return items.indices.contains(i) ? items[i] : .nil
        default:
            return .nil
        }
    }

    func evaluate(_ f: FilteredExpression, at p: Position) throws(LiquidError) -> Value {
        var value = try evaluate(f.expression, at: p)
        for filter in f.filters {
            var args: [Value] = []
            for a in filter.arguments { args.append(try evaluate(a, at: p)) }
            var keywords: [String: Value] = [:]
            for (k, e) in filter.keywords { keywords[k] = try evaluate(e, at: p) }
            if ExpressionFilters.names.contains(filter.name) {
                value = try expressionFilter(filter.name, value, args, at: p)
                continue
            }
            guard let definition = environment.filters[filter.name] ?? StandardFilters.all[filter.name] else {
                if environment.strictFilters { throw .render("unknown filter '\(filter.name)'", at: p) }
                continue
            }
            guard args.count >= definition.minArguments, args.count <= definition.maxArguments else {
                let expected = definition.minArguments == definition.maxArguments ? "\(definition.minArguments)" : "\(definition.minArguments) to \(definition.maxArguments)"
                throw .render("'\(filter.name)' takes \(expected) argument\(definition.maxArguments == 1 ? "" : "s"), given \(args.count)", at: p)
            }
            do throws(FilterError) {
                value = try definition.body(value, args, keywords, FilterContext(now: environment.now, timeZone: environment.timeZone, autoescape: environment.autoescape))
            } catch {
                throw .render("\(filter.name): \(error.message)", at: p)
            }
        }
        return value
    }

    func evaluate(_ c: Condition, at p: Position) throws(LiquidError) -> Bool {
        switch c {
        case .value(let e):
            return try evaluate(e, at: p).isTruthy
        case .and(let a, let b):
            guard try evaluate(a, at: p) else { return false }
            return try evaluate(b, at: p)
        case .or(let a, let b):
            if try evaluate(a, at: p) { return true }
            return try evaluate(b, at: p)
        case .compare(let a, let op, let b):
            let left = try evaluate(a, at: p), right = try evaluate(b, at: p)
            do throws(FilterError) {
                return try Comparison.compare(left, op, right)
            } catch {
                throw .render(error.message, at: p)
            }
        }
    }
}
