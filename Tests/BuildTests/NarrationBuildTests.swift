import Diagnostics
import Fingerprint
import Incremental
import Foundation
import Synchronization
@testable import Narration
import Testing

/// Stories read aloud: `narration.opus` beside each published story, its player
/// and transcript on the page, made again only when the text or the voice changes.
@Suite("Stories read aloud")
struct NarrationBuildTests {
    static let path = ProcessInfo.processInfo.environment["PATH"]
    static let espeak = SpeechTools.lookUp("espeak-ng", in: path)
    static let opusenc = SpeechTools.lookUp("opusenc", in: path)
    static let toolsPresent = espeak != nil && opusenc != nil

    static let site = SiteFixture.site + "\nnarration:\n  voices: { en: en-us, es: es-419, ar: ar }\n"
    static let body = """
    Residents filed twelve reports about cars speeding on Main Street this fall, most of them in the hour before school starts.

    The corner of A and B is the worst: drivers pass the stop sign without slowing down, and the crossing guard has asked for help twice.

    Bring your own observations to the next meeting, and ask the city for a traffic-calming study on these blocks.
    """
    static func story(_ body: String = body, status: String = "published") -> String {
        "---\ntitle: Slow down on Main\nstatus: \(status)\ndate: 2026-11-26\nobservations: [o1, o3]\n---\n\(body)\n"
    }
    static let second = "---\ntitle: A second story\nstatus: published\ndate: 2026-11-20\n---\nThe park needs lights along the path.\n"

    static func fixture(site: String = site, story: String = story(), more: [String: String] = [:]) -> SiteFixture {
        var files = SiteFixture.north
        files["neighborhoods/north/stories/slow-down.md"] = story
        for (k, v) in more { files[k] = v }
        return SiteFixture(files, site: site)
    }

    static let audio = "north/stories/slow-down/narration.opus"

    func bytes(_ f: SiteFixture, _ path: String, out: String? = nil) -> [UInt8]? {
        FileManager.default.contents(atPath: (out ?? f.out) + "/" + path).map { [UInt8]($0) }
    }

    /// espeak-ng behind a script that writes each run's arguments to `log`: the build's real tool runs.
    func countingTools(_ f: SiteFixture) throws -> (SpeechTools.Location, log: String) {
        let espeak = try #require(Self.espeak), opusenc = try #require(Self.opusenc)
        let script = f.base + "/bin/espeak-ng", log = f.base + "/espeak.log"
        try FileManager.default.createDirectory(atPath: f.base + "/bin", withIntermediateDirectories: true)
        try Data("#!/bin/sh\necho \"$*\" >> '\(log)'\nexec '\(espeak)' \"$@\"\n".utf8).write(to: URL(fileURLWithPath: script))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        return (.at(espeak: script, opusenc: opusenc), log)
    }

    /// How many times espeak-ng spoke (its `--version` runs left out).
    func runs(_ log: String) -> Int {
        (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").filter { $0.contains(" -w ") }.count ?? 0
    }

    /// Every file under a folder, with its path, for searching the cache.
    func everyFile(_ root: String) -> [(String, Data)] {
        SiteFixture.files(under: root).compactMap { p in FileManager.default.contents(atPath: root + "/" + p).map { (p, $0) } }
    }

    @Test("a published story's narration is Ogg Opus that opusinfo reads, about 150 words a minute (half either way), at most 250 KB a minute, and its page plays it",
          .enabled(if: toolsPresent))
    func narration() throws {
        let f = Self.fixture()
        let report = f.build()
        #expect(report.succeeded, "\(report.diagnostics)")
        let audio = try #require(bytes(f, Self.audio))
        #expect(audio.starts(with: Array("OggS".utf8)))
        #expect(audio[28..<36].elementsEqual("OpusHead".utf8), "the first packet is OpusHead")
        let file = try #require(OggOpus(audio))
        let words = (["Slow down on Main"] + Self.body.components(separatedBy: "\n\n")).joined(separator: " ").split(whereSeparator: \.isWhitespace).count
        let perMinute = Double(words) / (file.seconds / 60)
        #expect((75...225).contains(perMinute), "\(words) words in \(file.seconds) s: \(perMinute) a minute")
        #expect(Double(audio.count) / (file.seconds / 60) <= 250_000, "\(audio.count) bytes in \(file.seconds) s")
        if let opusinfo = SpeechTools.lookUp("opusinfo", in: Self.path) {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: opusinfo)
            p.arguments = [f.out + "/" + Self.audio]
            p.standardOutput = FileHandle.nullDevice
            try p.run()
            p.waitUntilExit()
            #expect(p.terminationStatus == 0, "opusinfo reads it")
        }
        let page = try #require(f.file("north/stories/slow-down/index.html"))
        #expect(page.contains("<audio controls preload=\"none\" src=\"../../stories/slow-down/narration.opus\"><a href=\"../../stories/slow-down/narration.opus\">Download the audio (Ogg Opus, \((audio.count + 1023) / 1024) KB)</a></audio>"))
        let whole = Int(file.seconds.rounded())
        #expect(page.contains("<time datetime=\"PT\(whole / 60)M\(whole % 60)S\">1 minute</time>"), "\(file.seconds) s is about a minute")
        #expect(page.contains("<details class=\"transcript\">"))
        #expect(page.contains("<p dir=\"auto\">Slow down on Main</p>"))
        #expect(page.contains("<p dir=\"auto\">The corner of A and B is the worst: drivers pass the stop sign without slowing down, and the crossing guard has asked for help twice.</p>"))
        #expect(report.narrated == 1)
    }

