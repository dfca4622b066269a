import ContentFields
import Diagnostics
import Redaction

/// What the loader does to the public fields beyond marking findings: web addresses lose their
/// private parts, and tags and `source_url` that cannot be redacted are refused.
extension ObservationLoader {
    /// The text without the user info, query and fragment of the web addresses in it (each warned
    /// about), and how to find an offset of the result in the text as written.
    func withoutPrivateLinkParts(_ field: String, _ text: String, _ f: Record, _ source: Source, log: inout DiagnosticLog) -> (String, (Int) -> Int) {
        let parts = PublicURL.privateParts(in: text)
        guard !parts.isEmpty else { return (text, { $0 }) }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var kept: [(from: Int, shift: Int)] = []  // from this offset of the result on, add `shift`
        var i = 0
        for (part, what) in parts {
            log.warning(place(of: part.lowerBound, in: text, field: field, f, source),
                        "a web address in '\(field)' is published without its \(what); link to the page alone")
            out += bytes[i..<part.lowerBound]
            i = part.upperBound
            kept.append((out.count, i - out.count))
        }
        out += bytes[i...]
        return (String(decoding: out, as: UTF8.self), { offset in kept.last { $0.from <= offset }.map { offset + $0.shift } ?? offset })
    }

    /// A tag is published as written and cannot hold a mark: one the redaction would change is refused.
    func refuseTags(_ tags: [String], _ f: Record, log: inout DiagnosticLog) {
        guard !tags.isEmpty, !site.privacy.redact.isEmpty else { return }
        var again = DiagnosticLog()  // the list was read (and its problems reported) by `tags`
        for (tag, at) in f.list("tags", log: &again) ?? [] where tags.contains(tag) {
            // "jane-at-example-dot-com" is read with its dashes as spaces, too.
            let found = redactor.findings(in: tag).first ?? redactor.findings(in: tag.replacingOccurrences(of: "-", with: " ")).first
            if let found {
                log.error(at, "tag \(quoted(tag)) holds \(found.kind.noun), and a tag is published as written; remove it from the tags")
            }
        }
    }

    /// `source_url` as published: without its user info, query and fragment (warned about), and
    /// refused when its address itself holds an e-mail address or a phone number written with separators.
    func publicURL(_ url: String, _ f: Record, log: inout DiagnosticLog) -> String? {
        guard let p = PublicURL(url) else { return url }
        if !p.dropped.isEmpty {
            log.warning(f.place("source_url"), "the \(p.dropped.joined(separator: ", ")) of 'source_url' \(p.dropped.count > 1 ? "are" : "is") not published; the report links to \(quoted(p.url))")
        }
        let kinds = site.privacy.redact.intersection([.email, .phone])
        let bytes = Array(p.url.utf8)
        let found = Redactor(kinds: kinds).findings(in: p.url).first {
            // A run of digits alone in an address is an id, not a phone number.
            $0.kind == .email || bytes[$0.start..<$0.end].contains { !(0x30...0x39).contains($0) }
        }
        if let found {
            log.error(f.place("source_url"), "'source_url' holds \(found.kind.noun) in its address, which would be published; link to the report without it")
            return nil
        }
        return p.url
    }
}
