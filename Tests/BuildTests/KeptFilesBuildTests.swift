import FileSystem
import Fingerprint
import Foundation
@testable import Incremental
import Loading
import Raster
import Testing

/// `keep_in_cache: [audio, cards]`: the stories read aloud and the share cards kept in the tool's
/// cache for every output folder, and never anything unpublished after a build.
@Suite("Stories read aloud and cards kept for every output folder")
struct KeptFilesBuildTests {
    static let toolsPresent = NarrationBuildTests.toolsPresent && SVGRaster.unavailable() == nil
    static let keeping = NarrationBuildTests.site + "keep_in_cache: [audio, cards]\n"
    static let card = "north/stories/slow-down/card.png"

    func kept(_ folder: String) -> [String] { SiteFixture.files(under: folder) }

    @Test("a second output folder takes the stories read aloud and the cards from the cache: nothing spoken again, the same bytes",
          .enabled(if: toolsPresent))
    func secondFolder() throws {
        let f = NarrationBuildTests.fixture(site: Self.keeping)
        let t = NarrationBuildTests()
        let (tools, log) = try t.countingTools(f)
        let store = f.base + "/kept"
        #expect(f.build(speech: tools, kept: store).succeeded)
        #expect(t.runs(log) == 1)
        let names = kept(store)
        #expect(names.contains { $0.hasPrefix("north/") && $0.hasSuffix(".ogg") }, "\(names)")
        #expect(names.filter { $0.hasSuffix(".png") }.count >= 2, "the home page's and the story's cards at least: \(names)")
        let second = f.base + "/second"
        let report = f.build(out: second, speech: tools, kept: store)
        #expect(report.succeeded && report.narrated == 0, "\(report.diagnostics)")
        #expect(t.runs(log) == 1, "espeak-ng did not run for the second folder")
        #expect(SiteFixture.snapshot(second) == SiteFixture.snapshot(f.out), "every file the same")
    }

    /// The key a kept file is named by (`<32 hex digits>.<ext>`).
    func key(_ path: String) -> Fingerprint {
        let hex = path.split(separator: "/").last?.prefix(32) ?? ""
        return Fingerprint(high: UInt64(hex.prefix(16), radix: 16) ?? 0, low: UInt64(hex.suffix(16), radix: 16) ?? 0)
    }

    /// The bytes a kept file holds (nil when its seal does not match them and its name).
    func held(_ path: String) -> Data? {
        FileManager.default.contents(atPath: path).flatMap { KeptFiles.unsealed([UInt8]($0), key: key(path)) }.map { Data($0) }
    }

    @Test("a card is taken from the cache as it is kept there (not drawn again); one cut short or changed by a byte is drawn again, and kept again whole",
          .enabled(if: toolsPresent))
    func cardTakenAsKept() throws {
        let f = NarrationBuildTests.fixture(site: Self.keeping)
        let store = f.base + "/kept"
        #expect(f.build(narration: false, kept: store).succeeded)
        let drawn = try #require(FileManager.default.contents(atPath: f.out + "/" + Self.card))
        let entry = try #require(kept(store).first { held(store + "/" + $0) == drawn })
        // Another whole PNG in its place: what a second folder gets shows where the card came from.
        let other = try #require(FileManager.default.contents(atPath: f.out + "/north/card.png"))
        try Data(KeptFiles.sealed([UInt8](other), key: key(entry))).write(to: URL(fileURLWithPath: store + "/" + entry))
        #expect(f.build(out: f.base + "/second", narration: false, kept: store).succeeded)
        #expect(FileManager.default.contents(atPath: f.base + "/second/" + Self.card) == other)
        // Cut short, with one byte changed (its length and its PNG ending as they were), without its
        // seal, or sealed for another key (another card's file copied here), it is not taken: the
        // card is drawn again, and kept again as drawn.
        let sealed = KeptFiles.sealed([UInt8](drawn), key: key(entry))
        var flipped = sealed
        flipped[sealed.count / 2] ^= 0x01
        let elsewhere = KeptFiles.sealed([UInt8](other), key: Fingerprint(high: 1, low: 2))
        for (i, damaged) in [Array(sealed.prefix(100)), flipped, Array(drawn), elsewhere].enumerated() {
            try Data(damaged).write(to: URL(fileURLWithPath: store + "/" + entry))
            let next = f.base + "/damaged-\(i)"
            #expect(f.build(out: next, narration: false, kept: store).succeeded)
            #expect(FileManager.default.contents(atPath: next + "/" + Self.card) == drawn, "case \(i)")
            #expect(held(store + "/" + entry) == drawn, "case \(i): the kept file is whole again")
        }
    }

