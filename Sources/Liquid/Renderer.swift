/// Rendering nodes: each tag's behaviour, as in Ruby Liquid 5.
extension RenderContext {
    func render(_ nodes: [Node], into output: inout String, template: Template) throws(LiquidError) {
        for node in nodes {
            try render(node, into: &output, template: template)
            if interrupt != nil { return }
        }
    }

    func render(_ node: Node, into output: inout String, template: Template) throws(LiquidError) {
        switch node {
        case .text(let text):
            try write(text, into: &output, at: Position(path: template.path, line: 0, column: 0))
        case .output(let expression, let context, let p):
            let value = try evaluate(expression, at: p)
            try write(outputText(value, context: context), into: &output, at: p)
        case .assign(let name, let expression, let p):
            assign(name, try evaluate(expression, at: p))
        case .capture(let name, let body):
            var captured = ""
            try render(body, into: &captured, template: template)
            assign(name, .string(captured))
        case .conditional(let branches, let negateFirst, let p):
            for (n, branch) in branches.enumerated() {
                var taken = true
                if let condition = branch.condition {
                    taken = try evaluate(condition, at: p)
                    if n == 0 && negateFirst { taken.toggle() }
                }
                if taken {
                    try render(branch.body, into: &output, template: template)
                    return
                }
            }
        case .caseTag(let subject, let branches, let p):
            let value = try evaluate(subject, at: p)
            var runElse = true
            for branch in branches {
                if branch.isElse {
                    if runElse { try render(branch.body, into: &output, template: template) }
                    continue
                }
                for candidate in branch.values where Comparison.equal(value, try evaluate(candidate, at: p)) {
                    runElse = false
                    try render(branch.body, into: &output, template: template)
                }
                if interrupt != nil { return }
            }
        case .forLoop(let loop):
            try renderFor(loop, into: &output, template: template)
        case .tablerow(let loop):
            try renderTablerow(loop, into: &output, template: template)
        case .cycle(let group, let values, let key, let p):
            let register = try group.map { e throws(LiquidError) in "group:" + (try evaluate(e, at: p)).text } ?? "values:" + key
            let iteration = cycles[register] ?? 0
            let value = iteration < values.count ? try evaluate(values[iteration], at: p) : .nil
            cycles[register] = iteration + 1 >= values.count ? 0 : iteration + 1
            try write(outputText(value, context: .text), into: &output, at: p)
        case .increment(let name):
            let value = Comparison.integer(data[name]) ?? 0
            data[name] = .int(value + 1)
            try write(String(value), into: &output, at: Position(path: template.path, line: 0, column: 0))
        case .decrement(let name):
            let value = (Comparison.integer(data[name]) ?? 0) - 1
            data[name] = .int(value)
            try write(String(value), into: &output, at: Position(path: template.path, line: 0, column: 0))
        case .raw(let text):
            try write(text, into: &output, at: Position(path: template.path, line: 0, column: 0))
        case .include(let inclusion):
            try renderInclude(inclusion, into: &output)
        case .render(let inclusion):
            try renderPartial(inclusion, into: &output)
        case .breakLoop:
            interrupt = .breakLoop
        case .continueLoop:
            interrupt = .continueLoop
        case .ifchanged(let body):
            var captured = ""
            try render(body, into: &captured, template: template)
            if captured != lastChanged {
                lastChanged = captured
                try write(captured, into: &output, at: Position(path: template.path, line: 0, column: 0))
            }
        case .group(let nodes):
            try render(nodes, into: &output, template: template)
        }
    }

    // MARK: Loops

