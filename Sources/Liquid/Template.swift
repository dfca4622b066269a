import Escaping
import Foundation
import Synchronization

/// A parsed Liquid template: parse once, render many times from any thread.
public final class Template: Sendable {
    /// The template compiled, ready to run.
    let block: Block
    public let path: String
    /// How long the last output was: room made up front for the next (pages of a kind are alike).
    let sizeHint = SizeHint()

    /// Parses `source`; `path` names the template in errors. With `htmlContext`, each output
    /// learns where it lands in the HTML so autoescaping can fit text, attributes and URLs.
    public init(_ source: String, path: String = "template", htmlContext: Bool = false) throws(LiquidError) {
        self.path = path
        let tokens = Tokenizer.tokenize(source, path: path)
        var parser = Parser(items: Parser.items(tokens), path: path, html: htmlContext ? HTMLContextTracker() : nil)
        let nodes = try parser.body(until: [], opener: nil).0
        block = Compiler.block(nodes, path: path)
        let written = tokens.filter { $0.kind != .text || !$0.source.isEmpty }
        if let first = written.first, first.kind == .text, let c = first.source.first, Parser.isRubySpace(c) {
            var trimmed = Parser(items: Parser.items(tokens, trimStart: true), path: path, html: htmlContext ? HTMLContextTracker() : nil)
            blockAfterTrim = Compiler.block(try trimmed.body(until: [], opener: nil).0, path: path)
        } else {
            blockAfterTrim = nil
        }
        endsTrimming = written.last.map { $0.kind != .text && $0.trimsRight }
        memoizable = Compiler.memoizable(nodes, insideLoop: false)
    }

    /// Whether, as a partial, its output depends only on the variables it reads (see `PartialMemo`).
    let memoizable: Bool

    /// As a partial parsed after a trimming tag (`-%}`, `-}}`): the template with the leading
    /// whitespace gone; nil when it does not start with whitespace (then `block` serves).
    let blockAfterTrim: Block?
    /// Whether the template's last tag or output trims what follows (`-%}`, `-}}`): false when text
    /// comes last, nil when there is nothing at all. A partial parsed next starts trimmed when true.
    let endsTrimming: Bool?

    /// Renders with `data` as the variables; `environment` brings filters, partials, escaping and limits.
    public func render(_ data: Object = Object(), environment: Environment = Environment()) throws(LiquidError) -> String {
        try renderWithPlaceholders(data, environment: environment).text
    }

    /// With Markdown escaping, safe HTML values are written as placeholders (`\u{E000}n\u{E001}`)
    /// that survive the Markdown renderer; `Placeholders.restore` puts the HTML back afterwards.
    public func renderWithPlaceholders(_ data: Object = Object(), environment: Environment = Environment()) throws(LiquidError) -> (text: String, placeholders: [String]) {
        let (bytes, placeholders) = try renderBytes(data, environment: environment)
        return (MostlyASCII.string(bytes), placeholders)
    }

    /// The output as UTF-8 bytes, as it was written (a page on its way to a file needs no string).
    public func renderBytes(_ data: Object = Object(), environment: Environment = Environment()) throws(LiquidError) -> (bytes: [UInt8], placeholders: [String]) {
        let context = RenderContext(environment: environment, data: data)
        context.trimsNextPartial = endsTrimming ?? false
        var output: [UInt8] = []
        output.reserveCapacity(sizeHint.value.load(ordering: .relaxed))
        try context.run(block, into: &output)
        sizeHint.value.store(min(output.count, SizeHint.largest), ordering: .relaxed)
        return (output, context.placeholders)
    }
}

/// What a render may use beyond its data: filters, partials, escaping, the clock, limits.
public struct Environment: Sendable {
    /// Finds a partial by name (`include 'name'`, `render 'name'`); nil when there is none.
    public var partials: @Sendable (String) throws(LiquidError) -> Template? {
        didSet { forgetPartials() }
    }
    /// How outputs that are not marked safe are escaped.
    public var escaping: Escaping {
        didSet { forgetPartials() }
    }
    /// Whether renders with this environment (and its copies) reuse a partial's output when it reads
    /// the same values again (see `PartialMemo`): the same bytes, made once.
    public var remembersPartials: Bool {
        get { memo != nil }
        set { memo = newValue ? PartialMemo() : nil }
    }
    /// Outputs of partials, shared by the copies of this environment; made anew when anything that
    /// shapes an output changes.
    private(set) var memo: PartialMemo?

    /// Lets go of the partials' outputs kept so far (see `PartialMemo.forgetOutputs`).
    public func forgetRememberedOutputs() { memo?.forgetOutputs() }

