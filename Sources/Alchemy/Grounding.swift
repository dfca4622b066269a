import CivilTime
import Loading
import Redaction

/// The four things a draft says; the rest of a story file (ids, coalition, how it was made) is not the writer's.
public struct DraftText: Sendable, Equatable {
    public var title: String
    public var narrative: String
    public var callToAction: String
    public var tags: [String]

    public init(title: String, narrative: String, callToAction: String, tags: [String]) {
        self.title = title
        self.narrative = narrative
        self.callToAction = callToAction
        self.tags = tags
    }
}

/// Checks a draft against its facts before it is written: lengths and tag format; every number a
/// count, year or date the facts support; every street or place in the facts or the basemap; no
/// phone number, e-mail or street address; no name of a person.
///
/// Names: every capitalized word must be an ordinary word (a built-in list of common words, or a
/// word the facts or the draft itself write in lowercase) or a known proper word: the basemap's
/// streets and parks, the reports' location labels, places the residents wrote after "on", "at",
/// "near"... or before "Street", "Park"..., the neighborhood, the coalition, category labels, the
/// call to action, months and weekdays; an all-capitals word (an acronym) the facts use; or, at the
/// start of a sentence, a word that starts a sentence of the residents' (a quotation). Anything else
/// is taken for a name the facts do not support, and so is a common first name that is not a place
/// of the facts (Warren Ave stays a street), wherever it was written.
public struct GroundingCheck: Sendable {
    public static let titleWords = 12
    public static let narrativeWords = 120...220
    public static let callToActionSentences = 1...2
    public static let callToActionWords = 60
    public static let tagCount = 1...5

    let facts: StoryFacts
    /// Numbers written in the facts (counts, years, and every number in their text), as digits.
    let numbers: Set<Int>
    let decimals: Set<String>
    let dates: Set<CivilDate>
    let placeWords: Set<String>
    let properWords: Set<String>
    let ordinaryWords: Set<String>
    let acronyms: Set<String>
    /// Capitalized words that begin a sentence of the residents' words: a draft that quotes them may begin with them too.
    let sentenceStarts: Set<String>
    let redactor: Redactor
    /// The basemap's names, lowercased.
    let streetNamesLower: [String]

    static let placeSuffixes: Set<String> = Addresses.suffixes.union(["park", "parks", "playground", "field", "plaza", "bridge"])
    static let placePrepositions: Set<String> = ["on", "at", "onto", "along", "near", "down", "up", "off", "between", "from", "to",
                                                  "toward", "towards", "across", "past", "via", "of", "by", "around"]

