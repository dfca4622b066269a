import ContentFields
import Diagnostics
import Formats
import Mail

/// `email` in `site.yml`: who the digest e-mail (`email.eml`) is from, and its footer. Its `to` is
/// checked here and never kept: the addresses stay in the content folder (see `Subscribers`).
public struct EmailSettings: Sendable {
    public var from: MailAddress?
    /// In the site's language (after `SiteSettings.inLanguage`, the edition's).
    public var footer = EmailFooter.standard
    /// `footer` as written: one text, or one per language.
    public var footerWords: Wording?

    public init(from: MailAddress? = nil, footer: EmailFooter = .standard) {
        self.from = from
        self.footer = footer
    }

    /// The footer in `language` (the site's when `site.yml` gives none in it).
    public func footer(in language: String) -> EmailFooter {
        guard let words = footerWords, case .success(let footer) = EmailFooter.parse(words.text(in: language)) else { return footer }
        return footer
    }

    static let example = "like 'Bagley Digest <digest@example.org>' or 'neighbors@lists.example.org'"

    /// `email: { from, to, footer }`; every problem reported at its place.
    static func read(_ node: Node?, siteLanguage: String, log: inout DiagnosticLog) -> EmailSettings {
        var settings = EmailSettings()
        guard let fields = FieldNames.email.block(node, expected: "with from, to and footer", log: &log) else { return settings }
        if let raw = fields.text("from", log: &log) {
            settings.from = MailAddress(parsing: raw)
            if settings.from == nil { log.error(fields.place("from"), "email.from \(quoted(raw)) is not an e-mail address; expected one \(example)") }
        }
        if let to = fields.node("to") { _ = Subscribers.parse(to, field: "email.to", log: &log) }
        if let words = Wording.read(fields, "footer", siteLanguage: siteLanguage, log: &log) {
            var good = true
            for (language, text) in [("", words.text)] + words.byLanguage.sorted(by: { $0.key < $1.key }) {
                guard case .failure(let bad) = EmailFooter.parse(text) else { continue }
                good = false
                let which = language.isEmpty ? "email.footer" : "email.footer in \(quoted(language))"
                log.error(words.location, "\(which) links to \(quoted(bad.target)); expected an http(s) or mailto: URL, or your e-mail service's merge tag such as '*|UNSUB|*' or '{{ unsubscribe_url }}'")
                break
            }
            if good, case .success(let footer) = EmailFooter.parse(words.text) { (settings.footer, settings.footerWords) = (footer, words) }
        }
        if fields.has("to"), !fields.has("from") {
            log.error(fields.place("to"), "email has 'to' but no 'from'; each week's e-mail (email.eml) needs a sender: add 'from', or leave both out")
        }
        return settings
    }
}
