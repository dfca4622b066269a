/// Expressions, filter chains and conditions compiled once, when a template is parsed, into
/// functions of a render's state: names, literals, filter numbers and positions are found here,
/// so a render only looks up values.
typealias Evaluation = @Sendable (RenderContext) throws(LiquidError) -> Value
typealias Test = @Sendable (RenderContext) throws(LiquidError) -> Bool
/// One filter of a chain: the value so far in, the filtered value out.
typealias FilterStep = @Sendable (RenderContext, Value) throws(LiquidError) -> Value

enum Compiler {
    /// An expression's value as it is (`empty` and `blank` stay special, for comparisons).
    static func expression(_ e: Expression, at p: Position) -> Evaluation {
        switch e {
        case .literal(let v):
            return { _ in v }
        case .range(let lo, let hi):
            // Two literals are read with `to_i` when parsed; anything else through `Integer()` (Ruby's RangeLookup).
            if case .literal(let a) = lo, case .literal(let b) = hi {
                return { c throws(LiquidError) in .range(try c.literalBound(a, at: p), try c.literalBound(b, at: p)) }
            }
            let low = expression(lo, at: p), high = expression(hi, at: p)
            return { c throws(LiquidError) in
                let a = try low(c), b = try high(c)
                do throws(FilterError) {
                    return .range(try Comparison.rangeBound(a), try Comparison.rangeBound(b))
                } catch {
                    throw .render("a range bound must be an integer: \(error.message)", at: p)
                }
            }
        case .variable(let path):
            return variable(path, at: p)
        }
    }

    /// `a.b[0]['c'][d]`: the first name found in the scopes, then each lookup in turn.
    static func variable(_ path: Expression.Path, at p: Position) -> Evaluation {
        enum Step: Sendable {
            case dot(Name)
            case bracket(Evaluation)
        }
        let steps: [Step] = path.lookups.map { lookup in
            switch lookup {
            case .dot(let name): .dot(name)
            case .bracket(let key): .bracket(expression(key, at: p))
            }
        }
        // What a remembered partial read: the first name and the names after it up to the first `[...]`.
        var dots: [Name] = []
        for step in steps {
            guard case .dot(let name) = step else { break }
            dots.append(name)
        }
        let named = dots
        let rootName: @Sendable (RenderContext) throws(LiquidError) -> Name
        switch path.root {
        case .name(let name):
            if steps.isEmpty {
                return { c in
                    let value = c.lookup(name)
                    if c.recording != nil { c.noteRead(name, [], value) }
                    return value
                }
            }
            if steps.count == 1, case .dot(let property) = steps[0] {
                return { c throws(LiquidError) in
                    let value = try RenderContext.property(of: c.lookup(name), property, at: p)
                    if c.recording != nil { c.noteRead(name, named, value) }
                    return value
                }
            }
            rootName = { _ in name }
        case .computed(let key):
            let k = expression(key, at: p)
            rootName = { c throws(LiquidError) in Name(try k(c).text) }
        }
        return { c throws(LiquidError) in
            let name = try rootName(c)
            var value = c.lookup(name)
            for (i, step) in steps.enumerated() {
                if i == named.count, c.recording != nil { c.noteRead(name, named, value) }
                switch step {
                case .dot(let property): value = try RenderContext.property(of: value, property, at: p)
                case .bracket(let key): value = RenderContext.index(value, try key(c))
                }
            }
            if named.count == steps.count, c.recording != nil { c.noteRead(name, named, value) }
            return value
        }
    }

    /// Whether a partial's output depends only on the variables it reads: no tag in it changes the
    /// render's state other than by assigning variables (counters, cycle, ifchanged, a loop's
    /// `offset: continue`) or stops a loop outside it (break, continue). A partial it includes must
    /// be so too, which is known only when it is met (see `PartialRecording.spoiled`).
    static func memoizable(_ nodes: [Node], insideLoop: Bool) -> Bool {
        nodes.allSatisfy { node in
            switch node {
            case .text, .raw, .output: true
            case .assign: true
            case .capture(_, let body): memoizable(body, insideLoop: insideLoop)
            // A partial it renders sees only what it is given; one it includes is checked when met.
            case .render, .include: true
            case .cycle, .increment, .decrement, .ifchanged: false
            case .breakLoop, .continueLoop: insideLoop
            case .conditional(let branches, _, _): branches.allSatisfy { memoizable($0.body, insideLoop: insideLoop) }
            case .caseTag(_, let branches, _): branches.allSatisfy { memoizable($0.body, insideLoop: insideLoop) }
            case .forLoop(let loop), .tablerow(let loop):
                !loop.offsetContinues && memoizable(loop.body, insideLoop: true) && memoizable(loop.elseBody, insideLoop: insideLoop)
            case .group(let nodes): memoizable(nodes, insideLoop: insideLoop)
            }
        }
    }

