/// Filters over arrays (and what Liquid's `InputIterator` makes an array of).
enum ArrayFilters {
    static let all: [String: Filter] = [
        "join": Filter(arguments: 0...1) { input, args, _, _ in
            let glue = args.isEmpty ? " " : Ruby.string(args[0])
            if case .array = input { return .string(Ruby.join(Ruby.items(input), glue)) }
            if case .range = input { return .string(Ruby.join(Ruby.items(input), glue)) }
            return input.isNil ? .nil : .string(Ruby.string(input))
        },
        "first": Filter { input, _, _, _ in
            switch input {
            case .array(let a): return a.first ?? .nil
            case .range: return input.arrayValue?.first ?? .nil
            case .object(let o): return o.pairs.first.map { .array([.string($0.0), $0.1]) } ?? .nil
            default: return .nil
            }
        },
        "last": Filter { input, _, _, _ in
            switch input {
            case .array(let a): return a.last ?? .nil
            case .range: return input.arrayValue?.last ?? .nil
            default: return .nil
            }
        },
        "size": Filter { input, _, _, _ in
            switch input {
            case .string(let s), .safe(let s): return .int(s.count)
            case .array(let a): return .int(a.count)
            case .range: return .int(input.arrayValue?.count ?? 0)
            case .object(let o): return .int(o.count)
            case .int: return .int(8)
            default: return .int(0)
            }
        },
        "default": Filter(arguments: 0...1) { input, args, keywords, _ in
            let fallback = args.first ?? .string("")
            let allowFalse = keywords["allow_false"]?.isTruthy ?? false
            let missing = allowFalse ? input.isNil : !input.isTruthy
            if missing || input.isEmptyCollection { return fallback }
            if case .empty = input { return fallback }
            if case .blank = input { return fallback }
            return input
        },
        "reverse": Filter { input, _, _, _ in .array(Ruby.items(input).reversed()) },
        "concat": Filter(arguments: 1...1) { input, args, _, _ throws(FilterError) in
            guard case .array(let more) = args[0] else { throw FilterError("concat requires an array argument") }
            return .array(Ruby.items(input) + more)
        },
        "compact": Filter(arguments: 0...1) { input, args, _, _ throws(FilterError) in
            let items = Ruby.items(input)
            guard let key = args.first, !key.isNil else { return .array(items.filter { !$0.isNil }) }
            var out: [Value] = []
            for item in items {
                if case .value(let v) = try Ruby.lookup(item, key), v.isNil { continue }
                out.append(item)
            }
            return .array(out)
        },
        "uniq": Filter(arguments: 0...1) { input, args, _, _ throws(FilterError) in
            let items = Ruby.items(input)
            var out: [Value] = []
            var keys: [Value] = []
            for item in items {
                var key = item
                if let property = args.first, !property.isNil {
                    if case .value(let v) = try Ruby.lookup(item, property) { key = v } else { key = .nil }
                }
                if keys.contains(where: { Comparison.equal($0, key) }) { continue }
                keys.append(key)
                out.append(item)
            }
            return .array(out)
        },
        "map": Filter(arguments: 1...1) { input, args, _, _ throws(FilterError) in
            var out: [Value] = []
            for item in Ruby.items(input) {
                switch try Ruby.lookup(item, args[0]) {
                case .value(let v): out.append(v)
                case .noMethod: throw FilterError("cannot map '\(args[0].text)' over \(Ruby.typeName(item))")
                }
            }
            return .array(out)
        },
        "where": select(keep: true),
        "reject": select(keep: false),
        "has": Filter(arguments: 1...2) { input, args, _, _ throws(FilterError) in
            for item in Ruby.items(input) {
                guard let matched = try matches(item, args) else { return .nil }
                if matched { return .bool(true) }
            }
            return .bool(false)
        },
        "find": Filter(arguments: 1...2) { input, args, _, _ throws(FilterError) in
            for item in Ruby.items(input) {
                guard let matched = try matches(item, args) else { return .nil }
                if matched { return item }
            }
            return .nil
        },
        "find_index": Filter(arguments: 1...2) { input, args, _, _ throws(FilterError) in
            for (i, item) in Ruby.items(input).enumerated() {
                guard let matched = try matches(item, args) else { return .nil }
                if matched { return .int(i) }
            }
            return .nil
        },
        "sum": Filter(arguments: 0...1) { input, args, _, _ throws(FilterError) in
            var total = Number.int(0)
            for item in Ruby.items(input) {
                var v = item
                if let property = args.first, !property.isNil {
                    switch try Ruby.lookup(item, property) {
                    case .value(let x): v = x
                    case .noMethod: v = .nil
                    }
                    if case .int = item { throw FilterError("cannot sum property '\(property.text)' of an Integer") }
                }
                total = Number.apply(total, Number(v), int: { $0.addingReportingOverflow($1) }, decimal: { $0 + $1 })
            }
            return total.value
        },
        "sort": Filter(arguments: 0...1) { input, args, _, _ throws(FilterError) in
            let items = Ruby.items(input)
            let property = args.first.flatMap { $0.isNil ? nil : $0 }
            var keyed: [(Value, Value)] = []
            for item in items {
                if let property, case .value(let k) = try Ruby.lookup(item, property) { keyed.append((k, item)) } else { keyed.append((property == nil ? item : .nil, item)) }
            }
            var failure: FilterError?
            let sorted = stableSorted(keyed) { a, b in
                do throws(FilterError) {
                    return try nilSafeCompare(a.0, b.0) < 0
                } catch {
                    failure = error
                    return false
                }
            }
            if let failure { throw failure }
            return .array(sorted.map(\.1))
        },
        "sort_natural": Filter(arguments: 0...1) { input, args, _, _ throws(FilterError) in
            let items = Ruby.items(input)
            let property = args.first.flatMap { $0.isNil ? nil : $0 }
            var keyed: [(Value, Value)] = []
            for item in items {
                if let property, case .value(let k) = try Ruby.lookup(item, property) { keyed.append((k, item)) } else { keyed.append((property == nil ? item : .nil, item)) }
            }
            let sorted = stableSorted(keyed) { a, b in
                switch (a.0.isNil, b.0.isNil) {
                case (true, _): return false
                case (false, true): return true
                default: return Ruby.string(a.0).lowercased().utf8.lexicographicallyPrecedes(Ruby.string(b.0).lowercased().utf8)
                }
            }
            return .array(sorted.map(\.1))
        },
    ]

