import Foundation
import Testing
import TestSupport
@testable import Redaction

/// A second matcher, written another way: the text is decoded with string replacements and searched
/// with regular expressions (the redactor scans bytes by hand). Where the two disagree on a
/// generated text, one of them is wrong.
enum ReferenceMatcher {
    static let named = ["amp": "&", "nbsp": "\u{A0}", "commat": "@", "period": ".", "ndash": "\u{2013}", "mdash": "\u{2014}",
                        "minus": "\u{2212}", "hyphen": "\u{2010}", "lpar": "(", "rpar": ")", "plus": "+", "thinsp": "\u{2009}", "num": "#"]
    static let dashes: Set<Character> = ["-", "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{2015}", "\u{2212}"]
    static let spaces: Set<Character> = [" ", "\u{A0}", "\u{202F}", "\u{2009}", "\u{2007}", "\n", "\t"]
    static let invisible: Set<Character> = ["\u{200B}", "\u{AD}", "\u{2060}", "\u{FEFF}"]

    static func replacing(_ pattern: String, in s: String, _ f: (String) -> String) -> String {
        let re = try! NSRegularExpression(pattern: pattern)
        let ns = s as NSString
        var out = ""
        var last = 0
        for m in re.matches(in: s, range: NSRange(location: 0, length: ns.length)) {
            out += ns.substring(with: NSRange(location: last, length: m.range.location - last))
            out += f(ns.substring(with: m.range(at: 1)))
            last = m.range.location + m.range.length
        }
        return out + ns.substring(from: last)
    }

    /// The text a reader sees; with `hidingMarkup`, emphasis marks and tags are gone too.
    static func decode(_ s: String, hidingMarkup: Bool) -> String {
        var t = replacing("&#([0-9]{1,7});", in: s) { String(Character(Unicode.Scalar(UInt32($0)!) ?? "?")) }
        t = replacing("&#[xX]([0-9a-fA-F]{1,6});", in: t) { String(Character(Unicode.Scalar(UInt32($0, radix: 16)!) ?? "?")) }
        t = replacing("&([a-z]+);", in: t) { named[$0] ?? "&\($0);" }
        t = replacing("\\\\([!-/:-@\\[-`{-~])", in: t) { $0 }
        t = replacing("%([0-7][0-9a-fA-F])", in: t) { String(Character(Unicode.Scalar(UInt8($0, radix: 16)!))) }
        if hidingMarkup {
            t = replacing("(<[A-Za-z/][^>]*>)", in: t) { _ in "" }
            t = t.filter { !"*_~`".contains($0) }
        }
        var out = ""
        for c in t {
            if invisible.contains(c) { continue }
            if dashes.contains(c) { if out.last != "-" { out.append("-") }; continue }
            if spaces.contains(c) { if out.last != " " { out.append(" ") }; continue }
            if c == "＠" { out.append("@"); continue }
            out.append(c)
        }
        return out
    }

    static let sep = "(?: ?[-./] ?| )"
    static let ext = "(?:,? ?(?:x|ext\\.?|extension) ?[0-9]{1,6}(?![A-Za-z0-9]))?"
    static let phone = try! NSRegularExpression(pattern:
        "(?<![A-Za-z0-9+])(?:(?:\\+ ?1|1)\(sep)?)?(?:\\([0-9]{3}\\) ?(?:[-./] ?)?|[0-9]{3}\(sep))[0-9]{3}\(sep)[0-9]{4}(?:\(ext)|(?![A-Za-z0-9]))"
        + "|(?<![A-Za-z0-9+])[0-9]{3} ?[-.] ?[0-9]{4}(?![A-Za-z0-9])|(?<![A-Za-z0-9+])(?:(?:\\+ ?1|1)\(sep)?)?[0-9]{10}(?:\(ext)|(?![A-Za-z0-9]))")
    static let local = "(?<![A-Za-z0-9._%+-])[A-Za-z0-9][A-Za-z0-9._%+-]*"
    static let label = "[A-Za-z0-9-]+"
    static let anyDot = "(?:\\.| \\. | dot | ?[\\[(]dot[\\])] ?)"
    static let spelledDot = "(?: dot | ?[\\[(]dot[\\])] ?)"
    static let tld = "[A-Za-z]{2,24}(?![A-Za-z0-9])"
    static let email = try! NSRegularExpression(pattern:
        "\(local)(?:@| @ | ?[\\[(]at[\\])] ?)(?:\(label)\(anyDot))+\(tld)|\(local) at (?:\(label)\(anyDot))*\(label)\(spelledDot)(?:\(label)\(anyDot))*\(tld)",
        options: [.caseInsensitive])
    static let little = "(?:a|an|the|on|at|in|of|and|or|near|by|from|to|for|with)"
    static let suffix = "(?:street|st|avenue|ave|road|rd|boulevard|blvd|drive|dr|lane|ln|court|ct|way|place|pl)\\.?(?![A-Za-z0-9])"
    static let address = try! NSRegularExpression(pattern:
        "(?<![A-Za-z0-9/-])[0-9]{3,6}(?:-[0-9]{1,6})?(?: 1/2|½)? (?:(?:n|s|e|w)\\.? )?(?:(?!\(little) )[A-Za-z][A-Za-z']* ){1,4}\(suffix)"
        + "|(?<![A-Za-z0-9/-])[0-9]{1,6}(?:-[0-9]{1,6})?(?: 1/2|½)? (?-i:(?:(?:N|S|E|W)\\.? )?(?:[A-Z][A-Za-z']* ){1,4})\(suffix)",
        options: [.caseInsensitive])

