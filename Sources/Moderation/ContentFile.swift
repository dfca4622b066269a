import Diagnostics
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A content file as `review` reads and replaces it: the bytes at one moment, from a regular file
/// inside the content folder (a link is followed only while it stays inside), and the way to put
/// new bytes in its place at once.
struct ContentFile {
    /// The path as the loader names it (diagnostics show it).
    let path: String
    /// The file itself, every link resolved: what is replaced.
    let real: String
    let bytes: [UInt8]
    let mode: mode_t
    let owner: uid_t
    let group: gid_t
    /// The file's device and inode when read: another file renamed into its place is not it.
    let device: UInt64
    let inode: UInt64

    static let maxBytes = 64 << 20

    static func read(_ path: String, root: String, at: SourceLocation) throws(Diagnostic) -> ContentFile {
        guard let realRoot = resolved(root), let real = resolved(path) else {
            throw Diagnostic.error(at, "cannot find this file: \(String(cString: strerror(errno)))")
        }
        guard real.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/") else {
            throw Diagnostic.error(at, "this file is a symbolic link to \(quoted(real, limit: 4096)), outside the content folder; review changes only files inside it")
        }
        let fd = open(real, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard fd >= 0 else { throw Diagnostic.error(at, "cannot read this file: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
            throw Diagnostic.error(at, "this is not a regular file; review changes only regular files")
        }
        guard Int(st.st_size) <= maxBytes else { throw Diagnostic.error(at, "this file is larger than 64 MiB") }
        guard let bytes = readAll(fd) else { throw Diagnostic.error(at, "cannot read this file: \(String(cString: strerror(errno)))") }
        return ContentFile(path: path, real: real, bytes: bytes, mode: st.st_mode & 0o7777, owner: st.st_uid, group: st.st_gid,
                           device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
    }

    /// The file's bytes now, or nil when it cannot be read or is no longer the file read (removed,
    /// replaced by another, or become something else).
    func current() -> [UInt8]? {
        let fd = open(real, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, UInt64(st.st_dev) == device, UInt64(st.st_ino) == inode else { return nil }
        return Self.readAll(fd)
    }

    /// Writes `bytes` to a new hidden file beside this one, with its permissions (and owner, when
    /// allowed), flushed to disk; returns its path. `rename` then puts it in place at once.
    func writeBeside(_ bytes: [UInt8]) throws(Diagnostic) -> String {
        let dir = (real as NSString).deletingLastPathComponent
        let name = (real as NSString).lastPathComponent
        var attempt = 0
        while true {
            attempt += 1
            let temp = dir + "/." + name + ".review-\(getpid())-\(attempt)"
            let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            if fd < 0 {
                if errno == EEXIST, attempt < 100 { continue }
                throw Diagnostic.error(SourceLocation(path: path), "cannot write beside this file: \(String(cString: strerror(errno))); nothing was changed")
            }
            var ok = fchmod(fd, mode) == 0
            _ = fchown(fd, owner, group)  // keeps the owner when allowed (as root); else the file is ours
            ok = ok && Self.writeAll(fd, bytes) && fsync(fd) == 0
            let problem = String(cString: strerror(errno))
            close(fd)
            guard ok else {
                unlink(temp)
                throw Diagnostic.error(SourceLocation(path: path), "cannot write beside this file: \(problem); nothing was changed")
            }
            return temp
        }
    }

    /// The folder's entry made durable after a rename.
    func syncFolder() {
        let fd = open((real as NSString).deletingLastPathComponent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    /// Writes all of `bytes` to `fd` (again after an interruption); false on a failed write, with `errno` set.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 {
                if n == 0 { errno = EIO }
                return false
            }
            written += n
        }
        return true
    }

    static func resolved(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    static func readAll(_ fd: Int32) -> [UInt8]? {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { return nil }
            if n == 0 { return out }
            out += buffer[0..<n]
            if out.count > maxBytes { return nil }
        }
    }
}