    /// `where` and `reject`: items whose property is truthy, or equals the value.
    static func select(keep: Bool) -> Filter {
        Filter(arguments: 1...2) { input, args, _, _ throws(FilterError) in
            var out: [Value] = []
            for item in Ruby.items(input) {
                guard let matched = try matches(item, args) else { return .nil }
                if matched == keep { out.append(item) }
            }
            return .array(out)
        }
    }

    /// Whether `item[property]` is truthy (one argument) or equals the value (two); nil when the item has no `[]`.
    static func matches(_ item: Value, _ args: [Value]) throws(FilterError) -> Bool? {
        switch try Ruby.lookup(item, args[0]) {
        case .noMethod: return nil
        case .value(let v):
            if args.count > 1, !args[1].isNil { return Comparison.equal(v, args[1]) }
            return v.isTruthy
        }
    }

    /// `<=>` with nils last and an error for values that cannot be ordered.
    static func nilSafeCompare(_ a: Value, _ b: Value) throws(FilterError) -> Int {
        if a.isNil { return b.isNil ? 0 : 1 }
        if b.isNil { return -1 }
        if let order = try? Comparison.order(a, b) { return order }
        throw FilterError("cannot sort values of incompatible types")
    }

    static func stableSorted<T>(_ items: [T], by less: (T, T) -> Bool) -> [T] {
        items.enumerated().sorted { x, y in
            if less(x.element, y.element) { return true }
            if less(y.element, x.element) { return false }
            return x.offset < y.offset
        }.map(\.element)
    }
}
