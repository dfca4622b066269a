#if canImport(Glibc)
import Glibc
#endif

/// Removes a folder of the tool's own with everything in it, fast and never through a link: each
/// folder is opened relative to its parent (`openat` with `O_NOFOLLOW`), its entries read once and
/// removed by name (`unlinkat`), with no `stat` of each file. A link is removed, never followed.
/// Stopping `serve` deletes a site of thousands of files within its second this way.
public enum FolderTree {
    /// Removes `path` and all it holds (a file or a link at `path` is removed alone). What could
    /// not be removed stays, and so does the rest once `stop` says so (it is asked before each
    /// folder and every 64 files); true when nothing is left.
    @discardableResult
    public static func remove(_ path: String, stop: () -> Bool = { false }) -> Bool {
        if unlink(path) == 0 || errno == ENOENT { return true }
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return false }
        emptyFolder(fd, stop: stop)
        return rmdir(path) == 0 || errno == ENOENT
    }

    /// Removes everything inside the open folder `fd`, and closes it.
    private static func emptyFolder(_ fd: Int32, stop: () -> Bool) {
        if stop() {
            close(fd)
            return
        }
        guard let dir = fdopendir(fd) else {
            close(fd)
            return
        }
        defer { closedir(dir) }
        // All names first, then removed: a folder is not changed while it is being read.
        var entries: [(name: String, isFolder: Bool)] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { entries.append((name, entry.pointee.d_type == UInt8(DT_DIR))) }
        }
        var folders: [String] = []
        for (i, (name, isFolder)) in entries.enumerated() {
            if i % 64 == 63, stop() { return }
            if isFolder {
                folders.append(name)
            } else if unlinkat(fd, name, 0) != 0, errno == EISDIR || errno == EPERM {
                // A file system that does not give the entry's type: a folder refuses `unlink`.
                folders.append(name)
            }
        }
        for name in folders {
            let child = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard child >= 0 else {
                unlinkat(fd, name, 0)
                continue
            }
            emptyFolder(child, stop: stop)
            unlinkat(fd, name, AT_REMOVEDIR)
        }
    }
}
