import Build
import Foundation
import Testing

/// Nothing outside the content and template folders is read, and nothing there can hang a build.
@Suite("Files are read only where they belong")
struct ContainmentTests {
    @Test("a link in the theme's assets that leads out of the theme is an error, and nothing of its target is published")
    func assetLinkOut() throws {
        let f = SiteFixture()
        let theme = try f.copyOfTheme()
        let secret = f.base + "/shadow"
        try "SECRET-SHADOW".write(toFile: secret, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: theme + "/assets/leak.css", withDestinationPath: secret)
        let report = f.build(templates: theme)
        #expect(report.diagnostics.filter(\.isError).map(\.description) == [theme + "/assets/leak.css: error: this is a symbolic link to '\(secret)', outside '\(theme)'; copy it in instead"])
        #expect(!FileManager.default.fileExists(atPath: f.out + "/north/assets/leak.css"))
    }

    @Test("a FIFO in the theme or named like a content file is an error, never a hang")
    func fifos() throws {
        let f = SiteFixture()
        let theme = try f.copyOfTheme()
        #expect(mkfifo(theme + "/assets/pipe.css", 0o644) == 0)
        #expect(f.build(templates: theme).diagnostics.filter(\.isError).map(\.description) == [theme + "/assets/pipe.css: error: this is not a regular file (a FIFO, socket or device); only files and folders are read here"])
        let g = SiteFixture()
        try FileManager.default.removeItem(atPath: g.content + "/neighborhoods/north/observations.csv")
        #expect(mkfifo(g.content + "/neighborhoods/north/observations.csv", 0o644) == 0)
        #expect(mkfifo(g.content + "/neighborhoods/north/stories/pipe.md", 0o644) == 0)
        let errors = g.build().diagnostics.filter(\.isError).map(\.description)
        #expect(errors.contains(g.content + "/neighborhoods/north/observations.csv: error: this is not a regular file (a FIFO, socket or device); expected a file"))
        #expect(errors.contains(g.content + "/neighborhoods/north/stories/pipe.md: error: this is not a regular file (a FIFO, socket or device); expected a file"))
    }

    @Test("two folder links that point back at their own folder end in an error naming the loop")
    func linkLoops() throws {
        let f = SiteFixture()
        let theme = try f.copyOfTheme()
        try FileManager.default.createSymbolicLink(atPath: theme + "/assets/a", withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: theme + "/assets/b", withDestinationPath: ".")
        let errors = f.build(templates: theme).diagnostics.filter(\.isError).map(\.description)
        #expect(errors == [theme + "/assets/a: error: this folder was reached before through a symbolic link (a loop); remove the link",
                           theme + "/assets/b: error: this folder was reached before through a symbolic link (a loop); remove the link"])
    }
}
