import CLITestSupport
import Foundation
import Loading
import Testing
@testable import CLI
@testable import Import

/// The "report a problem" page: built per neighborhood and edition when `site.yml` names the
/// address, and the e-mail its link writes reads back through `import`.
@Suite("The report a problem page", .serialized)
struct ReportPageTests {
    /// The sample content with `import: address:` added, and a base URL, built for bagley, claytown and warrendale (English, Spanish, Arabic).
    static func built() throws -> (Site, String) {
        let site = try SampleImportTests.sample()
        let yml = site.read("site.yml")!
        if !yml.contains("\nimport:\n  address: reports@example.org\n") {
            // Under the sample's `import:` (its categories), else as a block of its own.
            let with = yml.contains("\nimport:\n") ? yml.replacingOccurrences(of: "\nimport:\n", with: "\nimport:\n  address: reports@example.org\n")
                : yml + "import:\n  address: reports@example.org\n"
            try site.write("site.yml", with)
        }
        let out = site.dir + "/public"
        let t = Transcript()
        let status = CommandLineTool.run(["build", "--content", site.content, "--templates", packageRoot + "/templates", "--out", out,
                                          "--cache-dir", site.dir + "/cache", "--date", "2026-11-29", "--only", "bagley,claytown,warrendale",
                                          "--no-share-cards", "--no-narration", "--skip", "coalitions,events,search,data,feed,map,emails"],
                                         console: t.console(in: site.dir))
        #expect(status == 0, "\(t.err)")
        return (site, out)
    }

    /// The `mailto:` link of a page, its subject and body decoded.
    static func mailto(_ html: String) -> (address: String, subject: String, body: String)? {
        guard let start = html.range(of: "href=\"mailto:"), let end = html[start.upperBound...].firstIndex(of: "\"") else { return nil }
        let link = String(html[start.upperBound..<end]).replacingOccurrences(of: "&amp;", with: "&")
        let parts = link.split(separator: "?", maxSplits: 1)
        var fields: [String: String] = [:]
        for pair in parts[1].split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1)
            fields[String(kv[0])] = String(kv[1]).removingPercentEncoding
        }
        return (String(parts[0]), fields["subject"] ?? "", fields["body"] ?? "")
    }

    @Test("Each edition has the page, every page's footer links it, and the link's e-mail, filled in and answered, imports as one pending report")
    func pageAndRoundTrip() throws {
        let (site, out) = try Self.built()
        defer { site.remove() }
        let english = try String(contentsOfFile: out + "/bagley/report/index.html", encoding: .utf8)
        let spanish = try String(contentsOfFile: out + "/claytown/es/report/index.html", encoding: .utf8)
        let arabic = try String(contentsOfFile: out + "/warrendale/ar/report/index.html", encoding: .utf8)
        #expect(english.contains("<h1>Report a problem</h1>") && spanish.contains("<h1>Reporta un problema</h1>"))
        let home = try String(contentsOfFile: out + "/bagley/index.html", encoding: .utf8)
        #expect(home.contains("<a href=\"./report/index.html\">Report a problem</a>"))
        let story = try FileManager.default.contentsOfDirectory(atPath: out + "/bagley/stories").first { !$0.hasSuffix(".html") }!
        let flyer = try String(contentsOfFile: out + "/bagley/stories/\(story)/flyer.html", encoding: .utf8)
        #expect(flyer.contains("Scan to report a problem by e-mail.") && flyer.contains("QR code for https://digest.example.org/bagley/report/"))

        for (html, slug) in [(english, "bagley"), (spanish, "claytown"), (arabic, "warrendale")] {
            let link = try #require(Self.mailto(html))
            #expect(link.address == "reports@example.org")
            #expect(link.subject.hasSuffix("[\(slug)]"))
            // The resident fills in each line after its colon.
            let answers = ["Speeding", ["bagley": "Thatcher & Roselawn", "claytown": "Cecil & Parkinson", "warrendale": "Ann Arbor Trl & Paul Dr"][slug]!, "2026-11-20", "Cars racing by the school."]
            let lines = link.body.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").enumerated().map { i, l in l + answers[i] }
            let body = lines.joined(separator: "\n")
            let reply = "From: Lead <lead@example.org>\nSubject: Re: \(link.subject)\nContent-Type: text/plain; charset=utf-8\n\n"
                + "Thank you, we will look.\n\nOn Fri, Nov 20, 2026, Ana wrote:\n" + body.split(separator: "\n").map { "> " + $0 }.joined(separator: "\n") + "\n"
            let message = "From: Ana <ana@example.org>\nSubject: \(link.subject)\nDate: Fri, 20 Nov 2026 08:00:00 -0500\n"
                + "Content-Type: text/plain; charset=utf-8\n\n" + body + "\n"
            let box = site.dir + "/\(slug).mbox"
            try Data(("From ana@example.org Fri Nov 20 08:00:00 2026\n" + message + "\nFrom lead@example.org Fri Nov 20 09:00:00 2026\n" + reply).utf8)
                .write(to: URL(fileURLWithPath: box))
            let run = site.run([box])
            #expect(run.status == 0, "\(run.err)")
            #expect(run.out.hasPrefix("imported 1 new report into \(slug) (1 placed from a street corner), 1 already known"), "\(run.out)")
            let (content, _) = ContentLoader.load(root: site.content, only: [slug])
            let pending = content!.neighborhoods[0].observations.filter { $0.status == .pending && $0.id.hasPrefix("email-") }
            #expect(pending.count == 1 && pending.first?.category == "speeding" && pending.first?.description == "Cars racing by the school.")
        }
    }
}
