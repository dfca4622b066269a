import Build
import FileSystem
import Foundation
import Loading
import TestSupport
import Testing

/// The scenarios of "never lose a file": whatever state OUT and the cache are in, a successful build
/// leaves the bytes of a full build into an empty folder, and every file the tool did not write.
@Suite("Never lose a file, never publish a stale one")
struct OutputSafetyTests {
    /// A full `--no-cache` build of the same content into a fresh folder, for comparison.
    func fullBuild(_ f: SiteFixture, baseURL: String? = nil) -> [String: Data] {
        let fresh = f.base + "/fresh-" + UUID().uuidString
        var request = BuildRequest(content: f.content, templates: SiteFixture.theme, out: fresh, cacheFolder: fresh + "-cache",
                                   date: .parse("2026-11-29"), clock: 0, baseURL: baseURL, jobs: 2)
        request.useCache = false
        let report = Builder.build(request)
        #expect(report.succeeded, "\(report.diagnostics)")
        return SiteFixture.snapshot(fresh)
    }

    /// Files under `root` whose path or bytes hold `needle`; with `textOnly`, only the bytes of text
    /// files are searched (two letters turn up by chance in a compressed picture's bytes).
    @Test("a failed build leaves no cache folder it made, and keeps one an earlier build filled")
    func failedBuildCacheFolder() {
        let f = SiteFixture()
        func build(cache: String) -> BuildReport {
            Builder.build(BuildRequest(content: f.content, templates: SiteFixture.theme, out: f.out, cacheFolder: cache,
                                       date: .parse("2026-11-29"), clock: 0, jobs: 2))
        }
        f.write("site.yml", "title: [broken\n")
        let made = f.base + "/new-cache"
        #expect(!build(cache: made).succeeded)
        #expect(!FileManager.default.fileExists(atPath: made), "the cache folder it made is gone")
        #expect(!FileManager.default.fileExists(atPath: f.out), "and so is OUT")
        f.write("site.yml", SiteFixture.site)
        #expect(build(cache: made).succeeded)
        f.write("site.yml", "title: [broken\n")
        #expect(!build(cache: made).succeeded)
        #expect(FileManager.default.fileExists(atPath: made + "/render.cache"), "an earlier build's cache stays")
    }

    func grep(_ root: String, _ needle: String, textOnly: Bool = false) -> [String] {
        SiteFixture.files(under: root).filter { p in
            let bytes = FileManager.default.contents(atPath: root + "/" + p)
            let text = bytes.flatMap { textOnly ? String(bytes: $0, encoding: .utf8) : String(decoding: $0, as: UTF8.self) }
            return (text?.contains(needle) ?? false) || p.contains(needle)
        }
    }

    @Test("a folder of the user's own files is refused as OUT, and every file in it stays")
    func userFolder() throws {
        let f = SiteFixture()
        f.write("../public/thesis.tex", "my thesis")
        f.write("../public/figures/plot.png", "png")
        let report = f.build()
        #expect(report.diagnostics.map(\.message) == ["the output folder holds files that commonsight did not write ('figures', 'thesis.tex'); build into an empty or new folder, or move those files away (files that commonsight should publish belong in the content folder's static/)"])
        #expect(SiteFixture.snapshot(f.out).mapValues { String(decoding: $0, as: UTF8.self) } == ["thesis.tex": "my thesis", "figures/plot.png": "png"])
    }

    @Test("OUT inside the content folder, as the content folder, or holding the home folder is refused before anything is touched")
    func forbiddenOutputs() {
        let f = SiteFixture()
        let before = SiteFixture.snapshot(f.content)
        let stories = f.content + "/neighborhoods/north/stories"
        #expect(f.build(out: stories).diagnostics.map(\.message) == ["the output folder may not be inside the content folder; choose another --out"])
        #expect(f.build(out: f.content).diagnostics.map(\.message) == ["the output folder may not be the content folder or hold it; choose another --out"])
        var request = BuildRequest(content: f.content, templates: SiteFixture.theme, out: f.base + "/home", cacheFolder: f.cache, date: .parse("2026-11-29"), clock: 0)
        request.home = f.base + "/home/me"
        #expect(Builder.build(request).diagnostics.map(\.message) == ["the output folder may not be the home folder or hold it; choose another --out"])
        #expect(SiteFixture.snapshot(f.content) == before)
        #expect(!FileManager.default.fileExists(atPath: stories + "/index.html"))
    }

