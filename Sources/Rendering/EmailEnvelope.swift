import Fingerprint
import Liquid
import Loading
import Mail

/// Who a week's `email.eml` is from, its subject, and the two pages it is made of. It has no
/// recipients: those are added when it is sent (`commonsight email`), never in a published file.
struct EmailEnvelope: Sendable {
    var from: MailAddress
    var subject: String
    var language: String
    /// `email.txt` and `email.html` of the same week: the message holds exactly their text.
    var textPath: String
    var htmlPath: String

    func hash(into h: inout FingerprintBuilder) {
        for field in [from.name, from.address, subject, language, textPath, htmlPath] { h.add(field) }
    }

    /// The job's e-mail pages, plain text and HTML, rendered as they are for their own files.
    func message(_ job: PageJob, renderer: PageRenderer) throws(LiquidError) -> MailMessage {
        var text = job, html = job
        (text.kind, text.path, text.product) = ("email-text", textPath, .page)
        (html.kind, html.path, html.product) = ("email", htmlPath, .page)
        return MailMessage(from: from, to: [], subject: subject, language: language,
                           text: String(decoding: try renderer.render(text), as: UTF8.self),
                           html: String(decoding: try renderer.render(html), as: UTF8.self))
    }
}

extension EmailFooter {
    /// The footer as templates see it: each part's `text`, and `url` for a link (a URL or a merge tag, as written).
    var value: Value {
        .array(parts.map { part in
            switch part {
            case .text(let text): return .object(Object([("text", .string(text)), ("url", .nil)]))
            case .link(let label, let target): return .object(Object([("text", .string(label)), ("url", .string(target))]))
            }
        })
    }
}
