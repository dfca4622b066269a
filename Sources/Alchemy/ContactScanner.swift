import CivilTime
import Redaction

/// Phone numbers, e-mail addresses and house numbers in a draft's words, in the forms people and
/// models write them, found on their own terms, apart from the redactor: the grounding check
/// refuses each one, and the facts a model reads have each one masked.
enum ContactScanner {
    struct Found: Equatable {
        var kind: Redactor.Kind
        /// Offsets in characters.
        var start: Int
        var end: Int
    }

    /// What may stand between the digit groups of a phone number: spaces of every width, dashes of
    /// every kind, dots, slashes, parentheses, a plus, a Markdown backslash.
    static let phoneSeparators: Set<Character> = [" ", "\u{A0}", "\u{2007}", "\u{2009}", "\u{200A}", "\u{202F}", "\u{2002}", "\u{2003}",
                                                  "-", "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{2015}", "\u{2212}", "\u{FE63}", "\u{FF0D}",
                                                  ".", "\u{B7}", "/", "\\", "(", ")", "+", "_", "~", "*"]

    static func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }

    /// Everything found in `text`, in order.
    static func findings(in text: String, streets: Set<String>) -> [Found] {
        let chars = Array(text)
        var out = phones(chars) + emails(chars) + houseNumbers(chars, streets: streets)
        out.sort { ($0.start, $0.end) < ($1.start, $1.end) }
        return out
    }

    /// The text with each finding replaced by the redactor's mark for its kind.
    static func masked(_ text: String, streets: Set<String>) -> String {
        let found = findings(in: text, streets: streets)
        guard !found.isEmpty else { return text }
        let chars = Array(text)
        var out = ""
        var i = 0
        for f in found where f.start >= i {
            out += String(chars[i..<f.start]) + f.kind.mark
            i = f.end
        }
        return out + String(chars[i...])
    }

    /// Runs of digits and separators holding 7 to 15 digits in two groups or more, or a single group
    /// of 7 to 15 digits; dates (`2024-05-01`, `12/31/2024`) and runs of years (`2023-2024`) are not phones.
    static func phones(_ chars: [Character]) -> [Found] {
        var out: [Found] = []
        var i = 0
        while i < chars.count {
            guard isDigit(chars[i]), i == 0 || !(chars[i - 1].isLetter || isDigit(chars[i - 1])) else { i += 1; continue }
            var start = i
            // "+1 313 ...", "(313) ...": the opening plus or parenthesis belongs to the number.
            while start > 0, chars[start - 1] == "+" || chars[start - 1] == "(" { start -= 1 }
            var j = i
            var lastDigit = i
            var groups: [String] = []
            var group = ""
            while j < chars.count, isDigit(chars[j]) || phoneSeparators.contains(chars[j]) {
                if isDigit(chars[j]) {
                    group.append(chars[j])
                    lastDigit = j
                } else if !group.isEmpty {
                    groups.append(group)
                    group = ""
                }
                // A space then a letter ends the run where the digits ended.
                j += 1
            }
            if !group.isEmpty { groups.append(group) }
            let end = lastDigit + 1
            i = max(end, i + 1)
            // A letter glued to the last digit ("5th", "0188x") is a word, not a number to look at here.
            if end < chars.count, chars[end].isLetter { continue }
            let digits = groups.reduce(0) { $0 + $1.count }
            guard (7...15).contains(digits) else { continue }
            let runText = String(chars[start..<end])
            if groups.allSatisfy({ $0.count == 4 && (1900...2100).contains(Int($0) ?? 0) }) { continue }
            let tokens = NumberScanner.tokens(runText)
            if !tokens.isEmpty, tokens.allSatisfy({ if case .date = $0.kind { return true } else { return false } }) { continue }
            out.append(Found(kind: .phone, start: start, end: end))
        }
        return out
    }

    /// An `@` between word characters (or its full-width and entity forms), and "name at domain dot com".
    static func emails(_ chars: [Character]) -> [Found] {
        var out: [Found] = []
        func wordStart(_ k: Int) -> Int {
            var s = k
            while s > 0, chars[s - 1].isLetter || chars[s - 1].isNumber || "._%+-".contains(chars[s - 1]) { s -= 1 }
            return s
        }
        func wordEnd(_ k: Int) -> Int {
            var e = k
            while e < chars.count, chars[e].isLetter || chars[e].isNumber || ".-".contains(chars[e]) { e += 1 }
            while e > k, chars[e - 1] == "." { e -= 1 }
            return e
        }
        for (k, c) in chars.enumerated() where c == "@" || c == "\u{FF20}" || c == "\u{FE6B}" {
            let s = wordStart(k), e = wordEnd(k + 1)
            if s < k, e > k + 1 { out.append(Found(kind: .email, start: s, end: e)) }
        }
        // "jane at example dot com", "jane [at] example [dot] com", "jane (at) example (dot) org".
        let words = WordScanner.words(String(chars))
        var w = 0
        while w + 4 < words.count {
            if words[w + 1].lower == "at", words[w + 3].lower == "dot", words[w + 4].lower.count >= 2 {
                out.append(Found(kind: .email, start: words[w].start, end: words[w + 4].end))
                w += 5
            } else {
                w += 1
            }
        }
        return out
    }

    /// A number (or a range, or a half: `14500`, `14500-14510`, `14500 1/2`, `14500½`) before a street
    /// of the basemap or a word and a street suffix (`14500 livernois ave`, `12 Elm Street`), any casing.
    static func houseNumbers(_ chars: [Character], streets: Set<String>) -> [Found] {
        var out: [Found] = []
        let words = WordScanner.words(String(chars))
        // The first word after the number: numbers come in order, so this only moves forward.
        var next = 0
        var i = 0
        while i < chars.count {
            guard isDigit(chars[i]), i == 0 || !(chars[i - 1].isLetter || isDigit(chars[i - 1])) else { i += 1; continue }
            // A route's number ("I-94", "M-10") is part of its name.
            if i >= 2, chars[i - 1] == "-", chars[i - 2].isLetter { i += 1; continue }
            var j = i
            while j < chars.count, isDigit(chars[j]) || "-–/½ ".contains(chars[j]) && j + 1 < chars.count && (isDigit(chars[j + 1]) || chars[j + 1] == "½") || chars[j] == "½" { j += 1 }
            let numberEnd = j
            defer { i = max(numberEnd, i + 1) }
            // A letter glued to the number: "5th", "3rd" (or a unit, "14500B", which the word after still shows).
            while next < words.count, words[next].start < numberEnd { next += 1 }
            guard next < words.count, words[next].start - numberEnd <= 3 else { continue }
            let gap = chars[numberEnd..<words[next].start]
            guard !gap.isEmpty, gap.allSatisfy({ $0 == " " || $0 == "\u{A0}" || $0 == "\u{202F}" }) else { continue }
            var first = next
            if Addresses.directions.contains(words[first].lower), first + 1 < words.count { first += 1 }
            let following = words[first..<min(words.count, first + 4)].map(\.lower)
            var isAddress = false
            for n in stride(from: following.count, through: 1, by: -1) {
                let phrase = following.prefix(n).joined(separator: " ")
                if streets.contains(phrase) { isAddress = true; break }
            }
            if !isAddress, following.count >= 2, Addresses.suffixes.contains(following[1]), !Words.common.contains(following[0]) { isAddress = true }
            if !isAddress, following.count >= 3, Addresses.suffixes.contains(following[2]),
               !Words.common.contains(following[0]), !Words.common.contains(following[1]) { isAddress = true }
            guard isAddress else { continue }
            // A street whose name holds the number ("W 7 Mile Rd") is the street, not an address.
            let named = (String(chars[i..<numberEnd]) + " " + following.prefix(2).joined(separator: " ")).lowercased()
            if streets.contains(where: { $0.contains(named) }) { continue }
            out.append(Found(kind: .address, start: i, end: words[min(words.count - 1, first + 1)].end))
        }
        return out
    }
}
