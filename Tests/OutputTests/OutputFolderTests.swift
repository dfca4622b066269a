import Foundation
import TestSupport
import Testing
import Fingerprint
@testable import Output

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

    @Test("a manifest with a line the tool never writes (a name that is not UTF-8, a cut fingerprint) is refused at that line, and nothing changes")
    func damagedManifest() throws {
        let s = Scratch()
        try s.commit(site)
        let path = s.out + "/" + OutputManifest.fileName
        let good = try #require(FileManager.default.contents(atPath: path))
        let lines = good.split(separator: 0x0A).count
        for bad in [Array("zz".utf8) + [0xFF] + Array("/c.html\t\(Fingerprint(of: "c"))\n".utf8), Array("c.html\t0123\n".utf8)] {
            try Data(good + bad).write(to: URL(fileURLWithPath: path))
            let before = s.tree()
            #expect(throws: OutputProblem.damagedManifest(path: path, line: lines + 1)) { try s.commit(["index.html": "other"]) }
            #expect(s.tree() == before)
        }
        try Data("commonsight-output 2\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: OutputProblem.damagedManifest(path: path, line: 1)) { try s.commit(site) }
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
            let recorded = folder.manifest.entry(path)?.status
            #expect(recorded != nil && recorded == Posix.status(s.out + "/" + path), "\(path)")
            #expect(folder.verified[path] == folder.manifest.entry(path)?.hash, "\(path)")
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
    let site = Scratch.fourPages

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
        let wholePaths = Set(folder.manifest.allEntries.filter { path, entry in Posix.status(s.out + "/" + path) == entry.status }.keys)
        #expect(Set(folder.verified.paths) == wholePaths)
        #expect(folder.verified.paths.count == many.count - 1 - 1 - 1 - 50)
        #expect(folder.verified["h/bb/0/index.html"] != nil)
        #expect(folder.verified["h/observations/1002/index.html"] != nil)
        #expect(folder.verified["h/observations/1001/index.html"] == nil)
        #expect(folder.verified["h/observations/1300/index.html"] == nil)
        #expect(folder.verified.paths.allSatisfy { !$0.hasPrefix("h/es/") })
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
