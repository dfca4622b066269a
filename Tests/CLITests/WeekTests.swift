import CLITestSupport
import DefaultTheme
import Foundation
import Loading
import Testing
@testable import CLI

/// A volunteer's week through the commands: init, new, check, review, build.
@Suite("A volunteer's week")
struct WeekTests {
    func run(_ args: String..., in dir: String) -> (Int32, Transcript) { Transcript.run(args, in: dir) }

    func folder(_ name: String) -> String {
        NSTemporaryDirectory() + "cs-week-\(name)-" + UUID().uuidString
    }

    func text(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// Replaces every placeholder `new` wrote in a file with real words.
    func fillIn(_ path: String) throws {
        var s = text(path)
        for (placeholder, words) in [(Placeholders.storyTitle, "Speeding on Elm"), (Placeholders.storyCallToAction, "Come count cars"),
                                     (Placeholders.storyBody, "Neighbors saw cars speed."), (Placeholders.eventTitle, "Walk audit"),
                                     (Placeholders.eventLocation, "The library"), (Placeholders.eventBody, "We walk the blocks.")] {
            s = s.replacingOccurrences(of: placeholder, with: words)
        }
        try s.write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test("init makes a site that checks and builds with the built-in theme, and never writes into a folder that is not empty")
    func initSite() throws {
        let dir = folder("init")
        let (made, t) = run("init", dir, in: NSTemporaryDirectory())
        #expect(made == 0, "\(t.err)")
        #expect(exists(dir + "/README.md") && exists(dir + "/content/site.yml") && !exists(dir + "/templates"))
        #expect(text(dir + "/content/site.yml").contains("# Settings for the whole site."))
        let (checked, c) = run("check", in: dir)
        #expect(checked == 0, "\(c.err)")
        #expect(c.out.hasPrefix("checked 1 neighborhood: 1 observation (0 published), 1 story, 1 coalition, 1 event; no errors"), "\(c.out)")
        let (built, b) = run("build", "--date", "2026-11-29", "--no-share-cards", "--no-narration", "--out", dir + "/public", in: dir)
        #expect(built == 0, "\(b.err)")
        let hood = dir + "/public/our-neighborhood"
        #expect(exists(hood + "/index.html") && exists(hood + "/assets/site.css"))
        // Every example is a draft: none is on a page.
        #expect(!exists(hood + "/stories/example-story/index.html"))
        #expect(!text(hood + "/events/index.html").contains("Walk audit on Elm Street"))
        #expect(!text(hood + "/coalitions/index.html").contains("Safe Streets Club"))
        // Never into a folder that holds something.
        let readme = text(dir + "/README.md")
        let (again, a) = run("init", dir, in: NSTemporaryDirectory())
        #expect(again == 1)
        #expect(a.err.contains("error: this folder is not empty (README.md, content, public); init never writes over your files"), "\(a.err)")
        #expect(text(dir + "/README.md") == readme)
        #expect(run("init", dir, "extra", in: NSTemporaryDirectory()).0 == 2)
    }

    @Test("init --theme copies the built-in theme out once, and a templates folder beside the content then wins")
    func initTheme() throws {
        let dir = folder("theme")
        #expect(run("init", dir, in: NSTemporaryDirectory()).0 == 0)
        let (copied, t) = run("init", dir, "--theme", in: NSTemporaryDirectory())
        #expect(copied == 0, "\(t.err)")
        for file in DefaultTheme.files {
            #expect(FileManager.default.contents(atPath: dir + "/templates/" + file.path).map { [UInt8]($0) } == file.bytes, "\(file.path)")
        }
        let (twice, t2) = run("init", dir, "--theme", in: NSTemporaryDirectory())
        #expect(twice == 1 && t2.err.contains("templates: error: already exists; init --theme never writes over a theme"), "\(t2.err)")
        // An edited theme beside the content is the one used, from any working folder.
        try "broken {% if %}".write(toFile: dir + "/templates/partials/badge.liquid", atomically: true, encoding: .utf8)
        let (failed, f) = run("check", "--content", dir + "/content", in: NSTemporaryDirectory())
        #expect(failed == 1 && f.err.contains("templates/partials/badge.liquid:1:"), "\(f.err)")
    }

    @Test("the built-in theme is the repository's templates folder, file for file")
    func embeddedThemeInSync() throws {
        let root = packageRoot + "/templates/"
        var onDisk: [String: [UInt8]] = [:]
        let walker = FileManager.default.enumerator(atPath: root)
        while let path = walker?.nextObject() as? String {
            var isDir: ObjCBool = false
            guard !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }),
                  FileManager.default.fileExists(atPath: root + path, isDirectory: &isDir), !isDir.boolValue else { continue }
            onDisk[path] = FileManager.default.contents(atPath: root + path).map { [UInt8]($0) }
        }
        #expect(onDisk.count > 40)
        #expect(Dictionary(uniqueKeysWithValues: DefaultTheme.files.map { ($0.path, $0.bytes) }) == onDisk)
    }

