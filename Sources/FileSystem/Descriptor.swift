#if canImport(Glibc)
import Glibc
#endif

/// The read and write loops on an open file: again after an interruption, on after a short count.
public enum Descriptor {
    /// Writes all of `bytes` to `fd`; nil when done, else the `errno` of the failed write (`EIO`
    /// for a write that wrote nothing).
    public static func write(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
        bytes.withUnsafeBytes { write(fd, $0) }
    }

    /// The same for raw bytes.
    public static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var written = 0
        while written < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress.map { $0 + written }, bytes.count - written)
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return errno }
            if n == 0 { return EIO }
            written += n
        }
        return nil
    }

    /// Reads `fd` to its end; `expected` (the file's length, when known) sizes the first read.
    /// Nil when a read fails or the bytes pass `limit` (then `errno` is `EFBIG`): never a part
    /// taken for the whole.
    public static func readAll(_ fd: Int32, expected: Int = 0, limit: Int) -> [UInt8]? {
        var failed = false
        let first = min(max(expected, 0), limit) + 1
        // One byte more than the length: a file that grew since is read to its end below.
        var out = [UInt8](unsafeUninitializedCapacity: first) { buffer, count in
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
        guard out.count == first else { return out.count > limit ? tooLarge() : out }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return nil }
            if n == 0 { break }
            out += chunk[..<n]
            if out.count > limit { return tooLarge() }
        }
        return out.count > limit ? tooLarge() : out
    }

    private static func tooLarge() -> [UInt8]? {
        errno = EFBIG
        return nil
    }

    /// Flushes a folder's entries (a file created, renamed or linked in it) to the disk.
    public static func syncFolder(_ path: String) {
        let fd = open(path.isEmpty ? "." : path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
