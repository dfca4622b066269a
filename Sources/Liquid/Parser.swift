import Foundation

/// Turns tokens into the node tree, one tag at a time; every error names its place.
struct Parser {
    /// A token after whitespace control, ready to parse.
    enum Item {
        /// Text after whitespace control, and the text as written (what `raw` keeps).
        case text(String, source: Substring)
        case output(markup: Substring, token: Token, Position)
        case tag(name: String, markup: Substring, token: Token?, Position)
        /// An opener without a closer, or a tag whose name is not a word.
        case malformed(Token)
    }

    var items: [Item]
    var i = 0
    let path: String
    var html: HTMLContextTracker?
    let depth: Int

    init(items: [Item], path: String, html: HTMLContextTracker?, depth: Int = 0) {
        self.items = items
        self.path = path
        self.html = html
        self.depth = depth
    }

    static let maxNesting = 100

    /// Tags that continue or end a block.
    static let closers: Set<String> = ["else", "elsif", "when", "endif", "endunless", "endfor", "endcase", "endcapture",
                                       "endtablerow", "endcomment", "endraw", "endifchanged", "enddoc"]

    /// Tokens to items: trims whitespace for `{%-`/`-%}` and splits each tag's name from its markup.
    /// `trimStart`: the text at the start is trimmed too, as after a `-%}` (a partial parsed after a
    /// caller whose last tag or output trims, as Ruby Liquid parses it).
    static func items(_ tokens: [Token], trimStart: Bool = false) -> [Item] {
        var out: [Item] = []
        var trimNext = trimStart
        for token in tokens {
            switch token.kind {
            case .text:
                var text = token.source
                if trimNext { text = text.drop(while: isRubySpace) }
                out.append(.text(String(text), source: token.source))
            case .output, .tag:
                if token.trimsLeft, case .text(let previous, let source) = out.last {
                    out[out.count - 1] = .text(trimmingTrailingSpace(previous), source: source)
                }
                if token.kind == .output {
                    let ranIntoTag = token.ends(with: "%}") && token.source.dropFirst(2).contains("{%")
                    out.append(token.isClosed && !ranIntoTag ? .output(markup: token.markup, token: token, token.position) : .malformed(token))
                } else if token.isClosed, let (name, markup) = tagName(token.markup) {
                    out.append(.tag(name: name, markup: markup, token: token, token.position))
                } else {
                    out.append(.malformed(token))
                }
            }
            trimNext = token.trimsRight
        }
        return out
    }

    /// `text` without the Ruby whitespace at its end (found by bytes: each of those characters is
    /// one ASCII byte, or CR LF, and none joins what comes before it).
    static func trimmingTrailingSpace(_ text: String) -> String {
        let u = text.utf8
        var end = u.endIndex
        while end > u.startIndex {
            let before = u.index(before: end)
            switch u[before] {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C: end = before
            default: return String(text[..<end])
            }
        }
        return ""
    }