    @Test("new writes drafts that stay out of the build, which review --publish refuses until the placeholders are replaced")
    func draftsThenPublish() throws {
        let dir = folder("new")
        #expect(run("init", dir, in: NSTemporaryDirectory()).0 == 0)
        for kind in ["story", "event", "coalition"] {
            #expect(run("new", kind, "our-neighborhood", "my-\(kind)", "--date", "2026-11-25", in: dir).0 == 0)
        }
        #expect(run("new", "observation", "our-neighborhood", "r1", in: dir).0 == 0)
        let story = dir + "/content/neighborhoods/our-neighborhood/stories/my-story.md"
        #expect(text(story).contains("status: draft\ndate: 2026-11-25\n"))
        #expect(run("check", in: dir).0 == 0)
        let (refused, r) = run("review", "--publish", "my-story,my-event", in: dir)
        #expect(refused == 1)
        #expect(r.err.contains("stories/my-story.md:1:1: error: story 'my-story' is not ready to publish: 'title' is still the placeholder 'A new story'"), "\(r.err)")
        #expect(r.err.contains("event 'my-event' is not ready to publish: 'title' is still the placeholder 'A new event'; 'location' is still the placeholder 'Where to meet'"))
        let (report, o) = run("review", "--publish", "r1", in: dir)
        #expect(report == 1 && o.err.contains("'lat' and 'lon' are 0, 0"), "\(o.err)")
        #expect(text(story).contains("status: draft"))
        // Built now, none of them is on a page.
        #expect(run("build", "--date", "2026-11-29", "--no-share-cards", "--no-narration", "--out", dir + "/public", in: dir).0 == 0)
        let hood = dir + "/public/our-neighborhood"
        #expect(!exists(hood + "/stories/my-story/index.html") && !text(hood + "/events/index.html").contains("A new event"))
        // Once written, they publish, and the next build shows them.
        try fillIn(story)
        try fillIn(dir + "/content/neighborhoods/our-neighborhood/events/my-event.md")
        let (published, p) = run("review", "--publish", "my-story,my-event", in: dir)
        #expect(published == 0, "\(p.err)")
        #expect(run("build", "--date", "2026-11-29", "--no-share-cards", "--no-narration", "--out", dir + "/public", in: dir).0 == 0)
        #expect(exists(hood + "/stories/my-story/index.html") && text(hood + "/events/index.html").contains("Walk audit"))
    }

    @Test("a story dated after --date is on no page until its day; --future previews it; check and review list it")
    func scheduled() throws {
        let dir = folder("scheduled")
        #expect(run("init", dir, in: NSTemporaryDirectory()).0 == 0)
        try "---\ntitle: Later news\nstatus: published\ndate: 2026-12-20\n---\nSoon.\n"
            .write(toFile: dir + "/content/neighborhoods/our-neighborhood/stories/later.md", atomically: true, encoding: .utf8)
        let page = dir + "/public/our-neighborhood/stories/later/index.html"
        func build(_ date: String, _ extra: String...) -> Int32 {
            let args = ["build", "--date", date, "--no-share-cards", "--no-narration", "--out", dir + "/public"] + extra
            return CommandLineTool.run(args, console: Transcript().console(in: dir))
        }
        #expect(build("2026-11-29") == 0)
        #expect(!exists(page) && !text(dir + "/public/our-neighborhood/feed.xml").contains("Later news"))
        #expect(build("2026-11-29", "--future") == 0)
        #expect(exists(page))
        #expect(build("2026-12-20") == 0)
        #expect(exists(page))
        let (_, c) = run("check", "--date", "2026-11-29", in: dir)
        #expect(c.out.contains("scheduled: story later in our-neighborhood (stories/later.md) appears on 2026-12-20, in 21 days"), "\(c.out)")
        let (_, r) = run("review", "--date", "2026-11-29", in: dir)
        #expect(r.out.contains("later · scheduled story in Our Neighborhood · no category · appears on 2026-12-20\n"), "\(r.out)")
        // Published items are not "waiting".
        let (_, all) = run("review", "--date", "2026-12-25", "--status", "published", in: dir)
        #expect(all.out.contains("later · published story") && !all.out.contains("waiting"), "\(all.out)")
    }