    @Test("two builds into two folders give the same bytes, and a rebuild reads nothing aloud again", .enabled(if: toolsPresent))
    func sameBytes() throws {
        let f = Self.fixture()
        let (tools, log) = try countingTools(f)
        #expect(f.build(speech: tools).succeeded)
        let first = try #require(bytes(f, Self.audio))
        #expect(runs(log) == 1)
        let again = f.base + "/again"
        #expect(f.build(out: again, speech: tools).succeeded)
        #expect(bytes(f, Self.audio, out: again) == first, "a second OUT and cache, spoken again: the same bytes")
        #expect(runs(log) == 2)
        #expect(SiteFixture.snapshot(f.out) == SiteFixture.snapshot(again), "every file the same")
        let rebuild = f.build(speech: tools)
        #expect(rebuild.succeeded && rebuild.narrated == 0)
        #expect(runs(log) == 2, "nothing changed: espeak-ng did not run")
        #expect(bytes(f, Self.audio) == first)
    }

    @Test("a changed story is read again and an unchanged one is not", .enabled(if: toolsPresent))
    func changedText() throws {
        let f = Self.fixture(more: ["neighborhoods/north/stories/second.md": Self.second])
        let (tools, log) = try countingTools(f)
        #expect(f.build(speech: tools).succeeded)
        #expect(runs(log) == 2)
        let before = try #require(bytes(f, Self.audio))
        let other = try #require(bytes(f, "north/stories/second/narration.opus"))
        f.write("neighborhoods/north/stories/slow-down.md", Self.story(Self.body + "\nA new paragraph about the meeting on Tuesday.\n"))
        let report = f.build(speech: tools)
        #expect(report.succeeded && report.narrated == 1)
        #expect(runs(log) == 3, "only the changed story was spoken")
        let after = try #require(bytes(f, Self.audio))
        #expect(after != before)
        #expect(try #require(OggOpus(after)).seconds > (try #require(OggOpus(before))).seconds)
        #expect(bytes(f, "north/stories/second/narration.opus") == other)
        #expect((f.file("north/stories/slow-down/index.html") ?? "").contains("A new paragraph about the meeting on Tuesday."))
    }

    @Test("a story page rendered again while its narration is as last time keeps its player, and nothing is spoken", .enabled(if: toolsPresent))
    func reusedNarrationOnANewPage() throws {
        let f = Self.fixture()
        let (tools, log) = try countingTools(f)
        #expect(f.build(speech: tools).succeeded)
        // A new name renders every page of the neighborhood again; the story's text, and so its narration, is as it was.
        f.write("neighborhoods/north/neighborhood.md", "---\nname: North Side\ndescription: A test neighborhood\n---\nAbout North Side.\n")
        let report = f.build(speech: tools)
        #expect(report.succeeded && report.narrated == 0)
        #expect(runs(log) == 1)
        let page = f.file("north/stories/slow-down/index.html") ?? ""
        #expect(page.contains("North Side"))
        #expect(page.contains("<audio controls preload=\"none\" src=\"../../stories/slow-down/narration.opus\">"))
    }