    @Test("without keep_in_cache nothing is kept", .enabled(if: toolsPresent))
    func offByDefault() throws {
        let f = NarrationBuildTests.fixture()
        let store = f.base + "/kept"
        #expect(f.build(kept: store).succeeded)
        #expect(!FileManager.default.fileExists(atPath: store))
    }

    @Test("a story taken out of publication leaves the cache with the next build; the others stay", .enabled(if: toolsPresent))
    func unpublished() throws {
        let f = NarrationBuildTests.fixture(site: Self.keeping, more: ["neighborhoods/north/stories/second.md": NarrationBuildTests.second])
        let store = f.base + "/kept"
        #expect(f.build(kept: store).succeeded)
        let audio = try #require(FileManager.default.contents(atPath: f.out + "/" + NarrationBuildTests.audio))
        let card = try #require(FileManager.default.contents(atPath: f.out + "/" + Self.card))
        let otherAudio = try #require(FileManager.default.contents(atPath: f.out + "/north/stories/second/narration.opus"))
        func holds(_ bytes: Data) -> Bool { kept(store).contains { held(store + "/" + $0) == bytes } }
        #expect(holds(audio) && holds(card) && holds(otherAudio))
        f.write("neighborhoods/north/stories/slow-down.md", NarrationBuildTests.story(status: "draft"))
        #expect(f.build(kept: store).succeeded)
        #expect(!holds(audio) && !holds(card), "the story is a draft now: nothing of it is kept")
        #expect(holds(otherAudio), "the other story's narration stays")
    }

    @Test("a build that shows drafts takes nothing from the cache, adds nothing, and clears what it made", .enabled(if: toolsPresent))
    func drafts() throws {
        let f = NarrationBuildTests.fixture(site: Self.keeping, more: ["neighborhoods/north/stories/later.md":
            "---\ntitle: Not yet\nstatus: draft\ndate: 2026-11-25\n---\nA draft, read aloud only in a preview.\n"])
        let t = NarrationBuildTests()
        let (tools, log) = try t.countingTools(f)
        let store = f.base + "/kept"
        #expect(f.build(speech: tools, kept: store).succeeded)
        #expect(t.runs(log) == 1)
        #expect(!kept(store).isEmpty)
        let preview = f.base + "/preview"
        let report = f.build(drafts: true, out: preview, speech: tools, kept: store)
        #expect(report.succeeded)
        #expect(t.runs(log) == 2, "the published story is spoken again: nothing is taken from the cache")
        #expect(FileManager.default.fileExists(atPath: preview + "/north/stories/later/index.html"), "the preview shows the draft")
        #expect(kept(store).isEmpty, "\(kept(store))")
    }

    @Test("a kind the site no longer keeps is removed; files the cache did not name are left alone", .enabled(if: toolsPresent))
    func kindsAndOtherFiles() throws {
        let f = NarrationBuildTests.fixture(site: Self.keeping)
        let store = f.base + "/kept"
        #expect(f.build(kept: store).succeeded)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: store + "/north/notes.txt"))
        f.write("site.yml", NarrationBuildTests.site + "keep_in_cache: [cards]\n")
        #expect(f.build(kept: store).succeeded)
        let names = kept(store)
        #expect(!names.contains { $0.hasSuffix(".ogg") }, "\(names)")
        #expect(names.contains { $0.hasSuffix(".png") })
        #expect(names.contains("north/notes.txt"))
        f.write("site.yml", NarrationBuildTests.site)
        #expect(f.build(kept: store).succeeded)
        #expect(kept(store) == ["north/notes.txt"])
    }

    @Test("keep_in_cache names what it keeps; another word is an error at its place, with the word it was near")
    func setting() throws {
        let f = SiteFixture(SiteFixture.north, site: SiteFixture.site + "\nkeep_in_cache: [audio, card]\n")
        let report = f.build(shareCards: false, narration: false)
        let error = try #require(report.diagnostics.first { $0.message.contains("keep_in_cache") })
        #expect(error.description.contains("site.yml:"), "\(error)")
        #expect(error.message.contains("'card' is not something the cache keeps; did you mean 'cards'?"), "\(error.message)")
        #expect(!report.succeeded)
    }

