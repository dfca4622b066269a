/// Questions asked of a parsed body before it is rendered.
enum NodeScan {
    /// True when the nodes may read `name` (an `include` may read anything, so it counts).
    static func mentions(_ name: String, in nodes: [Node]) -> Bool {
        nodes.contains { mentions(name, in: $0) }
    }

    static func mentions(_ name: String, in node: Node) -> Bool {
        switch node {
        case .text, .increment, .decrement, .raw, .breakLoop, .continueLoop: return false
        case .output(let f, _, _), .assign(_, let f, _): return mentions(name, in: f)
        case .capture(_, let body), .ifchanged(let body), .group(let body): return mentions(name, in: body)
        case .conditional(let branches, _, _):
            return branches.contains { ($0.condition.map { mentions(name, in: $0) } ?? false) || mentions(name, in: $0.body) }
        case .caseTag(let subject, let branches, _):
            return mentions(name, in: subject) || branches.contains { $0.values.contains { mentions(name, in: $0) } || mentions(name, in: $0.body) }
        case .forLoop(let l), .tablerow(let l):
            return [l.collection, l.limit, l.offset, l.cols].contains { $0.map { mentions(name, in: $0) } ?? false }
                || mentions(name, in: l.body) || mentions(name, in: l.elseBody)
        case .cycle(let group, let values, _, _):
            return (group.map { mentions(name, in: $0) } ?? false) || values.contains { mentions(name, in: $0) }
        case .include: return true
        case .render(let inc):
            return (inc.bound.map { mentions(name, in: $0) } ?? false) || inc.keywords.contains { mentions(name, in: $0.1) }
        }
    }

    static func mentions(_ name: String, in f: FilteredExpression) -> Bool {
        mentions(name, in: f.expression) || f.filters.contains { filter in
            filter.arguments.contains { mentions(name, in: $0) } || filter.keywords.contains { mentions(name, in: $0.1) }
                || ExpressionFilters.names.contains(filter.name)
        }
    }

    static func mentions(_ name: String, in c: Condition) -> Bool {
        switch c {
        case .value(let e): return mentions(name, in: e)
        case .compare(let a, _, let b): return mentions(name, in: a) || mentions(name, in: b)
        case .chain(let terms, _): return terms.contains { mentions(name, in: $0) }
        }
    }

    static func mentions(_ name: String, in e: Expression) -> Bool {
        switch e {
        case .literal: return false
        case .range(let a, let b): return mentions(name, in: a) || mentions(name, in: b)
        case .variable(let path):
            switch path.root {
            case .name(let n): if n.text == name { return true }
            case .computed: return true  // `[expr]` can name any variable
            }
            return path.lookups.contains { if case .bracket(let k) = $0 { return mentions(name, in: k) } else { return false } }
        }
    }
}
