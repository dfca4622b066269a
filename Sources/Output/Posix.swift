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
        path.withCString { status(cString: $0, in: folder) }
    }

    static func status(cString path: UnsafePointer<CChar>, in folder: Int32) -> Status? {
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

/// `lstat` of paths inside OUT, one after another in the order of their bytes: a path whose
/// folder's folder (`a/observations` of `a/observations/x/index.html`) the next path shares is
/// looked up from that folder, opened once, so the kernel walks two parts of it instead of four.
/// At most one folder is open at a time.
struct FolderLookups {
    let root: Int32
    /// The folder open now: its path's bytes with the final `/`, and its descriptor.
    private var open: (prefix: [UInt8], descriptor: Int32)?

    init(root: Int32) { self.root = root }

    mutating func status(_ bytes: UnsafeBufferPointer<UInt8>, sharedWithNext next: UnsafeBufferPointer<UInt8>?) -> Posix.Status? {
        let cut = Self.grandparentEnd(bytes)
        if let open, cut > 0, cut == open.prefix.count, memcmp(bytes.baseAddress!, open.prefix, cut) == 0 {
            return Self.status(bytes, from: cut, in: open.descriptor)
        }
        close()
        // Opened only for a run of two paths or more: a lone path costs one lookup, as before.
        if cut > 0, let next, Self.grandparentEnd(next) == cut, memcmp(next.baseAddress!, bytes.baseAddress!, cut) == 0 {
            let prefix = Array(bytes[..<cut])
            let descriptor = prefix.dropLast().withUnsafeBufferPointer { folder in
                Self.withCString(folder) { openat(root, $0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
            }
            if descriptor >= 0 {
                open = (prefix, descriptor)
                return Self.status(bytes, from: cut, in: descriptor)
            }
        }
        return Self.status(bytes, from: 0, in: root)
    }

    mutating func close() {
        if let open { Glibc.close(open.descriptor) }
        open = nil
    }

    /// The UTF-8 length of `a/b/` in `a/b/c/d`; 0 when the path has fewer than two `/`.
    static func grandparentEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let last = bytes.lastIndex(of: UInt8(ascii: "/")),
              let before = bytes[..<last].lastIndex(of: UInt8(ascii: "/")) else { return 0 }
        return before + 1
    }

    static func status(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, in folder: Int32) -> Posix.Status? {
        withCString(UnsafeBufferPointer(rebasing: bytes[start...])) { Posix.status(cString: $0, in: folder) }
    }

    /// `body` given the bytes as a C string (a path inside OUT has no NUL).
    static func withCString<R>(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafePointer<CChar>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buffer in
            for (i, b) in bytes.enumerated() { buffer[i] = CChar(bitPattern: b) }
            buffer[bytes.count] = 0
            return body(buffer.baseAddress!)
        }
    }
}