    static func isRubySpace(_ c: Character) -> Bool {
        c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0B}" || c == "\u{0C}" || c == "\r\n"
    }

    /// `if x` → (`if`, ` x`); `# note` → (`#`, ` note`); nil when the tag has no word for a name.
    static func tagName(_ markup: Substring) -> (String, Substring)? {
        let s = markup.drop(while: isRubySpace)
        if s.first == "#" { return ("#", s.dropFirst()) }
        let name = s.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard !name.isEmpty else { return nil }
        return (String(name), s.dropFirst(name.count))
    }

    // MARK: Bodies

    /// Nodes up to one of `ends` (which is consumed and returned), or to the end when `ends` is empty.
    mutating func body(until ends: Set<String>, opener: (String, Position)?) throws(LiquidError) -> ([Node], (String, Substring, Position)?) {
        var nodes: [Node] = []
        while i < items.count {
            let item = items[i]
            i += 1
            switch item {
            case .text(let text, _):
                html?.consume(text)
                if !text.isEmpty { nodes.append(.text(text)) }
            case .output(let markup, _, let p):
                nodes.append(.output(try parse(markup, at: p) { (e: inout ExpressionParser) throws(FilterError) in try e.filtered() },
                                     html?.context ?? .text, p))
                html?.wroteOutput()
            case .malformed(let token):
                throw .syntax(malformedMessage(token), at: token.position)
            case .tag(let name, let markup, let token, let p):
                if ends.contains(name) { return (nodes, (name, markup, p)) }
                if let (open, openedAt) = opener, Self.closers.contains(name) {
                    throw .syntax("found '\(name)', but the '\(open)' tag opened at line \(openedAt.line) is still open; expected \(ends.sorted().map { "'\($0)'" }.joined(separator: " or "))", at: p)
                }
                if let node = try tag(name, markup, token: token, at: p) { nodes.append(node) }
            }
        }
        if let (name, p) = opener {
            throw .syntax("'\(name)' tag was never closed; expected \(ends.sorted().map { "'\($0)'" }.joined(separator: " or "))", at: p)
        }
        return (nodes, nil)
    }

    func malformedMessage(_ token: Token) -> String {
        if !token.isClosed {
            return token.kind == .tag ? "tag '{%' was not properly terminated; expected '%}'" : "output '{{' was not properly terminated; expected '}}'"
        }
        if token.kind == .output { return "output was not properly terminated; expected '}}'" }
        return "expected a tag name after '{%', found \(quoted(token.markup.trimmingSpaces))"
    }

    /// Runs an expression parser over `markup`, turning its complaints into syntax errors at `p`.
    func parse<T>(_ markup: Substring, at p: Position, _ body: (inout ExpressionParser) throws(FilterError) -> T) throws(LiquidError) -> T {
        do throws(FilterError) {
            var parser = try ExpressionParser(markup)
            return try body(&parser)
        } catch {
            throw .syntax("\(error.message) in \(quoted(markup.trimmingSpaces))", at: p)
        }
    }

    // MARK: Tags

    mutating func tag(_ name: String, _ markup: Substring, token: Token?, at p: Position) throws(LiquidError) -> Node? {
        switch name {
        case "#":
            let lines = markup.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: true).dropFirst()
            if lines.contains(where: { !$0.drop(while: Self.isRubySpace).hasPrefix("#") && !$0.allSatisfy(Self.isRubySpace) }) {
                throw .syntax("every line of an inline comment must start with '#'", at: p)
            }
            return nil
        case "assign":
            return try assign(markup, at: p)
        case "capture":
            let variable = try parse(markup, at: p) { (e: inout ExpressionParser) throws(FilterError) -> String in
                let v = try e.variableName("a variable name after 'capture'")
                try e.expectEnd()
                return v
            }
            let (body, _) = try block("capture", ends: ["endcapture"], at: p)
            return .capture(variable, body)
        case "if", "unless":
            return try conditional(name, markup, at: p)
        case "case":
            return try caseTag(markup, at: p)
        case "for", "tablerow":
            return try loop(name, markup, at: p)
        case "break": return .breakLoop
        case "continue": return .continueLoop
        case "cycle":
            return try cycle(markup, at: p)
        case "increment", "decrement":
            let variable = try parse(markup, at: p) { (e: inout ExpressionParser) throws(FilterError) -> String in
                let v = try e.variableName("a counter name")
                try e.expectEnd()
                return v
            }
            return name == "increment" ? .increment(variable, p) : .decrement(variable, p)
        case "echo":
            defer { html?.wroteOutput() }
            if markup.allSatisfy(Self.isRubySpace) { return .output(FilteredExpression(expression: .literal(.nil), filters: []), html?.context ?? .text, p) }
            return .output(try parse(markup, at: p) { (e: inout ExpressionParser) throws(FilterError) in try e.filtered() }, html?.context ?? .text, p)
        case "raw":
            guard markup.allSatisfy(Self.isRubySpace) else { throw .syntax("'raw' takes no arguments", at: p) }
            return .raw(try rawBody("raw", opening: token, at: p))
        case "doc":
            guard markup.allSatisfy(Self.isRubySpace) else { throw .syntax("'doc' takes no arguments", at: p) }
            _ = try rawBody("doc", opening: token, at: p)
            return nil
        case "comment":
            try skipComment(at: p)
            return nil
        case "ifchanged":
            let (body, _) = try block("ifchanged", ends: ["endifchanged"], at: p)
            return .ifchanged(body)
        case "liquid":
            return try liquid(markup, at: p)
        case "include", "render":
            return try inclusion(name, markup, at: p)
        default:
            if Self.closers.contains(name) {
                throw .syntax("unexpected '\(name)' here; no open block takes it", at: p)
            }
            throw .syntax("unknown tag '\(name)'", at: p)
        }
    }

    /// The body of a block tag up to its end tag.
    mutating func block(_ name: String, ends: Set<String>, at p: Position) throws(LiquidError) -> ([Node], (String, Substring, Position)?) {
        guard depth + 1 < Self.maxNesting else { throw .syntax("blocks are nested deeper than \(Self.maxNesting) levels", at: p) }
        var inner = Parser(items: items, path: path, html: html, depth: depth + 1)
        inner.i = i
        let result = try inner.body(until: ends, opener: (name, p))
        i = inner.i
        html = inner.html
        return result
    }

    mutating func assign(_ markup: Substring, at p: Position) throws(LiquidError) -> Node {
        try parse(markup, at: p) { (e: inout ExpressionParser) throws(FilterError) -> Node in
            let name = try e.variableName("a variable name after 'assign'")
            if name.hasSuffix("?") { throw FilterError("a variable name cannot end with '?'") }
            try e.expect(.assign, "'=' after the variable name")
            return .assign(name, try e.filtered(), p)
        }
    }

    mutating func conditional(_ name: String, _ markup: Substring, at p: Position) throws(LiquidError) -> Node {
        var branches: [Node.Branch] = []
        var condition: Condition? = try parseCondition(markup, at: p)
        let end = "end" + name
        var sawElse = false
        var ignored = false
        while true {
            let (body, closer) = try block(name, ends: ["elsif", "else", end], at: p)
            if !ignored { branches.append(.init(condition: condition, body: body)) }
            guard let (tag, tagMarkup, tagAt) = closer, tag != end else { break }
            if sawElse {
                ignored = true  // lax Liquid: blocks after the first `else` are never rendered
            } else if tag == "else" {
                sawElse = true
                condition = nil  // `{% else anything %}`: the words are ignored
            } else {
                condition = try parseCondition(tagMarkup, at: tagAt)
            }
        }
        return Self.suppressBlank(.conditional(branches, negateFirst: name == "unless", p))
    }

    func parseCondition(_ markup: Substring, at p: Position) throws(LiquidError) -> Condition {
        try parse(markup, at: p) { (e: inout ExpressionParser) throws(FilterError) -> Condition in
            let c = try e.condition()
            try e.expectEnd()
            return c
        }
    }

    mutating func caseTag(_ markup: Substring, at p: Position) throws(LiquidError) -> Node {
        let subject = try parse(markup, at: p) { (e: inout ExpressionParser) throws(FilterError) -> Expression in
            let s = try e.expression()
            try e.expectEnd()
            return s
        }
        var branches: [Node.CaseBranch] = []
        // Text before the first `when` is dropped.
        var (_, closer) = try block("case", ends: ["when", "else", "endcase"], at: p)
        while let (tag, tagMarkup, tagAt) = closer, tag != "endcase" {
            let values: [Expression] = tag == "else" ? [] : try parse(tagMarkup, at: tagAt) { (e: inout ExpressionParser) throws(FilterError) -> [Expression] in
                var values = [try e.expression()]
                while true {
                    if e.consume(.comma) {
                        values.append(try e.expression())
                    } else if e.isWord("or") {
                        e.advance()
                        values.append(try e.expression())
                    } else {
                        return values  // lax Liquid ignores anything else after the values
                    }
                }
            }
            let (body, next) = try block("case", ends: ["when", "else", "endcase"], at: p)
            branches.append(.init(values: values, isElse: tag == "else", body: body))
            closer = next
        }
        return Self.suppressBlank(.caseTag(subject, branches, p))
    }

    mutating func loop(_ name: String, _ markup: Substring, at p: Position) throws(LiquidError) -> Node {
        var loop = try parse(markup, at: p) { (e: inout ExpressionParser) throws(FilterError) -> Node.Loop in
            let variable = try e.variableName("a loop variable after '\(name)'")
            guard e.isWord("in") else { throw FilterError("expected 'in' after '\(variable)'") }
            e.advance()
            let collection = try e.expression()
            var loop = Node.Loop(variable: variable, collection: collection, reversed: false, limit: nil, offset: nil,
                                 offsetContinues: false, cols: nil, body: [], elseBody: [],
                                 name: variable + "-" + collection.source, position: p)
            if e.isWord("reversed") { e.advance(); loop.reversed = true }
            while !e.atEnd {
                if e.consume(.comma) { continue }
                let key = try e.identifier("'limit', 'offset'\(name == "tablerow" ? " or 'cols'" : "")")
                try e.expect(.colon, "':' after '\(key)'")
                switch key {
                case "limit": loop.limit = try e.expression()
                case "offset":
                    if e.isWord("continue") { e.advance(); loop.offsetContinues = true } else { loop.offset = try e.expression() }
                case "cols" where name == "tablerow": loop.cols = try e.expression()
                default: throw FilterError("unknown loop parameter '\(key)'")
                }
            }
            return loop
        }
        let end = "end" + name
        let (body, closer) = try block(name, ends: name == "for" ? ["else", end] : [end], at: p)
        loop.body = body
        if let (tag, _, _) = closer, tag == "else" {
            loop.elseBody = try block(name, ends: [end], at: p).0
        }
        loop.usesForloop = NodeScan.mentions(name == "for" ? "forloop" : "tablerowloop", in: loop.body)
        return Self.suppressBlank(name == "for" ? .forLoop(loop) : .tablerow(loop))
    }

    mutating func cycle(_ markup: Substring, at p: Position) throws(LiquidError) -> Node {
        try parse(markup, at: p) { (e: inout ExpressionParser) throws(FilterError) -> Node in
            var group: Expression?
            var values = [try e.expression()]
            if e.consume(.colon) {
                group = values[0]
                values = [try e.expression()]
            }
            while e.consume(.comma) { values.append(try e.expression()) }
            try e.expectEnd()
            return .cycle(group: group, values: values, key: values.map(\.source).joined(separator: ","), p)
        }
    }

    mutating func inclusion(_ name: String, _ markup: Substring, at p: Position) throws(LiquidError) -> Node {
        let inclusion = try parse(markup, at: p) { (e: inout ExpressionParser) throws(FilterError) -> Node.Inclusion in
            let template = try e.expression()
            if name == "render", case .literal(.string) = template {} else if name == "render" {
                throw FilterError("'render' needs the partial's name as a quoted string")
            }
            var inc = Node.Inclusion(name: template, bound: nil, isForLoop: false, alias: nil, keywords: [], position: p)
            if e.isWord("with") || e.isWord("for") {
                inc.isForLoop = e.isWord("for")
                e.advance()
                inc.bound = try e.expression()
            }
            // `as` names the bound value; Ruby Liquid takes it without `with` or `for` too.
            if e.isWord("as") {
                e.advance()
                inc.alias = try e.identifier("a name after 'as'")
            }
            _ = e.consume(.comma)
            while !e.atEnd {
                let key = try e.identifier("a keyword argument")
                try e.expect(.colon, "':' after '\(key)'")
                inc.keywords.append((key, try e.expression()))
                _ = e.consume(.comma)
            }
            return inc
        }
        return name == "include" ? .include(inclusion) : .render(inclusion)
    }
}

extension ExpressionParser {
    /// A name to assign to: a word, or digits (`assign 123 = ...` is allowed, as in Ruby Liquid).
    mutating func variableName(_ what: String) throws(FilterError) -> String {
        switch current {
        case .identifier(let name): advance(); return name
        case .integer(let n) where n >= 0: advance(); return String(n)
        default: throw FilterError("expected \(what), found \(describe(current))")
        }
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(String(drop(while: Parser.isRubySpace).reversed()).drop(while: Parser.isRubySpace).reversed())
    }
}

/// Markup quoted in a message: at most 120 code points of it, so a huge tag makes a readable error.
func quoted<S: StringProtocol>(_ s: S) -> String {
    let scalars = s.unicodeScalars
    guard scalars.count > 120 else { return "'\(s)'" }
    return "'" + String(String.UnicodeScalarView(scalars.prefix(120))) + "…'"
}
