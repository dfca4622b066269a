/// A value expression: a literal, a variable path, or a range.
enum Expression: Sendable {
    case literal(Value)
    case variable(Path)
    indirect case range(Expression, Expression)

    /// `a.b[0]['c'][d]`: a first name (or bracketed expression) and lookups.
    final class Path: Sendable {
        enum Root: Sendable {
            case name(Name)
            case computed(Expression)
        }

        enum Lookup: Sendable {
            /// `.name`: also answers `size`, `first` and `last`.
            case dot(Name)
            case bracket(Expression)
        }

        let root: Root
        let lookups: [Lookup]

        init(root: Root, lookups: [Lookup]) {
            self.root = root
            self.lookups = lookups
        }
    }

    /// The name of a bare variable, as `for`, `assign` and `include` need it.
    var simpleName: String? {
        if case .variable(let p) = self, p.lookups.isEmpty, case .name(let n) = p.root { return n.text }
        return nil
    }
}

/// `expression | filter: arg, key: value | ...`
///
/// Immutable and shared: a class, so that rendering reads its parts in place rather than copying them.
final class FilteredExpression: Sendable {
    final class Filter: Sendable {
        let name: String
        let arguments: [Expression]
        let keywords: [(String, Expression)]
        /// `where_exp`, `find_exp` or `group_by_exp` (found when parsed, not on every render).
        let isExpressionFilter: Bool
        /// The standard filter of this name, if any (an environment's filters win over it).
        let standard: Liquid.Filter?
        /// The name's number, where an environment's `filterTable` holds its filter of this name.
        let number: Int

        init(name: String, arguments: [Expression], keywords: [(String, Expression)]) {
            self.name = name
            self.arguments = arguments
            self.keywords = keywords
            isExpressionFilter = ExpressionFilters.names.contains(name)
            standard = StandardFilters.all[name]
            number = FilterNames.number(name)
        }
    }

    let expression: Expression
    let filters: [Filter]

    init(expression: Expression, filters: [Filter]) {
        self.expression = expression
        self.filters = filters
    }
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
