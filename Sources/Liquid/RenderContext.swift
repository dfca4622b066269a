/// The state of one render: variables, counters, loop and cycle registers, limits.
final class RenderContext {
    enum Interrupt { case breakLoop, continueLoop }

    let environment: Environment
    /// Innermost last; `assign` writes to the first (the template's own scope).
    var scopes: [[String: Value]]
    /// The data given to the render, where counters live too.
    var data: Object
    /// `break` and `continue` not yet handled, innermost last: a loop takes one after each pass, and
    /// any left over stop the blocks around it (Ruby Liquid keeps them on a stack too).
    var interrupts: [Interrupt] = []
    var cycles: [EqlKey: Int] = [:]
    var forOffsets: [String: Int] = [:]
    var lastChanged: String?
    var depth = 0
    var iterations = 0
    var outputBytes = 0
    /// Bytes of the values filters and tags made so far (`Limits.totalValueBytes`).
    var madeBytes = 0
    var forloops: [Object] = []
    /// Safe HTML met while escaping for Markdown, in order.
    var placeholders: [String] = []
    /// Set inside `render` partials: outer loops are not their parents.
    var isolatedLoops = 0

    init(environment: Environment, data: Object) {
        self.environment = environment
        self.data = data
        self.scopes = [[:]]
    }

    // MARK: Variables

    func lookup(_ name: String) -> Value {
        for scope in scopes.reversed() {
            if let v = scope[name] { return v }
        }
        if let v = data[name] { return v }
        return environment.globals[name] ?? .nil
    }

    func assign(_ name: String, _ value: Value) { scopes[0][name] = value }
    func setLocal(_ name: String, _ value: Value) { scopes[scopes.count - 1][name] = value }

    func withScope<T>(_ scope: [String: Value] = [:], _ body: () throws(LiquidError) -> T) throws(LiquidError) -> T {
        scopes.append(scope)
        defer { scopes.removeLast() }
        return try body()
    }

    // MARK: Output

    func write(_ text: String, into output: inout String, at p: Position) throws(LiquidError) {
        let (total, overflow) = outputBytes.addingReportingOverflow(text.utf8.count)
        outputBytes = overflow ? Int.max : total
        if outputBytes > environment.limits.outputBytes {
            throw LiquidError(.limit, "the output is larger than \(environment.limits.outputBytes) bytes", path: p.path, line: p.line, column: p.column)
        }
        output += text
    }

    func countIteration(at p: Position) throws(LiquidError) {
        iterations += 1
        if iterations > environment.limits.iterations {
            throw LiquidError(.limit, "loops ran more than \(environment.limits.iterations) times", path: p.path, line: p.line, column: p.column)
        }
    }

    /// The text an output writes: escaped for its context unless autoescaping is off or the value is safe.
    func outputText(_ value: Value, context: OutputContext) -> String {
        switch environment.escaping {
        case .none:
            return value.text
        case .html:
            if case .safe(let s) = value { return s }
            return HTMLEscaping.escape(value.text, for: context)
        case .markdown:
            if case .safe(let s) = value {
                placeholders.append(s)
                return Placeholders.token(placeholders.count - 1)
            }
            return Placeholders.escapeMarkdown(value.text)
        }
    }
}
