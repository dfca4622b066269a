import Diagnostics
import Loading
import Redaction

/// A report's free text as it enters the content: phone numbers, e-mail addresses and street
/// addresses marked as the build marks them (the place keeps its street address, which the build
/// coarsens), each finding a warning at the report's line like `check`'s; the words as written
/// are kept only in a private field.
struct ReportPrivacy {
    let redactor: Redactor

    init(site: SiteSettings, streets: Set<String>) {
        redactor = Redactor(kinds: site.privacy.redact, streets: streets)
    }

    /// The text to publish, and whether it differs from the words as written.
    func text(_ written: String, field: String, at: SourceLocation, log: inout DiagnosticLog) -> (String, changed: Bool) {
        guard !redactor.kinds.isEmpty, !written.isEmpty else { return (written, false) }
        var r = redactor
        if field == "location" { r.kinds.remove(.address) }
        let (out, found) = r.redact(written)
        for kind in Set(found.map(\.kind)).sorted() {
            log.warning(at, "\(kind.noun) in '\(field)' of this report is written as '\(kind.mark)'; the words as written are kept only in the private field 'private_text'")
        }
        return (out, out != written)
    }
}