    @Test("only files named as kept ones are taken or removed, and a file cut short is never taken")
    func names() {
        #expect(KeptFiles.kind(ofName: "0123456789abcdef0123456789abcdef.png") == .cards)
        #expect(KeptFiles.kind(ofName: "0123456789abcdef0123456789abcdef.ogg") == .audio)
        #expect(KeptFiles.kind(ofName: "0123456789ABCDEF0123456789abcdef.png") == nil)
        #expect(KeptFiles.kind(ofName: "notes.txt") == nil)
        #expect(KeptFiles.kind(ofName: "0123456789abcdef0123456789abcdef.png.bak") == nil)
        #expect(!KeptFiles.isWhole(.cards, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 40)))
        #expect(!KeptFiles.isWhole(.audio, Array("OggS".utf8)))
        #expect(KeptFiles.isStaleScratch(".0123456789abcdef0123456789abcdef.png.new-999999999-1"), "a process that does not exist")
        #expect(!KeptFiles.isStaleScratch(".0123456789abcdef0123456789abcdef.png.new-\(getpid())-1"), "this process's is not stale")
        #expect(!KeptFiles.isStaleScratch(".notes.txt.new-999999999-1"))
        #expect(KeptFiles.isStaleScratch(".png.stamp.new-999999999-1"), "a stamp a killed build was writing")
        let bytes = Array("any bytes".utf8), k = Fingerprint(high: 7, low: 9)
        #expect(KeptFiles.unsealed(KeptFiles.sealed(bytes, key: k), key: k) == bytes)
        for i in 0..<KeptFiles.sealed(bytes, key: k).count {
            var damaged = KeptFiles.sealed(bytes, key: k)
            damaged[i] ^= 0x20
            #expect(KeptFiles.unsealed(damaged, key: k) == nil, "byte \(i) changed")
        }
        #expect(KeptFiles.unsealed(Array(KeptFiles.sealed(bytes, key: k).dropFirst()), key: k) == nil)
        #expect(KeptFiles.unsealed(bytes, key: k) == nil, "a file without a seal")
        #expect(KeptFiles.unsealed(KeptFiles.sealed(bytes, key: k), key: Fingerprint(high: 7, low: 8)) == nil, "another key's file")
        let stamp = KeptFiles.Stamp(source: .init(high: 1, low: 2), day: "2026-11-29")
        #expect(KeptFiles.Stamp(text: stamp.text) == stamp)
        #expect(stamp.allows(.init(source: stamp.source, day: "2026-12-01")), "a later day publishes what this one did")
        #expect(!stamp.allows(.init(source: stamp.source, day: "2026-11-28")), "an earlier day may not")
        #expect(!stamp.allows(.init(source: .init(high: 1, low: 3), day: "2026-11-29")), "other content")
    }

