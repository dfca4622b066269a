import Foundation
import TestSupport
import Testing
import Fingerprint
@testable import Output

/// A scratch folder with an OUT inside it, and helpers to look at the tree as bytes.
struct Scratch {
    let base: String
    var out: String { base + "/public" }
    var protected: OutputPlace.Protected { .init(content: base + "/content", templates: base + "/templates", home: nil) }

    init() {
        base = NSTemporaryDirectory() + "cs-output-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: base + "/content", withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(atPath: base + "/templates", withIntermediateDirectories: true)
    }

    func write(_ path: String, _ text: String) {
        let url = URL(fileURLWithPath: path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(text.utf8).write(to: url)
    }

    func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every file under `root` (links not followed), relative path → text; links shown as `-> target`.
    func tree(_ root: String? = nil) -> [String: String] {
        let root = root ?? out
        var out: [String: String] = [:]
        func walk(_ rel: String) {
            let path = rel.isEmpty ? root : root + "/" + rel
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
                let childRel = rel.isEmpty ? name : rel + "/" + name
                let child = root + "/" + childRel
                if let dest = try? FileManager.default.destinationOfSymbolicLink(atPath: child) {
                    out[childRel] = "-> " + dest
                } else if Posix.status(child)?.kind == .folder {
                    walk(childRel)
                } else {
                    out[childRel] = read(child) ?? ""
                }
            }
        }
        walk("")
        return out
    }

    /// The site's files only: the manifest left out.
    func site() -> [String: String] { tree().filter { $0.key != OutputManifest.fileName } }

    func open() throws(OutputProblem) -> OutputFolder { try OutputFolder.open(out, protected: protected, waitTenths: 3) }

    /// Opens OUT and commits `files` (path → text).
    @discardableResult
    func commit(_ files: [String: String], untouched: Set<String> = []) throws(OutputProblem) -> CommitReport {
        let folder = try open()
        return try folder.commit(Self.files(files), untouched: untouched)
    }

    static func files(_ files: [String: String]) -> [OutputFile] {
        files.sorted { $0.key < $1.key }.map { OutputFile(path: $0.key, bytes: Array($0.value.utf8)) }
    }
}

@Suite("The output folder is the tool's own")
struct OwnershipTests {
    let site = ["index.html": "home", "a/index.html": "A", "a/b/page.html": "B"]

    @Test("a missing folder is created and holds exactly the site and a manifest")
    func missingFolder() throws {
        let s = Scratch()
        try s.commit(site)
        #expect(s.site() == site)
        #expect(s.tree()[OutputManifest.fileName]?.hasPrefix(OutputManifest.header + "\n") == true)
    }

    @Test("a folder with files the tool did not write is refused, and nothing in it changes")
    func foreignFolder() throws {
        let s = Scratch()
        s.write(s.out + "/notes.txt", "mine")
        s.write(s.out + "/photos/cat.jpg", "meow")
        #expect(throws: OutputProblem.notOurs(out: s.out, examples: ["notes.txt", "photos"])) { try s.commit(site) }
        #expect(s.tree() == ["notes.txt": "mine", "photos/cat.jpg": "meow"])
    }

    /// Writes `own` into OUT by hand, commits `site` and then a site of one page; OUT must hold `own` and that page.
    func expectKept(_ own: [String: String], in s: Scratch, beside page: String) throws {
        for (path, text) in own { s.write(s.out + "/" + path, text) }
        try s.commit(site)
        try s.commit(["index.html": page])
        #expect(s.site() == own.merging(["index.html": page]) { mine, _ in mine })
    }

    @Test("a folder that holds only hidden entries (a .git of a gh-pages checkout) is used, and they are kept")
    func hiddenEntries() throws {
        try expectKept([".git/HEAD": "ref: refs/heads/gh-pages", ".nojekyll": ""], in: Scratch(), beside: "home 2")
    }

