import CivilTime
import Loading
import Redaction

/// Words of a text with where they are: letters (and apostrophes inside a word) only.
enum WordScanner {
    struct Word {
        var text: String
        var lower: String
        /// Offsets in characters.
        var start: Int
        var end: Int
        /// The first word of the text or of a sentence, a line, a quotation or a title's part after a colon.
        var sentenceStart: Bool

        var capitalized: Bool { text.first?.isUppercase ?? false }
    }

    static func words(_ s: String) -> [Word] {
        var out: [Word] = []
        let chars = Array(s)
        var i = 0
        var startsSentence = true
        while i < chars.count {
            guard chars[i].isLetter else {
                let c = chars[i]
                if ".!?:;\n\"“>(—".contains(c) { startsSentence = true } else if !c.isWhitespace && !"'‘*_-–".contains(c) { startsSentence = false }
                i += 1
                continue
            }
            let start = i
            while i < chars.count, chars[i].isLetter || (chars[i] == "'" || chars[i] == "’") && i + 1 < chars.count && chars[i + 1].isLetter { i += 1 }
            var text = String(chars[start..<i])
            // "Maria's" is Maria; "don't" stays whole.
            for suffix in ["'s", "’s"] where text.hasSuffix(suffix) { text.removeLast(2) }
            guard !text.isEmpty else { continue }
            out.append(Word(text: text, lower: text.lowercased(), start: start, end: i, sentenceStart: startsSentence))
            startsSentence = false
        }
        return out
    }
}

/// Numbers of a text: integers ("14", "1,200"), decimals, ISO dates, slashed dates, "March 5" and "5th of March".
enum NumberScanner {
    enum Kind: Equatable {
        case integer(Int)
        case decimal(String)
        case date(CivilDate)
        case partialDate(month: Int, day: Int)
    }

    struct Token {
        var text: String
        var kind: Kind
    }

    static func tokens(_ s: String) -> [Token] {
        let chars = Array(s)
        var out: [Token] = []
        var i = 0
        while i < chars.count {
            guard chars[i].isASCII, chars[i].isNumber, i == 0 || !(chars[i - 1].isLetter || chars[i - 1].isNumber) else { i += 1; continue }
            var j = i
            while j < chars.count, chars[j].isASCII && chars[j].isNumber || (",./-".contains(chars[j]) && j + 1 < chars.count && chars[j + 1].isASCII && chars[j + 1].isNumber) { j += 1 }
            let text = String(chars[i..<j])
            out += classify(text, chars: chars, start: i, end: j)
            i = j
        }
        return out
    }

    static func classify(_ text: String, chars: [Character], start: Int, end: Int) -> [Token] {
        // 2024-03-05
        if text.count == 10, let d = CivilDate.parse(text) { return [Token(text: text, kind: .date(d))] }
        // 3/5/2024, 3/5/24, 3/5
        let slashed = text.split(separator: "/")
        if slashed.count >= 2, slashed.count <= 3, !text.contains("-"), !text.contains(","), !text.contains("."),
           let m = Int(slashed[0]), let d = Int(slashed[1]), (1...12).contains(m), (1...31).contains(d) {
            if slashed.count == 3, var y = Int(slashed[2]) {
                if y < 100 { y += 2000 }
                if let date = CivilDate(year: y, month: m, day: d) { return [Token(text: text, kind: .date(date))] }
            }
            return [Token(text: text, kind: .partialDate(month: m, day: d))]
        }
        // A range ("3-4 households") or any other dashed run: each part.
        if text.contains("-") || text.contains("/") {
            return text.split(whereSeparator: { $0 == "-" || $0 == "/" }).flatMap { part in
                classify(String(part), chars: [], start: 0, end: 0).map { Token(text: text, kind: $0.kind) }
            }
        }
        var digits = text
        // 1,200 (commas between groups of three)
        let groups = text.split(separator: ",", omittingEmptySubsequences: false)
        if groups.count > 1, groups.dropFirst().allSatisfy({ $0.count == 3 }), (1...3).contains(groups[0].count) {
            digits = groups.joined()
        } else if groups.count > 1 {
            return groups.flatMap { classify(String($0), chars: [], start: 0, end: 0) }
        }
        if digits.contains(".") {
            let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
            if parts.count == 2, parts[1].allSatisfy({ $0 == "0" }), let v = Int(parts[0]) { return [Token(text: text, kind: .integer(v))] }
            return [Token(text: text, kind: .decimal(digits))]
        }
        guard let value = Int(digits.prefix(18)) else { return [] }
        // "March 5", "March 5th, 2024", "5 March", "5th of March": a day of a month.
        if !chars.isEmpty, (1...31).contains(value), let month = monthAround(chars, start: start, end: end) {
            return [Token(text: text, kind: .partialDate(month: month, day: value))]
        }
        return [Token(text: text, kind: .integer(value))]
    }

    /// The month named just before the number ("March 5") or just after it ("5th of March", "5 March").
    static func monthAround(_ chars: [Character], start: Int, end: Int) -> Int? {
        var k = start - 1
        while k >= 0, chars[k] == " " || chars[k] == "." { k -= 1 }
        var wordEnd = k + 1
        while k >= 0, chars[k].isLetter { k -= 1 }
        if wordEnd > k + 1, let m = Words.months[String(chars[(k + 1)..<wordEnd]).lowercased()] { return m }
        var j = end
        while j < chars.count, chars[j].isLetter, j - end < 2 { j += 1 }  // 5th
        while j < chars.count, chars[j] == " " { j += 1 }
        var start2 = j
        if j + 2 < chars.count, String(chars[j..<(j + 2)]).lowercased() == "of", chars[j + 2] == " " {
            j += 3
            start2 = j
        }
        wordEnd = start2
        while wordEnd < chars.count, chars[wordEnd].isLetter { wordEnd += 1 }
        if wordEnd > start2, let m = Words.months[String(chars[start2..<wordEnd]).lowercased()] {
            // "5 may" in lowercase is too often not a date; the month must be capitalized.
            return chars[start2].isUppercase ? m : nil
        }
        return nil
    }
}
