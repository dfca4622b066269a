import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A new content file (`new`, `draft`), written whole or not at all: the bytes go to a hidden file
/// beside it, flushed, then linked to its name, which fails when the name is taken; so a full disk
/// or a killed run leaves nothing, and an existing file is never replaced. Nothing is written
/// through a link that leads out of the content folder.
public enum NewContentFile {
    public enum Problem: Error, Equatable {
        /// The name is taken.
        case exists
        /// A folder on the way is a link to this place outside the content folder.
        case outside(String)
        case failed(String)
    }

    /// Writes `bytes` as `path`, which lies inside `root`, making the folders it needs.
    public static func create(_ path: String, _ bytes: [UInt8], root: String) throws(Problem) {
        guard let realRoot = ContentFile.resolved(root) else { throw .failed("cannot find the content folder: \(String(cString: strerror(errno)))") }
        let base = root.hasSuffix("/") ? String(root.dropLast()) : root
        guard path.hasPrefix(base + "/") else { throw .outside(path) }
        let parts = path.dropFirst(base.count + 1).split(separator: "/").map(String.init)
        var dir = base
        for part in parts.dropLast() {
            dir += "/" + part
            var st = stat()
            if lstat(dir, &st) != 0 {
                guard errno == ENOENT, mkdir(dir, 0o777) == 0 || errno == EEXIST else { throw .failed(String(cString: strerror(errno))) }
            } else if (st.st_mode & S_IFMT) != S_IFDIR, (st.st_mode & S_IFMT) != S_IFLNK {
                throw .failed("\(dir) is not a folder")
            }
            guard let real = ContentFile.resolved(dir) else { throw .failed(String(cString: strerror(errno))) }
            guard real == realRoot || real.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/") else { throw .outside(real) }
        }
        let name = parts.last ?? ""
        var attempt = 0
        var temp = ""
        var fd: Int32 = -1
        while fd < 0 {
            attempt += 1
            temp = dir + "/." + name + ".new-\(getpid())-\(attempt)"
            fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o666)
            if fd < 0, errno != EEXIST || attempt >= 100 { throw .failed(String(cString: strerror(errno))) }
        }
        defer { unlink(temp) }
        let ok = ContentFile.writeAll(fd, bytes) && fsync(fd) == 0
        let reason = String(cString: strerror(errno))
        close(fd)
        guard ok else { throw .failed(reason) }
        guard link(temp, dir + "/" + name) == 0 else {
            if errno == EEXIST { throw .exists }
            throw .failed(String(cString: strerror(errno)))
        }
        let folder = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }
}
