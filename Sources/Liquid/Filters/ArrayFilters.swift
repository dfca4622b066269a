/// Filters over arrays (and what Liquid's `InputIterator` makes an array of), as Ruby Liquid 5 has them.
enum ArrayFilters {
    static let all: [String: Filter] = [
        "join": Filter(arguments: 0...1) { input, args, _, c throws(FilterError) in
            let glue = args.isEmpty ? " " : Ruby.string(args[0])
            if case .range(let lo, let hi) = input, let n = Value.rangeCount(lo, hi), n > 1 {
                // At least a digit and the glue per item: refuse before building anything too large.
                let (least, overflow) = (n - 1).multipliedReportingOverflow(by: glue.utf8.count + 1)
                try c.check(overflow ? Int.max : least, "the joined text")
            }
            return .string(try join(try Ruby.items(input, c), glue, c))
        },
        "first": Filter { input, _, _, _ in
            switch input {
            case .array(let a): return a.first ?? .nil
            case .range(let lo, _): return .int(lo)  // Range#first is its start, even when empty
            case .object(let o): return o.entries.first.map { .array([.string($0.key), $0.value]) } ?? .nil
            default: return .nil
            }
        },
        "last": Filter { input, _, _, _ in
            switch input {
            case .array(let a): return a.last ?? .nil
            case .range(_, let hi): return .int(hi)
            default: return .nil
            }
        },
        "size": Filter { input, _, _, _ throws(FilterError) in
            switch input {
            case .string(let s), .safe(let s): return .int(RubyText.length(s))
            case .array(let a): return .int(a.count)
            case .range(let lo, let hi):
                guard let n = Value.rangeCount(lo, hi) else { throw FilterError.overflow("the size of (\(lo)..\(hi))") }
                return .int(n)
            case .object(let o): return .int(o.count)
            case .int: return .int(8)
            default: return .int(0)
            }
        },
        "default": Filter(arguments: 0...1) { input, args, keywords, _ in
            let fallback = args.first ?? .string("")
            let allowFalse = keywords["allow_false"]?.isTruthy ?? false
            let missing = allowFalse ? input.isNil : !input.isTruthy
            if missing { return fallback }
            switch input {
            case .string(let s), .safe(let s): return s.isEmpty ? fallback : input
            case .array(let a): return a.isEmpty ? fallback : input
            case .object(let o): return o.isEmpty ? fallback : input
            case .empty, .blank: return fallback
            default: return input
            }
        },
        "reverse": Filter { input, _, _, c throws(FilterError) in .array(try Ruby.items(input, c).reversed()) },
        "concat": Filter(arguments: 1...1) { input, args, _, c throws(FilterError) in
            guard case .array(let more) = args[0] else { throw FilterError("concat filter requires an array argument") }
            let items = try Ruby.items(input, c)
            try c.check(16 * (items.count + more.count), "the concatenated array")
            return .array(items + more)
        },
        "compact": Filter(arguments: 0...1) { input, args, _, c throws(FilterError) in
            let items = try Ruby.items(input, c)
            guard let property = args.first, !property.isNil else { return .array(items.filter { !$0.isNil }) }
            var out: [Value] = []
            for item in items {
                switch Ruby.subscriptValue(item, property) {
                case .value(let v): if !v.isNil { out.append(item) }
                case .typeError: throw Ruby.propertyError(property)
                case .noMethod: return .nil
                }
            }
            return .array(out)
        },
        "uniq": Filter(arguments: 0...1) { input, args, _, c throws(FilterError) in
            let items = try Ruby.items(input, c)
            guard items.count > 1 else { return .array(items) }  // Array#uniq calls no block for one item
            var seen = Set<EqlKey>()
            var out: [Value] = []
            for item in items {
                var key = item
                if let property = args.first, !property.isNil {
                    switch Ruby.subscriptValue(item, property) {
                    case .value(let v): key = v
                    case .typeError: throw Ruby.propertyError(property)
                    case .noMethod: return .nil
                    }
                }
                if seen.insert(EqlKey(key)).inserted { out.append(item) }
            }
            return .array(out)
        },
        "map": Filter(arguments: 1...1) { input, args, _, c throws(FilterError) in
            var out: [Value] = []
            let property = args[0]
            for item in try Ruby.items(input, c) {
                if case .string("to_liquid") = property {
                    out.append(item)
                    continue
                }
                switch Ruby.subscriptValue(item, property) {
                case .value(let v): out.append(v)
                case .typeError: throw Ruby.propertyError(property)
                case .noMethod: out.append(.nil)
                }
            }
            return .array(out)
        },
        "where": select(keep: true),
        "reject": select(keep: false),
        "has": Filter(arguments: 1...2) { input, args, _, c throws(FilterError) in
            for item in try Ruby.items(input, c) {
                guard let matched = try matches(item, args) else { return .nil }
                if matched { return .bool(true) }
            }
            return .bool(false)
        },
        "find": Filter(arguments: 1...2) { input, args, _, c throws(FilterError) in
            for item in try Ruby.items(input, c) {
                guard let matched = try matches(item, args) else { return .nil }
                if matched { return item }
            }
            return .nil
        },
        "find_index": Filter(arguments: 1...2) { input, args, _, c throws(FilterError) in
            for (i, item) in try Ruby.items(input, c).enumerated() {
                guard let matched = try matches(item, args) else { return .nil }
                if matched { return .int(i) }
            }
            return .nil
        },
        "sum": Filter(arguments: 0...1) { input, args, _, c throws(FilterError) in
            var total = Number.int(0)
            for item in try Ruby.items(input, c) {
                var v = item
                if let property = args.first, !property.isNil {
                    switch Ruby.subscriptValue(item, property) {
                    case .value(let x): v = x
                    case .typeError: throw FilterError("cannot sum property '\(Ruby.string(property))' of \(item.isString ? "a String" : "an Integer")")
                    case .noMethod: v = .int(0)
                    }
                }
                total = try Number.apply(total, try Number(v), "+", int: { $0.addingReportingOverflow($1) }, decimal: { $0 + $1 })
            }
            return total.value
        },
        "sort": Filter(arguments: 0...1) { input, args, _, c throws(FilterError) in
            let items = try Ruby.items(input, c)
            guard !items.isEmpty else { return .array([]) }
            guard let property = args.first, !property.isNil else {
                return .array(try mergeSorted(items) { a, b throws(FilterError) in try nilSafeCompare(a, b) })
            }
            guard let keyed = try keys(items, property) else { return .nil }
            return .array(try mergeSorted(keyed) { a, b throws(FilterError) in try nilSafeCompare(a.0, b.0) }.map(\.1))
        },
        "sort_natural": Filter(arguments: 0...1) { input, args, _, c throws(FilterError) in
            let items = try Ruby.items(input, c)
            guard !items.isEmpty else { return .array([]) }
            guard let property = args.first, !property.isNil else {
                return .array(try mergeSorted(items) { a, b in nilSafeCasecmp(a, b) })
            }
            guard let keyed = try keys(items, property) else { return .nil }
            return .array(try mergeSorted(keyed) { a, b in nilSafeCasecmp(a.0, b.0) }.map(\.1))
        },
    ]

