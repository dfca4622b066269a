import Diagnostics
import Formats
import Mail

/// `email` in `site.yml`: who the digest e-mail (`email.eml`) is from, and its footer. Its `to` is
/// checked here and never kept: the addresses stay in the content folder (see `Subscribers`).
public struct EmailSettings: Sendable {
    public var from: MailAddress?
    public var footer = EmailFooter.standard

    public init(from: MailAddress? = nil, footer: EmailFooter = .standard) {
        self.from = from
        self.footer = footer
    }

    static let example = "like 'Bagley Digest <digest@example.org>' or 'neighbors@lists.example.org'"

    /// `email: { from, to, footer }`; every problem reported at its place.
    static func read(_ node: Node?, log: inout DiagnosticLog) -> EmailSettings {
        var settings = EmailSettings()
        guard let fields = FieldNames.email.block(node, expected: "with from, to and footer", log: &log) else { return settings }
        if let raw = fields.text("from", log: &log) {
            settings.from = MailAddress(parsing: raw)
            if settings.from == nil { log.error(fields.place("from"), "email.from \(quoted(raw)) is not an e-mail address; expected one \(example)") }
        }
        if let to = fields.node("to") { _ = Subscribers.parse(to, field: "email.to", log: &log) }
        if let text = fields.text("footer", log: &log) {
            switch EmailFooter.parse(text) {
            case .success(let footer): settings.footer = footer
            case .failure(let bad):
                log.error(fields.place("footer"), "email.footer links to \(quoted(bad.target)); expected an http(s) or mailto: URL, or your e-mail service's merge tag such as '*|UNSUB|*' or '{{ unsubscribe_url }}'")
            }
        }
        if fields.has("to"), !fields.has("from") {
            log.error(fields.place("to"), "email has 'to' but no 'from'; each week's e-mail (email.eml) needs a sender: add 'from', or leave both out")
        }
        return settings
    }
}
