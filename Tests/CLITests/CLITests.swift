import Foundation
import Testing
@testable import CLI
import CLITestSupport

/// The package's own folder, to find the sample content.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// Runs the command line in `dir`: its exit status, and what it printed.
func run(_ args: String..., in dir: String = packageRoot) -> (Int32, Transcript) { Transcript.run(args, in: dir) }

@Suite("The command line")
struct CLITests {
    @Test("the sample content checks with no errors")
    func sampleContent() {
        let (status, t) = run("check", "--content", packageRoot + "/content")
        #expect(status == 0, "\(t.err)")
        #expect(t.out.hasPrefix("checked 4 neighborhoods: 364 observations"))
    }

    @Test("wrong usage exits 2 with a hint")
    func usage() {
        let (status, t) = run("check", "--contnet", "x")
        #expect(status == 2)
        #expect(t.err == "error: unknown option '--contnet' for 'check'; did you mean '--content'?\nhint: run 'commonsight help check' for its usage")
        #expect(run("check", "--xyz").1.err.hasPrefix("error: unknown option '--xyz' for 'check'; expected --content, --date, --future, --templates\n"))
        #expect(run("frobnicate").0 == 2)
        #expect(run().0 == 2)
        #expect(run("check", "--content").1.err.hasPrefix("error: option '--content' needs a value"))
    }

    @Test("--version, --help and help COMMAND exit 0")
    func help() {
        let version = run("--version").1.out
        #expect(version.wholeMatch(of: /commonsight \d+\.\d+\.\d+/) != nil, "\(version)")
        #expect(run("--help").1.out.contains("commonsight check"))
        #expect(run("help", "new").1.out.contains("never overwritten"))
        #expect(run("help", "nope").0 == 2)
    }

    @Test("errors exit 1 with paths relative to the working folder")
    func relativePaths() throws {
        let dir = NSTemporaryDirectory() + "cs-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir + "/content/neighborhoods/n", withIntermediateDirectories: true)
        try "title: T\ncategories:\n  a: { label: A, color: \"#000000\" }\n".write(toFile: dir + "/content/site.yml", atomically: true, encoding: .utf8)
        try "---\nname: [\n---\n".write(toFile: dir + "/content/neighborhoods/n/neighborhood.md", atomically: true, encoding: .utf8)
        let (status, t) = run("check", "--content", dir + "/content", in: dir)
        #expect(status == 1)
        #expect(t.err.split(separator: "\n").contains { $0.hasPrefix("content/neighborhoods/n/neighborhood.md:3:1: error: YAML syntax error") })
        #expect(t.err.hasSuffix("check failed: 1 error, 1 warning"))
    }

