import Escaping

/// Rendering nodes: each tag's behaviour, as in Ruby Liquid 5.
extension RenderContext {
    /// A block's steps in order, stopping after any that leaves a `break` or `continue` pending.
    func run(_ block: Block, into output: inout [UInt8]) throws(LiquidError) {
        for i in block.steps.indices {
            try block.steps[i].run(self, &output)
            if block.stops[i] && !interrupts.isEmpty { return }
        }
    }

    /// `increment` and `decrement`: the counter lives in the render's data (Ruby's first environment);
    /// nil and false start at 0. `increment` writes the value before, `decrement` the value after.
    func count(_ name: String, up: Bool, into output: inout [UInt8], at p: Position) throws(LiquidError) {
        var current = data[name] ?? .nil
        if !current.isTruthy { current = .int(0) }
        let next: Value
        switch current {
        case .int(let n):
            let (r, overflow) = up ? n.addingReportingOverflow(1) : n.subtractingReportingOverflow(1)
            if overflow { throw .render("integer overflow: '\(name)' is \(n), and one \(up ? "more" : "less") does not fit in 64 bits", at: p) }
            next = .int(r)
        case .float(let d):
            next = .float(up ? d + 1 : d - 1)
        default:
            throw .render("'\(name)' holds \(Ruby.string(current).prefix(40)), which cannot be \(up ? "incremented" : "decremented")", at: p)
        }
        data[name] = next
        try write((up ? current : next).text, into: &output, at: p)
    }

    // MARK: Loops

    /// The items one loop visits: part of an array, or a stretch of a range, never expanded.
    struct Segment {
        enum Source {
            case items([Value])
            /// `start`, `start + step`, ...: a range visited without making its array.
            case range(start: Int, step: Int)
        }

        var source: Source
        var count: Int

        static let empty = Segment(source: .items([]), count: 0)

        subscript(i: Int) -> Value {
            switch source {
            case .items(let a): return a[i]
            case .range(let start, let step): return .int(step > 0 ? start + i : start - i)
            }
        }
    }

    /// Ruby Liquid's `slice_collection`: the items whose index is at least `from` and below `to`
    /// (a string is one item, whatever `from` and `to` say).
    func segment(_ collection: Value, from: Int, to: Int?, reversed: Bool, at p: Position) throws(LiquidError) -> Segment {
        func window(_ count: Int) -> Range<Int> {
            let lo = max(from, 0)
            let hi = min(count, to ?? count)
            return lo < hi ? lo..<hi : 0..<0
        }
        var out: Segment
        switch collection {
        case .string(let s), .safe(let s):
            out = s.isEmpty ? .empty : Segment(source: .items([collection]), count: 1)
        case .array(let a):
            let w = window(a.count)
            out = Segment(source: .items(Array(a[w])), count: w.count)
        case .object(let o):
            let w = window(o.count)
            out = Segment(source: .items(o.entries[w].map { .array([.string($0.key), $0.value]) }), count: w.count)
        case .range(let lo, let hi):
            guard let count = Value.rangeCount(lo, hi) else {
                throw .render("integer overflow: the range (\(lo)..\(hi)) has more items than fit in 64 bits", at: p)
            }
            let w = window(count)
            out = Segment(source: .range(start: lo + w.lowerBound, step: 1), count: w.count)
        default:
            out = .empty
        }
        if reversed, out.count > 1 {
            switch out.source {
            case .items(let a): out.source = .items(a.reversed())
            case .range(let start, _): out.source = .range(start: start + (out.count - 1), step: -1)
            }
        }
        return out
    }

    /// A loop's `offset` or `limit`: `Utils.to_integer` (an integer, or text that is one); nil when absent or nil.
    func loopInteger(_ e: Evaluation?, _ name: String, at p: Position) throws(LiquidError) -> Int? {
        guard let e else { return nil }
        let v = try e(self)
        if v.isNil { return nil }
        do throws(FilterError) {
            return try Ruby.integer(v)
        } catch {
            throw .render("'\(name)' must be an integer, found \(Ruby.string(v).prefix(40)) (\(error.message))", at: p)
        }
    }

    /// Ruby's `to_i` of an attribute: integers, floats truncated, text's leading integer, nil 0.
    func toI(_ e: Evaluation?, at p: Position) throws(LiquidError) -> Int? {
        guard let e else { return nil }
        let v = try e(self)
        guard let n = try Self.toI(v, naming: { _ in Ruby.string(v) }, at: p) else {
            throw .render("expected a number, found \(Ruby.string(v).prefix(40))", at: p)
        }
        return n
    }

    /// The segment a `for` visits after `offset`, `limit` and `reversed`; remembers where it ended for `offset: continue`.
    func loopSegment(_ loop: CompiledLoop) throws(LiquidError) -> Segment {
        let from = loop.offsetContinues ? (forOffsets[loop.name] ?? 0) : (try loopInteger(loop.offset, "offset", at: loop.position) ?? 0)
        let collection = try loop.collection(self)
        let to = try loopInteger(loop.limit, "limit", at: loop.position).map { Self.saturatingSum($0, from) }
        let segment = try segment(collection, from: from, to: to, reversed: loop.reversed, at: loop.position)
        let offset = Self.saturatingSum(from, segment.count)
        forOffsets[loop.name] = offset
        if let made = recording, made.isolated == 0 { recording?.offsets.append((loop.name, offset)) }
        return segment
    }

