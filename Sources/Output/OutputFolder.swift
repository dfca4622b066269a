import FileSystem
import Fingerprint
import Parallelism
#if canImport(Glibc)
import Glibc
#endif

/// Stage ④'s folder: OUT, locked for one build, with what the tool wrote there and can still trust.
///
/// A build opens OUT (refusing a folder that is not its own), reuses only files whose `lstat` still
/// matches the manifest, then commits: every new or changed file is written first (new paths
/// directly, replaced ones beside their target), and only when all are written are they renamed
/// over the old ones and stale files deleted. A failure while writing (a full disk) removes what
/// was written and leaves OUT as it was; a build killed while committing leaves a manifest that
/// tells the next build which files to write again. Files the tool did not write are never touched.
public final class OutputFolder {
    /// OUT as given, absolute; it may be a symbolic link, which is written through.
    public let path: String
    /// Fingerprints of the files that are as the tool left them, by path inside OUT.
    public internal(set) var verified = VerifiedFiles()
    /// What happened, for `--verbose`.
    public internal(set) var notes: [String] = []

    private var lock: AdvisoryLock?
    var manifest: OutputManifest
    /// The manifest on disk is exactly the lines read, each ending in a line break: a commit may
    /// append to it (otherwise it saves it whole first).
    var manifestAppendable = false
    private let createdOut: Bool
    var legacyFolders: [String] = []

    private init(path: String, manifest: OutputManifest, createdOut: Bool) {
        self.path = path
        self.manifest = manifest
        self.createdOut = createdOut
    }

    deinit { lock?.release() }

    /// The first parts of the paths the tool wrote: neighborhood slugs and top-level files.
    public var ownedTopLevelNames: Set<String> { manifest.topNames }

    /// Opens OUT for a build: checks where it is, creates it when missing, takes its lock (waiting up
    /// to `waitTenths` tenths of a second), reads the manifest and checks which files still match it.
    public static func open(_ out: String, protected: OutputPlace.Protected, waitTenths: Int = 100, jobs: Int = 2) throws(OutputProblem) -> OutputFolder {
        if let problem = OutputPlace.problem(out: out, protected: protected) { throw problem }
        var created = false
        if !Posix.isFolder(out) {
            if Posix.status(out) != nil {
                throw .system(path: out, action: "write the site here", reason: "it is a file, not a folder")
            }
            try makeFolders(out)
            created = true
        }
        let lock: AdvisoryLock
        do throws(FileError) {
            lock = try AdvisoryLock.take(out, seconds: Double(waitTenths) / 10, step: 0.1)
        } catch {
            if case .busy = error { throw .busy(out: out) }
            throw .system(path: out, action: "open the output folder", reason: error.reason)
        }
        let folder = OutputFolder(path: out, manifest: OutputManifest(), createdOut: created)
        folder.lock = lock
        try folder.readManifest(jobs: jobs)
        return folder
    }

    /// After a failed build: a folder this build created and left empty is removed again.
    public func abandon() {
        removeIfMadeAndEmpty()
        lock?.release()
        lock = nil
    }

    func removeIfMadeAndEmpty() {
        if createdOut, let names = Posix.names(in: path), names.isEmpty { rmdir(path) }
    }

    /// Reads the manifest and checks which files still match it, on the lines as read: no string
    /// is made of their paths, nor a table of them (a path is looked up among the lines by halving).
    private func readManifest(jobs: Int) throws(OutputProblem) {
        let manifestPath = path + "/" + OutputManifest.fileName
        let marked = Posix.status(path + "/" + OutputManifest.pendingMarker)?.kind == .file
        if let status = Posix.status(manifestPath), status.kind == .file, let bytes = Self.read(manifestPath),
           var parsed = OutputManifest.Parsed.read(bytes, workers: jobs) ?? Self.withoutTornLine(bytes, marked: marked, workers: jobs) {
            if marked { parsed.pending = true }
            manifestAppendable = parsed.bytes.count == bytes.count && bytes.last == 0x0A
            manifest = OutputManifest(parsed)
            if parsed.pending { removeLeftovers() }
            settle(Self.unmatched(parsed, in: lock?.descriptor ?? -1, jobs: jobs), of: parsed)
            return
        }
        // Its files are owned, none trusted: each is written again.
        if adoptLegacyOutput() { return }
        let names = Posix.names(in: path) ?? []
        let visible = names.filter { !$0.hasPrefix(".") }.sorted()
        if !visible.isEmpty {
            if let bytes = Self.read(manifestPath) { throw .damagedManifest(path: manifestPath, line: OutputManifest.Parsed.firstBadLine(bytes)) }
            throw .notOurs(out: path, examples: visible)
        }
        // Hidden folders are published with the site: a cache there (this tool's or another's) would be.
        var budget = CacheFolder.searchBudget
        for name in names.sorted() {
            if let cache = CacheFolder.tagged(in: path + "/" + name, budget: &budget) {
                throw .forbiddenPlace(out: path, reason: "a folder that holds a cache ('\(cache.dropFirst(path.count + 1))'), which would be published with the site")
            }
        }
    }