    @Test("a report a moderator removes is gone from OUT and the cache folder on the very next build, and stays gone")
    func removedReport() {
        let f = SiteFixture()
        let csv = SiteFixture.north["neighborhoods/north/observations.csv"] ?? ""
        f.write("neighborhoods/north/observations.csv", csv.replacingOccurrences(of: "Blocked sidewalk.", with: "REMOVED-MARKER"))
        #expect(f.build().succeeded)
        #expect(!grep(f.out, "REMOVED-MARKER").isEmpty)
        f.write("neighborhoods/north/observations.csv", csv.replacingOccurrences(of: "o2,illegal-parking,Near the park,42.06,-83.14,2026-11-10,published,Blocked sidewalk.",
                                                                                  with: "o2,illegal-parking,Near the park,42.06,-83.14,2026-11-10,removed,REMOVED-MARKER"))
        for _ in 0..<3 {
            #expect(f.build().succeeded)
            #expect(grep(f.out, "REMOVED-MARKER") == [])
            #expect(grep(f.out, "o2", textOnly: true) == [])
            #expect(grep(f.cache, "REMOVED-MARKER") == [] && grep(f.cache, "/o2/") == [])
            #expect(SiteFixture.snapshot(f.out) == fullBuild(f))
        }
    }

    @Test("a build that fails while putting its files in place leaves the last render cache as it was, and nothing written beside it; the rows of the neighborhood it read are gone")
    func failedCommitKeepsCache() throws {
        let f = SiteFixture()
        #expect(f.build().succeeded)
        let cacheFolder = f.cache + "/" + f.out.split(separator: "/").joined(separator: "_")
        let before = SiteFixture.snapshot(cacheFolder)
        #expect(before["render.cache"] != nil)
        // A removed report's page is deleted only where no folder on its way is a link: here its folder is one.
        let csv = SiteFixture.north["neighborhoods/north/observations.csv"] ?? ""
        f.write("neighborhoods/north/observations.csv", csv.replacingOccurrences(of: "2026-11-10,published,", with: "2026-11-10,removed,"))
        let elsewhere = f.base + "/elsewhere"
        try FileManager.default.moveItem(atPath: f.out + "/north/observations/o2", toPath: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: f.out + "/north/observations/o2", withDestinationPath: elsewhere)
        let failed = f.build()
        #expect(failed.diagnostics.filter(\.isError).map(\.message).contains { $0.contains("link") }, "\(failed.diagnostics)")
        // The rows of a neighborhood leave the cache when a build reads it (see `ReportRows`): o2 is removed now.
        #expect(before["render.rows/north"] != nil)
        #expect(SiteFixture.snapshot(cacheFolder) == before.filter { $0.key != "render.rows/north" })
    }

