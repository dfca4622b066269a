import Foundation
import FileSystem
import Fingerprint
import Parallelism
#if canImport(Glibc)
import Glibc
#endif

/// What a commit did.
public struct CommitReport: Sendable, Equatable {
    /// Files written (new or changed); the others were already in OUT with the same bytes.
    public var written = 0
    /// Files of earlier builds that no longer belong, deleted.
    public var deleted = 0
}

extension OutputFolder {
    /// Makes OUT hold exactly `files`, plus what the tool did not write and the top-level folders
    /// named in `untouched` (other neighborhoods, under `--only`) and `whole` (taken whole: OUT holds
    /// exactly their files), which are left as they are.
    public func commit(_ files: [OutputFile], untouched: Set<String> = [], whole: Set<String> = [], jobs: Int = 2) throws(OutputProblem) -> CommitReport {
        let session = beginCommit(untouched: untouched)
        try session.write(files, jobs: jobs)
        return try session.finish(files, whole: whole, jobs: jobs)
    }

    /// Starts a commit whose files arrive in batches (`OutputCommit.write`), so that a large site is
    /// never held in memory whole.
    public func beginCommit(untouched: Set<String> = []) -> OutputCommit { OutputCommit(self, untouched: untouched) }

    /// Folders left empty by deleted files, deepest first; never OUT itself, never one with other files.
    func removeEmptiedFolders(after stale: [String]) {
        var folders = Set<String>()
        for p in stale {
            var f = OutputPath.folder(of: p)
            while !f.isEmpty, folders.insert(f).inserted { f = OutputPath.folder(of: f) }
        }
        for folder in folders.sorted(by: { $0.utf8.count > $1.utf8.count }) { rmdir(path + "/" + folder) }
    }

    /// The manifest as it is says a commit is under way: the marker beside it, flushed with its folder.
    func markPending() throws(OutputProblem) {
        let marker = path + "/" + OutputManifest.pendingMarker
        unlink(marker)
        do throws(FileError) {
            _ = try NewFile.create(marker, [], durability: .durable)
        } catch {
            throw OutputProblem.writing(marker, "write the manifest", error)
        }
        Descriptor.syncFolder(path)
    }

    /// Written beside it, flushed, then renamed over it: a reader never sees half a manifest.
    func saveManifest(_ m: OutputManifest) throws(OutputProblem) {
        let target = path + "/" + OutputManifest.fileName
        do throws(FileError) {
            try AtomicFile.stage(target, at: target + ".new", durability: .durable) { write in m.serialize(write) }.install()
        } catch {
            throw OutputProblem.writing(target, "write the manifest", error)
        }
    }

    /// Removes a folder of the tool's own with everything in it, never following a link.
    func removeTree(_ p: String) { FolderTree.remove(p) }
}

/// One commit of a build's files into OUT, in two phases.
///
/// Phase 1 (`write`, once per batch): every new or changed file is written, new paths directly and
/// replaced ones beside their target; before a new path is created it is appended to the manifest,
/// whose header says a commit is under way, so that the tool still owns it if the build is killed.
/// Phase 2 (`finish`): stale files are deleted, replacements renamed over their targets, and the
/// manifest rewritten to say what is there. `abandon` undoes phase 1: OUT is as it was.
public final class OutputCommit {
    let folder: OutputFolder
    let untouched: Set<String>
    /// Whether the manifest said a commit was under way when this one began (a build stopped before).
    let beganPending: Bool
    let hadManifest: Bool
    /// The manifest on disk is the one read, whole: the journal may append to it.
    let appendable: Bool
    var journalOpen = false
    /// The paths the journal added to the manifest: what undoing phase 1 takes out of it again
    /// (the manifest itself is not copied, so that setting an entry does not copy 30,000).
    var journaled: [String] = []
    /// The manifest's size before the journal's first line: undoing phase 1 cuts it back to that,
    /// which needs no room on a full disk.
    var sizeBeforeJournal: off_t?
    /// Folders known to be real folders (not links) inside OUT, and those this commit created.
    var knownFolders = Set<String>()
    var createdFolders: [String] = []
    var freshFolders = Set<String>()
    /// Files written so far: path, fingerprint, and whether a replacement waits beside its target.
    /// Each file written, and for one written in its place (not replacing one), its status then.
    var written: [(path: String, hash: Fingerprint, replaced: Bool, status: Posix.Status?)] = []
    /// Held while a batch is written, while phase 2 runs and while phase 1 is undone: a stop waits for it.
    private let busy = NSRecursiveLock()
    /// Phase 2 has run: there is nothing to undo.
    private var finished = false

    init(_ folder: OutputFolder, untouched: Set<String>) {
        self.folder = folder
        self.untouched = untouched
        beganPending = folder.manifest.pending
        hadManifest = Posix.status(folder.path + "/" + OutputManifest.fileName) != nil
        appendable = folder.manifestAppendable
    }