    /// `Array#join`: each item's `to_s` (nil as ""), the text kept within one value's size.
    static func join(_ items: [Value], _ glue: String, _ c: FilterContext) throws(FilterError) -> String {
        var out = ""
        for (i, item) in items.enumerated() {
            if i > 0 { out += glue }
            if !item.isNil { out += Ruby.string(item) }
            if out.utf8.count > c.maxValueBytes { try c.check(out.utf8.count, "the joined text") }
        }
        return out
    }

    /// Each item with `item[property]`, for `sort` and `sort_natural`; nil when an item has no `[]`
    /// (Liquid returns nil then). A `TypeError` surfaces only when two keys are compared, as in Ruby.
    static func keys(_ items: [Value], _ property: Value) throws(FilterError) -> [(Value, Value)]? {
        var keyed: [(Value, Value)] = []
        var typeError = false
        for item in items {
            switch Ruby.subscriptValue(item, property) {
            case .value(let v): keyed.append((v, item))
            case .typeError: typeError = true; keyed.append((.nil, item))
            case .noMethod: return nil
            }
        }
        if typeError, keyed.count > 1 { throw Ruby.propertyError(property) }
        return keyed
    }

    /// `where` and `reject`: items whose property is truthy, or equals the value.
    static func select(keep: Bool) -> Filter {
        Filter(arguments: 1...2) { input, args, _, c throws(FilterError) in
            var out: [Value] = []
            for item in try Ruby.items(input, c) {
                guard let matched = try matches(item, args) else { return .nil }
                if matched == keep { out.append(item) }
            }
            return .array(out)
        }
    }

    /// Whether `item[property]` is truthy (one argument) or equals the value (two); nil when the item has no `[]`.
    static func matches(_ item: Value, _ args: [Value]) throws(FilterError) -> Bool? {
        // golden-liquid: a nil property over strings makes the filter nil (Ruby 5.4 raises a TypeError).
        if args[0].isNil, item.isString { return nil }
        switch Ruby.subscriptValue(item, args[0]) {
        case .noMethod: return nil
        case .typeError: throw Ruby.propertyError(args[0])
        case .value(let v):
            if args.count > 1, !args[1].isNil { return Comparison.equal(v, args[1]) }
            return v.isTruthy
        }
    }

