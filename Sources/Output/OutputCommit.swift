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
    /// named in `untouched` (other neighborhoods, under `--only`), which are left as they are.
    public func commit(_ files: [OutputFile], untouched: Set<String> = [], jobs: Int = 2) throws(OutputProblem) -> CommitReport {
        for file in files where !OutputPath.isInside(file.path) { throw .outside(path: file.path) }
        let plan = try plan(files, untouched: untouched)
        let before = manifest
        // The journal: every path this commit may create is owned before it exists.
        var journal = manifest
        journal.pending = true
        for file in plan.writes { journal.entries[file.path] = journal.entries[file.path] ?? .init(hash: file.hash, status: nil) }
        if !plan.writes.isEmpty || !plan.stale.isEmpty { try saveManifest(journal) }
        manifest = journal

        // Phase 1: every byte written, nothing visible replaced yet.
        var createdFolders: [String] = []
        for folder in plan.newFolders {
            if mkdir(path + "/" + folder, 0o755) != 0 && errno != EEXIST {
                let failure = OutputProblem.system(path: path + "/" + folder, action: "create a folder", reason: Posix.reason)
                rollBack(createdFolders: createdFolders, written: [], restoring: before)
                throw failure
            }
            createdFolders.append(folder)
        }
        let root = path
        let outcomes = Parallel.map(plan.writes, workers: jobs) { file -> Int32? in
            guard case .bytes(let bytes) = file.content else { return nil }
            let target = plan.replaced.contains(file.path) ? OutputFolder.temporary(file.path) : file.path
            if plan.replaced.contains(file.path) { unlink(root + "/" + target) }
            return Posix.createFile(root + "/" + target, bytes)
        }
        if let failed = zip(plan.writes, outcomes).first(where: { $0.1 != nil }) {
            let code = failed.1 ?? 0
            rollBack(createdFolders: createdFolders, written: plan.writes.map(\.path), replaced: plan.replaced, restoring: before)
            if code == ENOSPC || code == EDQUOT { throw .noSpace(path: path + "/" + failed.0.path) }
            throw .system(path: path + "/" + failed.0.path, action: "write this file", reason: String(cString: strerror(code)))
        }

        // Phase 2: stale files go first (a removed report disappears before anything else changes), then the swaps.
        var deleted = 0
        for stale in plan.stale where unlink(path + "/" + stale) == 0 || errno == ENOENT {
            manifest.entries[stale] = nil
            deleted += 1
        }
        for p in plan.writes.map(\.path) where plan.replaced.contains(p) {
            if rename(path + "/" + OutputFolder.temporary(p), path + "/" + p) != 0 {
                throw .system(path: path + "/" + p, action: "replace this file", reason: Posix.reason)
            }
        }
        removeEmptiedFolders(after: plan.stale)

        // The manifest records what is there now.
        let statuses = Parallel.map(plan.writes, workers: jobs) { Posix.status(root + "/" + $0.path) }
        for (file, status) in zip(plan.writes, statuses) {
            manifest.entries[file.path] = .init(hash: file.hash, status: status)
            verified[file.path] = status == nil ? nil : file.hash
        }
        for stale in plan.stale { verified[stale] = nil }
        manifest.pending = false
        if !plan.writes.isEmpty || !plan.stale.isEmpty || before.pending || !legacyFolders.isEmpty { try saveManifest(manifest) }
        for folder in legacyFolders { removeTree(folder) }
        legacyFolders = []
        return CommitReport(written: plan.writes.count, deleted: deleted)
    }

    struct Plan {
        var writes: [OutputFile] = []
        /// Paths of `writes` that hold an owned file now: written beside it, then renamed over it.
        var replaced: Set<String> = []
        /// Folders to create, parents first.
        var newFolders: [String] = []
        var stale: [String] = []
    }

    /// Decides what to write and delete, and checks every path on the way before anything changes.
    func plan(_ files: [OutputFile], untouched: Set<String>) throws(OutputProblem) -> Plan {
        var plan = Plan()
        var wanted = Set<String>()
        wanted.reserveCapacity(files.count)
        for file in files {
            wanted.insert(file.path)
            if verified[file.path] == file.hash { continue }
            if case .alreadyInOutput = file.content {
                throw .system(path: path + "/" + file.path, action: "reuse this file", reason: "it is not as the last build left it")
            }
            plan.writes.append(file)
        }
        plan.stale = manifest.entries.keys.filter { !wanted.contains($0) && !untouched.contains(OutputPath.top(of: $0)) }.sorted()
        let staleSet = Set(plan.stale)
        // Folders: each checked once, parents first; nothing under a new folder can be in the way.
        var folders = Set<String>()
        for file in plan.writes {
            var f = OutputPath.folder(of: file.path)
            while !f.isEmpty, folders.insert(f).inserted { f = OutputPath.folder(of: f) }
        }
        var fresh = Set<String>()
        for folder in folders.sorted() {
            let parent = OutputPath.folder(of: folder)
            if !parent.isEmpty, fresh.contains(parent) {
                fresh.insert(folder)
                plan.newFolders.append(folder)
                continue
            }
            switch Posix.status(path + "/" + folder)?.kind {
            case nil:
                fresh.insert(folder)
                plan.newFolders.append(folder)
            case .folder: break
            case .link: throw .linkInside(path: path + "/" + folder)
            case .file, .other:
                guard staleSet.contains(folder) else { throw .taken(path: path + "/" + folder) }
                unlink(path + "/" + folder)  // an owned file where a folder now goes: it would go anyway
                fresh.insert(folder)
                plan.newFolders.append(folder)
            }
        }
        for file in plan.writes where !fresh.contains(OutputPath.folder(of: file.path)) {
            let status = Posix.status(path + "/" + file.path)
            let owned = manifest.entries[file.path] != nil
            switch (status?.kind, owned) {
            case (nil, _): break
            case (.folder, _): throw .taken(path: path + "/" + file.path)
            case (_, true): plan.replaced.insert(file.path)
            case (_, false): throw .taken(path: path + "/" + file.path)
            }
        }
        // A stale file is deleted only where no folder on its way is a link.
        var checked = Set<String>()
        for stale in plan.stale {
            var f = OutputPath.folder(of: stale)
            while !f.isEmpty, !checked.contains(f) {
                if let kind = Posix.status(path + "/" + f)?.kind, kind != .folder { throw .linkInside(path: path + "/" + f) }
                checked.insert(f)
                f = OutputPath.folder(of: f)
            }
        }
        return plan
    }

    /// Undoes phase 1: temporary and new files, new folders, and the manifest as it was.
    func rollBack(createdFolders: [String], written: [String], replaced: Set<String> = [], restoring before: OutputManifest) {
        for p in written { unlink(path + "/" + (replaced.contains(p) ? OutputFolder.temporary(p) : p)) }
        for folder in createdFolders.reversed() { rmdir(path + "/" + folder) }
        manifest = before
        if before.entries.isEmpty, !before.pending {
            unlink(path + "/" + OutputManifest.fileName)
        } else {
            try? saveManifest(before)
        }
    }

    /// Folders left empty by deleted files, deepest first; never OUT itself, never one with other files.
    func removeEmptiedFolders(after stale: [String]) {
        var folders = Set<String>()
        for p in stale {
            var f = OutputPath.folder(of: p)
            while !f.isEmpty, folders.insert(f).inserted { f = OutputPath.folder(of: f) }
        }
        for folder in folders.sorted(by: { $0.utf8.count > $1.utf8.count }) { rmdir(path + "/" + folder) }
    }

    /// Written beside it, then renamed over it: a reader never sees half a manifest.
    func saveManifest(_ m: OutputManifest) throws(OutputProblem) {
        let target = path + "/" + OutputManifest.fileName, temporary = target + ".new"
        unlink(temporary)
        if let code = Posix.createFile(temporary, m.serialized()) {
            unlink(temporary)
            if code == ENOSPC || code == EDQUOT { throw .noSpace(path: target) }
            throw .system(path: target, action: "write the manifest", reason: String(cString: strerror(code)))
        }
        if rename(temporary, target) != 0 { throw .system(path: target, action: "write the manifest", reason: Posix.reason) }
    }

    /// Removes a folder of the tool's own with everything in it, never following a link.
    func removeTree(_ p: String) {
        guard let status = Posix.status(p) else { return }
        if status.kind == .folder {
            for name in Posix.names(in: p) ?? [] { removeTree(p + "/" + name) }
            rmdir(p)
        } else {
            unlink(p)
        }
    }
}