    static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (s, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? Int.max : Int.min) : s
    }

    func renderFor(_ loop: CompiledLoop, into output: inout [UInt8]) throws(LiquidError) {
        let items = try loopSegment(loop)
        guard items.count > 0 else {
            try run(loop.elseBody, into: &output)
            return
        }
        let parent: Value = forloops.last.map { .object($0) } ?? .nil
        try withScope { () throws(LiquidError) in
            var index = 0
            while index < items.count {
                try countIteration(at: loop.position)
                setLocal(loop.variable, items[index])
                if loop.usesForloop {
                    var forloop = Object([
                        ("name", .string(loop.name)), ("length", .int(items.count)),
                        ("index", .int(index + 1)), ("index0", .int(index)),
                        ("rindex", .int(items.count - index)), ("rindex0", .int(items.count - index - 1)),
                        ("first", .bool(index == 0)), ("last", .bool(index == items.count - 1)), ("parentloop", parent),
                    ])
                    forloop.loopDrop = .forloop
                    setLocal("forloop", .object(forloop))
                    forloops.append(forloop)
                }
                defer { if loop.usesForloop { forloops.removeLast() } }
                try run(loop.body, into: &output)
                if let signal = interrupts.popLast(), signal == .breakLoop { break }
                index += 1
            }
        }
    }

    func renderTablerow(_ loop: CompiledLoop, into output: inout [UInt8]) throws(LiquidError) {
        // tablerow reads its numbers with Ruby's `to_i` (2.6 is 2, '2' is 2, nil is 0).
        let from = try toI(loop.offset, at: loop.position) ?? 0
        let to = try toI(loop.limit, at: loop.position).map { Self.saturatingSum($0, from) }
        let collection = try loop.collection(self)
        guard collection.isTruthy else { return }  // nil or false: no table at all
        let items = try segment(collection, from: from, to: to, reversed: loop.reversed, at: loop.position)
        // Without `cols`, one row; with cols of 0 or less, one row too (no column is ever the last).
        let cols = try toI(loop.cols, at: loop.position) ?? items.count
        try write("<tr class=\"row1\">\n", into: &output, at: loop.position)
        try withScope { () throws(LiquidError) in
            var index = 0
            while index < items.count {
                try countIteration(at: loop.position)
                let col0 = cols > 0 ? index % cols : index
                let row = cols > 0 ? index / cols + 1 : 1
                var tablerowloop = Object([
                    ("col", .int(col0 + 1)), ("col0", .int(col0)), ("col_first", .bool(col0 == 0)),
                    ("col_last", .bool(col0 + 1 == cols)), ("first", .bool(index == 0)), ("index", .int(index + 1)),
                    ("index0", .int(index)), ("last", .bool(index == items.count - 1)), ("length", .int(items.count)),
                    ("rindex", .int(items.count - index)), ("rindex0", .int(items.count - index - 1)), ("row", .int(row)),
                ])
                setLocal(loop.variable, items[index])
                tablerowloop.loopDrop = .tablerowloop
                setLocal("tablerowloop", .object(tablerowloop))
                try write("<td class=\"col\(col0 + 1)\">", into: &output, at: loop.position)
                try run(loop.body, into: &output)
                try write("</td>", into: &output, at: loop.position)
                if let signal = interrupts.popLast(), signal == .breakLoop { break }
                if col0 + 1 == cols, index != items.count - 1 {
                    try write("</tr>\n<tr class=\"row\(row + 1)\">", into: &output, at: loop.position)
                }
                index += 1
            }
        }
        try write("</tr>\n", into: &output, at: loop.position)
    }

    // MARK: Partials

    /// The partial `nameValue` names, and its body as this render parsed it: trimmed at the start
    /// when the first meeting came after a trimming tag (`trimsNextPartial`), as every later one.
    /// The environment is asked once per name and render (Ruby Liquid caches partials so too).
    func partial(_ nameValue: Value, at p: Position) throws(LiquidError) -> (String, MetPartial) {
        let name = nameValue.text
        guard depth < environment.limits.depth else {
            throw LiquidError(.limit, "partials are nested deeper than \(environment.limits.depth) levels", path: p.path, line: p.line, column: p.column)
        }
        if let met = partialsMet[name] {
            if recording != nil { recording?.meet(name, met, depth: depth) }
            return (name, met)
        }
        guard let template = try environment.partials(name) else {
            throw .render("no partial named '\(name)'", at: p)
        }
        let trimmed = trimsNextPartial
        if let ends = template.endsTrimming { trimsNextPartial = ends }
        let met = MetPartial(trimmed: trimmed, body: trimmed ? template.blockAfterTrim ?? template.block : template.block,
                             memoizable: template.memoizable, template: template)
        partialsMet[name] = met
        if recording != nil { recording?.meet(name, met, depth: depth) }
        return (name, met)
    }

    /// `include`: the partial shares this render's variables; an array binds each item in turn.
    func renderInclude(_ inc: CompiledInclusion, into output: inout [UInt8]) throws(LiquidError) {
        if renderDepth > 0 { throw .render("include usage is not allowed in this context (inside a 'render' partial)", at: inc.position) }
        let (name, met) = try partial(try inc.name(self), at: inc.position)
        let body = met.body
        if !met.memoizable, let made = recording, made.isolated == 0 { recording?.spoiled = true }
        let variable = inc.alias ?? Self.lastComponent(name)
        var scope = Object()
        for (key, e) in inc.keywords { scope[key] = try e(self) }
        // Without `with`, the variable named as the partial is (its whole name, as Ruby looks it up).
        let bound = try inc.bound.map { e throws(LiquidError) in try e(self) } ?? {
            let named = Name(name)
            let found = lookup(named)
            if recording != nil { noteRead(named, [], found) }
            return found
        }()
        depth += 1
        defer { depth -= 1 }
        try withScope(scope) { () throws(LiquidError) in
            if case .array(let items) = bound {
                for item in items {
                    try countIteration(at: inc.position)
                    setLocal(variable, item)
                    try run(body, into: &output)
                }
            } else {
                setLocal(variable, bound)  // nil too: it hides a keyword argument of the same name, as in Ruby
                try runRemembering(body, memoizable: met.memoizable, template: met.template, trimmed: met.trimmed, at: inc.position, into: &output)
            }
        }
    }

    /// The name a partial's value is bound to: what follows its last `/` (`cards/story` → `story`).
    static func lastComponent(_ name: String) -> String {
        // In ASCII every byte is a character; other names are split by characters, as Ruby's `split` would.
        guard Name.isASCII(name) else { return String(name.split(separator: "/").last ?? Substring(name)) }
        guard let slash = name.utf8.lastIndex(of: UInt8(ascii: "/")) else { return name }
        let after = name[name.utf8.index(after: slash)...]
        // Ruby's `split('/').last`: trailing slashes are dropped with the empty parts after them.
        if after.isEmpty { return String(name.split(separator: "/").last ?? Substring(name)) }
        return String(after)
    }

    /// `render`: the partial sees only what is passed to it (and the environment's globals); `for`
    /// renders it once per item of an array, range or hash.
    func renderPartial(_ inc: CompiledInclusion, into output: inout [UInt8]) throws(LiquidError) {
        let (name, met) = try partial(try inc.name(self), at: inc.position)
        let variable = inc.alias ?? Self.lastComponent(name)
        let bound = try inc.bound.map { e throws(LiquidError) in try e(self) }
        func run(_ item: Value?, _ forloop: Object?) throws(LiquidError) {
            var scope = Object()
            if let forloop { scope["forloop"] = .object(forloop) }
            for (key, e) in inc.keywords { scope[key] = try e(self) }
            if let item, !item.isNil { scope[variable] = item }
            renderDepth += 1
            defer { renderDepth -= 1 }
            if recording != nil { recording?.isolated += 1 }
            defer { if recording != nil { recording?.isolated -= 1 } }
            try isolated(scope) { () throws(LiquidError) in
                try runRemembering(met.body, memoizable: met.memoizable, template: met.template, trimmed: met.trimmed, at: inc.position, into: &output)
            }
        }
        let items: Segment? = inc.isForLoop ? try bound.flatMap { b throws(LiquidError) -> Segment? in
            switch b {
            case .array, .range, .object: return try segment(b, from: 0, to: nil, reversed: false, at: inc.position)
            default: return nil
            }
        } : nil
        if let items {
            for index in 0..<items.count {
                try countIteration(at: inc.position)
                var forloop = Object([
                    ("name", .string(name)), ("length", .int(items.count)),
                    ("index", .int(index + 1)), ("index0", .int(index)),
                    ("rindex", .int(items.count - index)), ("rindex0", .int(items.count - index - 1)),
                    ("first", .bool(index == 0)), ("last", .bool(index == items.count - 1)), ("parentloop", .nil),
                ])
                forloop.loopDrop = .forloop
                try run(items[index], forloop)
            }
        } else {
            try run(bound, nil)
        }
    }

    /// Runs `body` one partial deeper, as a render of its own: `scope` its only variables, with new
    /// data (counters), loop, cycle and `ifchanged` registers; the budgets and the placeholders stay
    /// this render's. Everything is put back afterwards.
    func isolated(_ scope: Object, _ body: () throws(LiquidError) -> Void) throws(LiquidError) {
        let saved = (scopes, data, interrupts, cycles, forOffsets, lastChanged, forloops)
        scopes = [scope]
        data = Object()
        interrupts = []
        cycles = [:]
        forOffsets = [:]
        lastChanged = nil
        forloops = []
        depth += 1
        defer {
            (scopes, data, interrupts, cycles, forOffsets, lastChanged, forloops) = saved
            depth -= 1
        }
        try body()
    }
}