    /// A pending manifest whose last line was cut by a build killed while appending it (a path
    /// about to be claimed, its file not yet written): read without that line.
    static func withoutTornLine(_ bytes: [UInt8], marked: Bool, workers: Int) -> OutputManifest.Parsed? {
        guard bytes.last != 0x0A, let lastBreak = bytes.lastIndex(of: 0x0A),
              let parsed = OutputManifest.Parsed.read(Array(bytes[...lastBreak]), workers: workers), marked || parsed.pending else { return nil }
        return parsed
    }

    /// Output of versions before 0.4 kept its manifest in `.OUT.cache/` beside OUT, with the previous
    /// generation in `.OUT.staging/`: its files become owned (to be checked), both folders are removed
    /// after the next successful build.
    private func adoptLegacyOutput() -> Bool {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        guard let slash = trimmed.lastIndex(of: "/") else { return false }
        let parent = String(trimmed[..<slash]), name = String(trimmed[trimmed.index(after: slash)...])
        let cache = parent + "/." + name + ".cache", staging = parent + "/." + name + ".staging"
        guard let bytes = Self.read(cache + "/current.manifest") else { return false }
        var lines = bytes.split(separator: UInt8(ascii: "\n"))[...]
        guard lines.popFirst().map({ String(decoding: $0, as: UTF8.self) }) == "commonsight-manifest 1" else { return false }
        for line in lines {
            guard let tab = line.lastIndex(of: UInt8(ascii: "\t")) else { continue }
            let p = String(decoding: line[..<tab], as: UTF8.self)
            if OutputPath.isInside(p) { manifest.set(p, .init(hash: Fingerprint(high: 0, low: 0), status: nil)) }
        }
        legacyFolders = [cache, staging]
        notes.append("adopted the output of an earlier version; \(cache) and \(staging) go after this build")
        return true
    }

    /// Temporary files of a build that stopped while writing.
    private func removeLeftovers() {
        for p in manifest.sortedPaths { unlink(path + "/" + Self.temporary(p)) }
        unlink(path + "/" + OutputManifest.fileName + ".new")
        notes.append("the last build stopped before it finished; its temporary files were removed")
    }

    /// The lines of `lines` whose file is not as the line says (size, inode, modification and
    /// change times), inside the open folder `root`.
    static func unmatched(_ lines: OutputManifest.Parsed, in root: Int32, jobs: Int) -> [Int] {
        // Each path is looked up from OUT's open folder (the lock's), not from the root again, in runs
        // of a few hundred: in order of their bytes, a run's paths share their folders.
        let runs = stride(from: 0, to: lines.count, by: Self.verifyRun).map { $0..<min($0 + Self.verifyRun, lines.count) }
        return Parallel.map(runs, workers: jobs) { run -> [Int] in
            var lookups = FolderLookups(root: root)
            defer { lookups.close() }
            return lines.bytes.withUnsafeBufferPointer { b in
                run.filter { i in
                    func path(_ k: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: b[lines.starts[k]..<lines.pathEnds[k]]) }
                    guard let expected = lines.entries[i].status,
                          let now = lookups.status(path(i), sharedWithNext: i + 1 < run.upperBound ? path(i + 1) : nil) else { return true }
                    return now != expected
                }
            }
        }.flatMap { $0 }
    }

    /// `verified`: the lines read, less those of `unmatched`.
    private func settle(_ unmatched: [Int], of lines: OutputManifest.Parsed) {
        verified = VerifiedFiles(lines, unmatched: unmatched)
        if !unmatched.isEmpty { notes.append("\(unmatched.count) of \(lines.count) files in the output are not as the last build left them and will be written again") }
    }

    /// How many paths one thread checks at a time.
    static let verifyRun = 256

    static func read(_ path: String) -> [UInt8]? { FileBytes.read(path) }

    /// `a/b/page.html` → `a/b/.page.html.commonsight-new`: where a replacement is written first.
    static func temporary(_ p: String) -> String {
        let folder = OutputPath.folder(of: p)
        let name = folder.isEmpty ? p : String(p.dropFirst(folder.utf8.count + 1))
        return (folder.isEmpty ? "" : folder + "/") + "." + name + ".commonsight-new"
    }

    /// `mkdir -p`.
    public static func makeFolders(_ p: String) throws(OutputProblem) {
        if Posix.isFolder(p) { return }
        let parent = OutputPath.folder(of: p)
        if !parent.isEmpty, parent != p { try makeFolders(parent) }
        if mkdir(p, 0o755) != 0 && errno != EEXIST {
            throw .system(path: p, action: "create the output folder", reason: Posix.reason)
        }
    }
}