    @Test("the manifest records each file's status as the disk has it, for files written in place and files replaced, so the next build reuses them all")
    func recordedStatus() throws {
        let s = Scratch()
        try s.commit(site)
        // Two replaced, one new, one left as it is.
        try s.commit(["index.html": "home 2", "a/index.html": "A 2", "a/b/page.html": "B", "c/new.html": "C"])
        let folder = try s.open()
        for path in ["index.html", "a/index.html", "a/b/page.html", "c/new.html"] {
            let recorded = folder.manifest.entries[path]?.status
            #expect(recorded != nil && recorded == Posix.status(s.out + "/" + path), "\(path)")
            #expect(folder.verified[path] == folder.manifest.entries[path]?.hash, "\(path)")
        }
    }

    @Test("a file added by hand after a build (a CNAME) survives every later build")
    func handAddedFile() throws {
        let s = Scratch()
        try s.commit(site)
        try expectKept(["CNAME": "digest.example.org", "a/verify.html": "google"], in: s, beside: "only this")
    }

    @Test("a path the site needs that holds a file the tool did not write is an error, and nothing changes")
    func takenPath() throws {
        let s = Scratch()
        try s.commit(["index.html": "home"])
        s.write(s.out + "/a/index.html", "the user's")
        let before = s.tree()
        #expect(throws: OutputProblem.taken(path: s.out + "/a/index.html")) { try s.commit(site) }
        #expect(s.tree() == before)
    }

    @Test("OUT may not be or hold the content, the templates, the home folder or /, nor lie inside content or templates")
    func forbiddenPlaces() {
        let s = Scratch()
        let home = s.base + "/home"
        try? FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let p = OutputPlace.Protected(content: s.base + "/content", templates: s.base + "/templates", home: home)
        let cases: [(String, String)] = [
            (s.base + "/content", "the content folder or hold it"),
            (s.base, "the content folder or hold it"),
            (s.base + "/content/neighborhoods/x/stories", "inside the content folder"),
            (s.base + "/templates/pages", "inside the templates folder"),
            (home, "the home folder or hold it"),
            ("/", "'/'"),
        ]
        for (out, reason) in cases {
            #expect(OutputPlace.problem(out: out, protected: p) == .forbiddenPlace(out: out, reason: reason), "\(out)")
        }
        #expect(OutputPlace.problem(out: home + "/site/public", protected: p) == nil)
        #expect(!FileManager.default.fileExists(atPath: s.base + "/content/neighborhoods"))
    }
}

@Suite("Every build leaves exactly the site")
struct ConvergenceTests {
    let site = ["index.html": "home", "a/index.html": "A", "a/b/page.html": "B", "c/index.html": "C"]

    @Test("a file edited by hand is written again, even when its size and times are put back")
    func handEdit() throws {
        let s = Scratch()
        try s.commit(site)
        let path = s.out + "/a/index.html"
        let before = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        s.write(path, "X")
        if let before { try FileManager.default.setAttributes([.modificationDate: before], ofItemAtPath: path) }
        let folder = try s.open()
        #expect(folder.verified["a/index.html"] == nil)
        #expect(try folder.commit(Scratch.files(site)).written == 1)
        #expect(s.site() == site)
    }

    @Test("among 700 files in shared folders, exactly those changed, deleted or behind a replaced folder are not trusted, as a status of each whole path says")
    func trustedAmongMany() throws {
        let s = Scratch()
        var many = site
        for i in 0..<600 { many["h/observations/\(1000 + i)/index.html"] = "obs \(i)" }
        for i in 0..<50 { many["h/es/observations/\(1000 + i)/index.html"] = "es \(i)" }
        for i in 0..<50 { many["h/observations/\(1000 + i)/photos/\(i).jpg"] = "photo \(i)" }
        for i in 0..<3 { (many["h/aa/\(i)/index.html"], many["h/bb/\(i)/index.html"]) = ("aa \(i)", "bb \(i)") }
        try s.commit(many)
        s.write(s.out + "/h/observations/1001/index.html", "edited by hand, longer")
        try FileManager.default.removeItem(atPath: s.out + "/h/observations/1256/index.html")
        try FileManager.default.removeItem(atPath: s.out + "/h/observations/1300")
        try FileManager.default.moveItem(atPath: s.out + "/h/es/observations", toPath: s.base + "/moved")
        try FileManager.default.createDirectory(atPath: s.out + "/h/es/observations", withIntermediateDirectories: false)
        let folder = try s.open()
        let wholePaths = Set(folder.manifest.entries.filter { path, entry in Posix.status(s.out + "/" + path) == entry.status }.keys)
        #expect(Set(folder.verified.keys) == wholePaths)
        #expect(folder.verified.count == many.count - 1 - 1 - 1 - 50)
        #expect(folder.verified["h/bb/0/index.html"] != nil)
        #expect(folder.verified["h/observations/1002/index.html"] != nil)
        #expect(folder.verified["h/observations/1001/index.html"] == nil)
        #expect(folder.verified["h/observations/1300/index.html"] == nil)
        #expect(folder.verified.keys.allSatisfy { !$0.hasPrefix("h/es/") })
        try folder.commit(Scratch.files(many))
        #expect(s.site() == many)
    }