    static let littleWords: Set<String> = ["a", "an", "the", "on", "at", "in", "of", "and", "or", "to", "this", "that"]

    static func finds(_ text: String) -> Bool {
        [true, false].contains { hiding in
            let d = decode(text, hidingMarkup: hiding)
            let range = NSRange(location: 0, length: (d as NSString).length)
            if [phone, address].contains(where: { $0.firstMatch(in: d, range: range) != nil }) { return true }
            // A spelled e-mail address holds no little word before its last label ("look at the dot on the map").
            return email.matches(in: d, range: range).contains { m in
                let words = (d as NSString).substring(with: m.range).lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
                    .filter { $0 != "at" && $0 != "dot" }
                return !words.dropLast().contains { littleWords.contains($0) }
            }
        }
    }
}

/// Texts made to hold one phone number, e-mail or street address in one of the ways people write
/// them, or a near miss that must stay as written.
struct VariantMaker {
    var random: SeededRandom

    struct Variant {
        var text: String
        /// What must not be readable in the redacted text (digits, or letters of an e-mail's local part); nil for a near miss.
        var secret: String?
    }

    mutating func pick<T>(_ a: [T]) -> T { a[random.next(a.count)] }
    mutating func digits(_ n: Int, first: ClosedRange<Int> = 0...9) -> String {
        String(first.lowerBound + random.next(first.count)) + (1..<n).map { _ in String(random.next(10)) }.joined()
    }

    static let separators = ["-", ".", " ", " - ", " . ", "\u{A0}", "\u{202F}", "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}",
                             "\u{2015}", "\u{2212}", "&#45;", "&#x2D;", "\\-", "&ndash;", "&nbsp;", "--", "/", "\u{200B}-", "&minus;"]
    static let contexts = ["Call {} now", "{}", "text me at {}.", "phone: {}; thanks", "*{}*", "**{}** please", "(call {})",
                           "Señora: {}!", "ring {}, or not", "- {}\n- next"]