    @Test("check also reports bad suggest and alchemy settings at their place")
    func checkAlchemySettings() throws {
        let dir = NSTemporaryDirectory() + "cs-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir + "/content/neighborhoods", withIntermediateDirectories: true)
        try "title: T\ncategories:\n  a: { label: A, color: \"#000000\" }\nalchemy:\n  url: 12\nsuggest:\n  radius_m: lots\n"
            .write(toFile: dir + "/content/site.yml", atomically: true, encoding: .utf8)
        let (status, t) = run("check", "--content", dir + "/content", in: dir)
        #expect(status == 1)
        let lines = t.err.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("content/site.yml:5:8: error: alchemy.url '12' is not an http(s) URL") }, "\(t.err)")
        #expect(lines.contains { $0.hasPrefix("content/site.yml:7:13: error: suggest.radius_m is 'lots'") }, "\(t.err)")
    }

    @Test("new writes skeletons that check accepts, and never overwrites")
    func newSkeletons() throws {
        let dir = NSTemporaryDirectory() + "cs-new-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir + "/content", withIntermediateDirectories: true)
        try "title: T\ncategories:\n  speeding: { label: Speeding, color: \"#d55e00\" }\n".write(toFile: dir + "/content/site.yml", atomically: true, encoding: .utf8)
        #expect(run("new", "neighborhood", "north-end", "--name", "North \"End\": the best", in: dir).0 == 0)
        #expect(run("new", "observation", "north-end", "obs-1", in: dir).0 == 0)
        #expect(run("new", "story", "north-end", "first-story", "--title", "A: title", in: dir).0 == 0)
        #expect(run("new", "coalition", "north-end", "block-club", in: dir).0 == 0)
        #expect(run("new", "event", "north-end", "walk", "--date", "2026-12-05", in: dir).0 == 0)
        let (check, t) = run("check", in: dir)
        #expect(check == 0, "\(t.err)")
        #expect(t.out.contains("1 observation (0 published), 1 story, 1 coalition, 1 event"))
        let before = try String(contentsOfFile: dir + "/content/neighborhoods/north-end/stories/first-story.md", encoding: .utf8)
        let (again, t2) = run("new", "story", "north-end", "first-story", "--title", "Other", in: dir)
        #expect(again == 1)
        #expect(t2.err == "content/neighborhoods/north-end/stories/first-story.md: error: already exists; new never overwrites a file")
        #expect(try String(contentsOfFile: dir + "/content/neighborhoods/north-end/stories/first-story.md", encoding: .utf8) == before)
        #expect(run("new", "story", "north-end", "Bad Name", in: dir).0 == 2)
        #expect(run("new", "story", "nowhere", "s", in: dir).0 == 1)
        #expect(run("new", "widget", "x", in: dir).0 == 2)
    }

    @Test("arguments accept --name=value and stop at --")
    func argumentForms() throws {
        let options = [Option("content", "DIR", "the content folder"), Option("drafts", nil, "include drafts")]
        let a = try Arguments.parse(["--content=x", "--", "--literal"], command: "t", options: options)
        #expect(a.options == ["content": "x"])
        #expect(a.positionals == ["--literal"])
        #expect(throws: Arguments.UsageError.self) { try Arguments.parse(["--drafts=1"], command: "t", options: options) }
        #expect(throws: Arguments.UsageError.self) { try Arguments.parse(["--content", "a", "--content", "b"], command: "t", options: options) }
    }
}