    /// The items a loop visits after `offset`, `limit` and `reversed`.
    func loopItems(_ loop: Node.Loop) throws(LiquidError) -> [Value] {
        let collection = try evaluate(loop.collection, at: loop.position)
        var from = 0
        if loop.offsetContinues {
            from = forOffsets[loop.name] ?? 0
        } else if let offset = loop.offset {
            from = try integerArgument(try evaluate(offset, at: loop.position), "offset", at: loop.position) ?? 0
        }
        let limit = try loop.limit.flatMap { e throws(LiquidError) in try integerArgument(try evaluate(e, at: loop.position), "limit", at: loop.position) }
        var items: [Value]
        switch collection {
        case .array(let a): items = a
        case .range: items = collection.arrayValue ?? []
        case .object(let o): items = o.pairs.map { .array([.string($0.0), $0.1]) }
        case .string(let s), .safe(let s): items = s.isEmpty ? [] : [collection]
        default: items = []
        }
        from = max(0, from)
        let end = limit.map { min(items.count, from + max(0, $0)) } ?? items.count
        items = from < end ? Array(items[from..<end]) : []
        forOffsets[loop.name] = from + items.count
        return loop.reversed ? items.reversed() : items
    }

    func integerArgument(_ v: Value, _ name: String, at p: Position) throws(LiquidError) -> Int? {
        switch v {
        case .nil: return nil
        case .int(let n): return n
        case .float(let d) where d.isFinite && abs(d) < 1e15: return Int(d)
        case .string(let s), .safe(let s):
            if let n = Int(s.trimmingCharacters(in: .whitespaces)) { return n }
            if let d = Double(s.trimmingCharacters(in: .whitespaces)), d.isFinite, abs(d) < 1e15 { return Int(d) }
        default: break
        }
        throw .render("'\(name)' must be a number, found \(v.text)", at: p)
    }

    func renderFor(_ loop: Node.Loop, into output: inout String, template: Template) throws(LiquidError) {
        let items = try loopItems(loop)
        guard !items.isEmpty else {
            try render(loop.elseBody, into: &output, template: template)
            return
        }
        let parent: Value = isolatedLoops == 0 ? (forloops.last.map { .object($0) } ?? .nil) : .nil
        try withScope { () throws(LiquidError) in
            for (index, item) in items.enumerated() {
                try countIteration(at: loop.position)
                setLocal(loop.variable, item)
                if loop.usesForloop {
                    let forloop = Object([
                        ("name", .string(loop.name)), ("length", .int(items.count)),
                        ("index", .int(index + 1)), ("index0", .int(index)),
                        ("rindex", .int(items.count - index)), ("rindex0", .int(items.count - index - 1)),
                        ("first", .bool(index == 0)), ("last", .bool(index == items.count - 1)), ("parentloop", parent),
                    ])
                    setLocal("forloop", .object(forloop))
                    forloops.append(forloop)
                }
                defer { if loop.usesForloop { forloops.removeLast() } }
                try render(loop.body, into: &output, template: template)
                if let signal = interrupt {
                    interrupt = nil
                    if signal == .breakLoop { break }
                }
            }
        }
    }

    func renderTablerow(_ loop: Node.Loop, into output: inout String, template: Template) throws(LiquidError) {
        let items = try loopItems(loop)
        var cols = items.count
        if let c = loop.cols, let n = try integerArgument(try evaluate(c, at: loop.position), "cols", at: loop.position) { cols = max(n, 1) }
        try write("<tr class=\"row1\">\n", into: &output, at: loop.position)
        try withScope { () throws(LiquidError) in
            for (index, item) in items.enumerated() {
                try countIteration(at: loop.position)
                let col0 = cols > 0 ? index % cols : index
                let row = cols > 0 ? index / cols + 1 : 1
                let tablerowloop = Object([
                    ("col", .int(col0 + 1)), ("col0", .int(col0)), ("col_first", .bool(col0 == 0)),
                    ("col_last", .bool(col0 + 1 == cols)), ("first", .bool(index == 0)), ("index", .int(index + 1)),
                    ("index0", .int(index)), ("last", .bool(index == items.count - 1)), ("length", .int(items.count)),
                    ("rindex", .int(items.count - index)), ("rindex0", .int(items.count - index - 1)), ("row", .int(row)),
                ])
                setLocal(loop.variable, item)
                setLocal("tablerowloop", .object(tablerowloop))
                try write("<td class=\"col\(col0 + 1)\">", into: &output, at: loop.position)
                try render(loop.body, into: &output, template: template)
                try write("</td>", into: &output, at: loop.position)
                if col0 + 1 == cols, index != items.count - 1 {
                    try write("</tr>\n<tr class=\"row\(row + 1)\">", into: &output, at: loop.position)
                }
                if let signal = interrupt {
                    interrupt = nil
                    if signal == .breakLoop { break }
                }
            }
        }
        try write("</tr>\n", into: &output, at: loop.position)
    }

