/// Ruby Liquid's blank-block rule: a block whose every branch holds only whitespace and silent tags
/// renders none of that whitespace either.
extension Parser {
    /// A block whose every branch holds only whitespace and silent tags renders no whitespace either.
    static func suppressBlank(_ node: Node) -> Node {
        guard isBlank(node) else { return node }
        func strip(_ nodes: [Node]) -> [Node] {
            nodes.filter { if case .text = $0 { return false } else { return true } }
        }
        switch node {
        case .conditional(let branches, let negate, let p):
            return .conditional(branches.map { .init(condition: $0.condition, body: strip($0.body)) }, negateFirst: negate, p)
        case .caseTag(let subject, let branches, let p):
            return .caseTag(subject, branches.map { .init(values: $0.values, isElse: $0.isElse, body: strip($0.body)) }, p)
        case .forLoop(var loop):
            loop.body = strip(loop.body)
            loop.elseBody = strip(loop.elseBody)
            return .forLoop(loop)
        default:
            return node
        }
    }

    static func isBlank(_ node: Node) -> Bool {
        switch node {
        case .text(let t): return t.allSatisfy(isRubySpace)
        case .assign, .capture: return true
        case .group(let nodes): return nodes.allSatisfy(isBlank)
        case .conditional(let branches, _, _): return branches.allSatisfy { $0.body.allSatisfy(isBlank) }
        case .caseTag(_, let branches, _): return branches.allSatisfy { $0.body.allSatisfy(isBlank) }
        case .forLoop(let loop): return loop.body.allSatisfy(isBlank) && loop.elseBody.allSatisfy(isBlank)
        case .raw(let s): return s.isEmpty
        default: return false
        }
    }
}
