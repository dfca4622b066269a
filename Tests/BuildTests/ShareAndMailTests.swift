import Foundation
import Testing
import CLI
@testable import Pages
@testable import Rendering
@testable import Themes
@testable import Words

/// The share cards, e-mail files and 404 page of a built site.
@Suite("Share cards, e-mail files and the 404 page")
struct ShareAndMailTests {
    static let mailSite = SiteFixture.site + """

    email:
      from: "North End Digest <digest@example.org>"
      to: [neighbors@lists.example.org]
      footer: "Sent by the North End. [Unsubscribe](*|UNSUB|*) or [manage]({{ unsubscribe_url }})"
    """

    func bytes(_ f: SiteFixture, _ path: String) -> [UInt8] {
        FileManager.default.contents(atPath: f.out + "/" + path).map { [UInt8]($0) } ?? []
    }

    /// Width and height from a PNG's IHDR chunk.
    func pngSize(_ png: [UInt8]) -> (Int, Int)? {
        guard png.count > 24, png[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        return (png[16..<20].reduce(0) { $0 << 8 | Int($1) }, png[20..<24].reduce(0) { $0 << 8 | Int($1) })
    }

    @Test("the home page, each digest week and each story point og:image at their own 1200 × 630 PNG card")
    func cards() throws {
        let f = SiteFixture()
        #expect(f.build(baseURL: "https://digest.example.org/").succeeded)
        for (page, card) in [("north/index.html", "north/card.png"), ("north/digest/2026-W48/index.html", "north/digest/2026-W48/card.png"),
                             ("north/stories/slow-down/index.html", "north/stories/slow-down/card.png")] {
            let html = try #require(f.file(page))
            #expect(html.contains("<meta property=\"og:image\" content=\"https://digest.example.org/\(card)\">"), "\(page)")
            #expect(html.contains("<meta property=\"og:url\" content=\"https://digest.example.org/\(page)\">"), "\(page)")
            #expect(html.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"), "\(page)")
            #expect(html.contains("<meta property=\"og:image:alt\" content=\""), "\(page)")
            let size = pngSize(bytes(f, card))
            #expect(size?.0 == 1200 && size?.1 == 630, "\(card)")
        }
        #expect((f.file("north/index.html") ?? "").contains("<meta property=\"og:type\" content=\"website\">"))
        #expect((f.file("north/digest/2026-W48/index.html") ?? "").contains("<meta property=\"og:title\" content=\"North End: Week of November 23, 2026\">"))
    }

    @Test("--no-share-cards writes no PNG, and no page names an og:image, while the rest of the sharing tags stay")
    func withoutCards() throws {
        let f = SiteFixture()
        #expect(f.build(baseURL: "https://digest.example.org/", shareCards: false).succeeded)
        #expect(!SiteFixture.files(under: f.out).contains { $0.hasSuffix(".png") })
        for page in ["north/index.html", "north/digest/2026-W48/index.html", "north/stories/slow-down/index.html"] {
            let html = try #require(f.file(page))
            #expect(!html.contains("og:image"), "\(page)")
            #expect(html.contains("<meta property=\"og:title\""), "\(page)")
        }
    }

    @Test("cards are written without a base URL too, and two builds give the same bytes")
    func sameBytes() throws {
        let f = SiteFixture()
        #expect(f.build().succeeded)
        let first = bytes(f, "north/digest/2026-W48/card.png")
        #expect(pngSize(first)?.0 == 1200)
        #expect(!(f.file("north/index.html") ?? "").contains("og:image"))
        #expect(f.build(out: f.base + "/again").succeeded)
        #expect(FileManager.default.contents(atPath: f.base + "/again/north/digest/2026-W48/card.png").map { [UInt8]($0) } == first)
    }

    @Test("with email.from each week has an email.eml whose parts are the week's two e-mails, and no recipient")
    func eml() throws {
        let f = SiteFixture(SiteFixture.north, site: Self.mailSite)
        #expect(f.build(baseURL: "https://digest.example.org/").succeeded)
        let message = try #require(f.file("north/digest/2026-W48/email.eml"))
        #expect(message.hasPrefix("From: North End Digest <digest@example.org>\r\nSubject: North End: Week of November 23, 2026\r\nMIME-Version: 1.0\r\n"))
        #expect(message.contains("Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable"))
        #expect(message.contains("Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable"))
        let html = try #require(f.file("north/digest/2026-W48/email.html"))
        #expect(html.contains("<a href=\"*|UNSUB|*\" style=\"color:#0b5d5b;\">Unsubscribe</a>"), "the merge tag is kept as written")
        #expect(html.contains("<a href=\"{{ unsubscribe_url }}\" style=\"color:#0b5d5b;\">manage</a>"))
        #expect((f.file("north/digest/2026-W48/email.txt") ?? "").contains("Unsubscribe (*|UNSUB|*) or manage ({{ unsubscribe_url }})"))
        #expect(message.contains("<a href=3D\"*|UNSUB|*\""))
    }

    @Test("a week's email.eml follows an edit of the e-mail templates alone in the next build, as its two pages do")
    func emlFollowsItsTemplates() throws {
        let f = SiteFixture(SiteFixture.north, site: Self.mailSite)
        let theme = try f.copyOfTheme()
        #expect(f.build(templates: theme).succeeded)
        for (file, marker) in [("pages/email-text.txt", "MARKER-IN-THE-TEXT"), ("pages/email.md", "MARKER-IN-THE-HTML")] {
            let text = try String(contentsOfFile: theme + "/" + file, encoding: .utf8)
            try (text + "\n" + marker + "\n").write(toFile: theme + "/" + file, atomically: true, encoding: .utf8)
        }
        #expect(f.build(templates: theme).succeeded)
        #expect(f.file("north/digest/2026-W48/email.txt")?.contains("MARKER-IN-THE-TEXT") == true)
        #expect(f.file("north/digest/2026-W48/email.html")?.contains("MARKER-IN-THE-HTML") == true)
        let message = try #require(f.file("north/digest/2026-W48/email.eml"))
        #expect(message.contains("MARKER-IN-THE-TEXT") && message.contains("MARKER-IN-THE-HTML"), "the message's parts are its pages as rebuilt")
    }

    /// Runs the command line in `f`'s folder: its status and what it printed to stdout and stderr.
    func command(_ f: SiteFixture, _ args: [String]) -> (Int32, String, String) {
        final class Printed: @unchecked Sendable {
            let lock = NSLock()
            var out: [String] = [], err: [String] = []
        }
        let printed = Printed()
        let console = Console(workingDirectory: f.base, today: "2026-11-29",
                              out: { line in printed.lock.withLock { printed.out.append(line) } },
                              err: { line in printed.lock.withLock { printed.err.append(line) } })
        let status = CommandLineTool.run(args, console: console)
        return printed.lock.withLock { (status, printed.out.joined(separator: "\n"), printed.err.joined(separator: "\n")) }
    }

    @Test("subscribers never reach the built site; 'email' prints the week's message to them, per neighborhood and edition")
    func subscribersOnlyWhenSent() throws {
        var files = SiteFixture.north
        files["neighborhoods/north/neighborhood.md"] = """
        ---
        name: North End
        languages: [en, es]
        subscribers:
          en: [ana.resident@example.net, "Bo Resident <bo@example.net>"]
          es: vecinos@example.net
        ---
        About North End.

        """
        let f = SiteFixture(files, site: Self.mailSite)
        #expect(f.build(baseURL: "https://digest.example.org/").succeeded)
        for path in SiteFixture.files(under: f.out) {
            let text = String(decoding: FileManager.default.contents(atPath: f.out + "/" + path) ?? Data(), as: UTF8.self)
            #expect(!text.contains("example.net") && !text.contains("neighbors@lists"), "\(path) names a subscriber")
        }
        let (status, message, errors) = command(f, ["email", "north", "--out", "public"])
        #expect(status == 0, "\(errors)")
        #expect(message.hasPrefix("To: ana.resident@example.net, Bo Resident <bo@example.net>\nFrom: North End Digest <digest@example.org>\nSubject: North End: Week of November 23, 2026\n"))
        #expect(!message.contains("\r"), "sendmail -t reads the system's line ends")
        let (esStatus, esMessage, _) = command(f, ["email", "north", "--out", "public", "--language", "es", "--week", "2026-W48"])
        #expect(esStatus == 0)
        #expect(esMessage.hasPrefix("To: vecinos@example.net\nFrom: North End Digest <digest@example.org>\nSubject: North End: Semana del 23 de noviembre de 2026\n"))
        let (missing, _, missingError) = command(f, ["email", "north", "--out", "public", "--week", "2019-W01"])
        #expect(missing == 1 && missingError.contains("public/north/digest/2019-W01/email.eml: no such e-mail"), "\(missingError)")
        #expect(command(f, ["email", "north", "--week", "2026-48"]).0 == 2)
    }

    @Test("without subscribers of its own a neighborhood's e-mail goes to site.yml's email.to; with none, 'email' says where to add them")
    func siteSubscribers() throws {
        let f = SiteFixture(SiteFixture.north, site: Self.mailSite)
        #expect(f.build(baseURL: "https://digest.example.org/").succeeded)
        #expect(command(f, ["email", "north", "--out", "public"]).1.hasPrefix("To: neighbors@lists.example.org\nFrom: "))
        let bare = SiteFixture(SiteFixture.north, site: Self.mailSite.replacingOccurrences(of: "  to: [neighbors@lists.example.org]\n", with: ""))
        #expect(bare.build(baseURL: "https://digest.example.org/").succeeded)
        let (status, _, error) = command(bare, ["email", "north", "--out", "public"])
        #expect(status == 1)
        #expect(error == "error: no subscribers for north in 'en': add 'subscribers' to content/neighborhoods/north/neighborhood.md or 'to' under email in site.yml")
    }

    @Test("without email.from and email.to there is no email.eml, and the footer says how to unsubscribe")
    func noEml() {
        let f = SiteFixture()
        #expect(f.build(baseURL: "https://digest.example.org/").succeeded)
        #expect(f.file("north/digest/2026-W48/email.eml") == nil)
        #expect((f.file("north/digest/2026-W48/email.html") ?? "").contains("To unsubscribe, reply to this e-mail and say so."))
    }

    @Test("an e-mail opens with hidden preview text and marks its main part and footer")
    func emailLandmarks() throws {
        let f = SiteFixture()
        #expect(f.build(baseURL: "https://digest.example.org/").succeeded)
        let html = try #require(f.file("north/digest/2026-W48/email.html"))
        let body = try #require(html.components(separatedBy: "<body").last)
        #expect(body.contains(">\n<div style=\"display:none;"))
        #expect(body.contains("November 23 to November 29: 1 observation and 1 new story in <bdi>North End</bdi>."))
        #expect(html.contains("<div role=\"main\">") && html.contains("<div role=\"contentinfo\">"))
    }

    @Test("a neighborhood name with a line break and a Bcc header stays inside the Subject")
    func hostileSubject() throws {
        var files = SiteFixture.north
        files["neighborhoods/north/neighborhood.md"] = "---\nname: \"North\\r\\nBcc: evil@example.net\"\n---\nAbout.\n"
        let f = SiteFixture(files, site: Self.mailSite)
        #expect(f.build(baseURL: "https://digest.example.org/").succeeded)
        let message = try #require(f.file("north/digest/2026-W48/email.eml"))
        let head = message.components(separatedBy: "\r\n\r\n")[0].components(separatedBy: "\r\n")
        #expect(!head.contains { $0.lowercased().hasPrefix("bcc") }, "\(head)")
        #expect(head.contains("Subject: North Bcc: evil@example.net: Week of November 23, 2026"))
    }

    @Test("the 404 page carries the site's stylesheets inside it and links none")
    func notFound() throws {
        let f = SiteFixture()
        #expect(f.build().succeeded)
        let page = try #require(f.file("north/404.html"))
        let css = try String(contentsOfFile: SiteFixture.theme + "/assets/site.css", encoding: .utf8)
        // Inside a <style> element its logical properties are written as the page's physical ones (left to right here).
        #expect(page.contains("<style>" + PhysicalCSS.of(css, rightToLeft: false) + "</style>"))
        #expect(page.contains("margin-left: .35rem") && !page.contains("margin-inline-start"))
        #expect(page.contains("<style media=\"print\">"))
        #expect(!page.contains("rel=\"stylesheet\""))
        #expect((f.file("north/index.html") ?? "").contains("<link rel=\"stylesheet\" href=\"./assets/site.css\">"))
    }
}