    @Test("an error in the layout every page shares is told once, though the pages read aloud are rendered after the others", .enabled(if: toolsPresent))
    func oneErrorOnce() throws {
        let f = Self.fixture()
        let theme = try f.copyOfTheme()
        let layout = theme + "/layouts/default.html"
        try Data((try String(contentsOfFile: layout, encoding: .utf8) + "{{ 1 | divided_by: 0 }}\n").utf8).write(to: URL(fileURLWithPath: layout))
        let report = f.build(templates: theme)
        let errors = report.diagnostics.filter(\.isError)
        #expect(!report.succeeded)
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.location.path == layout)
        #expect(!FileManager.default.fileExists(atPath: f.out + "/north/stories/slow-down/index.html"))
    }

    @Test("given one core, a build reads its stories aloud before it renders any page", .enabled(if: toolsPresent))
    func oneCoreReadsFirst() {
        let f = Self.fixture()
        let seen = Mutex<[StageProgress]>([])
        let report = f.build(jobs: 1, stages: { event in seen.withLock { $0.append(event) } })
        #expect(report.succeeded && report.narrated == 1)
        let events = seen.withLock { $0 }
        let spoken = events.firstIndex(of: .ended("Reading stories aloud")), rendering = events.firstIndex(of: .began("Rendering pages"))
        #expect(spoken != nil && rendering != nil && spoken! < rendering!, "\(events)")
    }

    @Test("a draft, and a story unpublished since the last build, have no narration anywhere in OUT or the cache", .enabled(if: toolsPresent))
    func unpublished() throws {
        let f = Self.fixture()
        #expect(f.build(drafts: true).succeeded)
        #expect(bytes(f, "north/stories/draft-one/narration.opus") == nil, "a draft is never read aloud, even with --drafts")
        let draftPage = try #require(f.file("north/stories/draft-one/index.html"))
        #expect(!draftPage.contains("<audio"))
        #expect(bytes(f, Self.audio) != nil)
        f.write("neighborhoods/north/stories/slow-down.md", Self.story(status: "draft"))
        #expect(f.build().succeeded)
        #expect(!SiteFixture.files(under: f.out).contains { $0.hasSuffix(".opus") || $0.hasSuffix(".wav") })
        let cached = everyFile(f.cache)
        #expect(!cached.isEmpty)
        let entries = (FileManager.default.enumerator(atPath: f.cache)?.allObjects as? [String]) ?? []
        // The page files are named by the fingerprints of their lines: nothing of a story's text.
        let pageFiles = entries.filter { $0.contains("/" + RenderCache.pagesFolder + "/") }
        #expect(!pageFiles.isEmpty && pageFiles.allSatisfy { $0.split(separator: "/").last.map { Fingerprint(hex: $0) != nil } == true })
        // The reports' rows (`render.rows/`) hold published reports, never a story: the loop below looks in them too.
        let folders = entries.filter { !$0.contains("/" + RenderCache.pagesFolder) && !$0.contains("/render.rows") }
        #expect(folders.count == 3 && folders.allSatisfy { !$0.contains("narrating") && !$0.contains("speech-tools") }, "only the cache file and its tag in its folder: \(folders)")
        for (path, data) in cached {
            #expect(!path.contains("narrating") && !path.hasSuffix(".opus") && !path.hasSuffix(".wav") && !path.hasSuffix(".txt"), "\(path)")
            let text = String(decoding: data, as: UTF8.self)
            #expect(!text.contains("narration.opus") && !text.contains("crossing guard") && !text.contains("slow-down"), "\(path)")
            #expect(!data.starts(with: Array("OggS".utf8)))
        }
    }

    @Test("without espeak-ng the build warns once, succeeds, and no page has a player; --no-narration does not even look")
    func missingTools() throws {
        let f = Self.fixture()
        let missing = SpeechTools.Location.at(espeak: f.base + "/nowhere/espeak-ng", opusenc: f.base + "/nowhere/opusenc")
        for _ in 0..<2 {
            let report = f.build(speech: missing)
            #expect(report.succeeded)
            let warnings = report.diagnostics.map(\.description).filter { $0.contains("narration") }
            #expect(warnings.count == 1)
            #expect(warnings.first?.hasSuffix("site.yml:7:3: warning: narration: espeak-ng is not installed; stories are built without audio") == true, "\(warnings)")
        }
        #expect(!SiteFixture.files(under: f.out).contains { $0.hasSuffix(".opus") })
        for page in SiteFixture.files(under: f.out) where page.hasSuffix(".html") {
            #expect(!(f.file(page) ?? "").contains("<audio"), "\(page)")
        }
        #expect((f.file("north/stories/slow-down/index.html") ?? "").contains("crossing guard"), "the story itself is there")
        let off = f.build(speech: missing, narration: false)
        #expect(off.succeeded && !off.diagnostics.contains { $0.description.contains("narration") })
    }

    @Test("a story holding espeak-ng's phoneme brackets is read as text and gets its audio", .enabled(if: toolsPresent))
    func phonemeBrackets() throws {
        let f = Self.fixture(story: Self.story("Neighbors wrote [[h@l'oU]] ]] [[ on the sign at the corner of A and B."))
        let (tools, log) = try countingTools(f)
        let report = f.build(speech: tools)
        #expect(report.succeeded && !report.diagnostics.contains { $0.description.contains("narration") }, "\(report.diagnostics)")
        #expect(runs(log) == 1)
        let audio = try #require(bytes(f, Self.audio))
        #expect((OggOpus(audio)?.seconds ?? 0) > 2)
        let page = try #require(f.file("north/stories/slow-down/index.html"))
        #expect(page.contains("<audio"))
    }

    @Test("espeak-ng killed by a signal is a warning at the story it was reading, and the build goes on", .enabled(if: toolsPresent))
    func crashedTool() throws {
        let f = Self.fixture()
        let espeak = try #require(Self.espeak), opusenc = try #require(Self.opusenc)
        let script = f.base + "/bin/espeak-ng"
        try FileManager.default.createDirectory(atPath: f.base + "/bin", withIntermediateDirectories: true)
        // Says its version like espeak-ng; asked to speak, it dies of a segmentation fault.
        try Data("#!/bin/sh\n[ \"$1\" = --version ] && exec '\(espeak)' --version\nkill -SEGV $$\n".utf8).write(to: URL(fileURLWithPath: script))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        let report = f.build(speech: .at(espeak: script, opusenc: opusenc))
        #expect(report.succeeded)
        let warnings = report.diagnostics.map(\.description).filter { $0.contains("narration") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasSuffix("neighborhoods/north/stories/slow-down.md:1:1: warning: narration: espeak-ng crashed (killed by signal 11, SIGSEGV) "
                                          + "while reading this story; north/stories/slow-down/narration.opus built without audio") == true, "\(warnings)")
        #expect(bytes(f, Self.audio) == nil)
        #expect(!(f.file("north/stories/slow-down/index.html") ?? "").contains("<audio"))
    }

    @Test("a killed build's narration work (a story's text) is gone after the next build, even one that does not narrate")
    func killedWork() throws {
        let f = Self.fixture()
        let folder = f.cache + "/" + f.out.split(separator: "/").joined(separator: "_")
        #expect(f.build(narration: false).succeeded, "the first build makes the cache folder the tool's own")
        let left = folder + "/narrating/0123456789abcdef0123456789abcdef"
        try FileManager.default.createDirectory(atPath: left, withIntermediateDirectories: true)
        try Data("The story a moderator has since taken down.".utf8).write(to: URL(fileURLWithPath: left + "/text.txt"))
        let report = f.build(narration: false)
        #expect(report.succeeded)
        #expect(!FileManager.default.fileExists(atPath: folder + "/narrating"), "the work folder of the killed build is gone")
    }

    @Test("the voice follows the page's language, and a language without a voice gets no audio", .enabled(if: toolsPresent))
    func languages() throws {
        let spanish = Self.fixture(site: Self.site.replacingOccurrences(of: "timezone:", with: "language: es-MX\ntimezone:"),
                                   story: Self.story("Los vecinos presentaron doce reportes sobre autos a exceso de velocidad en la calle Main este otoño."))
        #expect(spanish.build().succeeded)
        let audio = try #require(bytes(spanish, Self.audio))
        #expect(OggOpus(audio) != nil)
        let page = try #require(spanish.file("north/stories/slow-down/index.html"))
        #expect(page.contains("1 minuto</time>") && page.contains("<div lang=\"es-MX\">"))
        let none = Self.fixture(site: SiteFixture.site + "\nnarration:\n  voices: { es: es-419 }\n")
        let report = none.build()
        #expect(report.succeeded && !report.diagnostics.contains { $0.description.contains("narration") })
        #expect(bytes(none, Self.audio) == nil)
        #expect(!(none.file("north/stories/slow-down/index.html") ?? "").contains("<audio"))
    }
}
