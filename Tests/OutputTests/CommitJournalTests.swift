import Foundation
import TestSupport
import Testing
import Fingerprint
@testable import Output

@Suite("A commit's journal: what a stopped build leaves, the next one finishes")
struct CommitJournalTests {
    let site = Scratch.fourPages

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
        #expect(reopened.manifest.pending && reopened.manifest.entry("d/new.html") != nil && reopened.manifest.allEntries.count == 5)
        reopened.abandon()
        // A line cut by a kill while it was appended (its file not written yet) is read without it,
        // beside the marker.
        var next = site
        next["e/other.html"] = "other"
        try s.commit(next)
        s.write(path, try #require(s.read(path)) + "f/third.html\t\(Fingerprint(of: Array("third".utf8)))".dropLast(20))
        s.write(s.out + "/" + OutputManifest.pendingMarker, "")
        let read = try s.open()
        #expect(read.manifest.pending && read.manifest.entry("f/third.html") == nil && read.manifest.entry("e/other.html") != nil)
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
        let key = try #require(folder.manifest.allEntries.keys.first { $0 == "caf\u{E9}.html" })
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
}
