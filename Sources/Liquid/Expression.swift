/// A value expression: a literal, a variable path, or a range.
indirect enum Expression: Sendable {
    case literal(Value)
    case variable(Path)
    case range(Expression, Expression)

    /// `a.b[0]['c'][d]`: a first name (or bracketed expression) and lookups.
    struct Path: Sendable {
        enum Root: Sendable {
            case name(Name)
            case computed(Expression)
        }

        enum Lookup: Sendable {
            /// `.name`: also answers `size`, `first` and `last`.
            case dot(Name)
            case bracket(Expression)
        }

        var root: Root
        var lookups: [Lookup]
    }

    /// The name of a bare variable, as `for`, `assign` and `include` need it.
    var simpleName: String? {
        if case .variable(let p) = self, p.lookups.isEmpty, case .name(let n) = p.root { return n.text }
        return nil
    }
}

/// `expression | filter: arg, key: value | ...`
struct FilteredExpression: Sendable {
    struct Filter: Sendable {
        var name: String {
            didSet { resolve() }
        }
        var arguments: [Expression]
        var keywords: [(String, Expression)]
        /// `where_exp`, `find_exp` or `group_by_exp` (found when parsed, not on every render).
        private(set) var isExpressionFilter = false
        /// The standard filter of this name, if any (an environment's filters win over it).
        private(set) var standard: Liquid.Filter?

        init(name: String, arguments: [Expression], keywords: [(String, Expression)]) {
            self.name = name
            self.arguments = arguments
            self.keywords = keywords
            resolve()
        }

        private mutating func resolve() {
            isExpressionFilter = ExpressionFilters.names.contains(name)
            standard = StandardFilters.all[name]
        }
    }

    var expression: Expression
    var filters: [Filter]
}

/// A condition of `if`, `unless` and `when`.
indirect enum Condition: Sendable {
    case value(Expression)
    case compare(Expression, String, Expression)
    /// `a and b or c …`, evaluated left to right as Ruby Liquid does it: after a term followed by
    /// `and`, stop if it is false; by `or`, stop if it is true (so `and` and `or` group from the
    /// right). `ands[i]` joins `terms[i]` and `terms[i + 1]`. Kept flat: no chain is deep.
    case chain(terms: [Condition], ands: [Bool])
}

extension Expression {
    /// The expression written back as Liquid source (for loop names and cycle keys).
    var source: String {
        switch self {
        case .literal(let v):
            switch v {
            case .string(let s), .safe(let s): return "'\(s)'"
            case .nil: return "nil"
            case .empty: return "empty"
            case .blank: return "blank"
            default: return v.text
            }
        case .range(let a, let b): return "(\(a.source)..\(b.source))"
        case .variable(let p):
            var out: String
            switch p.root {
            case .name(let n): out = n.text
            case .computed(let e): out = "[\(e.source)]"
            }
            for l in p.lookups {
                switch l {
                case .dot(let n): out += "." + n.text
                case .bracket(let e): out += "[\(e.source)]"
                }
            }
            return out
        }
    }
}