    public init(facts: StoryFacts) {
        self.facts = facts
        var numbers = Set<Int>()
        // Counts: all, by category, year, month, place, street; how many categories, years, months, places.
        numbers.insert(facts.count)
        for c in facts.counts { numbers.insert(c.count) }
        for y in facts.byYear { numbers.insert(y.count); numbers.insert(y.year) }
        for m in facts.byMonth { numbers.insert(m.count) }
        var places: [String: Int] = [:]
        var streetTally: [String: Int] = [:]
        for r in facts.reports {
            places[r.location, default: 0] += 1
            for s in r.streets { streetTally[s, default: 0] += 1 }
        }
        numbers.formUnion(places.values)
        numbers.formUnion(streetTally.values)
        numbers.formUnion([facts.counts.count, facts.byYear.count, facts.byMonth.count, places.count])
        // Spans: days, weeks, months and years from the first report to the last.
        let days = facts.last.daysSinceEpoch - facts.first.daysSinceEpoch
        let months = (facts.last.year * 12 + facts.last.month) - (facts.first.year * 12 + facts.first.month)
        numbers.formUnion([days, days + 1, days / 7, (days + 6) / 7, months, months + 1,
                           facts.last.year - facts.first.year, facts.last.year - facts.first.year + 1])
        var decimals = Set<String>()
        var dates = Set<CivilDate>()
        for r in facts.reports { dates.insert(r.day) }
        let texts = Self.factTexts(facts)
        for t in texts {
            for token in NumberScanner.tokens(t) {
                switch token.kind {
                case .integer(let v): numbers.insert(v)
                case .decimal(let s): decimals.insert(s)
                case .date, .partialDate: break
                }
            }
        }
        self.numbers = numbers
        self.decimals = decimals
        self.dates = dates

        var place = Set<String>()
        for name in facts.basemapNames + [facts.neighborhood, facts.place.phrase] + facts.reports.flatMap({ [$0.location] + $0.streets }) {
            for w in WordScanner.words(name) { place.insert(w.lower) }
        }
        for t in facts.reports.flatMap({ [$0.text, $0.title] }) { place.formUnion(Self.placesWritten(in: t)) }
        placeWords = place
        var proper = place
        for t in facts.categoryLabels + [facts.callToAction, facts.coalition?.name ?? ""] {
            for w in WordScanner.words(t) { proper.insert(w.lower) }
        }
        proper.formUnion(Words.months.keys)
        proper.formUnion(Words.weekdays)
        proper.insert("i")
        properWords = proper
        var ordinary = Words.common
        var acronyms = Set<String>()
        for t in texts {
            for w in WordScanner.words(t) {
                if !w.capitalized { ordinary.insert(w.lower) }
                if w.text.count >= 2, w.text.allSatisfy({ $0.isUppercase }) { acronyms.insert(w.text) }
            }
        }
        var starts = Set<String>()
        for t in texts {
            for w in WordScanner.words(t) where w.capitalized && w.sentenceStart { starts.insert(w.text) }
        }
        ordinaryWords = ordinary
        self.acronyms = acronyms
        sentenceStarts = starts
        redactor = Redactor(kinds: Set(Redactor.Kind.allCases), streets: facts.streetNames)
        streetNamesLower = facts.basemapNames.map { $0.lowercased() }
    }

    /// Everything the facts say in words.
    static func factTexts(_ f: StoryFacts) -> [String] {
        [f.neighborhood, f.place.phrase, f.callToAction, f.coalition?.name ?? ""] + f.basemapNames + f.categoryLabels
            + f.reports.flatMap { [$0.location, $0.title, $0.text] + $0.streets }
    }

    /// Lowercased words of the places a resident wrote: capitalized words after "on", "at", "near"...
    /// or before "Street", "Ave", "Park"... ("speeding on West Outer Drive", "at Roselawn and Thatcher").
    static func placesWritten(in text: String) -> Set<String> {
        let words = WordScanner.words(text)
        var out = Set<String>()
        var i = 0
        var lastPlaceEnd = -10
        while i < words.count {
            guard words[i].capitalized else { i += 1; continue }
            var j = i
            while j < words.count, words[j].capitalized, j == i || words[j].start - words[j - 1].end <= 1 { j += 1 }
            let previous = i > 0 ? words[i - 1].lower : ""
            let suffixed = (j - i > 1 && placeSuffixes.contains(words[j - 1].lower)) || (j < words.count && placeSuffixes.contains(words[j].lower))
            let afterPreposition = placePrepositions.contains(previous) || (previous == "and" && lastPlaceEnd == i - 2)
            if suffixed || afterPreposition {
                for w in words[i..<j] { out.insert(w.lower) }
                lastPlaceEnd = j - 1
            }
            i = j
        }
        return out
    }

