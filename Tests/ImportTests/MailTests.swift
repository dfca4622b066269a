import Diagnostics
import Foundation
import Testing
@testable import Import

@Suite("E-mail reports")
struct MailTests {
    func read(_ text: String) -> ([IncomingReport], [Diagnostic]) {
        var log = DiagnosticLog()
        let out = MailReports.read(Array(text.utf8), path: "in.eml", log: &log)
        return (out, log.items)
    }

    static let plain = """
    From: Ana Ruiz <ana@example.org>
    To: reports@example.org
    Subject: Report a problem [bagley]
    Date: Tue, 24 Nov 2026 18:02:11 -0500
    Message-ID: <1@example.org>
    Content-Type: text/plain; charset=utf-8

    Category: Speeding
    Where: Livernois & Thatcher
    When: 2026-11-20
    What happened: Cars race past the school
    every morning.

    Thanks
    Ana

    """

    @Test("A plain message's fields make one report; the sender is private and the subject names the neighborhood")
    func plain() {
        let (reports, problems) = read(Self.plain)
        #expect(problems.isEmpty)
        #expect(reports.count == 1)
        let r = reports[0]
        #expect(r.id.hasPrefix("email-") && r.id.count == 22)
        #expect(r.categoryValues == ["Speeding"])
        #expect(r.place == "Livernois & Thatcher")
        #expect(r.observed == "2026-11-20")
        #expect(r.text == "Cars race past the school\nevery morning.")
        #expect(r.reporter == Reporter(name: "Ana Ruiz", email: "ana@example.org"))
        #expect(r.neighborhoodHint == "bagley")
        #expect(!r.text.contains("Ana"))
    }

    @Test("A reply that quotes the report once gives the same report, with the same id")
    func quotedReply() {
        let reply = """
        From: Lead <lead@example.org>
        Subject: Re: Report a problem [bagley]
        Date: Wed, 25 Nov 2026 09:00:00 -0500
        Content-Type: text/plain; charset=utf-8

        Got it, thank you!

        On Tue, Nov 24, 2026 at 6:02 PM Ana Ruiz <ana@example.org> wrote:
        > Category: Speeding
        > Where: Livernois & Thatcher
        > When: 2026-11-20
        > What happened: Cars race past the school
        > every morning.

        """
        let (a, _) = read(Self.plain)
        let (b, problems) = read(reply)
        #expect(problems.isEmpty)
        #expect(b.count == 1)
        #expect(b[0].id == a[0].id)
        #expect(b[0].text == a[0].text)
    }

    @Test("Quoted-printable, base64, HTML-only, Spanish and Arabic field names and attachments are read")
    func encodings() {
        let qp = """
        From: x@example.org
        Content-Type: text/plain; charset=utf-8
        Content-Transfer-Encoding: quoted-printable

        Categor=C3=ADa: Exceso de velocidad
        D=C3=B3nde: esquina de Livernois y Thatcher
        Cu=C3=A1ndo: 20 de noviembre de 2026
        Qu=C3=A9 pas=C3=B3: Los carros van muy r=C3=A1pido frente a la =
        escuela.

        """
        let (r1, _) = read(qp)
        #expect(r1.first?.categoryValues == ["Exceso de velocidad"])
        #expect(r1.first?.place == "esquina de Livernois y Thatcher")
        #expect(r1.first?.observed == "2026-11-20")
        #expect(r1.first?.text == "Los carros van muy rápido frente a la escuela.")
        #expect(PlaceWords.parse(r1.first?.place ?? "") == .corner("Livernois", "Thatcher"))

        let arabic = "الفئة: السرعة الزائدة\nالمكان: Livernois & Thatcher\nماذا حدث: سيارات مسرعة\n"
        let b64 = """
        From: =?utf-8?B?2LPYp9ix2Kk=?= <s@example.org>
        Content-Type: multipart/mixed; boundary="XYZ"

        --XYZ
        Content-Type: text/plain; charset=utf-8
        Content-Transfer-Encoding: base64

        \(Data(arabic.utf8).base64EncodedString(options: .lineLength76Characters))
        --XYZ
        Content-Type: image/jpeg; name="car.jpg"
        Content-Disposition: attachment; filename="car.jpg"
        Content-Transfer-Encoding: base64

        /9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/
        --XYZ--

        """
        let (r2, _) = read(b64)
        #expect(r2.first?.categoryValues == ["السرعة الزائدة"])
        #expect(r2.first?.place == "Livernois & Thatcher")
        #expect(r2.first?.text == "سيارات مسرعة")
        #expect(r2.first?.reporter.name == "سارة")

        let html = """
        From: y@example.org
        Content-Type: text/html; charset=iso-8859-1

        <html><head><style>p{color:red}</style></head><body><div>Thanks for looking.</div>
        <blockquote><p>Category: Illegal parking<br>Where: Pickford St<br>What happened: Cars on the sidewalk &amp; the grass, caf\u{E9}</p></blockquote></body></html>

        """
        let latin1 = Array(html.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
        var log = DiagnosticLog()
        let r3 = MailReports.read(latin1, path: "h.eml", log: &log)
        #expect(r3.first?.categoryValues == ["Illegal parking"])
        #expect(r3.first?.place == "Pickford St")
        #expect(r3.first?.text == "Cars on the sidewalk & the grass, café")
    }

    @Test("An mbox is split at its From lines; a message with no report is skipped with a warning at its line")
    func mbox() {
        let box = "From ana@example.org Tue Nov 24 18:02:11 2026\n" + Self.plain + "\n"
            + "From spam@example.org Tue Nov 24 19:00:00 2026\nFrom: spam@example.org\nSubject: hello\n\nBuy now\n"
        let (reports, problems) = read(box)
        #expect(reports.count == 1)
        #expect(reports[0].location.line == 2)
        let spamLine = box.split(separator: "\n", omittingEmptySubsequences: false).firstIndex(of: "From: spam@example.org")! + 1
        #expect(problems.count == 1 && !problems[0].isError && problems[0].location.line == spamLine)
    }

    @Test("The page's body template reads back as the fields it names, in each language")
    func template() {
        for language in ["en", "es", "ar"] {
            let filled = ReportForm.template(language: language).split(separator: "\n").enumerated()
                .map { i, line in line + ["Speeding", "Livernois & Thatcher", "2026-11-20", "Cars racing"][i] }.joined(separator: "\n")
            let (fields, quoted) = ReportForm.read(filled)
            #expect(!quoted)
            #expect(fields[.category] == "Speeding" && fields[.place] == "Livernois & Thatcher" && fields[.when] == "2026-11-20"
                    && fields[.what] == "Cars racing", "\(language)")
        }
    }
}
