#if canImport(Glibc)
import Glibc
#endif

/// A whole file's bytes, read into one array sized from the file's length (the tool's own large
/// files: the manifest and the render cache, megabytes each, were read in chunks or copied).
public enum FileBytes {
    /// Larger files are refused: the tool's own files are tens of megabytes at most (200,000
    /// reports), and a sparse file claiming terabytes must not be allocated.
    public static let limit = 1 << 30

    /// The bytes of the regular file at `path`; nil when it is missing, not a regular file, larger
    /// than `limit`, or a read fails part way (never a part of it taken for the whole). A symbolic
    /// link is followed only with `followingLinks`.
    public static func read(_ path: String, followingLinks: Bool = false) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        let expected = max(Int(st.st_size), 0)
        guard expected <= limit else { return nil }
        var failed = false
        // One byte more than the length: a file that grew since is read to its end below.
        var out = [UInt8](unsafeUninitializedCapacity: expected + 1) { buffer, count in
            count = 0
            while count < buffer.count {
                let n = Glibc.read(fd, buffer.baseAddress.map { $0 + count }, buffer.count - count)
                if n < 0 && errno == EINTR { continue }
                if n < 0 { failed = true }
                if n <= 0 { break }
                count += n
            }
        }
        guard !failed else { return nil }
        guard out.count > expected else { return out }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 || out.count + max(n, 0) > limit { return nil }
            if n == 0 { break }
            out += chunk[..<n]
        }
        return out
    }
}