    /// Liquid's `nil_safe_compare`: Ruby's `<=>`, else nils last, else an error.
    static func nilSafeCompare(_ a: Value, _ b: Value) throws(FilterError) -> Int {
        if let order = Comparison.spaceship(a, b) { return order }
        if a.isNil { return 1 }
        if b.isNil { return -1 }
        throw FilterError("cannot sort values of incompatible types")
    }

    /// Liquid's `nil_safe_casecmp`: `to_s.casecmp` (ASCII letters folded), a nil after anything (even a nil).
    static func nilSafeCasecmp(_ a: Value, _ b: Value) -> Int {
        guard !a.isNil, !b.isNil else { return a.isNil ? 1 : -1 }
        let x = Ruby.string(a).utf8, y = Ruby.string(b).utf8
        func fold(_ c: UInt8) -> UInt8 { c >= 0x41 && c <= 0x5A ? c + 32 : c }
        var i = x.startIndex, j = y.startIndex
        while i < x.endIndex, j < y.endIndex {
            let p = fold(x[i]), q = fold(y[j])
            if p != q { return p < q ? -1 : 1 }
            i = x.index(after: i)
            j = y.index(after: j)
        }
        if i < x.endIndex { return 1 }
        if j < y.endIndex { return -1 }
        return 0
    }

    /// glibc's merge sort (what Ruby's `sort` runs on Linux): the same comparisons in the same order,
    /// so ties, inconsistent comparisons and errors come out as in Ruby.
    static func mergeSorted<T>(_ items: [T], _ compare: (T, T) throws(FilterError) -> Int) throws(FilterError) -> [T] {
        var a = items
        var tmp = items
        func sort(_ lo: Int, _ n: Int) throws(FilterError) {
            guard n > 1 else { return }
            let n1 = n / 2
            try sort(lo, n1)
            try sort(lo + n1, n - n1)
            var i = lo, j = lo + n1, k = 0
            let iEnd = lo + n1, jEnd = lo + n
            while i < iEnd, j < jEnd {
                if try compare(a[i], a[j]) <= 0 {
                    tmp[k] = a[i]; i += 1
                } else {
                    tmp[k] = a[j]; j += 1
                }
                k += 1
            }
            while i < iEnd { tmp[k] = a[i]; i += 1; k += 1 }
            for m in 0..<k { a[lo + m] = tmp[m] }
        }
        try sort(0, a.count)
        return a
    }
}

extension Value {
    var isString: Bool { stringValue != nil }
}

/// A value as Ruby's `Hash` keys it (`eql?`): `1` and `1.0` differ, strings by their bytes,
/// arrays and hashes by their items.
struct EqlKey: Hashable {
    let value: Value

    init(_ value: Value) { self.value = value }

    static func == (a: EqlKey, b: EqlKey) -> Bool { eql(a.value, b.value) }

    static func eql(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.nil, .nil): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.float(let x), .float(let y)): return x == y
        case (.string(let x), .string(let y)), (.safe(let x), .safe(let y)), (.string(let x), .safe(let y)), (.safe(let x), .string(let y)):
            return x.utf8.elementsEqual(y.utf8)
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { eql($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && x.entries.allSatisfy { e in y[e.key].map { eql(e.value, $0) } ?? false }
        case (.range(let a1, let b1), .range(let a2, let b2)): return a1 == a2 && b1 == b2
        case (.empty, .empty), (.blank, .blank): return true
        default: return false
        }
    }

    func hash(into h: inout Hasher) { Self.hash(value, into: &h) }

    static func hash(_ v: Value, into h: inout Hasher) {
        switch v {
        case .nil: h.combine(0)
        case .bool(let b): h.combine(1); h.combine(b)
        case .int(let n): h.combine(2); h.combine(n)
        case .float(let d): h.combine(3); h.combine(d == 0 ? 0 : d)
        case .string(let s), .safe(let s): h.combine(4); h.combine(s.utf8.count); for b in s.utf8.prefix(64) { h.combine(b) }
        case .array(let a): h.combine(5); h.combine(a.count); for item in a.prefix(8) { hash(item, into: &h) }
        case .object(let o): h.combine(6); h.combine(o.count)
        case .range(let lo, let hi): h.combine(7); h.combine(lo); h.combine(hi)
        case .empty: h.combine(8)
        case .blank: h.combine(9)
        }
    }
}
