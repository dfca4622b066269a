import Assembly
import CivilTime
import Foundation
import Testing
@testable import Build
@testable import CLI

@Suite("The Monday summary and digest/latest/")
struct WeekSummaryTests {
    @Test("a build names this week's counts and the digest, e-mail, flyer and QR link of each neighborhood, all of them files it wrote")
    func summary() throws {
        var files = SiteFixture.north
        files["neighborhoods/north/neighborhood.md"] = "---\nname: North End\nlanguages: [en, es]\n---\nAbout North End.\n"
        let site = SiteFixture.site + "\nemail:\n  from: digest@example.org\n"
        let f = SiteFixture(files, site: site)
        let report = f.build(baseURL: "https://news.example.org/", shareCards: false, narration: false)
        #expect(report.succeeded, "\(report.diagnostics)")
        #expect(report.weeks.map { $0.name + ($0.language ?? "") } == ["North End", "North Endes"])
        let week = try #require(report.weeks.first)
        #expect(week.week.description == "2026-W48")
        // o3 (2026-11-25) is this week's report; "Slow down on Main" (2026-11-26) its story; the walk is coming.
        #expect(week.reports == 1 && week.stories == 1 && week.events == 1, "\(week)")
        #expect(week.files.map(\.role) == ["digest", "e-mail", "flyer", "latest"])
        #expect(week.files.map(\.path) == ["north/digest/2026-W48/index.html", "north/digest/2026-W48/email.eml",
                                           "north/digest/2026-W48/flyer.html", "north/digest/latest/index.html"])
        #expect(week.files.first?.url == "https://news.example.org/north/digest/2026-W48/")
        #expect(report.weeks[1].files.first?.path == "north/es/digest/2026-W48/index.html")
        for w in report.weeks { for file in w.files { #expect(FileManager.default.fileExists(atPath: f.out + "/" + file.path), "\(file.path)") } }
        // The QR link's page sends the reader on to this week's digest, relatively.
        let latest = try #require(f.file("north/es/digest/latest/index.html"))
        #expect(latest.contains("<meta http-equiv=\"refresh\" content=\"0; url=../2026-W48/index.html\">") && latest.contains("<html lang=\"es\" dir=\"ltr\">"))
        // What is not written is not named: without e-mail settings there is no e-mail line.
        let plain = SiteFixture()
        let without = plain.build(shareCards: false, narration: false)
        #expect(without.weeks.first?.files.map(\.role) == ["digest", "flyer", "latest"])
    }

    @Test("the printed summary says each path once, and one line a neighborhood when there are many")
    func printed() {
        let week = WeekID(containing: CivilDate.parse("2026-11-29")!)
        let one = WeekSummary(name: "North End", language: nil, week: week, reports: 1, stories: 0, events: 2, files: [
            .init(role: "digest", path: "north/digest/2026-W48/index.html", url: "https://x.org/north/digest/2026-W48/"),
            .init(role: "latest", path: "north/digest/latest/index.html", url: "https://x.org/north/digest/latest/"),
        ])
        let console = Console(workingDirectory: "/site", today: "2026-11-29", out: { _ in }, err: { _ in })
        let lines = BuildCommand.weekLines([one], out: "/site/public", console: console)
        #expect(lines == ["", "This week (2026-W48, 2026-11-23 to 2026-11-29):", "  North End: 1 new report, 0 new stories, 2 events coming",
                          "    digest  public/north/digest/2026-W48/index.html  https://x.org/north/digest/2026-W48/",
                          "    QR link https://x.org/north/digest/latest/"], "\(lines)")
        let many = BuildCommand.weekLines(Array(repeating: one, count: 9), out: "/site/public", console: console)
        #expect(many.count == 11 && many[2] == "  North End: 1 new report, 0 new stories, 2 events coming; public/north/digest/2026-W48/index.html")
    }
}