    /// Every problem found, in the order title, narrative, call to action, tags; empty when the draft may be written.
    public func problems(_ d: DraftText) -> [String] {
        var out: [String] = []
        let title = d.title.trimmingCharacters(in: .whitespacesAndNewlines)
        let narrative = d.narrative.trimmingCharacters(in: .whitespacesAndNewlines)
        let action = d.callToAction.trimmingCharacters(in: .whitespacesAndNewlines)
        if title.isEmpty { out.append("the title is empty") }
        if title.contains(where: \.isNewline) { out.append("the title has a line break") }
        let titleWords = Words.count(title)
        if titleWords > Self.titleWords { out.append("the title has \(titleWords) words; at most \(Self.titleWords)") }
        let narrativeWords = Words.count(narrative)
        if !Self.narrativeWords.contains(narrativeWords) {
            out.append("the narrative has \(narrativeWords) words; expected \(Self.narrativeWords.lowerBound) to \(Self.narrativeWords.upperBound)")
        }
        let sentences = Self.sentenceCount(action)
        if action.isEmpty || !Self.callToActionSentences.contains(sentences) {
            out.append("the call to action has \(sentences) sentences; expected 1 or 2")
        } else if Words.count(action) > Self.callToActionWords {
            out.append("the call to action has \(Words.count(action)) words; at most \(Self.callToActionWords)")
        }
        if !Self.tagCount.contains(d.tags.count) { out.append("there are \(d.tags.count) tags; expected 1 to 5") }
        for tag in d.tags where !Identifiers.isSlug(tag) {
            out.append("the tag \(quotedShort(tag)) is not lowercase kebab-case")
        }
        if Set(d.tags).count != d.tags.count { out.append("a tag is repeated") }
        let ownLower = Set([title, narrative, action].flatMap { WordScanner.words($0) }.filter { !$0.capitalized }.map(\.lower))
        for (field, text) in [("title", title), ("narrative", narrative), ("call to action", action)] {
            out += problems(in: text, field: field, ownLower: ownLower)
        }
        return out
    }

    /// The first problem, for a one-line reason; nil when there is none.
    public func firstProblem(_ d: DraftText) -> String? { problems(d).first }

    func problems(in text: String, field: String, ownLower: Set<String>) -> [String] {
        var out: [String] = []
        let bytes = Array(text.utf8)
        for f in redactor.findings(in: text) {
            // A street whose name holds a number ("W 7 Mile Rd") is a street of the basemap, not an address.
            if f.kind == .address, f.start >= 0, f.end <= bytes.count {
                var found = String(decoding: bytes[f.start..<f.end], as: UTF8.self).lowercased()
                while found.hasSuffix(".") { found.removeLast() }
                if streetNamesLower.contains(where: { $0.contains(found) }) { continue }
            }
            out.append("the \(field) has \(f.kind.noun)")
        }
        let lower = text.lowercased()
        if lower.contains("http://") || lower.contains("https://") || lower.contains("www.") || text.contains("](") {
            out.append("the \(field) has a link")
        }
        if Self.hasTag(text) { out.append("the \(field) has HTML") }
        for token in NumberScanner.tokens(text) {
            switch token.kind {
            case .integer(let v):
                if !numbers.contains(v) { out.append("the \(field) says \(token.text), which is not a count, year or date of the reports") }
            case .decimal(let s):
                if !decimals.contains(s) { out.append("the \(field) says \(token.text), which the reports do not say") }
            case .date(let d):
                if !dates.contains(d) { out.append("the \(field) names the date \(token.text), when no report was made") }
            case .partialDate(let month, let day):
                if !dates.contains(where: { $0.month == month && $0.day == day }) {
                    let shown = token.text.contains("/") ? token.text : "\(CalendarNames.months[month - 1]) \(day)"
                    out.append("the \(field) names the date \(shown), when no report was made")
                }
            }
        }
        let words = WordScanner.words(text)
        // Streets and parks first: the capitalized words before "Street", "Park"... must be places of the facts.
        var handled = Set<Int>()
        for (i, w) in words.enumerated() where w.capitalized && Self.placeSuffixes.contains(w.lower) {
            guard i > 0, words[i - 1].capitalized, words[i].start - words[i - 1].end <= 1 else { continue }
            var k = i - 1
            var run: [Int] = []
            while k >= 0, words[k].capitalized, run.count < 4 {
                run.insert(k, at: 0)
                if k == 0 || words[k].start - words[k - 1].end > 1 { break }
                k -= 1
            }
            let unknown = run.filter { !placeWords.contains(words[$0].lower) && !Self.directionWords.contains(words[$0].lower) }
            guard !unknown.isEmpty else { continue }
            // A common first name in it is reported as a name, below.
            guard !run.contains(where: { Words.firstNames.contains(words[$0].lower) && !placeWords.contains(words[$0].lower) }) else { continue }
            out.append("the \(field) names \(quotedShort((run + [i]).map { words[$0].text }.joined(separator: " "))), which is neither in the reports nor on the basemap")
            handled.formUnion(run + [i])
        }
        for (i, w) in words.enumerated() {
            if let value = Words.spelledNumbers[w.lower], !numbers.contains(value) {
                out.append("the \(field) says \(quotedShort(w.text)), which is not a count of the reports")
                continue
            }
            guard w.capitalized, !handled.contains(i), Words.spelledNumbers[w.lower] == nil else { continue }
            if Words.firstNames.contains(w.lower), !placeWords.contains(w.lower) {
                out.append("the \(field) names \(quotedShort(w.text)), a person's name")
                continue
            }
            if ordinaryWords.contains(w.lower) || ownLower.contains(w.lower) || properWords.contains(w.lower) || acronyms.contains(w.text) { continue }
            if w.sentenceStart, sentenceStarts.contains(w.text) { continue }
            out.append("the \(field) names \(quotedShort(w.text)), which is not a place, street, category, month or word of the reports (a person's name?)")
        }
        return out
    }

