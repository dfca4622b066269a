/// `name@example.org`: a local part, `@`, and a domain with a dot and a top-level name of letters.
enum Emails {
    static func isLocal(_ c: UInt8) -> Bool {
        Bytes.isDigit(c) || Bytes.isLetter(c) || c == UInt8(ascii: ".") || c == UInt8(ascii: "_") || c == UInt8(ascii: "%")
            || c == UInt8(ascii: "+") || c == UInt8(ascii: "-")
    }

    static func isDomain(_ c: UInt8) -> Bool { Bytes.isDigit(c) || Bytes.isLetter(c) || c == UInt8(ascii: ".") || c == UInt8(ascii: "-") }

    static func find(_ b: [UInt8]) -> [Redactor.Finding] {
        var out: [Redactor.Finding] = []
        var lastEnd = 0
        for at in b.indices where b[at] == UInt8(ascii: "@") && at >= lastEnd {
            var start = at
            while start > lastEnd, isLocal(b[start - 1]) { start -= 1 }
            while start < at, b[start] == UInt8(ascii: ".") { start += 1 }
            guard start < at else { continue }
            var end = at + 1
            while end < b.count, isDomain(b[end]) { end += 1 }
            while end > at + 1, b[end - 1] == UInt8(ascii: ".") || b[end - 1] == UInt8(ascii: "-") { end -= 1 }
            guard let dot = b[(at + 1)..<end].lastIndex(of: UInt8(ascii: ".")), dot > at + 1, end - dot - 1 >= 2,
                  b[(dot + 1)..<end].allSatisfy(Bytes.isLetter) else { continue }
            out.append(.init(kind: .email, start: start, end: end))
            lastEnd = end
        }
        return out
    }
}


/// E-mail addresses spelled out so that a program would not see them: `jane at example dot com`,
/// `jane [at] example [dot] com`, `jane (at) example.com`, `jane @ example . com`. A word, an "at",
/// and labels joined by "dot"s, the last of 2 to 24 letters, with at least one "dot" or `.`.
enum SpelledEmails {
    /// How an "at" or a "dot" was written.
    enum Spelling { case symbol, word, bracketed }

    static func find(_ b: [UInt8]) -> [Redactor.Finding] {
        var out: [Redactor.Finding] = []
        var i = 0
        var lastEnd = 0
        while i < b.count {
            let c = b[i]
            guard c == 0x20 || c == UInt8(ascii: "@") || c == UInt8(ascii: "[") || c == UInt8(ascii: "(") || c == UInt8(ascii: "{") || c == UInt8(ascii: "<") else {
                i += 1
                continue
            }
            guard let (atEnd, at) = token(b, at: i, word: atWord, symbol: UInt8(ascii: "@")) else {
                i += 1
                continue
            }
            // The local part: the word just before the "at".
            var start = i
            while start > lastEnd, Emails.isLocal(b[start - 1]) { start -= 1 }
            while start < i, b[start] == UInt8(ascii: ".") { start += 1 }
            guard start < i, start == 0 || !Bytes.isWordByte(b[start - 1]) else {
                i += 1
                continue
            }
            // Labels joined by dots; "info at example.com" is prose, so a bare "at" needs a spelled "dot".
            // "look at the dot on the map" is prose: no word of the address may be a little word.
            var prose = Addresses.littleWords.contains(String(decoding: b[start..<i], as: UTF8.self).lowercased())
            var j = atEnd
            var labels = 0
            var spelledDot = false
            var end: Int?
            while labels < 10 {
                let labelStart = j
                while j < b.count, Bytes.isLetter(b[j]) || Bytes.isDigit(b[j]) || b[j] == UInt8(ascii: "-"), j - labelStart < 64 { j += 1 }
                guard j > labelStart else { break }
                labels += 1
                let label = b[labelStart..<j]
                if labels >= 2, !prose, at != .word || spelledDot, (2...24).contains(label.count), label.allSatisfy(Bytes.isLetter),
                   j >= b.count || !Bytes.isWordByte(b[j]) {
                    end = j
                }
                if Addresses.littleWords.contains(String(decoding: label, as: UTF8.self).lowercased()) { prose = true }
                guard let (next, dot) = token(b, at: j, word: dotWord, symbol: UInt8(ascii: ".")) else { break }
                if dot != .symbol { spelledDot = true }
                j = next
            }
            if let end {
                out.append(.init(kind: .email, start: start, end: end))
                lastEnd = end
                i = end
            } else {
                i += 1
            }
        }
        return out
    }

    /// Where a spelled-out `word` (or its `symbol`) that starts at `at` ends, and how it was written:
    /// ` at `, `[at]`, ` (at) `, ` @ `, `@`. A bare word needs a space on each side; a symbol takes a
    /// space after it only with one before it ("home. Then" is a sentence).
    static let atWord = Array("at".utf8), dotWord = Array("dot".utf8)

    static func token(_ b: [UInt8], at: Int, word w: [UInt8], symbol: UInt8) -> (Int, Spelling)? {
        var j = at
        let spaced = j < b.count && b[j] == UInt8(ascii: " ")
        if spaced { j += 1 }
        guard j < b.count else { return nil }
        let open = b[j]
        let close: UInt8? = open == UInt8(ascii: "[") ? UInt8(ascii: "]") : open == UInt8(ascii: "(") ? UInt8(ascii: ")")
            : open == UInt8(ascii: "{") ? UInt8(ascii: "}") : open == UInt8(ascii: "<") ? UInt8(ascii: ">") : nil
        if close != nil {
            j += 1
            if j < b.count, b[j] == UInt8(ascii: " ") { j += 1 }
        }
        var spelling: Spelling
        if j < b.count, b[j] == symbol {
            j += 1
            spelling = close == nil ? .symbol : .bracketed
        } else if j + w.count <= b.count, b[j] | 0x20 == w[0], b[j + 1] | 0x20 == w[1], w.count < 3 || b[j + 2] | 0x20 == w[2] {
            j += w.count
            guard close != nil || spaced && j < b.count && b[j] == UInt8(ascii: " ") else { return nil }
            spelling = close == nil ? .word : .bracketed
        } else {
            return nil
        }
        if let close {
            if j < b.count, b[j] == UInt8(ascii: " ") { j += 1 }
            guard j < b.count, b[j] == close else { return nil }
            j += 1
        }
        if j < b.count, b[j] == UInt8(ascii: " "), spaced || spelling != .symbol { j += 1 }
        return (j, spelling)
    }
}