    @Test("files deleted or replaced by a link in OUT are written again; the link's target is untouched")
    func deletedAndLinked() throws {
        let s = Scratch()
        try s.commit(site)
        try FileManager.default.removeItem(atPath: s.out + "/a/b/page.html")
        s.write(s.base + "/secret.txt", "do not overwrite")
        try FileManager.default.removeItem(atPath: s.out + "/c/index.html")
        try FileManager.default.createSymbolicLink(atPath: s.out + "/c/index.html", withDestinationPath: s.base + "/secret.txt")
        try s.commit(site)
        #expect(s.site() == site)
        #expect(s.read(s.base + "/secret.txt") == "do not overwrite")
    }

    @Test("a folder inside OUT replaced by a link is refused; nothing is written through it")
    func linkedFolderInside() throws {
        let s = Scratch()
        try s.commit(site)
        let elsewhere = s.base + "/elsewhere"
        s.write(elsewhere + "/index.html", "someone else's")
        try FileManager.default.removeItem(atPath: s.out + "/a")
        try FileManager.default.createSymbolicLink(atPath: s.out + "/a", withDestinationPath: elsewhere)
        #expect(throws: OutputProblem.linkInside(path: s.out + "/a")) { try s.commit(site) }
        #expect(s.tree(elsewhere) == ["index.html": "someone else's"])
        var without = site
        without["a/index.html"] = nil
        without["a/b/page.html"] = nil
        #expect(throws: OutputProblem.linkInside(path: s.out + "/a")) { try s.commit(without) }
        #expect(s.tree(elsewhere) == ["index.html": "someone else's"])
    }