    // MARK: Partials

    func partial(_ nameValue: Value, at p: Position) throws(LiquidError) -> (String, Template) {
        let name = nameValue.text
        guard depth < environment.limits.depth else {
            throw LiquidError(.limit, "partials are nested deeper than \(environment.limits.depth) levels", path: p.path, line: p.line, column: p.column)
        }
        guard let template = try environment.partials(name) else {
            throw .render("no partial named '\(name)'", at: p)
        }
        return (name, template)
    }

    /// `include`: the partial shares this render's variables.
    func renderInclude(_ inc: Node.Inclusion, into output: inout String) throws(LiquidError) {
        let (name, template) = try partial(try evaluate(inc.name, at: inc.position), at: inc.position)
        let variable = inc.alias ?? String(name.split(separator: "/").last ?? Substring(name))
        var scope: [String: Value] = [:]
        for (key, e) in inc.keywords { scope[key] = try evaluate(e, at: inc.position) }
        let bound = try inc.bound.map { e throws(LiquidError) in try evaluate(e, at: inc.position) } ?? lookup(variable)
        depth += 1
        defer { depth -= 1 }
        try withScope(scope) { () throws(LiquidError) in
            if case .array(let items) = bound {
                for item in items {
                    setLocal(variable, item)
                    try render(template.nodes, into: &output, template: template)
                    if interrupt != nil { break }
                }
            } else {
                if inc.bound != nil || !bound.isNil { setLocal(variable, bound) }
                try render(template.nodes, into: &output, template: template)
            }
        }
    }

    /// `render`: the partial sees only what is passed to it (and the environment's globals).
    func renderPartial(_ inc: Node.Inclusion, into output: inout String) throws(LiquidError) {
        let (name, template) = try partial(try evaluate(inc.name, at: inc.position), at: inc.position)
        let variable = inc.alias ?? String(name.split(separator: "/").last ?? Substring(name))
        var scope: [String: Value] = [:]
        for (key, e) in inc.keywords { scope[key] = try evaluate(e, at: inc.position) }
        let bound = try inc.bound.map { e throws(LiquidError) in try evaluate(e, at: inc.position) }
        func run(_ scope: [String: Value]) throws(LiquidError) {
            let child = RenderContext(environment: environment, data: Object())
            child.scopes = [scope]
            child.depth = depth + 1
            child.iterations = iterations
            child.outputBytes = outputBytes
            try child.render(template.nodes, into: &output, template: template)
            iterations = child.iterations
            outputBytes = child.outputBytes
        }
        if inc.isForLoop, let items = bound?.arrayValue {
            for (index, item) in items.enumerated() {
                var s = scope
                s[variable] = item
                s["forloop"] = .object(Object([
                    ("name", .string(variable)), ("length", .int(items.count)),
                    ("index", .int(index + 1)), ("index0", .int(index)),
                    ("rindex", .int(items.count - index)), ("rindex0", .int(items.count - index - 1)),
                    ("first", .bool(index == 0)), ("last", .bool(index == items.count - 1)),
                ]))
                try run(s)
            }
        } else {
            if let bound { scope[variable] = bound }
            try run(scope)
        }
    }
}

import Foundation