    @Test("hand edits, deleted files and a deleted cache: the next build gives the bytes of a full build")
    func damagedOutput() throws {
        let f = SiteFixture()
        #expect(f.build().succeeded)
        try "edited by hand".write(toFile: f.out + "/north/index.html", atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(atPath: f.out + "/north/observations/o1/index.html")
        try FileManager.default.removeItem(atPath: f.out + "/north/stories")
        #expect(f.build().succeeded)
        #expect(SiteFixture.snapshot(f.out) == fullBuild(f))
        try FileManager.default.removeItem(atPath: f.cache)
        try "again".write(toFile: f.out + "/north/feed.xml", atomically: true, encoding: .utf8)
        #expect(f.build().succeeded)
        #expect(SiteFixture.snapshot(f.out) == fullBuild(f))
    }

    @Test("two builds into one OUT at the same time: one waits for the other, both succeed, and OUT is a full build")
    func concurrentBuilds() async {
        let f = SiteFixture()
        async let a = f.build()
        async let b = f.build()
        let (ra, rb) = await (a, b)
        #expect(ra.succeeded && rb.succeeded, "\(ra.diagnostics) \(rb.diagnostics)")
        #expect(SiteFixture.snapshot(f.out) == fullBuild(f))
    }

    @Test("OUT that is a symbolic link is written through and stays a link")
    func linkedOutput() throws {
        let f = SiteFixture()
        let target = f.base + "/real-public"
        try makeLink(f.out, toNewFolder: target)
        #expect(f.build().succeeded)
        #expect(f.build().succeeded)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: f.out)) == target)
        #expect(SiteFixture.snapshot(target) == fullBuild(f))
    }

    @Test("--only rebuilds the named neighborhood; the others keep their bytes and times, and the index lists all")
    func onlyLeavesOthers() throws {
        let f = SiteFixture(SiteFixture.northAndSouth)
        #expect(f.build().succeeded)
        let southPage = f.out + "/south/index.html"
        let before = try FileManager.default.attributesOfItem(atPath: southPage)[.modificationDate] as? Date
        let southBefore = SiteFixture.snapshot(f.out + "/south")
        f.write("neighborhoods/north/events/new.md", "---\ntitle: New event\nstart: 2026-12-02 18:00\n---\n")
        f.write("neighborhoods/south/events/other.md", "---\ntitle: South-only event\nstart: 2026-12-03 18:00\n---\n")
        #expect(f.build(only: ["north"]).succeeded)
        #expect(SiteFixture.snapshot(f.out + "/south") == southBefore)
        #expect((try? FileManager.default.attributesOfItem(atPath: southPage)[.modificationDate] as? Date) == before)
        #expect(f.file("north/events/index.html")?.contains("New event") == true)
        let index = f.file("index.html") ?? ""
        #expect(index.contains("north/index.html") && index.contains("south/index.html"))
    }

    @Test("a CNAME added by hand survives builds; static/ is copied, and a file removed from it goes")
    func staticAndHandAdded() throws {
        let f = SiteFixture()
        f.write(["static/robots.txt": "User-agent: *\n", "static/.nojekyll": "", "static/img/logo.svg": "<svg/>"])
        #expect(f.build().succeeded)
        try "digest.example.org".write(toFile: f.out + "/CNAME", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: f.content + "/static/img/logo.svg")
        #expect(f.build().succeeded)
        #expect(f.file("CNAME") == "digest.example.org")
        #expect(f.file("robots.txt") == "User-agent: *\n")
        #expect(f.file(".nojekyll") == "")
        #expect(f.file("img/logo.svg") == nil)
        #expect(!FileManager.default.fileExists(atPath: f.out + "/img"))
    }

    @Test("a static file with a generated file's path, or a link out of static/, is an error naming it")
    func staticProblems() throws {
        let f = SiteFixture()
        f.write("static/index.html", "mine")
        #expect(f.build().diagnostics.filter(\.isError).map(\.description) == [f.content + "/static/index.html: error: this static file has the path of a file the site generates (index.html); rename it"])
        try FileManager.default.removeItem(atPath: f.content + "/static/index.html")
        let secret = f.base + "/secret.txt"
        try "secret".write(toFile: secret, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: f.content + "/static/leak.txt", withDestinationPath: secret)
        #expect(f.build().diagnostics.filter(\.isError).map(\.message) == ["this is a symbolic link to '\(secret)', outside '\(f.content)/static'; copy it in instead"])
        #expect(f.file("leak.txt") == nil)
    }

    @Test("a static file named as the tool's own files in OUT (the manifest's marker, a file being replaced), in any casing, is an error naming it")
    func staticReservedNames() throws {
        let f = SiteFixture()
        f.write("static/.commonsight-manifest.pending", "mine")
        f.write("static/docs/.guide.html.commonsight-new", "mine")
        f.write("static/docs/.commonsight-manifest.pending", "a name of its own below the top")
        let errors = f.build().diagnostics.filter(\.isError).map(\.description).sorted()
        #expect(errors == [
            f.content + "/static/.commonsight-manifest.pending: error: '.commonsight-manifest.pending' is a name commonsight keeps for itself in the output folder (beside its manifest, or a file being replaced); rename this file",
            f.content + "/static/docs/.guide.html.commonsight-new: error: 'docs/.guide.html.commonsight-new' is a name commonsight keeps for itself in the output folder (beside its manifest, or a file being replaced); rename this file",
        ])
        // In any casing: a folder that folds case would take .COMMONSIGHT-MANIFEST for the manifest.
        for name in [".commonsight-manifest.pending", "docs/.guide.html.commonsight-new"] { try FileManager.default.removeItem(atPath: f.content + "/static/" + name) }
        f.write("static/.COMMONSIGHT-MANIFEST", "mine")
        f.write("static/docs/.Guide.html.Commonsight-New", "mine")
        #expect(f.build().diagnostics.filter(\.isError).map(\.location.path).sorted() == [f.content + "/static/.COMMONSIGHT-MANIFEST", f.content + "/static/docs/.Guide.html.Commonsight-New"])
    }

    @Test("a static file whose name holds a tab or a line break is an error naming it, and the next build still owns OUT")
    func staticControlCharacters() throws {
        let f = SiteFixture()
        #expect(f.build().succeeded)
        for name in ["a\tb.txt", "line\nbreak.txt"] {
            f.write("static/" + name, "x")
            let errors = f.build().diagnostics.filter(\.isError)
            #expect(errors.map(\.location.path) == [f.content + "/static/" + name])
            #expect(errors.map(\.message) == ["this name holds a control character (a tab or a line break), which a web address cannot carry; rename this file"])
            #expect(errors.first?.description.contains("\\u{") == true, "shown escaped, never as a raw tab or line break")
            try FileManager.default.removeItem(atPath: f.content + "/static/" + name)
            #expect(f.build().succeeded)
        }
    }

    @Test("static paths spelled alike with other Unicode characters are an error naming both, never a failed write")
    func staticLookalikePaths() throws {
        let f = SiteFixture()
        f.write("static/caf\u{E9}/menu.txt", "one")
        #expect(f.build().succeeded)
        let before = f.file("caf\u{E9}/menu.txt")
        f.write("static/cafe\u{301}/hours.txt", "two")
        let folder = f.build().diagnostics.filter(\.isError).map(\.description)
        // The two sort as one name: the one met second (by its bytes) is the error, naming the first.
        #expect(folder == [f.content + "/static/caf\u{E9}/menu.txt: error: this path spells 'caf\u{E9}' with other Unicode characters than 'cafe\u{301}/hours.txt' in the same folder does (say, \u{E9} as one character against e and a combining accent): many systems store the two as one name; rename one of them so that both are typed alike"])
        #expect(f.file("caf\u{E9}/menu.txt") == before, "the last site stays")
        try FileManager.default.removeItem(atPath: f.content + "/static/cafe\u{301}")
        f.write("static/r\u{E9}sum\u{E9}.txt", "a")
        f.write("static/re\u{301}sume\u{301}.txt", "b")
        #expect(f.build().diagnostics.filter(\.isError).map(\.message).count == 1)
        try FileManager.default.removeItem(atPath: f.content + "/static/re\u{301}sume\u{301}.txt")
        #expect(f.build().succeeded)
        #expect(f.file("r\u{E9}sum\u{E9}.txt") == "a")
    }

    @Test("--only refuses a static file with another neighborhood's page path as a full build does, with or without the render cache")
    func staticClashUnderOnly() throws {
        let f = SiteFixture(SiteFixture.northAndSouth)
        #expect(f.build().succeeded)
        let southHome = try #require(f.file("south/index.html"))
        #expect(southHome.contains("South End"))
        f.write("static/south/index.html", "mine")
        let expected = [f.content + "/static/south/index.html: error: this static file has the path of a file the site generates (south/index.html); rename it"]
        #expect(f.build().diagnostics.filter(\.isError).map(\.description) == expected)
        #expect(f.build(only: ["north"]).diagnostics.filter(\.isError).map(\.description) == expected)
        #expect(f.file("south/index.html") == southHome, "south's home page is never replaced")
        // Without the render cache a page cannot be told from an earlier static file: refused, never written.
        try FileManager.default.removeItem(atPath: f.cache)
        #expect(f.build(only: ["north"]).diagnostics.filter(\.isError).map(\.message)
                == ["this static file would replace south/index.html of 'south', which --only leaves as it is, and without the render cache a page there cannot be told from a static file; build without --only"])
        #expect(f.file("south/index.html") == southHome)
        // A file of its own beside south's pages is no clash, in either build, and changes under --only.
        try FileManager.default.removeItem(atPath: f.content + "/static/south/index.html")
        f.write("static/south/flyer-extra.txt", "one")
        #expect(f.build().succeeded)
        f.write("static/south/flyer-extra.txt", "two")
        #expect(f.build(only: ["north"]).succeeded)
        #expect(f.file("south/flyer-extra.txt") == "two")
        // The same bytes as before need no record.
        try FileManager.default.removeItem(atPath: f.cache)
        #expect(f.build(only: ["north"]).succeeded)
        #expect(f.file("south/flyer-extra.txt") == "two")
    }

    @Test("the output of an earlier version (manifest and old generation beside OUT) is adopted, and its side folders go")
    func legacyLayout() throws {
        let f = SiteFixture()
        f.write(["../public/north/old-page.html": "REMOVED-MARKER",
                 "../.public.cache/current.manifest": "commonsight-manifest 1\nnorth/old-page.html\tabc\n",
                 "../.public.staging/north/observations/p9/index.html": "REMOVED-MARKER"])
        #expect(f.build().succeeded)
        #expect(!FileManager.default.fileExists(atPath: f.base + "/.public.cache"))
        #expect(!FileManager.default.fileExists(atPath: f.base + "/.public.staging"))
        #expect(f.file("north/old-page.html") == nil)
        #expect(SiteFixture.snapshot(f.out) == fullBuild(f))
    }

    @Test("a build killed at any moment: the next build gives the bytes of a full build",
          .enabled(if: FileManager.default.isExecutableFile(atPath: SiteFixture.executable), "needs the commonsight executable"))
    func killedBuilds() throws {
        let f = SiteFixture()
        let sample = SiteFixture.packageRoot + "/content"
        for (i, delay) in [0.05, 0.15, 0.3, 0.5, 0.8].enumerated() {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: SiteFixture.executable)
            p.arguments = ["build", "--content", sample, "--out", f.out, "--cache-dir", f.cache, "--date", i % 2 == 0 ? "2026-11-29" : "2026-10-04"]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            Thread.sleep(forTimeInterval: delay)
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
        }
        var request = BuildRequest(content: sample, templates: SiteFixture.theme, out: f.out, cacheFolder: f.cache, date: .parse("2026-11-29"), clock: 0, jobs: 2)
        let report = Builder.build(request)
        #expect(report.succeeded, "\(report.diagnostics)")
        request.out = f.base + "/full"
        request.cacheFolder = f.base + "/full-cache"
        request.useCache = false
        #expect(Builder.build(request).succeeded)
        #expect(SiteFixture.snapshot(f.out) == SiteFixture.snapshot(f.base + "/full"))
        #expect(SiteFixture.files(under: f.out).filter { $0.hasSuffix(".commonsight-new") } == [])
    }

    @Test("the cache folder is refused where OUT would be, and inside OUT; a folder of somebody else's files is never used or emptied")
    func cacheFolderPlaces() throws {
        let f = SiteFixture()
        let before = SiteFixture.snapshot(f.content)
        func build(cache: String) -> [String] {
            let request = BuildRequest(content: f.content, templates: SiteFixture.theme, out: f.out, cacheFolder: cache, date: .parse("2026-11-29"), clock: 0)
            return Builder.build(request).diagnostics.filter(\.isError).map(\.message)
        }
        #expect(build(cache: f.content) == ["the cache folder may not be the content folder or hold it; choose another --cache-dir"])
        #expect(build(cache: f.content + "/neighborhoods/north") == ["the cache folder may not be inside the content folder; choose another --cache-dir"])
        #expect(build(cache: SiteFixture.theme) == ["the cache folder may not be the templates folder or hold it; choose another --cache-dir"])
        #expect(build(cache: f.out + "/north") == ["the cache folder may not be the output folder, inside it or holding it; choose another --cache-dir"])
        #expect(build(cache: "/") == ["the cache folder may not be '/'; choose another --cache-dir"])
        #expect(SiteFixture.snapshot(f.content) == before)
        // Somebody's folder with a 'narrating' and a 'speech-tools' of their own: refused, and both stay.
        let theirs = f.base + "/documents"
        f.write("../documents/narrating/notes.txt", "mine")
        f.write("../documents/speech-tools/voice.txt", "mine too")
        #expect(build(cache: theirs) == ["the cache folder holds files that commonsight did not write ('narrating', 'speech-tools'); choose an empty or new --cache-dir (the tool deletes its own scratch folders there)"])
        #expect(FileManager.default.fileExists(atPath: theirs + "/narrating/notes.txt") && FileManager.default.fileExists(atPath: theirs + "/speech-tools/voice.txt"))
        // A new folder becomes the tool's (tagged), and is used again.
        let own = f.base + "/own-cache"
        #expect(build(cache: own) == [])
        #expect((try? String(contentsOfFile: own + "/CACHEDIR.TAG", encoding: .utf8))?.hasPrefix("Signature: 8a477f597d28d172789f06886806bc55") == true)
        #expect(build(cache: own) == [])
        // A CI job that keeps only the cache's kept files between runs: the folder is taken as the tool's.
        let keptOnly = f.base + "/ci-cache"
        f.write("../ci-cache/kept/north/0123456789abcdef0123456789abcdef.png", "a card")
        #expect(build(cache: keptOnly) == [])
        // Inside another site's output folder (an XDG_CACHE_HOME there), it would be uploaded with that site.
        let other = f.base + "/other-site"
        let request = BuildRequest(content: f.content, templates: SiteFixture.theme, out: other, cacheFolder: f.base + "/other-cache", date: .parse("2026-11-29"), clock: 0)
        #expect(Builder.build(request).succeeded)
        #expect(build(cache: other + "/.cache/commonsight/public-0123") == ["the cache folder may not be inside the output folder '\(RealPath.ofDeepest(other))', which would publish it; choose another --cache-dir"])
        #expect(!FileManager.default.fileExists(atPath: other + "/.cache"))
        // Spelled through folders not made yet, the same places are refused, and nothing is made.
        #expect(build(cache: f.base + "/new/x/../../public/k") == ["the cache folder may not be the output folder, inside it or holding it; choose another --cache-dir"])
        #expect(!FileManager.default.fileExists(atPath: f.base + "/new") && !FileManager.default.fileExists(atPath: f.out + "/k"))
        let nested = BuildRequest(content: f.content, templates: SiteFixture.theme, out: f.base + "/n1/x/../k/site", cacheFolder: f.base + "/n1/k",
                                  date: .parse("2026-11-29"), clock: 0)
        #expect(Builder.build(nested).diagnostics.filter(\.isError).map(\.message) == ["the cache folder may not be the output folder, inside it or holding it; choose another --cache-dir"])
    }

    @Test("a folder that holds a cache in a hidden folder is not built into: the cache would be published")
    func cacheInNewOutput() throws {
        let f = SiteFixture()
        let out = f.base + "/site"
        // A cache made there while it was no build's output folder yet (XDG_CACHE_HOME inside it).
        let first = BuildRequest(content: f.content, templates: SiteFixture.theme, out: f.base + "/elsewhere", cacheFolder: out + "/.xdg/commonsight/x-0123",
                                 date: .parse("2026-11-29"), clock: 0)
        #expect(Builder.build(first).succeeded)
        let request = BuildRequest(content: f.content, templates: SiteFixture.theme, out: out, cacheFolder: f.base + "/cache", date: .parse("2026-11-29"), clock: 0)
        #expect(Builder.build(request).diagnostics.filter(\.isError).map(\.message) == ["the output folder may not be a folder that holds a cache ('.xdg/commonsight/x-0123'), which would be published with the site; choose another --out"])
        #expect(SiteFixture.files(under: out).allSatisfy { $0.hasPrefix(".xdg/") }, "nothing was written")
        // Another hidden folder (a git checkout) is fine.
        try FileManager.default.removeItem(atPath: out + "/.xdg")
        f.write("../site/.git/HEAD", "ref: refs/heads/main")
        #expect(Builder.build(request).succeeded)
    }
}