    @Test("archived digests and e-mails stay as they were when a coalition or an event appears later")
    func archivedDigestsStay() throws {
        let dir = folder("archive")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: packageRoot + "/content", toPath: dir + "/content")
        func build() -> [String: String] {
            let (status, t) = run("build", "--date", "2026-11-29", "--only", "bagley", "--no-share-cards", "--no-narration",
                                  "--templates", packageRoot + "/templates", "--out", dir + "/public", in: dir)
            #expect(status == 0, "\(t.err)")
            var out: [String: String] = [:]
            let digests = dir + "/public/bagley/digest"
            for week in (try? FileManager.default.contentsOfDirectory(atPath: digests)) ?? [] where week.hasPrefix("20") {
                out[week] = text(digests + "/" + week + "/email.eml") + text(digests + "/" + week + "/index.html")
            }
            return out
        }
        let before = build()
        #expect(before.count > 10)
        let hood = dir + "/content/neighborhoods/bagley"
        try "---\nname: Everything Club\nstatus: published\ndate: 2026-11-29\nfocus: [speeding, illegal-parking, stop-sign-running, ignored-signals, bike-lane-driving, truck-routes, wrong-way-driving, improper-passing]\n---\nAll of it.\n"
            .write(toFile: hood + "/coalitions/everything-club.md", atomically: true, encoding: .utf8)
        try "---\nname: Draft Club\nstatus: draft\nfocus: [speeding]\n---\nNot yet.\n".write(toFile: hood + "/coalitions/draft-club.md", atomically: true, encoding: .utf8)
        try "---\ntitle: Late event\nstatus: published\ndate: 2026-11-29\nstart: 2026-11-03 18:00\n---\nPast.\n".write(toFile: hood + "/events/late.md", atomically: true, encoding: .utf8)
        let after = build()
        let archived = before.keys.filter { $0 != "2026-W48" }.sorted()
        #expect(archived.count == before.count - 1)
        for week in archived { #expect(after[week] == before[week], "digest \(week) changed") }
        #expect(!after.values.contains { $0.contains("Draft Club") })
    }

    @Test("typos in commands, kinds, options and categories get the name they are a slip from")
    func didYouMean() throws {
        let dir = folder("typo")
        #expect(run("init", dir, in: NSTemporaryDirectory()).0 == 0)
        #expect(run("buld", in: dir).1.err.hasPrefix("error: unknown command 'buld'; did you mean 'build'?"))
        #expect(run("new", "stroy", "x", "y", in: dir).1.err.hasPrefix("error: unknown kind 'stroy'; did you mean 'story'?"))
        #expect(run("build", "--drafs", in: dir).1.err.hasPrefix("error: unknown option '--drafs' for 'build'; did you mean '--drafts'?"))
        #expect(run("new", "observation", "our-neighborhood", "r2", "--category", "speedng", in: dir).1.err
            .hasPrefix("error: unknown category 'speedng'; did you mean 'speeding'?"))
        #expect(run("new", "story", "our-neighbourhood", "s", in: dir).1.err
            .hasSuffix("error: no neighborhood 'our-neighbourhood'; did you mean 'our-neighborhood'?"))
        #expect(run("review", "our-neighborhod", in: dir).1.err.contains("no neighborhood 'our-neighborhod'; did you mean 'our-neighborhood'?"))
        #expect(run("review", "--publish", "example-stroy", in: dir).1.err.contains("did you mean 'example-story in our-neighborhood'?"))
    }
}