    @Test("OUT that is a link is written through to its target and stays a link")
    func linkedOut() throws {
        let s = Scratch()
        let target = s.base + "/real-public"
        try makeLink(s.out, toNewFolder: target)
        try s.commit(site)
        try s.commit(["index.html": "2"])
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: s.out)) == target)
        #expect(s.tree(target).filter { $0.key != OutputManifest.fileName } == ["index.html": "2"])
    }

    @Test("a build killed while committing leaves a journal; the next build ends with exactly the site")
    func killedCommit() throws {
        let s = Scratch()
        try s.commit(site)
        // What a build killed between writing and renaming leaves: a pending manifest that owns the
        // new paths, a temporary file beside a target, and a new file written in place.
        let folder = try s.open()
        var journal = folder.manifest
        journal.pending = true
        journal.set("d/new.html", .init(hash: .init(of: Array("new".utf8)), status: nil))
        try folder.saveManifest(journal)
        s.write(s.out + "/a/.index.html.commonsight-new", "half")
        s.write(s.out + "/d/new.html", "ne")
        folder.abandon()
        var next = site
        next["a/index.html"] = "A2"
        try s.commit(next)
        #expect(s.site() == next)
    }

    @Test("a commit's manifest claims OUT before any folder is made in it, so a build killed in between leaves nothing foreign")
    func manifestBeforeFolders() throws {
        let s = Scratch()
        // A first commit needs the folder `zz`, where a link stands, and cannot save its manifest: the
        // staging name is taken by a folder with a file in it. Which it meets first is the order.
        try FileManager.default.createDirectory(atPath: s.out, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: s.out + "/.zz", withDestinationPath: s.base + "/content")
        s.write(s.out + "/" + OutputManifest.fileName + ".new/x", "x")
        let folder = try s.open()
        expectManifestFailure(writing: [".zz/new.html": "new"], in: folder, at: s.out + "/" + OutputManifest.fileName)
        folder.abandon()
    }

    /// Writing `files` fails where the manifest is written, at `path`, before anything else is met.
    func expectManifestFailure(writing files: [String: String], in folder: OutputFolder, at path: String) {
        do {
            try folder.beginCommit().write(Scratch.files(files))
            Issue.record("the write went through")
        } catch {
            guard case .system(let failed, let action, _) = error else {
                Issue.record("met before the manifest was written: \(error)")
                return
            }
            #expect(failed == path && action == "write the manifest", "\(error)")
        }
    }

    @Test("a later commit marks the manifest pending before any folder is made, and fails there when it cannot")
    func markerBeforeFolders() throws {
        let s = Scratch()
        try s.commit(site)
        try FileManager.default.createSymbolicLink(atPath: s.out + "/zz", withDestinationPath: s.base + "/content")
        let folder = try s.open()
        // Taken once OUT is open: a folder with a file in it where the marker goes.
        s.write(s.out + "/" + OutputManifest.pendingMarker + "/x", "x")
        expectManifestFailure(writing: ["zz/new.html": "new"], in: folder, at: s.out + "/" + OutputManifest.pendingMarker)
        folder.abandon()
    }

    @Test("a commit under way leaves the manifest's lines as they were, with a marker beside it that goes when it finishes")
    func pendingMarker() throws {
        let s = Scratch()
        try s.commit(site)
        let manifest = s.read(s.out + "/" + OutputManifest.fileName)
        let folder = try s.open()
        let commit = folder.beginCommit()
        var next = site
        next["a/index.html"] = "A2"
        try commit.write(Scratch.files(next))
        #expect(s.read(s.out + "/" + OutputManifest.fileName) == manifest, "not written again to say it is pending")
        #expect(s.read(s.out + "/" + OutputManifest.pendingMarker) == "")
        _ = try commit.finish(Scratch.files(next))
        folder.abandon()
        #expect(s.site() == next)
        #expect(s.tree()[OutputManifest.pendingMarker] == nil)
        #expect(s.read(s.out + "/" + OutputManifest.fileName)?.hasPrefix(OutputManifest.header + "\n") == true)
    }

    @Test("undoing a commit cuts the lines it appended off the manifest, even where nothing could be saved")
    func journalCutBack() throws {
        let s = Scratch()
        try s.commit(site)
        let before = s.tree()
        let folder = try s.open()
        let commit = folder.beginCommit()
        try commit.write(Scratch.files(["a/index.html": "A2", "c/new.html": "new", "c/d/other.html": "other"]))
        #expect(s.read(s.out + "/" + OutputManifest.fileName) != before[OutputManifest.fileName], "the new paths appended")
        // No manifest can be saved now (a full disk would do the same): its staging name is taken.
        s.write(s.out + "/" + OutputManifest.fileName + ".new/x", "x")
        commit.abandon()
        folder.abandon()
        try FileManager.default.removeItem(atPath: s.out + "/" + OutputManifest.fileName + ".new")
        #expect(s.tree() == before)
    }

    @Test("a manifest that did not read whole (no last line break, a cut last line) is saved whole before a commit appends to it")
    func appendOnlyToWhatWasRead() throws {
        let s = Scratch()
        try s.commit(site)
        let path = s.out + "/" + OutputManifest.fileName
        let whole = try #require(s.read(path))
        s.write(path, String(whole.dropLast()))
        let folder = try s.open()
        #expect(!folder.manifestAppendable)
        try folder.beginCommit().write(Scratch.files(["d/new.html": "new"]))
        // Killed here: what the next build reads is a manifest, with the new path on a line of its own.
        folder.abandon()
        let reopened = try s.open()
        #expect(reopened.manifest.pending && reopened.manifest.entries["d/new.html"] != nil && reopened.manifest.entries.count == 5)
        reopened.abandon()
        // A line cut by a kill while it was appended (its file not written yet) is read without it,
        // beside the marker.
        var next = site
        next["e/other.html"] = "other"
        try s.commit(next)
        s.write(path, try #require(s.read(path)) + "f/third.html\t\(Fingerprint(of: Array("third".utf8)))".dropLast(20))
        s.write(s.out + "/" + OutputManifest.pendingMarker, "")
        let read = try s.open()
        #expect(read.manifest.pending && read.manifest.entries["f/third.html"] == nil && read.manifest.entries["e/other.html"] != nil)
        read.abandon()
        try s.commit(site)
        #expect(s.site() == site)
    }

    @Test("two lines of one name spelled two ways: a file is trusted only as the table's entry for it says")
    func lookalikeLines() throws {
        let s = Scratch()
        try s.commit(["caf\u{E9}.html": "one", "index.html": "home"])
        // A second spelling of the name, written and listed as a build would list it: no build
        // writes both, but a hand (or an older version) might leave such a manifest.
        let nfd = s.out + "/cafe\u{301}.html"
        s.write(nfd, "two")
        let status = try #require(Posix.status(nfd))
        let path = s.out + "/" + OutputManifest.fileName
        let line = "cafe\u{301}.html\t\(Fingerprint(of: Array("two".utf8)))\t\(status.size)\t\(Int64(bitPattern: status.inode))\t\(status.modified)\t\(status.changed)\n"
        s.write(path, try #require(s.read(path)) + line)
        let folder = try s.open()
        defer { folder.abandon() }
        // Each line matches its own file; the table keeps one entry under one spelling.
        let key = try #require(folder.manifest.entries.keys.first { $0 == "caf\u{E9}.html" })
        let bytes = try #require(FileManager.default.contents(atPath: s.out + "/" + key)).map { $0 }
        if let trusted = folder.verified[key] { #expect(trusted == Fingerprint(of: bytes), "trusted with another file's fingerprint") }
    }

    @Test("a build killed while committing beside a marked manifest leaves work the next build finishes and cleans")
    func killedMarkedCommit() throws {
        let s = Scratch()
        try s.commit(site)
        let folder = try s.open()
        let commit = folder.beginCommit()
        var half = site
        half["a/index.html"] = "half"
        half["d/new.html"] = "new"
        try commit.write(Scratch.files(half))
        // Killed here: the lock goes with the process, the commit is neither finished nor undone.
        folder.abandon()
        #expect(s.tree()[OutputManifest.pendingMarker] != nil)
        let reopened = try s.open()
        #expect(reopened.manifest.pending, "the marker says the last commit did not finish")
        #expect(reopened.verified["d/new.html"] == nil, "a path the journal added is written again")
        reopened.abandon()
        var next = site
        next["a/index.html"] = "A2"
        try s.commit(next)
        #expect(s.site() == next)
        #expect(s.tree().keys.filter { $0.hasPrefix(".") || $0.contains("/.") }.sorted() == [OutputManifest.fileName])
    }

    @Test("a build stopped by a signal in the middle of its commit leaves OUT, manifest and all, as it was")
    func interruptedCommit() throws {
        let s = Scratch()
        try s.commit(site)
        let before = s.tree()
        let folder = try s.open()
        let interruption = Interruption()
        let commit = folder.beginCommit()
        interruption.watch(folder, commit: commit)
        try commit.write(Scratch.files(["a/index.html": "A2", "c/new.html": "new"]))
        #expect(s.tree() != before)
        interruption.undo()
        #expect(s.tree() == before)
    }

    @Test("a build stopped by a signal once its files are in place leaves the new site")
    func interruptedAfterCommit() throws {
        let s = Scratch()
        try s.commit(site)
        let folder = try s.open()
        let interruption = Interruption()
        let commit = folder.beginCommit()
        interruption.watch(folder, commit: commit)
        var next = site
        next["a/index.html"] = "A2"
        let files = Scratch.files(next)
        try commit.write(files)
        _ = try commit.finish(files)
        interruption.undo()
        #expect(s.site() == next)
    }

    @Test("a stopped first build removes the output folder it made")
    func interruptedFirstBuild() throws {
        let s = Scratch()
        let folder = try s.open()
        let interruption = Interruption()
        let commit = folder.beginCommit()
        interruption.watch(folder, commit: commit)
        try commit.write(Scratch.files(site))
        interruption.undo()
        #expect(!FileManager.default.fileExists(atPath: s.out))
    }

    @Test("two builds at once: the second waits for the lock, then says another build is writing")
    func concurrentBuilds() throws {
        let s = Scratch()
        let first = try s.open()
        #expect(throws: OutputProblem.busy(out: s.out)) { try s.open() }
        _ = try first.commit(Scratch.files(site))
        first.abandon()
        try s.commit(["index.html": "after"])
        #expect(s.site() == ["index.html": "after"])
    }

    @Test("under --only, the folders of other neighborhoods are left exactly as they are")
    func untouchedFolders() throws {
        let s = Scratch()
        try s.commit(site)
        s.write(s.out + "/c/index.html", "edited")
        try s.commit(["index.html": "home", "a/index.html": "A2"], untouched: ["c"])
        #expect(s.site() == ["index.html": "home", "a/index.html": "A2", "c/index.html": "edited"])
    }

    @Test("a path outside OUT is refused before anything is written")
    func outsidePaths() throws {
        let s = Scratch()
        for bad in ["../x", "/etc/x", "a/../../x", "a//b", "./a", ""] {
            #expect(throws: OutputProblem.outside(path: bad)) { try s.commit(["index.html": "x", bad: "evil"]) }
        }
        #expect(s.site().isEmpty)
    }
}

@Suite("A failed write changes nothing")
struct FailedWriteTests {
    static var canMount: Bool { getuid() == 0 && FileManager.default.fileExists(atPath: "/bin/mount") }

    @Test("on a full disk the build fails, the previous site stays, and the partial files are gone",
          .enabled(if: FailedWriteTests.canMount, "mounting a small tmpfs needs root"))
    func fullDisk() throws {
        let s = Scratch()
        try FileManager.default.createDirectory(atPath: s.out, withIntermediateDirectories: true)
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=256k", "tmpfs", s.out]
        try mount.run()
        mount.waitUntilExit()
        try #require(mount.terminationStatus == 0)
        defer {
            let umount = Process()
            umount.executableURL = URL(fileURLWithPath: "/bin/umount")
            umount.arguments = [s.out]
            try? umount.run()
            umount.waitUntilExit()
        }
        let small = ["index.html": "home", "a/index.html": "A"]
        try s.commit(small)
        var big = small
        big["a/index.html"] = "A2"
        for i in 0..<40 { big["b/\(i).html"] = String(repeating: "x", count: 16_000) }
        do {
            try s.commit(big)
            Issue.record("a 640 KB site fit on a 256 KB disk")
        } catch {
            guard case .noSpace = error else { Issue.record("expected noSpace, got \(error)"); return }
        }
        #expect(s.site() == small)
        try s.commit(["index.html": "home 2"])
        #expect(s.site() == ["index.html": "home 2"])
    }
}

@Suite("Output paths and manifests")
struct OutputPathTests {
    @Test("only relative paths without dot parts are inside")
    func inside() {
        for good in ["a", "a/b.html", "...", "a/.b", ".well-known/x"] { #expect(OutputPath.isInside(good), "\(good)") }
        for bad in ["", "/a", "a/", "a//b", ".", "..", "a/./b", "a/../b", "a\u{0}b", "a\tb", "a\nb", "a\rb", "a\u{7F}"] { #expect(!OutputPath.isInside(bad), "\(bad)") }
    }

    @Test("a manifest reads back what it wrote, and anything else is not one")
    func manifestRoundTrip() {
        var m = OutputManifest()
        m.set("a/b.html", .init(hash: .init(of: Array("x".utf8)), status: .init(kind: .file, size: 1, inode: 7, modified: -3, changed: 9)))
        m.set("c.html", .init(hash: .init(of: Array("y".utf8)), status: nil))
        m.pending = true
        let back = OutputManifest.parse(m.serialized())
        #expect(back?.entries == m.entries)
        #expect(back?.pending == true)
        #expect(OutputManifest.parse(Array("not a manifest\n".utf8)) == nil)
        #expect(OutputManifest.parse(Array((OutputManifest.header + "\n../x\t00000000000000000000000000000000\n").utf8)) == nil)
    }

    @Test("a manifest read in parts on several threads is the manifest read in one, whatever its order and wherever a part ends")
    func manifestReadInParts() throws {
        var m = OutputManifest()
        for i in 0..<3_000 {
            let status: Posix.Status? = i % 11 == 0 ? nil : .init(kind: .file, size: Int64(i), inode: UInt64(i * 7), modified: -Int64(i), changed: Int64(i) << 40)
            m.set("hood-\(i % 5)/observations/\(i)-\(String(repeating: "x", count: i % 37))/index.html", .init(hash: .init(of: Array("\(i)".utf8)), status: status))
        }
        let bytes = m.serialized()
        #expect(bytes.count > 3 * 65_536, "large enough for four parts")
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        // The same lines out of order: the first and last swapped, and a run moved across the middle.
        var shuffled = lines
        shuffled.swapAt(1, shuffled.count - 2)
        let run = shuffled[1_400..<1_700]
        shuffled.removeSubrange(1_400..<1_700)
        shuffled.insert(contentsOf: run, at: 100)
        // Two spellings of one name, each its own line, sorted by their bytes: one entry.
        lines.insert(Array("e\u{301}.html\t\(Fingerprint(of: [1]))".utf8), at: 1)
        lines.insert(Array("\u{e9}.html\t\(Fingerprint(of: [2]))".utf8), at: lines.count - 1)
        for variant in [bytes, Array(shuffled.joined(separator: [0x0A])), Array(lines.joined(separator: [0x0A])), Array(bytes.dropLast())] {
            let one = try #require(OutputManifest.Parsed.read(variant, workers: 1))
            for workers in 2...4 {
                let parts = try #require(OutputManifest.Parsed.read(variant, workers: workers))
                #expect(parts.paths == one.paths && parts.entries == one.entries && parts.starts == one.starts && parts.sorted == one.sorted)
                let (a, b) = (OutputManifest(parts), OutputManifest(one))
                #expect(a.entries == b.entries && a.sortedPaths == b.sortedPaths && a.serialized() == b.serialized())
            }
        }
        #expect(OutputManifest.Parsed.read(bytes, workers: 3)?.sorted == true)
        #expect(OutputManifest.Parsed.read(Array(shuffled.joined(separator: [0x0A])), workers: 3)?.sorted == false)
        // Two neighbors swapped, near where two parts meet: one of them is where they meet.
        let sorted = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        for i in (sorted.count / 2 - 30)..<(sorted.count / 2 + 30) {
            var swapped = sorted
            swapped.swapAt(i, i + 1)
            #expect(OutputManifest.Parsed.read(Array(swapped.joined(separator: [0x0A])), workers: 2)?.sorted == false, "swapped at \(i)")
        }
        #expect(OutputManifest(try #require(OutputManifest.Parsed.read(Array(lines.joined(separator: [0x0A])), workers: 2))).entries.count == 3_001)
        // A bad line in the last part spoils the whole.
        var broken = lines
        broken[broken.count - 3] += Array("\tx".utf8)
        #expect(OutputManifest.Parsed.read(Array(broken.joined(separator: [0x0A])), workers: 4) == nil)
    }

    @Test("a manifest line with a field too many or too few, a bad fingerprint or a bad number is no manifest")
    func manifestLines() {
        let hash = "\(Fingerprint(of: Array("x".utf8)))"
        func parsed(_ lines: [String]) -> OutputManifest? { OutputManifest.parse(Array(([OutputManifest.header] + lines).joined(separator: "\n").utf8 + [0x0A])) }
        let good = ["a.html\t\(hash)\t10\t7\t-3\t9", "b/c.html\t\(hash)", "", "d.html\t\(hash)\t0\t0\t0\t9223372036854775807"]
        let read = parsed(good)
        #expect(read?.entries.count == 3)
        #expect(read?.entries["a.html"]?.status == .init(kind: .file, size: 10, inode: 7, modified: -3, changed: 9))
        #expect(read?.entries["b/c.html"] == .init(hash: Fingerprint(of: Array("x".utf8)), status: nil))
        #expect(OutputManifest.parse(Array("\n\(OutputManifest.pendingHeader)\n\(good[1])".utf8))?.pending == true, "blank lines first, no last line break")
        for bad in ["a.html", "a.html\t\(hash)\t1", "a.html\t\(hash)\t1\t2\t3", "a.html\t\(hash)\t1\t2\t3\t4\t5",
                    "a.html\t\(hash.uppercased())", "a.html\t\(hash.dropLast())", "a.html\t\(hash)0",
                    "a.html\t\(hash)\t1\t2\t3\tx", "a.html\t\(hash)\t1\t2\t3\t", "a.html\t\(hash)\t-\t2\t3\t4",
                    "a.html\t\(hash)\t9223372036854775808\t2\t3\t4", "a.html\t\(hash)\t12345678901234567890\t2\t3\t4",
                    "a.html\t\(hash)\t1\t2\t3\t4\r", "\t\(hash)", "a/../b\t\(hash)", "/a\t\(hash)"] {
            #expect(parsed([good[0], bad]) == nil, "\(bad.debugDescription)")
        }
        #expect(OutputManifest.parse(Array("\(OutputManifest.header)\textra\n".utf8)) == nil)
        #expect(OutputManifest.parse([]) == nil)
        #expect(OutputManifest.parse(Array("\n\n".utf8)) == nil)
    }

    @Test("a manifest saved again writes what a fresh one would: pending, with changed entries, with other paths")
    func manifestSavedAgain() throws {
        var fresh = OutputManifest()
        for (i, p) in ["b/index.html", "a.html", "é.html", "b/c.html"].enumerated() {
            fresh.set(p, .init(hash: .init(of: Array(p.utf8)), status: .init(kind: .file, size: Int64(i), inode: 9, modified: 1, changed: 2)))
        }
        var read = try #require(OutputManifest.parse(fresh.serialized()))
        #expect(read.serialized() == fresh.serialized(), "copied from the lines it was read from")
        read.pending = true
        fresh.pending = true
        #expect(read.serialized() == fresh.serialized(), "only the header changes")
        read.set("a.html", read.entries["a.html"].map { .init(hash: $0.hash, status: nil) })
        fresh.set("a.html", fresh.entries["a.html"].map { .init(hash: $0.hash, status: nil) })
        #expect(read.serialized() == fresh.serialized(), "the same paths in the order read")
        read.set("b/index.html", nil)
        read.set("0.html", .init(hash: .init(of: Array("0".utf8)), status: nil))
        fresh.set("b/index.html", nil)
        fresh.set("0.html", .init(hash: .init(of: Array("0".utf8)), status: nil))
        #expect(read.serialized() == fresh.serialized(), "other paths (as many as before) sorted again")
        // A path given in another Unicode spelling is the same entry; its line is not found byte for
        // byte, so the manifest is written anew, the same.
        read.set("e\u{301}.html", .init(hash: .init(of: Array("nfd".utf8)), status: nil))
        fresh.set("e\u{301}.html", .init(hash: .init(of: Array("nfd".utf8)), status: nil))
        #expect(read.serialized() == fresh.serialized())
        // Many entries, a few changed: the lines spliced in at their places.
        var many = OutputManifest()
        for i in 0..<500 { many.set("h\(i % 7)/o\(i)/index.html", .init(hash: .init(of: Array("\(i)".utf8)), status: .init(kind: .file, size: Int64(i), inode: 1, modified: 2, changed: 3))) }
        var again = try #require(OutputManifest.parse(many.serialized()))
        for i in stride(from: 3, to: 500, by: 41) {
            let changed = OutputManifest.Entry(hash: .init(of: Array("new \(i)".utf8)), status: nil)
            many.set("h\(i % 7)/o\(i)/index.html", changed)
            again.set("h\(i % 7)/o\(i)/index.html", changed)
        }
        again.pending = true
        many.pending = true
        #expect(again.serialized() == many.serialized())
        let unsorted = Array((OutputManifest.header + "\nz.html\t\(Fingerprint(of: Array("z".utf8)))\na.html\t\(Fingerprint(of: Array("a".utf8)))\n").utf8)
        var hand = try #require(OutputManifest.parse(unsorted))
        hand.set("z.html", hand.entries["z.html"].map { .init(hash: $0.hash, status: nil) })
        #expect(String(decoding: hand.serialized(), as: UTF8.self).hasSuffix("a.html\t\(Fingerprint(of: Array("a".utf8)))\nz.html\t\(Fingerprint(of: Array("z".utf8)))\n"), "a hand-sorted file is sorted again")
    }
}