@Suite("commonsight render")
struct RenderCommandTests {
    func files(_ files: [String: String]) throws -> String {
        let dir = NSTemporaryDirectory() + "cs-render-" + UUID().uuidString
        for (path, text) in files {
            let url = URL(fileURLWithPath: dir + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return dir
    }

    @Test("a template error is reported at the template's path, line and column, with exit 1")
    func templateError() throws {
        let dir = try files(["t.liquid": "ok\n{% if x %}\n", "d.json": "{}"])
        let t = Transcript()
        let status = CommandLineTool.run(["render", "--template", "t.liquid", "--data", "d.json"], console: t.console(in: dir))
        #expect(status == 1)
        #expect(t.err == "t.liquid:2:1: error: Liquid syntax error: 'if' tag was never closed; expected 'else' or 'elsif' or 'endif'")
    }

    @Test("a data file that is not JSON is an error at its place")
    func badData() throws {
        let dir = try files(["t.liquid": "{{ a }}", "d.json": "{\"a\": }"])
        let t = Transcript()
        #expect(CommandLineTool.run(["render", "--template", "t.liquid", "--data", "d.json"], console: t.console(in: dir)) == 1)
        #expect(t.err == "d.json:1:7: error: JSON syntax error: expected a value")
    }

    @Test("a partial's syntax error names the partial file")
    func partialError() throws {
        let dir = try files(["t.liquid": "{% render 'card' %}", "parts/card.liquid": "\n\n{{ x | }}"])
        let t = Transcript()
        #expect(CommandLineTool.run(["render", "--template", "t.liquid", "--partials", "parts"], console: t.console(in: dir)) == 1)
        #expect(t.err.hasPrefix("parts/card.liquid:3:1: error: Liquid syntax error:"))
    }

    @Test("--autoescape takes none or html only")
    func autoescapeValues() {
        let t = Transcript()
        #expect(CommandLineTool.run(["render", "--template", "x", "--autoescape", "xml"], console: t.console()) == 2)
        #expect(t.err.hasPrefix("error: --autoescape must be 'none' or 'html', not 'xml'"))
    }
}

@Suite("commonsight build and check with a theme")
struct BuildCommandTests {
    @Test("check reports template errors with their place")
    func checkTemplates() throws {
        let dir = NSTemporaryDirectory() + "cs-check-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: packageRoot + "/content", toPath: dir + "/content")
        try FileManager.default.copyItem(atPath: packageRoot + "/templates", toPath: dir + "/templates")
        try "{% for x in y %}\n{{ x | }}\n{% endfor %}".write(toFile: dir + "/templates/partials/badge.liquid", atomically: true, encoding: .utf8)
        let t = Transcript()
        #expect(CommandLineTool.run(["check"], console: t.console(in: dir)) == 1)
        #expect(t.err.hasPrefix("templates/partials/badge.liquid:2:1: error: Liquid syntax error: expected a filter name after '|'"))
    }

    @Test("build prints one summary line, and wrong options exit 2")
    func buildSummary() throws {
        let dir = NSTemporaryDirectory() + "cs-buildcmd-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let t = Transcript()
        let status = CommandLineTool.run(["build", "--content", packageRoot + "/content", "--templates", packageRoot + "/templates",
                                          "--out", dir + "/out", "--date", "2026-11-29", "--only", "bagley", "--jobs", "2"], console: t.console(in: dir))
        #expect(status == 0, "\(t.err)")
        #expect(t.out.hasPrefix("built 1 neighborhood: "))
        let summary = t.out.split(separator: "\n").first ?? ""
        #expect(summary.contains(" pages, ") && summary.hasSuffix(" s → out"), "\(t.out)")
        #expect(CommandLineTool.run(["build", "--date", "2026-02-30"], console: Transcript().console(in: dir)) == 2)
        #expect(CommandLineTool.run(["build", "--jobs", "0"], console: Transcript().console(in: dir)) == 2)
        #expect(CommandLineTool.run(["build", "--base-url", "ftp://x"], console: Transcript().console(in: dir)) == 2)
        let wrongPart = Transcript()
        #expect(CommandLineTool.run(["build", "--skip", "digests,flyer"], console: wrongPart.console(in: dir)) == 2)
        #expect(wrongPart.err.contains("--skip: 'flyer' is not a part of the site; expected some of digests,flyers,emails,"), "\(wrongPart.err)")
    }

    @Test("build --skip says what it left out and that the pages still link to it")
    func skipNote() throws {
        let dir = NSTemporaryDirectory() + "cs-skip-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let t = Transcript()
        let status = CommandLineTool.run(["build", "--content", packageRoot + "/content", "--templates", packageRoot + "/templates", "--out", dir + "/out",
                                          "--date", "2026-11-29", "--only", "bagley", "--skip", "emails, flyers", "--no-share-cards"], console: t.console(in: dir))
        #expect(status == 0, "\(t.err)")
        #expect(t.err.contains("note: --skip left out flyers, emails; the pages still link to them: build without --skip before publishing"), "\(t.err)")
        #expect(FileManager.default.fileExists(atPath: dir + "/out/bagley/digest/index.html"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/out/bagley/digest/2026-W48/flyer.html"))
    }
}

@Suite("new checks names")
struct NewNameTests {
    @Test("new never writes outside the content folder and checks names as check does")
    func newValidatesNames() throws {
        let base = NSTemporaryDirectory() + "cs-new-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: base + "/content", withIntermediateDirectories: true)
        try "title: T\ncategories:\n  speeding: { label: Speeding, color: \"#d55e00\" }\n".write(toFile: base + "/content/site.yml", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: base + "/elsewhere/x", withIntermediateDirectories: true)
        try "---\nname: X\n---\n".write(toFile: base + "/elsewhere/x/neighborhood.md", atomically: true, encoding: .utf8)
        let escape = run("new", "story", "../../elsewhere/x", "s", "--content", base + "/content")
        #expect(escape.0 == 2)
        #expect(escape.1.err.hasPrefix("error: '../../elsewhere/x' is not a valid neighborhood; expected lowercase words joined by '-'"))
        #expect(!FileManager.default.fileExists(atPath: base + "/elsewhere/x/stories"))
        let reserved = run("new", "neighborhood", "com1", "--content", base + "/content")
        #expect(reserved.0 == 2 && reserved.1.err.hasPrefix("error: 'com1' is a reserved device name on Windows (COM1)"))
        #expect(run("new", "observation", "n", "a.", "--content", base + "/content").0 == 2)
        #expect(run("build", "--out", "").1.err.hasPrefix("error: --out is empty; expected a value"))
        #expect(run("build", "--date", "10000-01-01").0 == 2)
    }
}
