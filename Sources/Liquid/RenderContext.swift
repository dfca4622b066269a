/// The state of one render: variables, counters, loop and cycle registers, limits.
///
/// One render is one thread's, and no access to a property here overlaps another (arguments are
/// evaluated before a property is changed): the properties are not checked for exclusive access at
/// run time (`@exclusivity(unchecked)`), which would cost a call on every variable lookup.
final class RenderContext {
    enum Interrupt { case breakLoop, continueLoop }

    let environment: Environment
    /// What filters are told about this render (made once, not per filter).
    let filterContext: FilterContext
    /// Innermost last; `assign` writes to the first (the template's own scope).
    @exclusivity(unchecked) var scopes: [Object]
    /// The data given to the render, where counters live too.
    @exclusivity(unchecked) var data: Object
    /// `break` and `continue` not yet handled, innermost last: a loop takes one after each pass, and
    /// any left over stop the blocks around it (Ruby Liquid keeps them on a stack too).
    @exclusivity(unchecked) var interrupts: [Interrupt] = []
    @exclusivity(unchecked) var cycles: [EqlKey: Int] = [:]
    @exclusivity(unchecked) var forOffsets: [String: Int] = [:]
    @exclusivity(unchecked) var lastChanged: [UInt8]?
    @exclusivity(unchecked) var depth = 0
    @exclusivity(unchecked) var iterations = 0
    @exclusivity(unchecked) var outputBytes = 0
    /// Bytes of the values filters and tags made so far (`Limits.totalValueBytes`).
    @exclusivity(unchecked) var madeBytes = 0
    @exclusivity(unchecked) var forloops: [Object] = []
    /// Safe HTML met while escaping for Markdown, in order (partials included).
    @exclusivity(unchecked) var placeholders: [String] = []
    /// `render` partials around the current node: inside one, `include` is an error (Ruby Liquid's).
    @exclusivity(unchecked) var renderDepth = 0
    /// Ruby Liquid parses a partial when a render first meets it, carrying the whitespace control of
    /// whatever it parsed last: true when that ended with `-%}` or `-}}`, so the partial met next
    /// loses its leading whitespace (docs/liquid.md, "Whitespace control carried into partials").
    @exclusivity(unchecked) var trimsNextPartial = false
    /// Each partial met in this render, whether it was met trimmed (it stays so for the render), and its body.
    @exclusivity(unchecked) var partialsMet: [String: MetPartial] = [:]
    /// What the partial being remembered read (see `PartialMemo`); nil when none is.
    @exclusivity(unchecked) var recording: PartialRecording?

    /// A partial as this render met it.
    struct MetPartial {
        let trimmed: Bool
        let body: Block
        let memoizable: Bool
        let template: Template
    }

    init(environment: Environment, data: Object) {
        self.environment = environment
        self.data = data
        self.scopes = [Object()]
        var filterContext = FilterContext(now: environment.now, timeZone: environment.timeZone, autoescape: environment.autoescape,
                                          maxValueBytes: environment.limits.valueBytes)
        filterContext.dates = environment.dates
        self.filterContext = filterContext
    }

    // MARK: Variables

    func lookup(_ name: Name) -> Value {
        var i = scopes.count - 1
        while i >= 0 {
            if let v = scopes[i][name] { return v }
            i -= 1
        }
        if let v = data[name] { return v }
        return environment.globals[name] ?? .nil
    }

    func assign(_ name: Name, _ value: Value) {
        scopes[0].set(name, value)
        if let made = recording, made.isolated == 0 { recording?.assigns.append((name, value)) }
    }
    func setLocal(_ name: String, _ value: Value) { scopes[scopes.count - 1][name] = value }

    func withScope<T>(_ scope: Object = Object(), _ body: () throws(LiquidError) -> T) throws(LiquidError) -> T {
        scopes.append(scope)
        defer { scopes.removeLast() }
        return try body()
    }

    // MARK: Output

    /// Counts `count` more bytes of output against the limit.
    func countOutput(_ count: Int, at p: @autoclosure () -> Position) throws(LiquidError) {
        let (total, overflow) = outputBytes.addingReportingOverflow(count)
        outputBytes = overflow ? Int.max : total
        if outputBytes > environment.limits.outputBytes {
            let p = p()
            throw LiquidError(.limit, "the output is larger than \(environment.limits.outputBytes) bytes", path: p.path, line: p.line, column: p.column)
        }
    }

    func write(_ text: String, into output: inout [UInt8], at p: @autoclosure () -> Position) throws(LiquidError) {
        try countOutput(text.utf8.count, at: p())
        if text.utf8.withContiguousStorageIfAvailable({ output.append(contentsOf: $0) }) == nil {
            output.append(contentsOf: text.utf8)
        }
    }

    func write(_ bytes: [UInt8], into output: inout [UInt8], at p: @autoclosure () -> Position) throws(LiquidError) {
        try countOutput(bytes.count, at: p())
        output.append(contentsOf: bytes)
    }

    func countIteration(at p: Position) throws(LiquidError) {
        iterations += 1
        if iterations > environment.limits.iterations {
            throw LiquidError(.limit, "loops ran more than \(environment.limits.iterations) times", path: p.path, line: p.line, column: p.column)
        }
    }

    /// Writes what an output shows: escaped for its context unless autoescaping is off or the value
    /// is safe. Escaped text goes straight into `output`; the bytes it adds count against the limit.
    func writeOutput(_ value: Value, context: OutputContext, into output: inout [UInt8], at p: Position) throws(LiquidError) {
        switch environment.escaping {
        case .none:
            switch value {
            case .string(let s), .safe(let s): try write(s, into: &output, at: p)
            default: try write(value.text, into: &output, at: p)
            }
        case .html:
            switch value {
            case .safe(let s): try write(s, into: &output, at: p)
            case .string(let s): try writeEscaped(s, context: context, into: &output, at: p)
            default: try writeEscaped(value.text, context: context, into: &output, at: p)
            }
        case .markdown:
            if case .safe(let s) = value {
                placeholders.append(s)
                try write(Placeholders.token(placeholders.count - 1), into: &output, at: p)
            } else {
                try write(Placeholders.escapeMarkdown(value.text), into: &output, at: p)
            }
        }
    }

    func writeEscaped(_ s: String, context: OutputContext, into output: inout [UInt8], at p: Position) throws(LiquidError) {
        let before = output.count
        HTMLEscaping.escape(s, for: context, into: &output)
        try countOutput(output.count - before, at: p)
    }
}
