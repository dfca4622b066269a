import Foundation
import Redaction

/// What an observation would show if it were published, with what the redaction would take out.
///
/// The loader redacts only what it publishes (nothing of a hidden report is searched or warned
/// about); `review` shows a lead, before publishing, the same text the loader would then make.
public struct PublicText: Sendable {
    /// One field of the report as it would be published.
    public struct Field: Sendable, Equatable {
        /// `title`, `location`, `author` or `description`.
        public var name: String
        /// The text as the site would show it, each finding replaced by its mark.
        public var published: String
        /// The same text with each mark followed by what it removes: `[phone removed: 313-555-0100]`.
        public var marked: String
        /// What would be taken out, in order.
        public var removed: [Removal]
    }

    public struct Removal: Sendable, Equatable {
        public var kind: Redactor.Kind
        /// The words as written.
        public var text: String
    }

    public var fields: [Field]

    public func field(_ name: String) -> Field? { fields.first { $0.name == name } }

    /// Every removal of every field.
    public var removed: [Removal] { fields.flatMap(\.removed) }

    /// The fields of `o` as `ObservationLoader` would publish them in `n` under `site`'s privacy
    /// settings. A published observation was redacted when it was read: its text comes back as it is.
    public static func of(_ o: Observation, in n: Neighborhood, site: SiteSettings) -> PublicText {
        var redactor = Redactor(kinds: site.privacy.redact, streets: n.streetNames)
        // A title, author or place the content did not write is made when it is shown; only written words are fields here.
        let written: [(String, String?)] = [("title", o.title), ("location", o.location.written), ("author", o.author), ("description", o.description)]
        guard o.status != .published else {
            return PublicText(fields: written.compactMap { name, text in text.map { Field(name: name, published: $0, marked: $0, removed: []) } })
        }
        // The location label: marked as the loader marks it (house numbers dropped on a privacy grid).
        redactor.kinds.remove(.address)
        var place: Field?
        if let written = o.location.written {
            let label = PublicURL.removingPrivateParts(written)
            let coarse = site.privacy.locationPrecisionMeters > 0
            let (text, found) = coarse ? redactor.coarsenLocation(label) : redactor.redact(label)
            place = Self.field("location", label, text, found, coarse: coarse)
        }
        redactor.kinds = site.privacy.redact
        func redacted(_ name: String, _ written: String) -> Field {
            // Web addresses lose their user info, query and fragment, as the loader publishes them.
            let text = PublicURL.removingPrivateParts(written)
            guard !site.privacy.redact.isEmpty else { return Field(name: name, published: text, marked: text, removed: []) }
            let (out, found) = redactor.redact(text)
            return Self.field(name, text, out, found, coarse: false)
        }
        return PublicText(fields: [o.title.map { redacted("title", $0) }, place, o.author.map { redacted("author", $0) },
                                   redacted("description", o.description)].compactMap { $0 })
    }

    /// A field from what the redactor found in `original` and the text it made.
    static func field(_ name: String, _ original: String, _ published: String, _ found: [Redactor.Finding], coarse: Bool) -> Field {
        guard !found.isEmpty else { return Field(name: name, published: published, marked: published, removed: []) }
        let bytes = Array(original.utf8)
        var marked: [UInt8] = []
        var removed: [Removal] = []
        var i = 0
        for f in found {
            marked += bytes[i..<f.start]
            if coarse, f.kind == .address, let street = f.streetStart, let streetEnd = f.streetEnd {
                // Only the house number (and a unit) goes; the street stays.
                let number = String(decoding: bytes[f.start..<street], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                let unit = String(decoding: bytes[streetEnd..<f.end], as: UTF8.self).trimmingCharacters(in: .whitespaces.union(.init(charactersIn: ",")))
                marked += Array("[house number removed: \(number)] ".utf8) + bytes[street..<streetEnd]
                if !unit.isEmpty { marked += Array(" [unit removed: \(unit)]".utf8) }
                removed.append(Removal(kind: f.kind, text: unit.isEmpty ? number : number + " " + unit))
            } else {
                let words = String(decoding: bytes[f.start..<f.end], as: UTF8.self)
                marked += Array("[\(f.kind.mark.dropFirst().dropLast()): \(words)]".utf8)
                removed.append(Removal(kind: f.kind, text: words))
            }
            i = f.end
        }
        marked += bytes[i...]
        return Field(name: name, published: published, marked: String(decoding: marked, as: UTF8.self), removed: removed)
    }
}
