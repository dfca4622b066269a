import Foundation

/// A place in words, read: the corner of two streets, a block or an address on one street, or a
/// name (a park, a landmark, or a street alone).
enum PlaceQuery: Equatable, Sendable {
    case corner(String, String)
    /// `number` is the house number or block written, if any.
    case street(String, number: Int?)
    case name(String)
}

/// Reads how residents and 311 systems write places: "A & B", "A and B", "corner of A and B",
/// "INTERSECTION of A & B  Dorchester  MA", "14500 block of X", "1234 X St", "in front of Roosevelt Park".
enum PlaceWords {
    static let leads = ["at the intersection of", "the intersection of", "intersection of", "at the corner of", "the corner of",
                        "corner of", "in front of", "across from", "next to", "near the", "near", "by the", "by", "at the", "at", "on",
                        "la esquina de", "esquina de", "en la esquina de", "frente a", "cerca de", "en", "عند تقاطع", "تقاطع", "عند", "قرب"]
    /// Between two streets, in the order tried.
    static let separators = [" & ", "&", " / ", "/", " @ ", " and ", " at ", " y ", " con ", " و "]

    /// Boston's `Location` without what follows the street part ("  Dorchester  MA  02124").
    static func withoutTown(_ raw: String) -> String {
        guard let range = raw.range(of: "  ") else { return raw.trimmedText }
        return String(raw[..<range.lowerBound]).trimmedText
    }

    static func parse(_ raw: String) -> PlaceQuery? {
        var text = withoutTown(raw)
        if let comma = text.firstIndex(of: ",") { text = String(text[..<comma]) }
        text = text.trimmingCharacters(in: CharacterSet(charactersIn: " .;:!?\t"))
        var changed = true
        while changed {
            changed = false
            let lower = text.lowercased()
            for lead in leads where lower.hasPrefix(lead + " ") {
                text = String(text.dropFirst(lead.count)).trimmedText
                changed = true
                break
            }
        }
        guard !text.isEmpty else { return nil }
        let lower = text.lowercased()
        for sep in separators {
            guard let r = lower.range(of: sep) else { continue }
            let a = String(text[..<r.lowerBound]).trimmedText
            let b = String(text[r.upperBound...]).trimmedText
            guard !a.isEmpty, !b.isEmpty else { continue }
            return .corner(a, b)
        }
        let words = text.split(separator: " ").map(String.init)
        // "14500 block of Livernois", "14500 blk Livernois"
        if words.count >= 3, let n = Int(words[0]), ["block", "blk"].contains(words[1].lowercased()) {
            let rest = words.dropFirst(2).drop { $0.lowercased() == "of" }
            if !rest.isEmpty { return .street(rest.joined(separator: " "), number: n) }
        }
        // "1234 Livernois Ave", "1234-1240 Livernois"
        if words.count >= 2, let n = Int(words[0].split(separator: "-").first ?? "") ?? Int(words[0].filter(\.isNumber)), words[0].first?.isNumber == true,
           !StreetNames.ordinals.values.contains(StreetNames.key(words[0])), !words[0].lowercased().hasSuffix("th"), !words[0].lowercased().hasSuffix("st"),
           !words[0].lowercased().hasSuffix("nd"), !words[0].lowercased().hasSuffix("rd") {
            return .street(words.dropFirst().joined(separator: " "), number: n)
        }
        return .name(text)
    }
}
