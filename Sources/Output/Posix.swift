#if canImport(Glibc)
import Glibc
#endif

/// Plain POSIX file work for the writer: one call each, never following a link inside OUT.
enum Posix {
    /// What `lstat` says of a path, or nil when nothing is there.
    struct Status: Equatable {
        var kind: Kind
        var size: Int64
        var inode: UInt64
        var modified: Int64
        var changed: Int64

        enum Kind { case file, folder, link, other }
    }

    static func status(_ path: String) -> Status? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        return status(st)
    }

    /// `status` of `path` inside the open folder `folder` (the kernel walks only the part inside it).
    static func status(_ path: String, in folder: Int32) -> Status? {
        var st = stat()
        guard fstatat(folder, path, &st, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        return status(st)
    }

    static func status(_ st: stat) -> Status {
        let kind: Status.Kind
        switch st.st_mode & S_IFMT {
        case S_IFREG: kind = .file
        case S_IFDIR: kind = .folder
        case S_IFLNK: kind = .link
        default: kind = .other
        }
        return Status(kind: kind, size: Int64(st.st_size), inode: UInt64(st.st_ino),
                      modified: Int64(st.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(st.st_mtim.tv_nsec),
                      changed: Int64(st.st_ctim.tv_sec) &* 1_000_000_000 &+ Int64(st.st_ctim.tv_nsec))
    }

    /// Follows links: for OUT itself, which may be one.
    static func isFolder(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// The system's words for the last error.
    static var reason: String { String(cString: strerror(errno)) }

    /// Writes a new file (it must not exist); nil on success, else errno (and no file).
    static func createFile(_ path: String, _ bytes: [UInt8]) -> Int32? {
        createFile(path, bytes, status: nil)
    }

    /// The same, and the file's status once written (read from the open file, without looking its
    /// path up again), in `status`.
    static func createFile(_ path: String, _ bytes: [UInt8], status: UnsafeMutablePointer<Status?>?) -> Int32? {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return errno }
        var written = 0
        var failure: Int32?
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress.map { $0 + written }, bytes.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            written += n
        }
        if let status, failure == nil {
            var st = stat()
            status.pointee = fstat(fd, &st) == 0 ? Self.status(st) : nil
        }
        if close(fd) != 0, failure == nil { failure = errno }
        if failure != nil { unlink(path) }  // never leave half a file
        return failure
    }

    /// Names in a folder, without `.` and `..`; nil when it cannot be read.
    static func names(in path: String) -> [String]? {
        guard let dir = opendir(path) else { return nil }
        defer { closedir(dir) }
        var out: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { out.append(name) }
        }
        return out
    }

    /// Real path of `path`, or of its deepest existing ancestor with the rest appended.
    static func realPath(_ path: String) -> String {
        var head = path
        var tail: [String] = []
        while true {
            if let resolved = realpath(head, nil) {
                defer { free(resolved) }
                let base = String(cString: resolved)
                let rest = tail.reversed().joined(separator: "/")
                if rest.isEmpty { return base }
                return base == "/" ? "/" + rest : base + "/" + rest
            }
            guard let slash = head.lastIndex(of: "/"), head != "/" else { return path }
            tail.append(String(head[head.index(after: slash)...]))
            head = slash == head.startIndex ? "/" : String(head[..<slash])
        }
    }
}
