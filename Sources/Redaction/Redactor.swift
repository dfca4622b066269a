/// Finds what a resident should not have typed into public text: phone numbers, e-mail addresses and
/// street addresses (a house number with a street name), and replaces each with a neutral mark.
///
/// It reads UTF-8 bytes in one pass per kind, with no regular expressions: every input takes time
/// linear in its length.
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
        /// For an address: where the street's name begins (what is left when only the number goes).
        public var streetStart: Int?
    }

    public var kinds: Set<Kind>
    /// Street names of the neighborhood, lowercased ("livernois", "w vernor"): a house number
    /// followed by one of them is an address even without "Street" or "Ave".
    public var streets: Set<String>

    public init(kinds: Set<Kind> = Set(Kind.allCases), streets: Set<String> = []) {
        self.kinds = kinds
        self.streets = streets
    }

    /// Everything found, in order, without overlaps.
    public func findings(in text: String) -> [Finding] {
        let b = Array(text.utf8)
        var found: [Finding] = []
        if kinds.contains(.email) { found += Emails.find(b) }
        if kinds.contains(.phone) { found += Phones.find(b) }
        if kinds.contains(.address) { found += Addresses.find(b, streets: streets) }
        found.sort { ($0.start, -$0.end) < ($1.start, -$1.end) }
        var out: [Finding] = []
        for f in found where out.last.map({ f.start >= $0.end }) ?? true { out.append(f) }
        return out
    }

    /// The text with each finding replaced by its mark.
    public func redact(_ text: String) -> (text: String, findings: [Finding]) {
        let found = findings(in: text)
        guard !found.isEmpty else { return (text, []) }
        return (Self.replacing(text, found) { $0.kind.mark }, found)
    }

    /// A place's label with house numbers taken off its addresses ("14500 Livernois Ave" becomes
    /// "Livernois Ave"), and phone numbers and e-mail addresses marked.
    public func coarsenLocation(_ label: String) -> (text: String, findings: [Finding]) {
        var r = self
        r.kinds.insert(.address)
        let found = r.findings(in: label)
        guard !found.isEmpty else { return (label, []) }
        let bytes = Array(label.utf8)
        let text = Self.replacing(label, found) { f in
            if f.kind == .address, let street = f.streetStart { return String(decoding: bytes[street..<f.end], as: UTF8.self) }
            return f.kind.mark
        }
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