    @Test("a kept folder, or a neighborhood's folder in it, that is a link is neither read nor written",
          .enabled(if: toolsPresent), arguments: ["", "/north"])
    func linkedFolder(linked: String) throws {
        let f = NarrationBuildTests.fixture(site: Self.keeping)
        let elsewhere = f.base + "/elsewhere", store = f.base + "/kept"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        if !linked.isEmpty { try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true) }
        try FileManager.default.createSymbolicLink(atPath: store + linked, withDestinationPath: elsewhere)
        let report = f.build(narration: false, kept: store)
        #expect(report.succeeded)
        #expect(kept(elsewhere).isEmpty, "nothing written through the link")
        #expect(report.notes.contains { $0.contains("not a folder of the tool's") }, "\(report.notes)")
    }

    @Test("a quicker preview keeps the cards made from what the neighborhood is now, and removes those of a story made a draft since",
          .enabled(if: toolsPresent))
    func previewWithoutCards() throws {
        let f = NarrationBuildTests.fixture(site: Self.keeping, more: ["neighborhoods/north/stories/second.md": NarrationBuildTests.second])
        let store = f.base + "/kept"
        #expect(f.build(narration: false, kept: store).succeeded)
        let card = try #require(FileManager.default.contents(atPath: f.out + "/" + Self.card))
        func holds(_ bytes: Data) -> Bool { kept(store).contains { held(store + "/" + $0) == bytes } }
        let before = kept(store)
        #expect(holds(card))
        // Nothing changed: a preview without cards (serve's first build) leaves them for the next.
        #expect(f.build(out: f.base + "/preview", shareCards: false, narration: false, kept: store).succeeded)
        #expect(kept(store) == before)
        // The story is a draft now: a preview without cards cannot tell which card was its, so the
        // neighborhood's cards all go.
        f.write("neighborhoods/north/stories/slow-down.md", NarrationBuildTests.story(status: "draft"))
        #expect(f.build(out: f.base + "/preview", shareCards: false, narration: false, kept: store).succeeded)
        #expect(!holds(card))
        #expect(!kept(store).contains { $0.hasPrefix("north/") && $0.hasSuffix(".png") }, "\(kept(store))")
    }

    @Test("an output folder whose own cache finds a neighborhood unchanged removes the kept files another folder made from other content",
          .enabled(if: toolsPresent))
    func unchangedForOneFolder() throws {
        let f = NarrationBuildTests.fixture(site: Self.keeping)
        let store = f.base + "/kept", other = f.base + "/other"
        f.write("neighborhoods/north/stories/slow-down.md", NarrationBuildTests.story(status: "draft"))
        #expect(f.build(narration: false, kept: store).succeeded)
        f.write("neighborhoods/north/stories/slow-down.md", NarrationBuildTests.story())
        #expect(f.build(out: other, narration: false, kept: store).succeeded)
        let card = try #require(FileManager.default.contents(atPath: other + "/" + Self.card))
        func holds(_ bytes: Data) -> Bool { kept(store).contains { held(store + "/" + $0) == bytes } }
        #expect(holds(card))
        // A draft again: the first folder's cache says the neighborhood is as it built it last.
        f.write("neighborhoods/north/stories/slow-down.md", NarrationBuildTests.story(status: "draft"))
        #expect(f.build(narration: false, kept: store).succeeded)
        #expect(!holds(card), "\(kept(store))")
    }

    @Test("a neighborhood gone from the content folder leaves the kept files with a build of only some neighborhoods", .enabled(if: toolsPresent))
    func goneWithOnly() throws {
        let f = NarrationBuildTests.fixture(site: Self.keeping)
        let store = f.base + "/kept"
        try FileManager.default.createDirectory(atPath: store + "/south", withIntermediateDirectories: true)
        let name = "south/0123456789abcdef0123456789abcdef.png"
        try Data(KeptFiles.sealed(Array("a card".utf8), key: key(name))).write(to: URL(fileURLWithPath: store + "/" + name))
        #expect(f.build(only: ["north"], narration: false, kept: store).succeeded)
        #expect(!kept(store).contains(name), "\(kept(store))")
        #expect(kept(store).contains { $0.hasPrefix("north/") })
    }

    @Test("a build that leaves parts out keeps what is kept, as a quicker preview does", .enabled(if: toolsPresent))
    func skippedParts() throws {
        let f = NarrationBuildTests.fixture(site: Self.keeping)
        let store = f.base + "/kept"
        #expect(f.build(narration: false, kept: store).succeeded)
        let before = kept(store)
        #expect(before.contains { $0.hasSuffix(".png") })
        #expect(f.build(out: f.base + "/preview", narration: false, skip: [.digests], kept: store).succeeded)
        #expect(kept(store) == before)
    }

    @Test("one build at a time changes the kept files: another waits for it, and gives up with a note, changing nothing")
    func oneAtATime() throws {
        let base = NSTemporaryDirectory() + "kept-lock-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let store = base + "/kept", name = "north/0123456789abcdef0123456789abcdef.png"
        try FileManager.default.createDirectory(atPath: store + "/north", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: base) }
        try Data(KeptFiles.sealed(Array("a card".utf8), key: key(name))).write(to: URL(fileURLWithPath: store + "/" + name))
        let kept = KeptFiles(folder: store, kinds: [.cards])
        let other = try AdvisoryLock.take(store, seconds: 1)
        let problems = kept.update(slugs: ["north"], made: [.cards], published: [:], fills: true, out: base, site: ["north"],
                                   stamps: [:], waitSeconds: 0.2)
        #expect(problems.contains { $0.contains("busy") }, "\(problems)")
        #expect(self.kept(store) == [name], "nothing removed while another build holds the folder")
        other.release()
        #expect(kept.update(slugs: ["north"], made: [.cards], published: [:], fills: true, out: base, site: ["north"], stamps: [:]).isEmpty)
        #expect(self.kept(store).isEmpty, "once it is free: the card was not published, so it goes")
    }

    @Test("folders among the kept files that are not neighborhoods' are left as they are: hidden ones, and empty ones")
    func othersFolders() throws {
        let base = NSTemporaryDirectory() + "kept-others-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let store = base + "/kept"
        defer { try? FileManager.default.removeItem(atPath: base) }
        let hidden = ".git/0123456789abcdef0123456789abcdef.png"
        try FileManager.default.createDirectory(atPath: store + "/.git", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: store + "/my-notes", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: store + "/backup", withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: store + "/" + hidden))
        try Data("x".utf8).write(to: URL(fileURLWithPath: store + "/backup/png.stamp"))
        let kept = KeptFiles(folder: store, kinds: [.cards])
        #expect(kept.update(slugs: [], made: [.cards], published: [:], fills: true, out: base, site: ["north"], stamps: [:]).isEmpty)
        #expect(FileManager.default.fileExists(atPath: store + "/" + hidden))
        #expect(FileManager.default.fileExists(atPath: store + "/my-notes"))
        #expect(FileManager.default.fileExists(atPath: store + "/backup/png.stamp"))
    }
}