    private mutating func forgetPartials() {
        if memo != nil { memo = PartialMemo() }
    }
    /// Escaping for HTML (each output for its HTML context).
    public var autoescape: Bool { escaping == .html }
    /// Filters beyond the standard ones (Jekyll's, the site's); they win over standard names.
    public var filters: [String: Filter] {
        didSet {
            filterTable = FilterNames.table(filters)
            forgetPartials()
        }
    }
    /// `filters` at the numbers their names were given (`FilterNames`): found without hashing a name.
    private(set) var filterTable: [Filter?]
    /// Unknown filters are errors (Ruby Liquid's `strict_filters`); otherwise they pass the value through.
    public var strictFilters: Bool {
        didSet { forgetPartials() }
    }
    /// Variables every template and partial sees, `render` partials included (site-wide values).
    public var globals: Object {
        didSet { forgetPartials() }
    }
    /// What `date` formats for the words `now` and `today`: seconds since 1970, given by the caller.
    public var now: Int64 {
        didSet {
            dates = DateCache.of(now: now, zone: timeZone)
            forgetPartials()
        }
    }
    /// The time zone dates are shown in: a fixed offset from UTC, or a rule that gives one per instant.
    public var timeZone: TimeZone {
        didSet {
            dates = DateCache.of(now: now, zone: timeZone)
            forgetPartials()
        }
    }
    public var limits: Limits {
        didSet { forgetPartials() }
    }
    /// Dates `date` has read, for `now` and `timeZone` (shared with other environments that have the same).
    var dates: DateCache

    public init(partials: @escaping @Sendable (String) throws(LiquidError) -> Template? = { _ in nil }, autoescape: Bool = false,
                escaping: Escaping? = nil,
                filters: [String: Filter] = [:], strictFilters: Bool = false, globals: Object = Object(),
                timeZone: TimeZone = .gmt, now: Int64 = 0, limits: Limits = Limits(), remembersPartials: Bool = true) {
        self.memo = remembersPartials ? PartialMemo() : nil
        self.partials = partials
        self.escaping = escaping ?? (autoescape ? .html : .none)
        self.filters = filters
        self.filterTable = FilterNames.table(filters)
        self.strictFilters = strictFilters
        self.globals = globals
        self.now = now
        self.timeZone = timeZone
        self.limits = limits
        self.dates = DateCache.of(now: now, zone: timeZone)
    }

    /// Bounds no template can break: they end the render with an error.
    public struct Limits: Sendable {
        /// Nesting of `include` and `render`.
        public var depth = 64
        /// Loop iterations in one render, all loops together.
        public var iterations = 10_000_000
        /// Bytes of output in one render (captured text included).
        public var outputBytes = 256 << 20
        /// Bytes of any one value a filter or tag makes: a string's UTF-8, 16 for each array item
        /// (a range is counted as the array it would become).
        public var valueBytes = 256 << 20
        /// Bytes of all the values filters and tags make in one render, together (as `valueBytes`
        /// counts them): what bounds `append` in a loop.
        public var totalValueBytes = 2 << 30

        public init() {}
    }
}

/// What `{{ output }}` escapes.
public enum Escaping: Sendable, Equatable {
    /// Nothing: for text formats and the `render` command's default.
    case none
    /// HTML, for where each output lands (text, attribute, URL); safe values pass.
    case html
    /// Markdown: punctuation backslash-escaped and newlines joined, so text cannot add links, images
    /// or structure; safe values become placeholders for HTML restored after the Markdown renderer.
    case markdown
}

/// A filter: the value on the left, positional arguments, keyword arguments.
public struct Filter: Sendable {
    public typealias Body = @Sendable (Value, [Value], [String: Value], FilterContext) throws(FilterError) -> Value
    public var minArguments: Int
    public var maxArguments: Int
    public var body: Body

    public init(arguments: ClosedRange<Int> = 0...0, _ body: @escaping Body) {
        minArguments = arguments.lowerBound
        maxArguments = arguments.upperBound
        self.body = body
    }
}

/// What a filter may know about the render it runs in.
public struct FilterContext: Sendable {
    public var now: Int64
    public var timeZone: TimeZone
    public var autoescape: Bool
    /// Where `date` keeps what it formatted (the environment's, when the render has one).
    var dates: DateCache?
    /// The largest value the filter may make (`Limits.valueBytes`): a filter that would make a larger
    /// one throws `FilterError.limit` before making it.
    public var maxValueBytes: Int

    public init(now: Int64 = 0, timeZone: TimeZone = .gmt, autoescape: Bool = false, maxValueBytes: Int = Environment.Limits().valueBytes) {
        self.now = now
        self.timeZone = timeZone
        self.autoescape = autoescape
        self.maxValueBytes = maxValueBytes
    }

    /// Throws a limit error unless `bytes` fit in one value.
    public func check(_ bytes: Int, _ what: @autoclosure () -> String) throws(FilterError) {
        if bytes > maxValueBytes { throw FilterError.limit("\(what()) would be larger than \(maxValueBytes) bytes") }
    }
}

/// The size of a template's last output, shared by the threads that render it.
final class SizeHint: Sendable {
    /// No more than this is made room for up front (a huge page does not make every later one reserve as much).
    static let largest = 1 << 20
    let value = Atomic<Int>(0)
}
