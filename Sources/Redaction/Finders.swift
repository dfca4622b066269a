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

/// Street addresses: a house number, maybe a direction, a street's name, and a suffix (`14500
/// Livernois Ave`, `123 W. Grand River Avenue`), or a house number and a street the neighborhood's
/// basemap names (`14500 Livernois`), in any casing. A house number may be a range (`14500-14510`) or
/// have a half (`14500 1/2`, `14500½`); a unit that follows (`Apt 3`, `#4`, `Unit 5B`) goes with it.
/// A lowercase name must not hold a little word ("2 cars on Oak St" is a count), and with a suffix
/// written in full it needs a house number of three digits or more ("a 2 way street", "a 10 minute
/// drive" are not addresses).
public enum Addresses {
    public static let suffixes: Set<String> = [
        "street", "st", "avenue", "ave", "av", "road", "rd", "boulevard", "blvd", "drive", "dr", "lane", "ln", "court", "ct",
        "place", "pl", "way", "highway", "hwy", "parkway", "pkwy", "terrace", "ter", "circle", "cir", "trail", "trl",
        "freeway", "fwy", "expressway", "expy", "square", "sq",
    ]
    /// Suffixes that are not also everyday words.
    static let abbreviations: Set<String> = [
        "st", "ave", "av", "rd", "blvd", "dr", "ln", "ct", "pl", "hwy", "pkwy", "ter", "cir", "trl", "fwy", "expy", "sq",
    ]
    public static let directions: Set<String> = ["n", "s", "e", "w", "ne", "nw", "se", "sw", "north", "south", "east", "west"]
    /// Words that are never part of a street's name written in lowercase.
    static let littleWords: Set<String> = [
        "a", "an", "the", "on", "at", "in", "of", "and", "or", "near", "by", "from", "to", "for", "with", "between", "across",
        "off", "along", "is", "are", "was", "were", "be", "it", "this", "that", "these", "those", "we", "i", "you", "they",
        "he", "she", "my", "our", "your", "their", "his", "her", "every", "each", "per", "over", "under", "into", "onto",
        "down", "up", "out", "than", "then", "but", "not", "no", "so", "if", "as", "all", "more", "less", "about", "around",
    ]
    /// Words that begin a unit: `Apt 3`, `Unit 5B`, `Suite 200`.
    static let unitWords: Set<String> = ["apt", "apartment", "unit", "suite", "ste", "room", "rm", "fl", "floor", "bldg", "building", "lot", "flat", "no"]

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
            guard Bytes.isDigit(b[i]), i == 0 || !Bytes.isWordByte(b[i - 1]) && b[i - 1] != UInt8(ascii: "-") && b[i - 1] != UInt8(ascii: "/") else {
                i += 1
                continue
            }
            let (j, digits) = houseNumber(b, from: i)
            if digits > 6 { i = j; continue }
            if let f = address(b, number: i, after: j, digits: digits, streets: streets) {
                out.append(f)
                i = f.end
            } else {
                i = max(j, i + 1)
            }
        }
        return out
    }

    /// Where a house number starting at `from` ends (`123`, `123A`, `14500-14510`, `14500 1/2`, `14500½`), and its digits.
    static func houseNumber(_ b: [UInt8], from: Int) -> (end: Int, digits: Int) {
        func number(_ at: Int) -> Int {
            var j = at
            while j < b.count, Bytes.isDigit(b[j]), j - at < 8 { j += 1 }
            if j > at, j < b.count, Bytes.isLetter(b[j]), j + 1 >= b.count || !Bytes.isWordByte(b[j + 1]) { j += 1 }  // 123A
            return j
        }
        var j = number(from)
        var digits = 0
        while from + digits < b.count, Bytes.isDigit(b[from + digits]), digits < 8 { digits += 1 }
        if digits > 6 { return (j, digits) }
        // A range: 14500-14510.
        if j + 1 < b.count, b[j] == UInt8(ascii: "-"), Bytes.isDigit(b[j + 1]) {
            let k = number(j + 1)
            if k - j - 1 <= 7 { j = k }
        }
        // A half: "1/2" after a space, or the character ½ (C2 BD).
        if j + 4 <= b.count, b[j] == UInt8(ascii: " "), b[j + 1] == UInt8(ascii: "1"), b[j + 2] == UInt8(ascii: "/"), b[j + 3] == UInt8(ascii: "2"),
           j + 4 == b.count || !Bytes.isWordByte(b[j + 4]) {
            j += 4
        } else {
            var k = j
            if k < b.count, b[k] == UInt8(ascii: " ") { k += 1 }
            if k + 2 <= b.count, b[k] == 0xC2, b[k + 1] == 0xBD { j = k + 2 }
        }
        return (j, digits)
    }

    /// The words after a house number that make an address, if they do.
    static func address(_ b: [UInt8], number: Int, after: Int, digits: Int, streets: Set<String>) -> Redactor.Finding? {
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
        var proper = true
        for (n, w) in words.enumerated().dropFirst(first) {
            let lower = w.text.lowercased()
            if n > first, suffixes.contains(lower), !name.isEmpty, proper || abbreviations.contains(lower) || digits >= 3 {
                best = .init(kind: .address, start: number, end: w.end, streetStart: words[0].start, streetEnd: w.end)
                break
            }
            let capital = Bytes.isUpper(b[w.start]) || Bytes.isDigit(b[w.start])
            guard capital || !littleWords.contains(lower), n - first < 4 else { break }
            if !capital { proper = false }
            name.append(lower)
            let joined = name.joined(separator: " ")
            let withDirection = first == 1 ? words[0].text.lowercased().filter { $0 != "." } + " " + joined : joined
            if streets.contains(joined) || streets.contains(withDirection) {
                let end = w.period ? w.end - 1 : w.end
                best = .init(kind: .address, start: number, end: end, streetStart: words[0].start, streetEnd: end)
            }
        }
        guard var found = best else { return nil }
        // A number that is part of a street's own name (7 Mile Rd, W 8 Mile) is not a house number.
        let phrase = String(decoding: b[number..<found.end], as: UTF8.self).lowercased().filter { $0 != "." }
        if streets.contains(phrase) { return nil }
        if let before = previousWord(b, before: number), directions.contains(before), streets.contains(before + " " + phrase) { return nil }
        if let unit = unitEnd(b, at: found.end) { found.end = unit }
        return found
    }

    /// Where a unit that follows an address at `at` ends: `, Apt 3`, ` Unit 5B`, ` #4`, ` Suite 200`.
    static func unitEnd(_ b: [UInt8], at: Int) -> Int? {
        var j = at
        if j < b.count, b[j] == UInt8(ascii: ",") { j += 1 }
        guard j < b.count, b[j] == UInt8(ascii: " ") else { return nil }
        j += 1
        let wordStart = j
        while j < b.count, Bytes.isLetter(b[j]), j - wordStart < 10 { j += 1 }
        if j > wordStart {
            guard unitWords.contains(String(decoding: b[wordStart..<j], as: UTF8.self).lowercased()) else { return nil }
            if j < b.count, b[j] == UInt8(ascii: ".") { j += 1 }
            if j < b.count, b[j] == UInt8(ascii: " ") { j += 1 }
        }
        if j < b.count, b[j] == UInt8(ascii: "#") {
            j += 1
            if j < b.count, b[j] == UInt8(ascii: " ") { j += 1 }
        } else if j == wordStart {
            return nil
        }
        // The unit itself: a few letters and digits, with a digit or a single letter.
        let idStart = j
        while j < b.count, Bytes.isLetter(b[j]) || Bytes.isDigit(b[j]) || b[j] == UInt8(ascii: "-"), j - idStart < 8 { j += 1 }
        let id = b[idStart..<j]
        guard !id.isEmpty, id.contains(where: Bytes.isDigit) || id.count == 1, j >= b.count || !Bytes.isWordByte(b[j]) else { return nil }
        return j
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
        while end < b.count, Bytes.isWordByte(b[end]) || b[end] == UInt8(ascii: "'"), end - start < 64 { end += 1 }
        guard end > start else { return nil }
        let text = String(decoding: b[start..<end], as: UTF8.self)
        if end < b.count, b[end] == UInt8(ascii: ".") { return Word(start: start, end: end + 1, text: text, period: true) }
        return Word(start: start, end: end, text: text, period: false)
    }
}