    mutating func phone() -> Variant {
        let area = digits(3, first: 2...9), exchange = digits(3, first: 2...9), line = digits(4)
        let s1 = pick(Self.separators), s2 = random.next(3) == 0 ? pick(Self.separators) : s1
        var body: String
        switch random.next(5) {
        case 0: body = "(\(area)) \(exchange)\(s2)\(line)"
        case 1: body = "(\(area))\(exchange)\(s2)\(line)"
        case 2: body = "\(area)\(exchange)\(line)"
        default: body = "\(area)\(s1)\(exchange)\(s2)\(line)"
        }
        body = pick(["", "", "+1 ", "1-", "+1-", "1 ", "+1"]) + body
        if random.next(3) == 0 { body += pick([" x12", "x123", " ext. 12", " ext 7", ", extension 42", " x 9"]) }
        if random.next(6) == 0 { body = "\(exchange)\(pick(["-", ".", "&#45;", "\\-", "\u{2013}", " - "]))\(line)" }
        return Variant(text: pick(Self.contexts).replacingOccurrences(of: "{}", with: body), secret: exchange + line)
    }

    mutating func email() -> Variant {
        let name = (0..<6).map { _ in String(Character(Unicode.Scalar(UInt8(97 + random.next(26))))) }.joined() + "q"
        let domain = pick(["example", "mail", "city-hall", "x1"]), tld = pick(["com", "org", "net", "info"])
        let body: String
        switch random.next(12) {
        case 0: body = "\(name)@\(domain).\(tld)"
        case 1: body = "\(name)&#64;\(domain).\(tld)"
        case 2: body = "\(name)&#x40;\(domain).\(tld)"
        case 3: body = "\(name)%40\(domain).\(tld)"
        case 4: body = "\(name)&commat;\(domain)&period;\(tld)"
        case 5: body = "\(name) at \(domain) dot \(tld)"
        case 6: body = "\(name) [at] \(domain) [dot] \(tld)"
        case 7: body = "\(name) (at) \(domain) (dot) \(tld)"
        case 8: body = "\(name.uppercased()) AT \(domain.uppercased()) DOT \(tld.uppercased())"
        case 9: body = "\(name)\\@\(domain).\(tld)"
        case 10: body = "\(name)＠\(domain).\(tld)"
        default: body = "\(name) [at] \(domain).\(tld)"
        }
        return Variant(text: pick(["write {}", "{}", "mail: {}.", "<{}>", "[me](mailto:{})", "_{}_ please"]).replacingOccurrences(of: "{}", with: body), secret: name)
    }

    mutating func address() -> Variant {
        let number = digits(3 + random.next(3), first: 1...9)
        var name = pick(["Livernois", "Grand River", "Oak", "Main", "Martin Luther King Jr", "W. Vernor", "Elm"])
        var suffix = pick(["Ave", "Avenue", "St", "Street", "Rd", "Blvd", "Dr"])
        switch random.next(3) {
        case 0: (name, suffix) = (name.lowercased(), suffix.lowercased())
        case 1: (name, suffix) = (name.uppercased(), suffix.uppercased())
        default: break
        }
        var house = number
        switch random.next(5) {
        case 0: house += "-" + String(Int(number)! + 10)
        case 1: house += " 1/2"
        case 2: house += "½"
        default: break
        }
        let space = pick([" ", " ", "&nbsp;", "\u{A0}", "&#32;"])
        var body = house + space + name + " " + suffix
        if random.next(3) == 0 { body += pick([" Apt 3", ", Apt. 12", " #4", " Unit 5B", ", Suite 200"]) }
        return Variant(text: pick(["parked at {} daily", "{}", "outside {}.", "by {}, again"]).replacingOccurrences(of: "{}", with: body), secret: number)
    }

    mutating func nearMiss() -> Variant {
        let y = 1990 + random.next(40), m = 1 + random.next(12), d = 1 + random.next(28), n = 2 + random.next(30)
        let text = pick([
            "since \(y)", "on \(y)-\(m < 10 ? "0" : "")\(m)-\(d < 10 ? "0" : "")\(d)", "on \(m)/\(d)/\(y)", "\(n % 10) of \(n) cars",
            "at \(m):\(10 + d) today", "from \(m):30-\(m + 1):45", "it cost $\(n).99", "Detroit, MI 48\(100 + n)", "ZIP 48\(100 + n)",
            "a \(n % 9 + 1) way street", "a \(n) minute drive", "\(n % 9 + 1) cars on oak st", "\(n) times on Livernois",
            "between \(y)-\(y + 5)", "Room \(100 + n)-B", "score \(n % 7)-\(n % 5)", "I-\(n + 60) at exit \(n * 3)", "v\(n % 4).\(n % 7).1",
            "\(y)&#45;\(m + 10)&#45;\(d + 10)", "more info at example.com", "look at the dot on the map", "report \(1_000_000 + n * 1_234)",
            "\(n)% of drivers", "\(n) mph in a 25 zone", "1/2 mile north",
        ])
        return Variant(text: text, secret: nil)
    }
}

@Suite("The redactor and an independent matcher agree on thousands of generated texts")
struct DifferentialTests {
    /// What a reader could still take from a redacted text: its decoded letters and digits.
    func readable(_ s: String) -> String {
        ReferenceMatcher.decode(s, hidingMarkup: true).lowercased().filter { $0.isLetter || $0.isNumber }
    }

    @Test("every phone, e-mail and address variant is found and unreadable after redaction; every near miss stays")
    func differential() {
        var maker = VariantMaker(random: SeededRandom(seed: 29))
        let r = Redactor(streets: ["livernois", "grand river"])
        var total = 0, redacted = 0, agreed = 0, truthAgreed = 0
        var disagreements: [String] = []
        for k in 0..<8_000 {
            let v: VariantMaker.Variant
            switch k % 4 {
            case 0: v = maker.phone()
            case 1: v = maker.email()
            case 2: v = maker.address()
            default: v = maker.nearMiss()
            }
            total += 1
            let (out, found) = r.redact(v.text)
            let mine = !found.isEmpty
            let theirs = ReferenceMatcher.finds(v.text)
            if mine { redacted += 1 }
            if mine == theirs { agreed += 1 } else if disagreements.count < 40 { disagreements.append("\(mine ? "redactor" : "reference") alone: \(v.text)") }
            if mine == (v.secret != nil) { truthAgreed += 1 }
            if let secret = v.secret {
                #expect(mine, "not found: \(v.text)")
                #expect(!readable(out).contains(secret.lowercased()), "still readable: \(v.text) -> \(out)")
            } else {
                #expect(out == v.text, "a near miss changed: \(v.text) -> \(out)")
            }
        }
        print("redaction differential: \(total) variants, \(redacted) redacted, \(truthAgreed) as generated, \(agreed) agreements with the reference matcher")
        #expect(agreed == total, "\(disagreements.joined(separator: "\n"))")
        #expect(truthAgreed == total)
    }
}
