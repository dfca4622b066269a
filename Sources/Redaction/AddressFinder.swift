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
