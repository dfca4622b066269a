#if canImport(Glibc)
import Glibc
#endif

/// A regular file's bytes and status, both from one open file: a FIFO, a device or a folder is
/// refused before it is read (it could hang or never end), and so is a file over the limit.
public struct RegularFile: Sendable {
    public let bytes: [UInt8]
    public let status: stat

    /// Reads `path` whole; a link in its place is followed only with `followingLinks`.
    public static func read(_ path: String, limit: Int, followingLinks: Bool = false) throws(FileError) -> RegularFile {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else { throw .last }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw .last }
        guard (st.st_mode & S_IFMT) == S_IFREG else { throw .notRegular }
        guard Int(st.st_size) <= limit else { throw .tooLarge }
        guard let bytes = Descriptor.readAll(fd, expected: Int(st.st_size), limit: limit) else {
            throw errno == EFBIG ? .tooLarge : .last
        }
        return RegularFile(bytes: bytes, status: st)
    }
}