    var root: String { folder.path }

    /// Phase 1 for some of the files: those OUT does not already hold with these bytes are written.
    public func write(_ files: [OutputFile], jobs: Int = 2) throws(OutputProblem) {
        busy.lock()
        defer { busy.unlock() }
        var writes: [OutputFile] = []
        for file in files {
            guard OutputPath.isInside(file.path) else { throw .outside(path: file.path) }
            if folder.verified[file.path] == file.hash { continue }
            guard case .bytes = file.content else {
                throw .system(path: root + "/" + file.path, action: "reuse this file", reason: "it is not as the last build left it")
            }
            writes.append(file)
        }
        guard !writes.isEmpty else { return }
        do {
            // The manifest claims OUT (pending) before any folder is made in it: a build killed in
            // between leaves no folder that the next build would take for someone else's.
            try journal([])
            try makeFolders(for: writes)
            var replaced = Set<String>()
            var added: [OutputFile] = []
            for file in writes where !freshFolders.contains(OutputPath.folder(of: file.path)) {
                let owned = folder.manifest.entry(file.path) != nil
                switch (Posix.status(root + "/" + file.path)?.kind, owned) {
                case (nil, _): break
                case (.folder, _): throw OutputProblem.taken(path: root + "/" + file.path)
                case (_, true): replaced.insert(file.path)
                case (_, false): throw OutputProblem.taken(path: root + "/" + file.path)
                }
            }
            for file in writes where folder.manifest.entry(file.path) == nil { added.append(file) }
            try journal(added)
            let base = root, beside = replaced
            // Pages are not flushed one by one: the manifest says which a build must write again.
            let outcomes = Parallel.map(writes, workers: jobs) { file -> (failure: FileError?, status: Posix.Status?) in
                guard case .bytes(let bytes) = file.content else { return (nil, nil) }
                do throws(FileError) {
                    // A file put beside the one it replaces is renamed later, which changes its status.
                    if beside.contains(file.path) {
                        _ = try AtomicFile.stage(base + "/" + file.path, bytes, at: base + "/" + OutputFolder.temporary(file.path), durability: .cached)
                        return (nil, nil)
                    }
                    return (nil, Posix.status(try NewFile.create(base + "/" + file.path, bytes, durability: .cached)))
                } catch {
                    return (error, nil)
                }
            }
            for (file, outcome) in zip(writes, outcomes) where outcome.failure == nil {
                written.append((file.path, file.hash, replaced.contains(file.path), outcome.status))
            }
            if let failed = zip(writes, outcomes).first(where: { $0.1.failure != nil }), let failure = failed.1.failure {
                throw OutputProblem.writing(root + "/" + failed.0.path, "write this file", failure)
            }
        } catch let problem as OutputProblem {
            abandon()
            throw problem
        } catch {
            abandon()
            throw .system(path: root, action: "write the site", reason: "\(error)")
        }
    }

    /// Checks the folders the files go into, parents first, and creates those that are missing.
    func makeFolders(for writes: [OutputFile]) throws(OutputProblem) {
        var needed = Set<String>()
        for file in writes {
            var f = OutputPath.folder(of: file.path)
            while !f.isEmpty, !knownFolders.contains(f), needed.insert(f).inserted { f = OutputPath.folder(of: f) }
        }
        for f in needed.sorted() {
            let parent = OutputPath.folder(of: f)
            if parent.isEmpty || !freshFolders.contains(parent) {
                switch Posix.status(root + "/" + f)?.kind {
                case nil: break
                case .folder:
                    knownFolders.insert(f)
                    continue
                case .link: throw .linkInside(path: root + "/" + f)
                case .file, .other:
                    // An owned file where a folder now goes would be deleted anyway; anything else is in the way.
                    guard folder.manifest.entry(f) != nil else { throw .taken(path: root + "/" + f) }
                    unlink(root + "/" + f)
                }
            }
            guard mkdir(root + "/" + f, 0o755) == 0 || errno == EEXIST else {
                throw .system(path: root + "/" + f, action: "create a folder", reason: Posix.reason)
            }
            createdFolders.append(f)
            freshFolders.insert(f)
            knownFolders.insert(f)
        }
    }

    /// Before new paths exist, the manifest owns them: its header says a commit is under way, and each
    /// batch's new paths are appended to it.
    func journal(_ added: [OutputFile]) throws(OutputProblem) {
        if !journalOpen {
            // A manifest as read gets the marker (or stays pending); any other (none yet, or one that
            // did not read whole) is saved whole, pending, before anything is appended to it.
            if !appendable {
                var pending = folder.manifest
                pending.pending = true
                try folder.saveManifest(pending)
            } else if !beganPending {
                try folder.markPending()
            }
            journalOpen = true
        }
        guard !added.isEmpty else { return }
        var lines: [UInt8] = []
        for file in added {
            lines += Array((file.path + "\t").utf8)
            file.hash.appendHex(to: &lines)
            lines.append(0x0A)
            folder.manifest.set(file.path, .init(hash: file.hash, status: nil))
            journaled.append(file.path)
        }
        let fd = open(root + "/" + OutputManifest.fileName, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw .system(path: root + "/" + OutputManifest.fileName, action: "write the manifest", reason: Posix.reason) }
        defer { close(fd) }
        if sizeBeforeJournal == nil {
            var st = stat()
            if fstat(fd, &st) == 0 { sizeBeforeJournal = st.st_size }
        }
        if let code = Descriptor.write(fd, lines) {
            throw .writing(root + "/" + OutputManifest.fileName, "write the manifest", .system(code))
        }
    }

