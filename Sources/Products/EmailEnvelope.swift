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
    /// The week's `email.txt` and `email.html` pages, as they are listed for their own files: the
    /// message holds exactly their bytes.
    package var text: PageJob
    package var html: PageJob

    package func hash(into h: inout FingerprintBuilder) {
        h.tag(2)
        for field in [from.name, from.address, subject, language, text.path, html.path] { h.add(field) }
        for page in [text, html] { InputHash.add(page.variables[...], to: &h) }
    }

    package func bytes(_ job: PageJob, render: (PageJob) throws(LiquidError) -> [UInt8]) -> Result<[UInt8], Diagnostic> {
        do throws(LiquidError) { return .success(try message(render: render).bytes) } catch { return .failure(error.diagnostic) }
    }

    /// The message, its two parts rendered as their own files are (or taken as they were rendered).
    package func message(render: (PageJob) throws(LiquidError) -> [UInt8]) throws(LiquidError) -> MailMessage {
        MailMessage(from: from, to: [], subject: subject, language: language,
                    text: String(decoding: try render(text), as: UTF8.self), html: String(decoding: try render(html), as: UTF8.self))
    }
}

extension EmailEnvelope {
    /// Each week's `email.eml`, when the site says who the digest is from: its two e-mail pages as a message.
    package static func jobs(_ models: ViewModels, pages: [PageJob]) -> [PageJob] {
        guard models.options.builds(.emails), models.options.builds(.digests), let from = models.site.email.from else { return [] }
        let h = models.hood
        let byPath = Dictionary(pages.filter { $0.kind == .email || $0.kind == .emailText }.map { ($0.path, $0) }) { first, _ in first }
        return h.digests.compactMap { d in
            guard let html = byPath[Routes.email(d.week)], let text = byPath[Routes.emailText(d.week)] else { return nil }
            var message = html
            message.path = Routes.emailMessage(d.week)
            message.product = .made(EmailEnvelope(from: from, subject: models.t("place_title", ["place": h.name, "title": html.title]),
                                                  language: models.site.language, text: text, html: html))
            return message
        }
    }
}
