/// Phone numbers: North American (`313-555-0100`, `(313) 555-0100`, `+1 313 555 0100`, `313 - 555 -
/// 0100`, `313.555.0100`, ten digits in a row), international (`+44 20 7946 0958`: a `+` and 8 to 15
/// digits) and local (`555-0100`), with an extension (`x12`, `ext. 12`) when one follows. Groups are
/// joined by at most one dash, dot or slash, with spaces and parentheses around it (a reader's text:
/// every dash and space already read as `-` and ` `). Dates (`2026-11-29`), years and counts have
/// too few digits, or the wrong groups, to be taken for one.
enum Phones {
    static func isSeparator(_ c: UInt8) -> Bool {
        c == UInt8(ascii: " ") || isMark(c) || c == UInt8(ascii: "(") || c == UInt8(ascii: ")")
    }

    static func isMark(_ c: UInt8) -> Bool { c == UInt8(ascii: "-") || c == UInt8(ascii: ".") || c == UInt8(ascii: "/") }

    static func find(_ b: [UInt8]) -> [Redactor.Finding] {
        var out: [Redactor.Finding] = []
        var i = 0
        while i < b.count {
            let c = b[i]
            // After a `+` that began no number ("++313-555-0100"), the digits may still begin one.
            let startsHere = (Bytes.isDigit(c) || c == UInt8(ascii: "+") || c == UInt8(ascii: "("))
                && (i == 0 || !Bytes.isWordByte(b[i - 1]))
            guard startsHere, let end = match(b, from: i) else {
                i += 1
                continue
            }
            out.append(.init(kind: .phone, start: i, end: end))
            i = end
        }
        return out
    }

    typealias Group = (end: Int, length: Int, separator: UInt8?)

    /// The end of the longest phone number that starts at `start`, if one does.
    static func match(_ b: [UInt8], from start: Int) -> Int? {
        var i = start
        let plus = b[i] == UInt8(ascii: "+")
        // A `)` belongs to a number only after its `(` ("(313) 555-0100"), never to the text around it.
        var open = b[i] == UInt8(ascii: "(")
        if plus || open { i += 1 }
        if plus, i < b.count, b[i] == UInt8(ascii: " ") || b[i] == UInt8(ascii: "(") {
            if b[i] == UInt8(ascii: "(") { open = true }
            i += 1
        }
        var groups: [Group] = []
        var separator: UInt8?
        while i < b.count {
            let groupStart = i
            while i < b.count, Bytes.isDigit(b[i]), i - groupStart < 16 { i += 1 }
            guard i > groupStart else { break }
            groups.append((i, i - groupStart, separator))
            // Between groups: at most four of space, parentheses and one dash, dot or slash.
            var j = i, count = 0, marks = 0
            separator = nil
            var parenthesesFit = true
            while j < b.count, isSeparator(b[j]), count < 4 {
                if b[j] == UInt8(ascii: "(") {
                    if open { parenthesesFit = false }
                    open = true
                } else if b[j] == UInt8(ascii: ")") {
                    if !open { parenthesesFit = false }
                    open = false
                }
                if isMark(b[j]) {
                    marks += 1
                    separator = b[j]
                } else if separator == nil || separator == UInt8(ascii: " ") {
                    separator = b[j]
                }
                j += 1
                count += 1
            }
            guard count > 0, marks <= 1, parenthesesFit, j < b.count, Bytes.isDigit(b[j]) else { break }
            i = j
            if groups.count > 6 { break }
        }
        var best: Int?
        var digits = 0
        for (k, g) in groups.enumerated() {
            digits += g.length
            let valid = plus ? (8...15).contains(digits) : isNorthAmerican(b, start: start, groups: Array(groups[...k]), digits: digits)
            guard valid else { continue }
            if let e = extensionEnd(b, at: g.end) {
                best = e
            } else if g.end >= b.count || !Bytes.isWordByte(b[g.end]) {
                // A number may not run on into a word ("555-0100abc").
                best = g.end
            }
        }
        return best
    }

    /// Where an extension that follows a number at `at` ends (`x12`, ` ext. 12`, `, extension 12`, ` #12`).
    static func extensionEnd(_ b: [UInt8], at: Int) -> Int? {
        var j = at
        while j < b.count, j - at < 2, b[j] == UInt8(ascii: " ") || b[j] == UInt8(ascii: ",") { j += 1 }
        let wordStart = j
        while j < b.count, Bytes.isLetter(b[j]), j - wordStart < 10 { j += 1 }
        let word = String(decoding: b[wordStart..<j], as: UTF8.self).lowercased()
        if word.isEmpty {
            guard j < b.count, b[j] == UInt8(ascii: "#") else { return nil }
            j += 1
        } else {
            guard ["x", "ext", "extn", "extension"].contains(word) else { return nil }
            if j < b.count, b[j] == UInt8(ascii: ".") { j += 1 }
            if j < b.count, b[j] == UInt8(ascii: ":") { j += 1 }
            if j < b.count, b[j] == UInt8(ascii: " ") { j += 1 }
            if j < b.count, b[j] == UInt8(ascii: "#") { j += 1 }
        }
        let digits = j
        while j < b.count, Bytes.isDigit(b[j]), j - digits < 7 { j += 1 }
        guard (1...6).contains(j - digits), j >= b.count || !Bytes.isWordByte(b[j]) else { return nil }
        return j
    }

    static func isNorthAmerican(_ b: [UInt8], start: Int, groups: [Group], digits: Int) -> Bool {
        let lengths = groups.map(\.length)
        switch digits {
        case 10: return lengths == [10] || lengths == [3, 3, 4] || lengths == [3, 7] || lengths == [6, 4]
        case 11: return b[start] == UInt8(ascii: "1") && (lengths == [1, 3, 3, 4] || lengths == [11] || lengths == [1, 10])
        case 7: return lengths == [3, 4] && (groups[1].separator == UInt8(ascii: "-") || groups[1].separator == UInt8(ascii: "."))
        default: return false
        }
    }
}
