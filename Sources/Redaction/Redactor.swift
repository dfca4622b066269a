/// Finds what a resident should not have typed into public text: phone numbers, e-mail addresses and
/// street addresses (a house number with a street name), and replaces each with a neutral mark.
///
/// It searches the text as a reader sees it once rendered (`ReaderText`: entities, escapes, dashes
/// and spaces of every kind decoded), and replaces what it finds in the text as written, so no
/// spelling of it is left in anything made from it. It reads UTF-8 bytes in a few passes, with no
/// regular expressions: every input takes time linear in its length.
public struct Redactor: Sendable {
    public enum Kind: String, Sendable, CaseIterable, Comparable {
        case phone, email, address

        /// The mark that takes the place of what was found.
        public var mark: String {
            switch self {
            case .phone: return "[phone removed]"
            case .email: return "[e-mail removed]"
            case .address: return "[address removed]"
            }
        }

        /// "a phone number", for messages.
        public var noun: String {
            switch self {
            case .phone: return "a phone number"
            case .email: return "an e-mail address"
            case .address: return "a street address"
            }
        }

        public static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }

    /// One thing found: what kind, and where in the text (UTF-8 offsets).
    public struct Finding: Sendable, Equatable {
        public var kind: Kind
        public var start: Int
        public var end: Int
        /// For an address: where the street's name begins and ends (what is left when only the
        /// house number and the unit go).
        public var streetStart: Int?
        public var streetEnd: Int?
    }

    public var kinds: Set<Kind>
    /// Street names of the neighborhood, lowercased ("livernois", "w vernor"): a house number
    /// followed by one of them is an address even without "Street" or "Ave".
    public var streets: Set<String>

    public init(kinds: Set<Kind> = Set(Kind.allCases), streets: Set<String> = []) {
        self.kinds = kinds
        self.streets = streets
    }

    /// Everything found, in order, without overlaps, in UTF-8 offsets of `text` as written.
    public func findings(in text: String) -> [Finding] {
        let source = Array(text.utf8)
        var found: [Finding] = []
        // Most text reads as it is written; then it is searched once, as it is.
        let plain = ReaderText.readsAsWritten(source)
        let readings = plain ? [nil] : ReaderText.hasMarkup(source) ? [true, false] : [false]
        for hideMarkup in readings {
            let reading = hideMarkup.map { ReaderText(source, hideMarkup: $0) }
            let b = reading?.bytes ?? source
            var here: [Finding] = []
            if kinds.contains(.email) { here += Emails.find(b) + SpelledEmails.find(b) }
            if kinds.contains(.phone) { here += Phones.find(b) }
            if kinds.contains(.address) { here += Addresses.find(b, streets: streets) }
            guard let reading else {
                found += here
                continue
            }
            for f in here where f.end > f.start {
                var g = f
                (g.start, g.end) = reading.sourceSpan(f.start, f.end)
                if let s = f.streetStart, let e = f.streetEnd, e > s {
                    (g.streetStart, g.streetEnd) = reading.sourceSpan(s, e)
                } else {
                    (g.streetStart, g.streetEnd) = (nil, nil)
                }
                found.append(g)
            }
        }
        found.sort { ($0.start, -$0.end) < ($1.start, -$1.end) }
        // Findings of the two readings that overlap become one, covering both.
        var out: [Finding] = []
        for f in found {
            guard var last = out.last, f.start < last.end else {
                out.append(f)
                continue
            }
            if f.end > last.end {
                last.end = f.end
                if last.kind != .address || last.streetEnd.map({ $0 < f.start }) != true { (last.streetStart, last.streetEnd) = (nil, nil) }
                out[out.count - 1] = last
            }
        }
        return out
    }

    /// The text with each finding replaced by its mark: what the first pass found, in `text` as
    /// written. The result is searched again (a replacement can join what was apart) until nothing is
    /// found; a text that still holds something after a few passes is replaced whole.
    public func redact(_ text: String) -> (text: String, findings: [Finding]) {
        let found = findings(in: text)
        guard !found.isEmpty else { return (text, []) }
        var out = Self.replacing(text, found) { $0.kind.mark }
        for _ in 0..<3 {
            let again = findings(in: out)
            if again.isEmpty { return (out, found) }
            out = Self.replacing(out, again) { $0.kind.mark }
        }
        return (findings(in: out).isEmpty ? out : found[0].kind.mark, found)
    }

    /// A place's label with house numbers (and units) taken off its addresses ("14500 Livernois Ave
    /// Apt 3" becomes "Livernois Ave"), and phone numbers and e-mail addresses marked.
    public func coarsenLocation(_ label: String) -> (text: String, findings: [Finding]) {
        var r = self
        r.kinds.insert(.address)
        let found = r.findings(in: label)
        guard !found.isEmpty else { return (label, []) }
        let bytes = Array(label.utf8)
        var text = Self.replacing(label, found) { f in
            if f.kind == .address, let s = f.streetStart, let e = f.streetEnd { return String(decoding: bytes[s..<e], as: UTF8.self) }
            return f.kind.mark
        }
        // What the street's words were joined with could still spell something; then only marks are left.
        if !r.findings(in: text).isEmpty { text = r.redact(text).text }
        return (text, found)
    }

    static func replacing(_ text: String, _ found: [Finding], _ replacement: (Finding) -> String) -> String {
        let b = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var i = 0
        for f in found {
            out += b[i..<f.start]
            out += Array(replacement(f).utf8)
            i = f.end
        }
        out += b[i...]
        return String(decoding: out, as: UTF8.self)
    }
}

/// Byte classes the finders share.
enum Bytes {
    static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
    static func isUpper(_ c: UInt8) -> Bool { c >= 0x41 && c <= 0x5A }
    /// A letter, digit, or any byte of a non-ASCII character: part of a word.
    static func isWordByte(_ c: UInt8) -> Bool { isDigit(c) || isLetter(c) || c >= 0x80 }
}
