import Escaping

/// A compiled node: writes its output, reading and changing the render's state. (A struct, so that
/// a block's array holds the function as it is, called without a conversion.)
struct Step: Sendable {
    let run: @Sendable (RenderContext, inout [UInt8]) throws(LiquidError) -> Void
}

/// A compiled body: its steps in order. After any step but text that leaves a `break` or `continue`
/// pending, the block stops (text is never a stopping point, as in Ruby Liquid's `BlockBody`).
struct Block: Sendable {
    let steps: [Step]
    /// For each step, whether a pending interrupt stops the block after it.
    let stops: [Bool]

    static let empty = Block(steps: [], stops: [])
}

/// `for` and `tablerow`, compiled.
struct CompiledLoop: Sendable {
    let variable: String
    let collection: Evaluation
    let reversed: Bool
    let limit: Evaluation?
    let offset: Evaluation?
    let offsetContinues: Bool
    let cols: Evaluation?
    let body: Block
    let elseBody: Block
    let usesForloop: Bool
    /// `variable-collection`, the key that `offset: continue` remembers.
    let name: String
    let position: Position
}

/// `include` and `render`, compiled.
struct CompiledInclusion: Sendable {
    let name: Evaluation
    let bound: Evaluation?
    let isForLoop: Bool
    let alias: String?
    let keywords: [(String, Evaluation)]
    let position: Position
}

/// Nodes to steps, once per template.
extension Compiler {
    static func block(_ nodes: [Node], path: String) -> Block {
        Block(steps: nodes.map { step($0, path: path) },
              stops: nodes.map { if case .text = $0 { false } else { true } })
    }

    static func loop(_ loop: Node.Loop, path: String) -> CompiledLoop {
        let p = loop.position
        return CompiledLoop(variable: loop.variable, collection: expression(loop.collection, at: p), reversed: loop.reversed,
                            limit: loop.limit.map { expression($0, at: p) }, offset: loop.offset.map { expression($0, at: p) },
                            offsetContinues: loop.offsetContinues, cols: loop.cols.map { expression($0, at: p) },
                            body: block(loop.body, path: path), elseBody: block(loop.elseBody, path: path),
                            usesForloop: loop.usesForloop, name: loop.name, position: p)
    }

    static func inclusion(_ inc: Node.Inclusion) -> CompiledInclusion {
        let p = inc.position
        return CompiledInclusion(name: expression(inc.name, at: p), bound: inc.bound.map { expression($0, at: p) }, isForLoop: inc.isForLoop,
                                 alias: inc.alias, keywords: inc.keywords.map { ($0.0, expression($0.1, at: p)) }, position: p)
    }

    static func step(_ node: Node, path: String) -> Step {
        let textPosition = Position(path: path, line: 0, column: 0)
        switch node {
        case .text(let text), .raw(let text):
            let bytes = Array(text.utf8)
            return Step { c, output throws(LiquidError) in try c.write(bytes, into: &output, at: textPosition) }
        case .output(let expression, let context, let p):
            let value = filtered(expression, at: p)
            return Step { c, output throws(LiquidError) in try c.writeOutput(try value(c), context: context, into: &output, at: p) }
        case .assign(let name, let expression, let p):
            let variable = Name(name), value = filtered(expression, at: p)
            return Step { c, _ throws(LiquidError) in c.assign(variable, try value(c)) }
        case .capture(let name, let body):
            let variable = Name(name), body = block(body, path: path)
            return Step { c, _ throws(LiquidError) in
                var captured: [UInt8] = []
                try c.run(body, into: &captured)
                c.assign(variable, .string(MostlyASCII.string(captured)))
            }
        case .conditional(let branches, let negateFirst, let p):
            let compiled = branches.map { (test: $0.condition.map { condition($0, at: p) }, body: block($0.body, path: path)) }
            return Step { c, output throws(LiquidError) in
                for n in compiled.indices {
                    if let test = compiled[n].test {
                        var taken = try test(c)
                        if n == 0 && negateFirst { taken.toggle() }
                        if !taken { continue }
                    }
                    try c.run(compiled[n].body, into: &output)
                    return
                }
            }
        case .caseTag(let subject, let branches, let p):
            let value = expression(subject, at: p)
            let compiled = branches.map { (values: $0.values.map { expression($0, at: p) }, isElse: $0.isElse, body: block($0.body, path: path)) }
            return Step { c, output throws(LiquidError) in
                // Every matching `when` renders (one body per matching value), then `else` if none did.
                let subject = try value(c)
                var runElse = true
                for branch in compiled {
                    if branch.isElse {
                        if runElse { try c.run(branch.body, into: &output) }
                        continue
                    }
                    for candidate in branch.values where Comparison.equal(subject, try candidate(c)) {
                        runElse = false
                        try c.run(branch.body, into: &output)
                    }
                }
            }
        case .forLoop(let l):
            let compiled = loop(l, path: path)
            return Step { c, output throws(LiquidError) in try c.renderFor(compiled, into: &output) }
        case .tablerow(let l):
            let compiled = loop(l, path: path)
            return Step { c, output throws(LiquidError) in try c.renderTablerow(compiled, into: &output) }
        case .cycle(let group, let values, _, let p):
            let groupValue = group.map { expression($0, at: p) }
            let literals = values.compactMap { e -> Value? in if case .literal(let v) = e { return v } else { return nil } }
            // Ruby keys an unnamed cycle by its values' `inspect`, e.g. `["a", "b"]`; one with other
            // expressions by the tag itself: each such tag counts for itself.
            let unnamed: Value = literals.count == values.count ? .string(Ruby.inspect(.array(literals))) : .string("\u{0}cycle \(p.path):\(p.line):\(p.column)")
            let compiled = values.map { expression($0, at: p) }
            return Step { c, output throws(LiquidError) in
                let register = EqlKey(try groupValue.map { g throws(LiquidError) in try g(c) } ?? unnamed)
                let iteration = c.cycles[register] ?? 0
                let value = iteration < compiled.count ? try compiled[iteration](c) : .nil
                c.cycles[register] = iteration + 1 >= compiled.count ? 0 : iteration + 1
                try c.writeOutput(value, context: .text, into: &output, at: p)
            }
        case .increment(let name, let p):
            return Step { c, output throws(LiquidError) in try c.count(name, up: true, into: &output, at: p) }
        case .decrement(let name, let p):
            return Step { c, output throws(LiquidError) in try c.count(name, up: false, into: &output, at: p) }
        case .include(let inc):
            let compiled = inclusion(inc)
            return Step { c, output throws(LiquidError) in try c.renderInclude(compiled, into: &output) }
        case .render(let inc):
            let compiled = inclusion(inc)
            return Step { c, output throws(LiquidError) in try c.renderPartial(compiled, into: &output) }
        case .breakLoop:
            return Step { c, _ in c.interrupts.append(.breakLoop) }
        case .continueLoop:
            return Step { c, _ in c.interrupts.append(.continueLoop) }
        case .ifchanged(let body):
            let body = block(body, path: path)
            return Step { c, output throws(LiquidError) in
                var captured: [UInt8] = []
                try c.run(body, into: &captured)
                if captured != c.lastChanged {
                    c.lastChanged = captured
                    try c.write(captured, into: &output, at: textPosition)
                }
            }
        case .group(let nodes):
            let body = block(nodes, path: path)
            return Step { c, output throws(LiquidError) in try c.run(body, into: &output) }
        }
    }
}
