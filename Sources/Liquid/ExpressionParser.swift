/// Parses markup tokens into expressions, filters and conditions (Liquid's strict grammar).
struct ExpressionParser {
    private var tokens: [ExprToken]
    private var i = 0

    init(_ markup: Substring) throws(FilterError) {
        tokens = try ExpressionLexer.tokenize(markup)
    }

    var current: ExprToken { tokens[i] }
    var atEnd: Bool { tokens[i] == .end }
    func peek(_ k: Int = 1) -> ExprToken { i + k < tokens.count ? tokens[i + k] : .end }
    mutating func advance() { if i < tokens.count - 1 { i += 1 } }

    mutating func consume(_ t: ExprToken) -> Bool {
        if current == t { advance(); return true }
        return false
    }

    mutating func expect(_ t: ExprToken, _ what: String) throws(FilterError) {
        guard consume(t) else { throw FilterError("expected \(what), found \(describe(current))") }
    }

    mutating func expectEnd() throws(FilterError) {
        guard atEnd else { throw FilterError("unexpected \(describe(current))") }
    }

    mutating func identifier(_ what: String) throws(FilterError) -> String {
        if case .identifier(let name) = current { advance(); return name }
        throw FilterError("expected \(what), found \(describe(current))")
    }

    /// A word at the current position (`reversed`, `with`, `contains` …) without consuming it.
    func isWord(_ w: String) -> Bool { current == .identifier(w) }

    func describe(_ t: ExprToken) -> String {
        switch t {
        case .identifier(let s): return "'\(s)'"
        case .string(let s): return "string '\(s)'"
        case .integer(let n): return "number \(n)"
        case .float(let d): return "number \(d)"
        case .comparison(let op): return "'\(op)'"
        case .pipe: return "'|'"
        case .dot: return "'.'"
        case .dotDot: return "'..'"
        case .colon: return "':'"
        case .comma: return "','"
        case .openBracket: return "'['"
        case .closeBracket: return "']'"
        case .openParen: return "'('"
        case .closeParen: return "')'"
        case .assign: return "'='"
        case .end: return "the end of the tag"
        }
    }

    // MARK: Expressions

    /// How deep `[` and `(` may nest inside one expression.
    static let maxNesting = 100
    private var nesting = 0

    mutating func expression() throws(FilterError) -> Expression {
        nesting += 1
        defer { nesting -= 1 }
        guard nesting <= Self.maxNesting else { throw FilterError("expressions are nested deeper than \(Self.maxNesting) levels") }
        switch current {
        case .string(let s): advance(); return .literal(.string(s))
        case .integer(let n): advance(); return .literal(.int(n))
        case .float(let d): advance(); return .literal(.float(d))
        case .openParen:
            advance()
            let lo = try expression()
            try expect(.dotDot, "'..' in a range")
            let hi = try expression()
            try expect(.closeParen, "')' to close the range")
            return .range(lo, hi)
        case .identifier(let name):
            if peek() != .dot, peek() != .openBracket {
                switch name {
                case "nil", "null": advance(); return .literal(.nil)
                case "true": advance(); return .literal(.bool(true))
                case "false": advance(); return .literal(.bool(false))
                case "empty": advance(); return .literal(.empty)
                case "blank": advance(); return .literal(.blank)
                default: break
                }
            }
            advance()
            return .variable(try lookups(root: .name(Name(name))))
        case .openBracket:
            advance()
            let key = try expression()
            try expect(.closeBracket, "']'")
            return .variable(try lookups(root: .computed(key)))
        default:
            throw FilterError("expected a value, found \(describe(current))")
        }
    }

    mutating func lookups(root: Expression.Path.Root) throws(FilterError) -> Expression.Path {
        var lookups: [Expression.Path.Lookup] = []
        while true {
            if consume(.dot) {
                guard case .identifier(let name) = current else {
                    throw FilterError("expected a property name after '.', found \(describe(current))")
                }
                advance()
                lookups.append(.dot(Name(name)))
            } else if consume(.openBracket) {
                let key = try expression()
                try expect(.closeBracket, "']'")
                lookups.append(.bracket(key))
            } else {
                return Expression.Path(root: root, lookups: lookups)
            }
        }
    }

    /// `expression | filter: a, b, key: c ...` up to the end of the markup.
    mutating func filtered() throws(FilterError) -> FilteredExpression {
        let e = try expression()
        let filters = try self.filters()
        try expectEnd()
        return FilteredExpression(expression: e, filters: filters)
    }

    mutating func filters() throws(FilterError) -> [FilteredExpression.Filter] {
        var out: [FilteredExpression.Filter] = []
        while consume(.pipe) {
            let name = try identifier("a filter name after '|'")
            var arguments: [Expression] = []
            var keywords: [(String, Expression)] = []
            if consume(.colon) {
                repeat {
                    if case .identifier(let key) = current, peek() == .colon {
                        advance(); advance()
                        keywords.append((key, try expression()))
                    } else {
                        arguments.append(try expression())
                    }
                } while consume(.comma)
            }
            out.append(FilteredExpression.Filter(name: name, arguments: arguments, keywords: keywords))
        }
        return out
    }

    // MARK: Conditions

    /// `a == b and c or d`: `and` and `or` bind equally and group from the right (read in a loop).
    mutating func condition() throws(FilterError) -> Condition {
        var terms = [try comparison()]
        var ands: [Bool] = []
        while isWord("and") || isWord("or") {
            ands.append(isWord("and"))
            advance()
            terms.append(try comparison())
        }
        return terms.count == 1 ? terms[0] : .chain(terms: terms, ands: ands)
    }

    mutating func comparison() throws(FilterError) -> Condition {
        let left = try expression()
        if case .comparison(let op) = current {
            advance()
            return .compare(left, op, try expression())
        }
        if isWord("contains") {
            advance()
            return .compare(left, "contains", try expression())
        }
        return .value(left)
    }
}