    /// `empty` and `blank` are special only as operands of a comparison; anywhere else they are ""
    /// (Ruby Liquid's `Expression::LITERALS`).
    static func value(_ e: Expression, at p: Position) -> Evaluation {
        if case .literal(let v) = e {
            switch v {
            case .empty, .blank: return { _ in .string("") }
            default: return { _ in v }
            }
        }
        let inner = expression(e, at: p)
        return { c throws(LiquidError) in
            let v = try inner(c)
            switch v {
            case .empty, .blank: return .string("")
            default: return v
            }
        }
    }

    /// `expression | filter: arg, key: value | ...`
    static func filtered(_ f: FilteredExpression, at p: Position) -> Evaluation {
        let start = value(f.expression, at: p)
        let filters = f.filters.map { filter($0, at: p) }
        switch filters.count {
        case 0: return start
        case 1:
            let only = filters[0]
            return { c throws(LiquidError) in try only(c, try start(c)) }
        default:
            return { c throws(LiquidError) in
                var value = try start(c)
                for filter in filters { value = try filter(c, value) }
                return value
            }
        }
    }

    /// One filter: its arguments evaluated, then the environment's filter of that name (else the
    /// standard one) applied, and what it made counted against the limits.
    static func filter(_ filter: FilteredExpression.Filter, at p: Position) -> FilterStep {
        let name = filter.name, number = filter.number, standard = filter.standard
        let arguments = filter.arguments.map { value($0, at: p) }
        let keywords = filter.keywords.map { ($0.0, value($0.1, at: p)) }
        if filter.isExpressionFilter {
            return { c, input throws(LiquidError) in
                try c.expressionFilter(name, input, try evaluateAll(arguments, c), at: p)
            }
        }
        return { c, input throws(LiquidError) in
            let args = try evaluateAll(arguments, c)
            var named: [String: Value] = [:]
            for (k, e) in keywords { named[k] = try e(c) }
            let table = c.environment.filterTable
            guard let definition = (number < table.count ? table[number] : nil) ?? standard else {
                if c.environment.strictFilters { throw .render("unknown filter '\(name)'", at: p) }
                return input
            }
            guard args.count >= definition.minArguments, args.count <= definition.maxArguments else {
                let expected = definition.minArguments == definition.maxArguments ? "\(definition.minArguments)" : "\(definition.minArguments) to \(definition.maxArguments)"
                throw .render("'\(name)' takes \(expected) argument\(definition.maxArguments == 1 ? "" : "s"), given \(args.count)", at: p)
            }
            let value: Value
            do throws(FilterError) {
                value = try definition.body(input, args, named, c.filterContext)
            } catch {
                throw LiquidError(error.isLimit ? .limit : .render, "\(name): \(error.message)", path: p.path, line: p.line, column: p.column)
            }
            try c.charge(value, name, at: p)
            return value
        }
    }

    static func evaluateAll(_ evaluations: [Evaluation], _ c: RenderContext) throws(LiquidError) -> [Value] {
        if evaluations.isEmpty { return [] }
        var values: [Value] = []
        values.reserveCapacity(evaluations.count)
        for e in evaluations { values.append(try e(c)) }
        return values
    }

    /// A condition of `if`, `unless` and `when`.
    static func condition(_ condition: Condition, at p: Position) -> Test {
        switch condition {
        case .value(let e):
            let value = expression(e, at: p)
            return { c throws(LiquidError) in try value(c).isTruthy }
        case .chain(let terms, let ands):
            let tests = terms.map { self.condition($0, at: p) }
            return { c throws(LiquidError) in
                var result = try tests[0](c)
                for (i, isAnd) in ands.enumerated() {
                    if isAnd != result { break }  // `and` after false, `or` after true: done
                    result = try tests[i + 1](c)
                }
                return result
            }
        case .compare(let a, let op, let b):
            let left = expression(a, at: p), right = expression(b, at: p)
            return { c throws(LiquidError) in
                let l = try left(c), r = try right(c)
                do throws(FilterError) {
                    return try Comparison.compare(l, op, r)
                } catch {
                    throw .render(error.message, at: p)
                }
            }
        }
    }
}
