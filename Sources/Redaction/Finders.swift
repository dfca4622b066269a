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

/// Phone numbers: North American (`313-555-0100`, `(313) 555-0100`, `+1 313 555 0100`, ten digits
/// in a row), international (`+44 20 7946 0958`: a `+` and 8 to 15 digits) and local (`555-0100`).
/// Dates (`2026-11-29`), years and counts have too few digits to be taken for one.
enum Phones {
    static func isSeparator(_ c: UInt8) -> Bool {
        c == UInt8(ascii: " ") || c == UInt8(ascii: "-") || c == UInt8(ascii: ".") || c == UInt8(ascii: "(") || c == UInt8(ascii: ")")
    }

    static func find(_ b: [UInt8]) -> [Redactor.Finding] {
        var out: [Redactor.Finding] = []
        var i = 0
        while i < b.count {
            let c = b[i]
            let startsHere = (Bytes.isDigit(c) || c == UInt8(ascii: "+") || c == UInt8(ascii: "("))
                && (i == 0 || !Bytes.isWordByte(b[i - 1]) && b[i - 1] != UInt8(ascii: "+"))
            guard startsHere, let end = match(b, from: i) else {
                i += 1
                continue
            }
            out.append(.init(kind: .phone, start: i, end: end))
            i = end
        }
        return out
    }

    /// The end of the longest phone number that starts at `start`, if one does.
    static func match(_ b: [UInt8], from start: Int) -> Int? {
        var i = start
        let plus = b[i] == UInt8(ascii: "+")
        if plus || b[i] == UInt8(ascii: "(") { i += 1 }
        var groups: [(end: Int, length: Int, separator: UInt8?)] = []
        var separator: UInt8?
        while i < b.count {
            let groupStart = i
            while i < b.count, Bytes.isDigit(b[i]) { i += 1 }
            guard i > groupStart else { break }
            groups.append((i, i - groupStart, separator))
            // One separator (or "). " / ") ") between groups; anything else ends the number.
            var j = i, seps = 0
            separator = nil
            while j < b.count, isSeparator(b[j]), seps < 2 {
                if separator == nil || b[j] != UInt8(ascii: " ") { separator = b[j] }
                j += 1
                seps += 1
            }
            guard seps > 0, j < b.count, Bytes.isDigit(b[j]) else { break }
            i = j
            if groups.count > 6 { break }
        }
        var best: Int?
        var digits = 0
        for (k, g) in groups.enumerated() {
            digits += g.length
            // A number may not run on into a word ("555-0100abc").
            if g.end < b.count, Bytes.isWordByte(b[g.end]) { continue }
            if plus ? (8...15).contains(digits) : isNorthAmerican(b, start: start, groups: Array(groups[...k]), digits: digits) {
                best = g.end
            }
        }
        return best
    }

    static func isNorthAmerican(_ b: [UInt8], start: Int, groups: [(end: Int, length: Int, separator: UInt8?)], digits: Int) -> Bool {
        let lengths = groups.map(\.length)
        switch digits {
        case 10: return lengths == [10] || lengths == [3, 3, 4] || lengths == [3, 7] || lengths == [6, 4]
        case 11: return b[start] == UInt8(ascii: "1") && (lengths == [1, 3, 3, 4] || lengths == [11])
        case 7: return lengths == [3, 4] && (groups[1].separator == UInt8(ascii: "-") || groups[1].separator == UInt8(ascii: "."))
        default: return false
        }
    }
}

/// Street addresses: a house number, maybe a direction, a street's name, and a suffix (`14500
/// Livernois Ave`, `123 W. Grand River Avenue`), or a house number and a street the neighborhood's
/// basemap names (`14500 Livernois`).
public enum Addresses {
    public static let suffixes: Set<String> = [
        "street", "st", "avenue", "ave", "av", "road", "rd", "boulevard", "blvd", "drive", "dr", "lane", "ln", "court", "ct",
        "place", "pl", "way", "highway", "hwy", "parkway", "pkwy", "terrace", "ter", "circle", "cir", "trail", "trl",
        "freeway", "fwy", "expressway", "expy", "square", "sq",
    ]
    public static let directions: Set<String> = ["n", "s", "e", "w", "ne", "nw", "se", "sw", "north", "south", "east", "west"]

