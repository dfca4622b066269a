import Diagnostics
import Formats
import Mail

/// `email` in `site.yml`: who the digest e-mail (`email.eml`) is from and to, and its footer.
public struct EmailSettings: Sendable {
    public var from: MailAddress?
    public var to: [MailAddress] = []
    public var footer = EmailFooter.standard

    public init(from: MailAddress? = nil, to: [MailAddress] = [], footer: EmailFooter = .standard) {
        self.from = from
        self.to = to
        self.footer = footer
    }

    /// Both ends are known: each week gets an `email.eml`.
    public var canSend: Bool { from != nil && !to.isEmpty }

    static let example = "like 'Bagley Digest <digest@example.org>' or 'neighbors@lists.example.org'"

    /// `email: { from, to, footer }`; every problem reported at its place.
    static func read(_ node: Node?, log: inout DiagnosticLog) -> EmailSettings {
        var settings = EmailSettings()
        guard let fields = FieldNames.email.block(node, expected: "with from, to and footer", log: &log) else { return settings }
        if let raw = fields.text("from", log: &log) {
            settings.from = MailAddress(parsing: raw)
            if settings.from == nil { log.error(fields.place("from"), "email.from \(quoted(raw)) is not an e-mail address; expected one \(example)") }
        }
        if let list = addresses(fields, log: &log) { settings.to = list }
        if let text = fields.text("footer", log: &log) {
            switch EmailFooter.parse(text) {
            case .success(let footer): settings.footer = footer
            case .failure(let bad):
                log.error(fields.place("footer"), "email.footer links to \(quoted(bad.target)); expected an http(s) or mailto: URL, or your e-mail service's merge tag such as '*|UNSUB|*' or '{{ unsubscribe_url }}'")
            }
        }
        if fields.has("from") != fields.has("to") {
            let (has, lacks) = fields.has("from") ? ("from", "to") : ("to", "from")
            log.error(fields.place(has), "email has '\(has)' but no '\(lacks)'; the e-mail file of each week (email.eml) needs both, or leave both out")
        }
        return settings
    }

    /// `to`: one address, or a list of them.
    static func addresses(_ fields: Record, log: inout DiagnosticLog) -> [MailAddress]? {
        guard let node = fields.node("to") else { return nil }
        let items: [Node] = node.items ?? [node]
        var out: [MailAddress] = []
        for item in items {
            guard let raw = item.scalarText.map({ TextCleaning.clean($0.trimmed) }), !raw.isEmpty else {
                log.error(item.location, "email.to must be an address or a list of addresses, \(example)")
                continue
            }
            if let address = MailAddress(parsing: raw) { out.append(address) } else {
                log.error(item.location, "email.to \(quoted(raw)) is not an e-mail address; expected one \(example)")
            }
        }
        return out
    }
}
