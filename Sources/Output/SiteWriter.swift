import Diagnostics
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Stage ④: writes the site into a staging folder beside OUT, then swaps it in, so a failed build
/// leaves the previous site exactly as it was and a successful one leaves no stale file.
public enum SiteWriter {
    /// Writes `files` (paths relative to `out`) and replaces `out` with them.
    public static func write(_ files: [(path: String, bytes: [UInt8])], to out: String, jobs: Int = 2) throws(Diagnostic) {
        let fm = FileManager.default
        let outURL = URL(fileURLWithPath: out).standardizedFileURL
        let parent = outURL.deletingLastPathComponent()
        let name = outURL.lastPathComponent
        let pid = ProcessInfo.processInfo.processIdentifier
        let staging = parent.appendingPathComponent(".\(name).staging-\(pid)").path
        let old = parent.appendingPathComponent(".\(name).old-\(pid)").path
        func fail(_ message: String, _ path: String) -> Diagnostic {
            Tree.remove(staging)
            return .error(SourceLocation(path: path), message)
        }
        do {
            try fm.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw fail("cannot create the folder that holds the output: \(error.localizedDescription)", parent.path)
        }
        Tree.remove(staging)
        guard mkdir(staging, 0o755) == 0 else {
            throw fail("cannot create the staging folder beside the output: \(String(cString: strerror(errno)))", staging)
        }
        for file in files where !isInside(file.path) {
            throw fail("refusing to write outside the output folder", file.path)
        }
        // Folders first, parents before children, then the files on several threads.
        var folders = Set<String>()
        for file in files {
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
        let n = max(1, min(jobs, files.count))
        DispatchQueue.concurrentPerform(iterations: n) { worker in
            var i = worker
            while i < files.count {
                if let problem = Tree.writeFile(staging + "/" + files[i].path, files[i].bytes) {
                    failures.add("cannot write \(files[i].path): \(problem)")
                }
                i += n
            }
        }
        if let first = failures.first { throw fail(first, out) }
        let existed = fm.fileExists(atPath: outURL.path)
        if existed, rename(outURL.path, old) != 0 {
            throw fail("cannot move the previous output aside: \(String(cString: strerror(errno)))", out)
        }
        if rename(staging, outURL.path) != 0 {
            let reason = String(cString: strerror(errno))
            if existed { _ = rename(old, outURL.path) }
            throw fail("cannot replace the output folder: \(reason)", out)
        }
        // The previous site is out of the way: a separate process deletes it, so the build can end.
        if existed { Tree.removeInBackground(old) }
    }

    /// A relative path without `..`, `.` or empty parts.
    static func isInside(_ path: String) -> Bool {
        !path.hasPrefix("/") && !path.isEmpty && path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { $0 != ".." && $0 != "." && !$0.isEmpty }
    }
}

/// The first problems of writers on several threads.
final class FailureList: @unchecked Sendable {
    private var items: [String] = []
    private let lock = NSLock()
    func add(_ s: String) { lock.withLock { items.append(s) } }
    var first: String? { lock.withLock { items.first } }
}

/// Plain POSIX file work: one `open`, `write`, `close` per file, and a recursive delete.
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

    /// Deletes a folder that nothing uses any more in a process of its own (`rm -rf`), so a large
    /// previous site does not hold up the build; removes it here when no process can be started.
    static func removeInBackground(_ path: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/rm")
        p.arguments = ["-rf", "--", path]
        p.standardOutput = nil
        p.standardError = nil
        do { try p.run() } catch { remove(path) }
    }

    /// Removes a file or a folder with everything in it; a path that does not exist is fine.
    static func remove(_ path: String) {
        var st = stat()
        guard lstat(path, &st) == 0 else { return }
        if (st.st_mode & S_IFMT) == S_IFDIR {
            if let dir = opendir(path) {
                while let entry = readdir(dir) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                    }
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
