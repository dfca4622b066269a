import CivilTime
import ContentFields
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
    /// Magnitude words ("dozens", "thousands") the residents wrote themselves.
    let magnitudeWords: Set<String>

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
        magnitudeWords = Set(facts.reports.flatMap { WordScanner.words($0.text + " " + $0.title) }.map(\.lower).filter { Words.magnitudes[$0] != nil })
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
        // The forms the redactor may miss ("313 - 555 - 0188", "jane at example dot com", "14500 livernois ave"):
        // no draft needs them, whatever the reports show.
        var told = Set(out)
        for f in ContactScanner.findings(in: text, streets: facts.streetNames) where told.insert("the \(field) has \(f.kind.noun)").inserted {
            out.append("the \(field) has \(f.kind.noun)")
        }
        if Self.hasCharacterReference(text) { out.append("the \(field) has an HTML character reference (write the character itself)") }
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
        out += magnitudeProblems(text, words: words, field: field)
        for (i, w) in words.enumerated() {
            if Words.magnitudes[w.lower] != nil { continue }
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

    /// "Dozens", "thousands of crashes", "a million drivers", "10K", "100s": sizes without a count
    /// of the reports behind them, unless the residents wrote the same word.
    func magnitudeProblems(_ text: String, words: [WordScanner.Word], field: String) -> [String] {
        var out: [String] = []
        for w in words {
            guard let least = Words.magnitudes[w.lower], facts.count < least, !magnitudeWords.contains(w.lower) else { continue }
            out.append("the \(field) says \(quotedShort(w.text)), which \(facts.count == 1 ? "one report does" : "\(facts.count) reports do") not support")
        }
        let chars = Array(text)
        var i = 0
        while i < chars.count {
            guard chars[i].isASCII, chars[i].isNumber, i == 0 || !(chars[i - 1].isLetter || chars[i - 1].isNumber) else { i += 1; continue }
            var j = i
            while j < chars.count, chars[j].isASCII && chars[j].isNumber || chars[j] == "," && j + 1 < chars.count && chars[j + 1].isNumber { j += 1 }
            var k = j
            while k < chars.count, chars[k].isLetter { k += 1 }
            let value = Int(String(chars[i..<j]).filter(\.isNumber).prefix(15)) ?? 0
            let unit = String(chars[j..<k]).lowercased()
            let times: Int? = ["k": 1_000, "m": 1_000_000, "mn": 1_000_000, "mil": 1_000_000, "b": 1_000_000_000, "bn": 1_000_000_000][unit]
            // "100s", but not a decade ("the 1990s").
            let plural = unit == "s" && !(value % 10 == 0 && (1900...2090).contains(value)) && !(value % 10 == 0 && value < 100 && value >= 20)
            let claimed = times.map { value.multipliedReportingOverflow(by: $0).partialValue } ?? (plural ? value * 2 : nil)
            if let claimed, !numbers.contains(claimed), facts.count < claimed {
                out.append("the \(field) says \(String(chars[i..<k])), which \(facts.count == 1 ? "one report does" : "\(facts.count) reports do") not support")
            }
            i = max(k, i + 1)
        }
        return out
    }

    /// `&#64;`, `&#x2d;`, `&commat;`: Markdown turns them into the character, past every check of the text.
    static func hasCharacterReference(_ s: String) -> Bool {
        let u = Array(s.utf8)
        var i = 0
        while i < u.count {
            guard u[i] == UInt8(ascii: "&") else { i += 1; continue }
            var j = i + 1
            if j < u.count, u[j] == UInt8(ascii: "#") { j += 1 }
            let start = j
            while j < u.count, j - start < 32, (u[j] | 0x20) >= 0x61 && (u[j] | 0x20) <= 0x7A || u[j] >= 0x30 && u[j] <= 0x39 { j += 1 }
            if j > start, j < u.count, u[j] == UInt8(ascii: ";") { return true }
            i += 1
        }
        return false
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
    return "'" + printable(short) + "'"
}

/// A server's or a model's words made safe for a terminal and a one-line message: control
/// characters (an escape sequence's ESC and CSI), line and paragraph separators and the bidi
/// overrides each become U+FFFD.
func printable(_ s: String) -> String {
    guard s.unicodeScalars.contains(where: isUnprintable) else { return s }
    return String(String.UnicodeScalarView(s.unicodeScalars.map { isUnprintable($0) ? "\u{FFFD}" : $0 }))
}

private func isUnprintable(_ c: Unicode.Scalar) -> Bool {
    c.value < 0x20 || (0x7F...0x9F).contains(c.value) || c.value == 0x2028 || c.value == 0x2029
        || (0x202A...0x202E).contains(c.value) || (0x2066...0x2069).contains(c.value) || c.value == 0xFEFF
}
