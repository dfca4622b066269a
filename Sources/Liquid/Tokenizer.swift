/// Splits template source into text, `{{ output }}` and `{% tag %}` tokens, as Ruby Liquid 5 does.
///
/// An output token ends at the first `}` (taking a second `}` with it); one that meets `{%` first
/// runs on to the next `%}`. A tag token ends at the first `%}`. An opener without its closer is a
/// token of its own (`{{` or `{%`), which the parser reports unless a `raw`, `comment` or `doc`
/// body swallows it.
struct Token {
    enum Kind { case text, output, tag }

    var kind: Kind
    /// The whole token as written, delimiters included.
    var source: Substring
    var position: Position

    /// `{%-` or `{{-`.
    var trimsLeft: Bool { kind != .text && source.utf8.count >= 3 && source.utf8.dropFirst(2).first == UInt8(ascii: "-") }

    /// `-%}` or `-}}`.
    var trimsRight: Bool {
        guard kind != .text, isClosed else { return false }
        let u = source.utf8
        let closer = endsWithPair ? 2 : 1
        guard u.count >= closer + 3 else { return false }
        return u[u.index(u.endIndex, offsetBy: -(closer + 1))] == UInt8(ascii: "-")
    }

    /// The text between the delimiters and their `-` markers.
    var markup: Substring {
        guard kind != .text else { return source }
        var s = source.dropFirst(2)
        if s.first == "-" { s = s.dropFirst() }
        if isClosed {
            s = s.dropLast(endsWithPair ? 2 : 1)
            if trimsRight, s.last == "-" { s = s.dropLast() }
        }
        return s
    }

    /// Ends with its closing delimiter.
    var isClosed: Bool {
        switch kind {
        case .text: return true
        case .tag: return source.utf8.count >= 4 && ends(with: "%}")
        case .output: return source.utf8.count >= 3 && source.utf8.last == UInt8(ascii: "}")
        }
    }

    /// Ends in `%}` or `}}`.
    var endsWithPair: Bool { ends(with: "%}") || ends(with: "}}") }

    /// Whether the source's last bytes are `suffix`'s (ASCII delimiters: no need to compare characters).
    func ends(with suffix: StaticString) -> Bool {
        let n = suffix.utf8CodeUnitCount
        guard source.utf8.count >= n else { return false }
        return suffix.withUTF8Buffer { source.utf8.suffix(n).elementsEqual($0) }
    }
}

enum Tokenizer {
    static func tokenize(_ source: String, path: String) -> [Token] {
        var tokens: [Token] = []
        let u = source.utf8
        var i = u.startIndex
        var textStart = i
        var line = 1, column = 1
        var textLine = 1, textColumn = 1

        func advance(to end: String.UTF8View.Index, from start: String.UTF8View.Index) {
            var j = start
            while j < end {
                let b = u[j]
                if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
                j = u.index(after: j)
            }
        }
        func flushText(upTo end: String.UTF8View.Index) {
            if textStart < end {
                tokens.append(Token(kind: .text, source: source[textStart..<end], position: Position(path: path, line: textLine, column: textColumn)))
            }
        }
        func find(_ a: UInt8, _ b: UInt8, from start: String.UTF8View.Index) -> String.UTF8View.Index? {
            var j = start
            while j < u.endIndex {
                if u[j] == a {
                    let k = u.index(after: j)
                    if k < u.endIndex, u[k] == b { return u.index(after: k) }
                }
                j = u.index(after: j)
            }
            return nil
        }

        while i < u.endIndex {
            guard u[i] == UInt8(ascii: "{") else { i = u.index(after: i); continue }
            let next = u.index(after: i)
            guard next < u.endIndex, u[next] == UInt8(ascii: "{") || u[next] == UInt8(ascii: "%") else {
                i = next
                continue
            }
            flushText(upTo: i)
            advance(to: i, from: textStart)
            let position = Position(path: path, line: line, column: column)
            let bodyStart = u.index(after: next)
            var end: String.UTF8View.Index
            var kind: Token.Kind
            if u[next] == UInt8(ascii: "%") {
                kind = .tag
                end = find(UInt8(ascii: "%"), UInt8(ascii: "}"), from: bodyStart) ?? bodyStart
            } else {
                kind = .output
                end = bodyStart
                var j = bodyStart
                scan: while j < u.endIndex {
                    let b = u[j]
                    if b == UInt8(ascii: "}") {
                        let k = u.index(after: j)
                        end = (k < u.endIndex && u[k] == UInt8(ascii: "}")) ? u.index(after: k) : k
                        break scan
                    }
                    if b == UInt8(ascii: "{") {
                        let k = u.index(after: j)
                        if k < u.endIndex, u[k] == UInt8(ascii: "%") {
                            end = find(UInt8(ascii: "%"), UInt8(ascii: "}"), from: u.index(after: k)) ?? bodyStart
                            break scan
                        }
                    }
                    j = u.index(after: j)
                }
            }
            tokens.append(Token(kind: kind, source: source[i..<end], position: position))
            advance(to: end, from: i)
            i = end
            textStart = end
            textLine = line
            textColumn = column
        }
        flushText(upTo: u.endIndex)
        return tokens
    }
}
