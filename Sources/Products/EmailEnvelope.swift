import Diagnostics
import Fingerprint
import Liquid
import Loading
import Mail
import Pages
import Rendering
import Themes

/// Who a week's `email.eml` is from, its subject, and the two pages it is made of. It has no
/// recipients: those are added when it is sent (`commonsight email`), never in a published file.
package struct EmailEnvelope: MadeFile {
    package var from: MailAddress
    package var subject: String
    package var language: String
    /// `email.txt` and `email.html` of the same week: the message holds exactly their text.
    package var textPath: String
    package var htmlPath: String

    package func hash(into h: inout FingerprintBuilder) {
        h.tag(2)
        for field in [from.name, from.address, subject, language, textPath, htmlPath] { h.add(field) }
    }

    package func bytes(_ job: PageJob, render: (PageJob) throws(LiquidError) -> [UInt8]) -> Result<[UInt8], Diagnostic> {
        do throws(LiquidError) { return .success(try message(job, render: render).bytes) } catch { return .failure(error.diagnostic) }
    }

    /// The job's e-mail pages, plain text and HTML, rendered as they are for their own files.
    package func message(_ job: PageJob, render: (PageJob) throws(LiquidError) -> [UInt8]) throws(LiquidError) -> MailMessage {
        var text = job, html = job
        (text.kind, text.path, text.product) = (.emailText, textPath, .page)
        (html.kind, html.path, html.product) = (.email, htmlPath, .page)
        return MailMessage(from: from, to: [], subject: subject, language: language,
                           text: String(decoding: try render(text), as: UTF8.self),
                           html: String(decoding: try render(html), as: UTF8.self))
    }
}

extension EmailEnvelope {
    /// Each week's `email.eml`, when the site says who the digest is from: its `email` page as a message.
    package static func jobs(_ models: ViewModels, pages: [PageJob]) -> [PageJob] {
        guard models.options.builds(.emails), models.options.builds(.digests), let from = models.site.email.from else { return [] }
        let h = models.hood
        let emailPages = Dictionary(pages.filter { $0.kind == .email }.map { ($0.path, $0) }) { first, _ in first }
        return h.digests.compactMap { d in
            guard var message = emailPages[Routes.email(d.week)] else { return nil }
            message.path = Routes.emailMessage(d.week)
            message.product = .made(EmailEnvelope(from: from, subject: models.t("place_title", ["place": h.name, "title": message.title]),
                                                  language: models.site.language, textPath: Routes.emailText(d.week), htmlPath: Routes.email(d.week)))
            return message
        }
    }
}
