import Foundation

/// The `Field: value` lines of a report written in an e-mail (what the "report a problem" link puts
/// in the message), in English, Spanish or Arabic, read from the resident's own lines or, when a
/// reply holds them only as a quote, from the quoted lines.
public enum ReportForm {
    public enum Field: String, Sendable, CaseIterable {
        case category, place = "where", when, what = "what happened", neighborhood
    }

    /// The words that name each field, in the languages the page is made in and a few more common ones.
    static let names: [Field: [String]] = [
        .category: ["category", "type", "problem", "categoría", "categoria", "tipo", "problema", "الفئة", "التصنيف", "النوع", "المشكلة"],
        .place: ["where", "location", "place", "address", "dónde", "donde", "lugar", "ubicación", "ubicacion", "dirección", "direccion", "أين", "المكان", "الموقع", "العنوان"],
        .when: ["when", "date", "cuándo", "cuando", "fecha", "متى", "التاريخ", "الوقت"],
        .what: ["what happened", "what", "description", "details", "qué pasó", "que paso", "qué pasó?", "qué sucedió", "que sucedio", "descripción", "descripcion", "ماذا حدث", "ما الذي حدث", "ماذا حصل", "الوصف", "التفاصيل"],
        .neighborhood: ["neighborhood", "neighbourhood", "barrio", "vecindario", "الحي"],
    ]

    static let lookup: [String: Field] = {
        var out: [String: Field] = [:]
        for (field, words) in names { for w in words { out[fold(w)] = field } }
        return out
    }()

    /// Lowercased, accents and Arabic hamza forms folded, direction marks and `¿?` dropped.
    static func fold(_ s: String) -> String {
        var t = s.lowercased().folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
        t.unicodeScalars.removeAll { [0x200E, 0x200F, 0x061C, 0x200B, 0xFEFF, 0x202A, 0x202B, 0x202C].contains($0.value) || $0 == "¿" || $0 == "?" || $0 == "*" }
        t = t.replacingOccurrences(of: "أ", with: "ا").replacingOccurrences(of: "إ", with: "ا").replacingOccurrences(of: "آ", with: "ا")
        return t.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Where the person's own words end: a signature or the start of what a reply quotes.
    static func endsMessage(_ line: String) -> Bool {
        let t = line.trimmedText
        if line == "-- " || t == "--" { return true }
        if t.hasPrefix("-----Original Message") || t.hasPrefix("-----Mensaje original") || t.hasPrefix("---------- Forwarded") { return false }
        let lower = t.lowercased()
        let closing = fold(lower).trimmingCharacters(in: CharacterSet(charactersIn: "!.,"))
        if ["thanks", "thank you", "regards", "best", "gracias", "saludos", "muchas gracias", "شكرا", "شكرا لكم", "مع التحية"].contains(closing) { return true }
        return (lower.hasPrefix("on ") && lower.hasSuffix("wrote:")) || (lower.hasPrefix("el ") && lower.hasSuffix("escribió:"))
    }

    /// The field a line starts, with the rest of the line as its first words.
    static func field(_ line: String) -> (Field, String)? {
        guard let colon = line.firstIndex(where: { $0 == ":" || $0 == "：" }) else { return nil }
        let name = fold(String(line[..<colon]))
        guard !name.isEmpty, name.count <= 24, let field = lookup[name] else { return nil }
        return (field, String(line[line.index(after: colon)...]).trimmedText)
    }

    /// The fields of `text` and whether they came from quoted lines.
    public static func read(_ text: String) -> (fields: [Field: String], quoted: Bool) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> (depth: Int, text: String) in
            var depth = 0
            var rest = Substring(line)
            while true {
                let trimmed = rest.drop { $0 == " " }
                guard trimmed.first == ">" else { break }
                depth += 1
                rest = trimmed.dropFirst()
            }
            return (depth, depth > 0 && rest.first == " " ? String(rest.dropFirst()) : String(rest))
        }
        let own = fields(lines.filter { $0.depth == 0 }.map(\.text))
        if own[.category] != nil || own[.place] != nil || own[.what] != nil { return (own, false) }
        for depth in 1...8 {
            let quoted = fields(lines.filter { $0.depth == depth }.map(\.text))
            if quoted[.category] != nil || quoted[.place] != nil || quoted[.what] != nil { return (quoted, true) }
        }
        return (own, false)
    }

    static func fields(_ lines: [String]) -> [Field: String] {
        var out: [Field: String] = [:]
        var current: Field?
        for line in lines {
            if endsMessage(line) {
                if !out.isEmpty { break }
                continue
            }
            if let (field, value) = field(line) {
                current = field
                if out[field] == nil { out[field] = value } else { current = nil }
                continue
            }
            guard let c = current else { continue }
            let t = line.trimmedText
            if c == .what {
                out[c, default: ""] += (out[c, default: ""].isEmpty ? "" : "\n") + t
            } else if t.isEmpty {
                current = nil
            } else if out[c, default: ""].isEmpty {
                out[c] = t
            } else {
                current = nil
            }
        }
        return out.mapValues { $0.trimmedText }.filter { !$0.value.isEmpty }
    }

    /// The body a report's e-mail starts with: one empty `Field:` line per field, in `language`.
    public static func template(language: String) -> String {
        let words: [Field: String]
        switch language.split(separator: "-").first.map(String.init) ?? "en" {
        case "es": words = [.category: "Categoría", .place: "Dónde", .when: "Cuándo", .what: "Qué pasó"]
        case "ar": words = [.category: "الفئة", .place: "المكان", .when: "متى", .what: "ماذا حدث"]
        default: words = [.category: "Category", .place: "Where", .when: "When", .what: "What happened"]
        }
        return [Field.category, .place, .when, .what].map { "\(words[$0]!): " }.joined(separator: "\n") + "\n"
    }
}
