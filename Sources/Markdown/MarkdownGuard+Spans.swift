/// The guard's bounds on scans to the end of a paragraph: image openers, inline HTML and autolinks.
extension MarkdownGuard {
    // MARK: Image openers

    /// Each `![` costs the number of `]` after it in its paragraph: every link closed after it walks
    /// over it.
    mutating func imageOpeners(_ chunk: Range<Int>) {
        var closers = 0
        var i = chunk.lowerBound
        while i < chunk.upperBound {
            if b[i] == UInt8(ascii: "\\") { i += 2; continue }
            if b[i] == UInt8(ascii: "]") { closers += 1 }
            i += 1
        }
        i = chunk.lowerBound
        while i < chunk.upperBound {
            if b[i] == UInt8(ascii: "\\") { i += 2; continue }
            if b[i] == UInt8(ascii: "]") { closers -= 1 }
            if b[i] == UInt8(ascii: "!"), i + 1 < chunk.upperBound, b[i + 1] == UInt8(ascii: "["), !afford(closers, .imageOpeners) {
                mark(i + 1, .imageOpeners)
            }
            i += 1
        }
    }

    // MARK: Inline HTML

    /// `<!--`, `<?`, `<![CDATA[` and `<!X` declarations: each costs the distance to the next end of
    /// its kind (`-->`, `?>`, `]]>`, `>`) or to the end of the paragraph.
    mutating func htmlStarts(_ chunk: Range<Int>) {
        let ends = Self.htmlEnds
        // The last end found of each kind (chunk end: none left). Starts only move forward, so each
        // byte is looked at once per kind.
        var found = [Int](repeating: -1, count: ends.count)
        func nextEnd(_ kind: Int, after p: Int) -> Int {
            if found[kind] >= p { return found[kind] }
            let e = ends[kind]
            var k = max(p, found[kind] + 1)
            while k + e.count <= chunk.upperBound {
                if b[k] == e[0], e.count == 1 || (b[k + 1] == e[1] && (e.count == 2 || b[k + 2] == e[2])) {
                    found[kind] = k
                    return k
                }
                k += 1
            }
            found[kind] = chunk.upperBound
            return chunk.upperBound
        }
        var i = chunk.lowerBound
        while i < chunk.upperBound {
            if b[i] == UInt8(ascii: "\\") { i += 2; continue }
            guard b[i] == UInt8(ascii: "<"), i + 1 < chunk.upperBound else { i += 1; continue }
            var kind = -1
            if b[i + 1] == UInt8(ascii: "?") {
                kind = 1
            } else if b[i + 1] == UInt8(ascii: "!"), i + 2 < chunk.upperBound {
                let c = b[i + 2] | 0x20
                if b[i + 2] == UInt8(ascii: "-") { kind = 0 } else if b[i + 2] == UInt8(ascii: "[") { kind = 2 } else if c >= 0x61, c <= 0x7A { kind = 3 }
            }
            if kind >= 0, !afford(nextEnd(kind, after: i + 1) - i, .htmlStarts) { mark(i, .htmlStarts) }
            i += 1
        }
    }

    static let htmlEnds: [[UInt8]] = [Array("-->".utf8), Array("?>".utf8), Array("]]>".utf8), Array(">".utf8)]

    // MARK: Autolinks

    /// `www.` and `://` starts: each costs its run of non-space bytes (scanned to find the link's
    /// end) times one more than the `)` in it (each trailing `)` recounts the parentheses).
    mutating func autolinks(_ chunk: Range<Int>) {
        var i = chunk.lowerBound
        while i < chunk.upperBound {
            guard !Self.isSpace(b[i]) else { i += 1; continue }
            let start = i
            var end = i
            var parens = 0
            while end < chunk.upperBound, !Self.isSpace(b[end]) {
                if b[end] == UInt8(ascii: ")") { parens += 1 }
                end += 1
            }
            let length = end - start
            var k = start
            while k < end {
                var escapeAt = -1
                if b[k] == UInt8(ascii: "w"), k + 4 <= end, b[k + 1] == UInt8(ascii: "w"), b[k + 2] == UInt8(ascii: "w"),
                   b[k + 3] == UInt8(ascii: "."), k == start || !Self.isASCIIAlnum(b[k - 1]) {
                    escapeAt = k + 3
                } else if b[k] == UInt8(ascii: ":"), k + 3 <= end, b[k + 1] == UInt8(ascii: "/"), b[k + 2] == UInt8(ascii: "/") {
                    escapeAt = k
                }
                if escapeAt >= 0, !afford(Self.saturatingMultiply(length, parens + 3), .autolinks) {
                    mark(escapeAt, .autolinks)
                }
                k += 1
            }
            i = end
        }
    }
}