    /// Phase 2: `all` is every file of the site (written or not), but those in the top-level
    /// folders `whole` (neighborhoods taken whole: OUT holds exactly their files, as the tool left
    /// them); what OUT holds of earlier builds and is not among them goes, and the written files
    /// take their places.
    public func finish(_ all: [OutputFile], whole: Set<String> = [], jobs: Int = 2) throws(OutputProblem) -> CommitReport {
        busy.lock()
        defer { busy.unlock() }
        let stale = folder.manifest.paths(notAmong: all, outside: untouched.union(whole)).sorted()
        // A stale file is deleted only where no folder on its way is a link.
        var checked = knownFolders
        for p in stale {
            var f = OutputPath.folder(of: p)
            while !f.isEmpty, !checked.contains(f) {
                if let kind = Posix.status(root + "/" + f)?.kind, kind != .folder {
                    abandon()
                    throw .linkInside(path: root + "/" + f)
                }
                checked.insert(f)
                f = OutputPath.folder(of: f)
            }
        }
        if !stale.isEmpty, !journalOpen { try journal([]) }
        // Stale files go first (a removed report disappears before anything else changes), then the swaps.
        var deleted = 0
        for p in stale where unlink(root + "/" + p) == 0 || errno == ENOENT {
            folder.manifest.set(p, nil)
            folder.verified[p] = nil
            deleted += 1
        }
        for w in written where w.replaced {
            do throws(FileError) {
                try AtomicFile(target: root + "/" + w.path, temporary: root + "/" + OutputFolder.temporary(w.path)).install(durability: .cached)
            } catch {
                throw .system(path: root + "/" + w.path, action: "replace this file", reason: error.reason)
            }
        }
        folder.removeEmptiedFolders(after: stale)
        let base = root
        let statuses = Parallel.map(written, workers: jobs) { $0.status ?? Posix.status(base + "/" + $0.path) }
        for (w, status) in zip(written, statuses) {
            folder.manifest.set(w.path, .init(hash: w.hash, status: status))
            folder.verified[w.path] = status == nil ? nil : w.hash
        }
        folder.manifest.pending = false
        if journalOpen || beganPending || !folder.legacyFolders.isEmpty {
            try folder.saveManifest(folder.manifest)
            unlink(root + "/" + OutputManifest.pendingMarker)
        }
        journalOpen = false
        for legacy in folder.legacyFolders { folder.removeTree(legacy) }
        folder.legacyFolders = []
        let report = CommitReport(written: written.count, deleted: deleted)
        written = []
        finished = true
        return report
    }

    /// For a process about to end by a signal: waits for the batch being written or for phase 2,
    /// undoes phase 1 unless phase 2 has run, and lets no other batch or phase 2 through.
    func stop() {
        busy.lock()
        if !finished { abandon() }
    }

    /// Undoes phase 1: the files written, the folders made, and the manifest as it was.
    public func abandon() {
        busy.lock()
        defer { busy.unlock() }
        for w in written { unlink(root + "/" + (w.replaced ? OutputFolder.temporary(w.path) : w.path)) }
        for f in createdFolders.reversed() { rmdir(root + "/" + f) }
        written = []
        createdFolders = []
        for p in journaled { folder.manifest.set(p, nil) }
        folder.manifest.pending = beganPending
        if journalOpen {
            if !hadManifest {
                unlink(root + "/" + OutputManifest.fileName)
            } else if !appendable {
                try? folder.saveManifest(folder.manifest)
            } else {
                // Lines were appended: the manifest is cut back to what it was (or saved again) before
                // the marker goes; when neither can be done, the marker stays for the next build.
                let restored = journaled.isEmpty || cutBackJournal() || (try? folder.saveManifest(folder.manifest)) != nil
                if restored, !beganPending { unlink(root + "/" + OutputManifest.pendingMarker) }
            }
            journalOpen = false
        }
        journaled = []
        sizeBeforeJournal = nil
    }

    /// The manifest without the lines the journal appended to it.
    func cutBackJournal() -> Bool {
        guard let size = sizeBeforeJournal else { return false }
        let fd = open(root + "/" + OutputManifest.fileName, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return ftruncate(fd, size) == 0 && fsync(fd) == 0
    }
}