    static let directionWords: Set<String> = ["north", "south", "east", "west", "n", "s", "e", "w", "ne", "nw", "se", "sw", "northeast",
                                              "northwest", "southeast", "southwest", "upper", "lower", "old", "new"]

    /// Sentences: ends of `.`, `!` or `?` followed by the end or by a space and a capital letter.
    static func sentenceCount(_ s: String) -> Int {
        let chars = Array(s.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !chars.isEmpty else { return 0 }
        var count = 0
        var i = 0
        while i < chars.count {
            if chars[i] == "." || chars[i] == "!" || chars[i] == "?" {
                var j = i + 1
                while j < chars.count, chars[j] == "." || chars[j] == "!" || chars[j] == "?" || chars[j] == "\"" || chars[j] == ")" { j += 1 }
                if j == chars.count { count += 1; i = j; continue }
                if chars[j].isWhitespace {
                    var k = j
                    while k < chars.count, chars[k].isWhitespace { k += 1 }
                    if k < chars.count, chars[k].isUppercase || chars[k] == "\"" { count += 1 }
                }
                i = j
                continue
            }
            i += 1
        }
        // Text that does not end with a period is still one sentence more.
        if let last = chars.last, last != ".", last != "!", last != "?", last != "\"", last != ")" { count += 1 }
        return count
    }

    static func hasTag(_ s: String) -> Bool {
        let u = Array(s.utf8)
        for i in u.indices where u[i] == UInt8(ascii: "<") && i + 1 < u.count {
            let c = u[i + 1]
            if (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A || c == UInt8(ascii: "/") || c == UInt8(ascii: "!") || c == UInt8(ascii: "?") { return true }
        }
        return false
    }
}

func quotedShort(_ s: String) -> String {
    let short = s.count > 40 ? String(s.prefix(40)) + "…" : s
    return "'" + short + "'"
}

/// Words of a text with where they are: letters (and apostrophes inside a word) only.
enum WordScanner {
    struct Word {
        var text: String
        var lower: String
        /// Offsets in characters.
        var start: Int
        var end: Int
        var capitalized: Bool
        /// The first word of the text or of a sentence, a line, a quotation or a title's part after a colon.
        var sentenceStart: Bool
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
            guard let first = text.first else { continue }
            out.append(Word(text: text, lower: text.lowercased(), start: start, end: i, capitalized: first.isUppercase, sentenceStart: startsSentence))
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