    struct Word {
        var start: Int
        var end: Int
        var text: String
        /// The word ends with a period (`St.`, `W.`), which then belongs to it.
        var period: Bool
    }

    static func find(_ b: [UInt8], streets: Set<String>) -> [Redactor.Finding] {
        var out: [Redactor.Finding] = []
        var i = 0
        while i < b.count {
            guard Bytes.isDigit(b[i]), i == 0 || !Bytes.isWordByte(b[i - 1]) && b[i - 1] != UInt8(ascii: "-") else {
                i += 1
                continue
            }
            var j = i
            while j < b.count, Bytes.isDigit(b[j]) { j += 1 }
            if j - i > 6 { i = j; continue }
            if j < b.count, Bytes.isLetter(b[j]), j + 1 >= b.count || !Bytes.isWordByte(b[j + 1]) { j += 1 }  // 123A
            if let f = address(b, number: i, after: j, streets: streets) {
                out.append(f)
                i = f.end
            } else {
                i = j
            }
        }
        return out
    }

    /// The words after a house number that make an address, if they do.
    static func address(_ b: [UInt8], number: Int, after: Int, streets: Set<String>) -> Redactor.Finding? {
        guard after < b.count, b[after] == UInt8(ascii: " ") else { return nil }
        var words: [Word] = []
        var k = after
        while words.count < 6, let w = word(b, at: k) {
            words.append(w)
            k = w.end
        }
        var first = 0
        if let w = words.first, directions.contains(w.text.lowercased()), words.count > 1 { first = 1 }
        guard first < words.count else { return nil }
        var best: Redactor.Finding?
        var name: [String] = []
        for (n, w) in words.enumerated().dropFirst(first) {
            let lower = w.text.lowercased()
            let isName = Bytes.isUpper(b[w.start]) || Bytes.isDigit(b[w.start])
            if n > first, suffixes.contains(lower), !name.isEmpty {
                best = .init(kind: .address, start: number, end: w.end, streetStart: words[0].start)
                break
            }
            guard isName, n - first < 4 else { break }
            name.append(lower)
            let joined = name.joined(separator: " ")
            let withDirection = first == 1 ? words[0].text.lowercased().filter { $0 != "." } + " " + joined : joined
            if streets.contains(joined) || streets.contains(withDirection) {
                best = .init(kind: .address, start: number, end: w.period ? w.end - 1 : w.end, streetStart: words[0].start)
            }
        }
        guard let found = best else { return nil }
        // A number that is part of a street's own name (7 Mile Rd, W 8 Mile) is not a house number.
        let phrase = String(decoding: b[number..<found.end], as: UTF8.self).lowercased().filter { $0 != "." }
        if streets.contains(phrase) { return nil }
        if let before = previousWord(b, before: number), directions.contains(before), streets.contains(before + " " + phrase) { return nil }
        return found
    }

    /// The word just before `at` (after one space), lowercased without its period.
    static func previousWord(_ b: [UInt8], before at: Int) -> String? {
        guard at >= 2, b[at - 1] == UInt8(ascii: " ") else { return nil }
        var start = at - 1
        while start > 0, Bytes.isWordByte(b[start - 1]) || b[start - 1] == UInt8(ascii: ".") { start -= 1 }
        guard start < at - 1 else { return nil }
        return String(decoding: b[start..<(at - 1)], as: UTF8.self).lowercased().filter { $0 != "." }
    }

    /// The word starting at `at` after one space, without a trailing comma; its period counted in.
    static func word(_ b: [UInt8], at: Int) -> Word? {
        guard at < b.count, b[at] == UInt8(ascii: " ") else { return nil }
        let start = at + 1
        var end = start
        while end < b.count, Bytes.isWordByte(b[end]) || b[end] == UInt8(ascii: "'") { end += 1 }
        guard end > start else { return nil }
        let text = String(decoding: b[start..<end], as: UTF8.self)
        if end < b.count, b[end] == UInt8(ascii: ".") { return Word(start: start, end: end + 1, text: text, period: true) }
        return Word(start: start, end: end, text: text, period: false)
    }
}
