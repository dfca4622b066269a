#if canImport(Glibc)
import Glibc
#endif

/// What the writer asks of paths inside OUT, one call each, never following a link there.
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
}
