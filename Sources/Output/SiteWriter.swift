internal import CExchange
import Fingerprint
import Diagnostics
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Stage ④: writes the site into the staging folder beside OUT, then swaps the two atomically, so a
/// failed build leaves the previous site exactly as it was and a successful one leaves no stale file.
///
/// The staging folder is the site of the build before last, kept for this: a file whose bytes did
/// not change since then is not written again, and only stale files are deleted. Writing in place
/// costs a fraction of creating a new tree. Manifests in the cache folder beside OUT record what
/// each folder holds; a staging folder without one is rebuilt from scratch.
public enum SiteWriter {
    /// The folders beside OUT: `.NAME.staging` (the other generation) and `.NAME.cache`.
    public static func sideFolders(of out: String) -> (staging: String, cache: String) {
        let url = URL(fileURLWithPath: out).standardizedFileURL
        let parent = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        return (parent + "/." + name + ".staging", parent + "/." + name + ".cache")
    }

    /// Writes `files` and swaps them in as `out`. Returns how many files were written (others were unchanged).
    @discardableResult
    public static func write(_ files: [OutputFile], to out: String, jobs: Int = 2) throws(Diagnostic) -> Int {
        let outPath = URL(fileURLWithPath: out).standardizedFileURL.path
        let (staging, cache) = sideFolders(of: out)
        let stagingManifest = cache + "/staging.manifest", currentManifest = cache + "/current.manifest"
        func fail(_ message: String, _ path: String) -> Diagnostic {
            unlink(stagingManifest)
            return .error(SourceLocation(path: path), message)
        }
        for file in files where !isInside(file.path) {
            throw fail("refusing to write outside the output folder", file.path)
        }
        do {
            try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        } catch {
            throw fail("cannot create the staging folder beside the output: \(error.localizedDescription)", cache)
        }
        // The staging folder: trusted only with its manifest; a manifest is removed before any change.
        var held = Manifest.read(stagingManifest)
        if held == nil || !isDirectory(staging) {
            Tree.remove(staging)
            held = Manifest()
        }
        unlink(stagingManifest)
        if !isDirectory(staging), mkdir(staging, 0o755) != 0 {
            throw fail("cannot create the staging folder beside the output: \(String(cString: strerror(errno)))", staging)
        }
        let old = held ?? Manifest()
        let changed = files.filter { old.hashes[$0.path] != $0.hash }
        let keep = Set(files.map(\.path))
        for path in old.hashes.keys where !keep.contains(path) { unlink(staging + "/" + path) }
        var folders = Set<String>()
        for file in changed {
            var dir = file.path
            while let slash = dir.lastIndex(of: "/") {
                dir = String(dir[..<slash])
                if !folders.insert(dir).inserted { break }
            }
        }
        for dir in folders.sorted() where mkdir(staging + "/" + dir, 0o755) != 0 && errno != EEXIST {
            throw fail("cannot create \(dir): \(String(cString: strerror(errno)))", out)
        }
        let failures = FailureList()
        let n = max(1, min(jobs, changed.count))
        if !changed.isEmpty {
            DispatchQueue.concurrentPerform(iterations: n) { worker in
                var i = worker
                while i < changed.count {
                    let file = changed[i]
                    var bytes: [UInt8]
                    switch file.content {
                    case .bytes(let b): bytes = b
                    case .sameAsCurrent:
                        bytes = FileManager.default.contents(atPath: outPath + "/" + file.path).map { [UInt8]($0) } ?? []
                        if FNV.hash(bytes) != file.hash {
                            failures.add(SiteWriter.changedByHand + file.path)
                            i += n
                            continue
                        }
                    }
                    if let problem = Tree.writeFile(staging + "/" + file.path, bytes) {
                        failures.add("cannot write \(file.path): \(problem)")
                    }
                    i += n
                }
            }
        }
        if let first = failures.first { throw fail(first, out) }
        Tree.removeEmptyFolders(staging, keeping: folders)
        // The swap: one atomic exchange when OUT exists, else a rename.
        let existed = isDirectory(outPath)
        if existed {
            guard commonsight_exchange(staging, outPath) == 0 else {
                throw fail("cannot swap in the new output: \(String(cString: strerror(errno)))", out)
            }
        } else if rename(staging, outPath) != 0 {
            throw fail("cannot move the new output in place: \(String(cString: strerror(errno)))", out)
        }
        // Now staging holds what OUT held; its manifest is the one OUT had.
        var new = Manifest()
        for file in files { new.hashes[file.path] = file.hash }
        if existed { _ = rename(currentManifest, stagingManifest) }
        _ = new.write(currentManifest)
        return changed.count
    }

    static let changedByHand = "the previous output was changed by hand: "

    /// True when a write failed because OUT no longer held what the cache said.
    public static func isChangedByHand(_ d: Diagnostic) -> Bool { d.message.hasPrefix(changedByHand) }

    /// A relative path without `..`, `.` or empty parts.
    static func isInside(_ path: String) -> Bool {
        !path.hasPrefix("/") && !path.isEmpty && path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { $0 != ".." && $0 != "." && !$0.isEmpty }
    }

    static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }
}

/// The first problems of writers on several threads.
final class FailureList: @unchecked Sendable {
    private var items: [String] = []
    private let lock = NSLock()
    func add(_ s: String) { lock.withLock { items.append(s) } }
    var first: String? { lock.withLock { items.sorted().first } }
}

/// Plain POSIX file work: one `open`, `write`, `close` per file, and recursive deletes.
enum Tree {
    /// Nil on success, else the reason.
    static func writeFile(_ path: String, _ bytes: [UInt8]) -> String? {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        defer { close(fd) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { buffer in
                Glibc.write(fd, buffer.baseAddress.map { $0 + written }, bytes.count - written)
            }
            if n < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            written += n
        }
        return nil
    }

    /// Removes every empty folder under `root` (deepest first), except those just made.
    static func removeEmptyFolders(_ root: String, keeping: Set<String>) {
        func walk(_ rel: String) -> Bool {
            let path = rel.isEmpty ? root : root + "/" + rel
            guard let dir = opendir(path) else { return false }
            var empty = true
            var children: [String] = []
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name == "." || name == ".." { continue }
                if entry.pointee.d_type == UInt8(DT_DIR) { children.append(name) } else { empty = false }
            }
            closedir(dir)
            for child in children {
                let childRel = rel.isEmpty ? child : rel + "/" + child
                if walk(childRel), !keeping.contains(childRel) { rmdir(root + "/" + childRel) } else { empty = false }
            }
            return empty
        }
        _ = walk("")
    }

    /// Removes a file or a folder with everything in it; a path that does not exist is fine.
    static func remove(_ path: String) {
        var st = stat()
        guard lstat(path, &st) == 0 else { return }
        if (st.st_mode & S_IFMT) == S_IFDIR {
            if let dir = opendir(path) {
                while let entry = readdir(dir) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                    if name == "." || name == ".." { continue }
                    remove(path + "/" + name)
                }
                closedir(dir)
            }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}
