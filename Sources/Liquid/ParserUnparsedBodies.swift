import Foundation

/// Bodies the parser does not parse as Liquid: `raw`, `doc`, `comment`, and the lines of `liquid`.
extension Parser {
    /// `raw` and `doc`: every token up to the end tag, as written: whitespace control inside the
    /// body (`{{- x -}}`, and the `-` of the tags around it) changes nothing in it. The end tag is
    /// the last `{%` of a token that ends with `%}` (`{% raw %}{{% endraw %}` is `{`).
    mutating func rawBody(_ name: String, opening: Token?, at p: Position) throws(LiquidError) -> String {
        var body = ""
        let end = "end" + name
        while i < items.count {
            let item = items[i]
            i += 1
            if case .text(_, let source) = item {
                body += source
                continue
            }
            guard let source = Self.token(of: item)?.source else { continue }
            if let (before, tagName, _) = Self.lastTag(in: source) {
                if tagName == end {
                    body += before
                    return body
                }
                if name == "doc", tagName == "doc" { throw .syntax("'doc' blocks cannot be nested", at: p) }
            }
            body += source
        }
        throw .syntax("'\(name)' tag was never closed; expected '\(end)'", at: p)
    }

    static func token(of item: Item) -> Token? {
        switch item {
        case .tag(_, _, let t, _): return t
        case .malformed(let t): return t
        case .output(_, let token, _): return token
        case .text: return nil
        }
    }

    /// The last `{% name ... %}` at the end of a token's source, with the text before it.
    static func lastTag(in source: Substring) -> (Substring, String, Bool)? {
        guard source.hasSuffix("%}") else { return nil }
        let body = source.dropLast(2)
        guard let open = body.range(of: "{%", options: .backwards) else { return nil }
        var inner = body[open.upperBound...]
        let trims = inner.first == "-"
        if trims { inner = inner.dropFirst() }
        if inner.last == "-" { inner = inner.dropLast() }
        let words = inner.split(whereSeparator: { isRubySpace($0) })
        guard let first = words.first, first.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return (source[..<open.lowerBound], String(first), trims)
    }

    /// Skips a comment body: nested comments and raw blocks count; malformed tags are errors.
    mutating func skipComment(at p: Position) throws(LiquidError) {
        var depth = 1
        while i < items.count {
            let item = items[i]
            i += 1
            switch item {
            case .malformed(let token): throw .syntax(malformedMessage(token), at: token.position)
            case .tag(let name, _, let token, _):
                if name == "comment" { depth += 1 }
                if name == "endcomment" { depth -= 1; if depth == 0 { return } }
                if name == "raw" { _ = try rawBody("raw", opening: token, at: p) }
            default: continue
            }
        }
        throw .syntax("'comment' tag was never closed; expected 'endcomment'", at: p)
    }

    /// `{% liquid %}`: one tag per line, without delimiters.
    mutating func liquid(_ markup: Substring, at p: Position) throws(LiquidError) -> Node {
        guard depth + 1 < Self.maxNesting else { throw .syntax("blocks are nested deeper than \(Self.maxNesting) levels", at: p) }
        var lines: [Item] = []
        let text = markup.replacingOccurrences(of: "\r\n", with: "\n")
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = raw
            if line.last == "\r" { line = line.dropLast() }
            let at = Position(path: p.path, line: p.line + n, column: n == 0 ? p.column : 1)
            guard !line.allSatisfy(Self.isRubySpace) else { continue }
            guard let (name, rest) = Self.tagName(line) else {
                throw .syntax("expected a tag name in the liquid tag, found \(quoted(line.trimmingSpaces))", at: at)
            }
            lines.append(.tag(name: name, markup: rest, token: nil, at))
        }
        var inner = Parser(items: lines, path: path, html: html, depth: depth + 1)
        let (nodes, _) = try inner.body(until: [], opener: nil)
        html = inner.html
        return .group(nodes)
    }
}
