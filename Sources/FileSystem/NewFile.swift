#if canImport(Glibc)
import Glibc
#endif

/// A file made whole or not at all at a path that must not exist yet: never through a link in
/// its place, and removed again when any write fails (a full disk leaves no half file).
public enum NewFile {
    /// Who the new file belongs to and who may read it.
    public struct Permissions: Sendable, Equatable {
        public var mode: mode_t
        /// Owner and group to give it, when the process may (as root); else it is the process's own.
        public var owner: (uid_t, gid_t)?

        public init(mode: mode_t, owner: (uid_t, gid_t)? = nil) {
            self.mode = mode
            self.owner = owner
        }

        public static func == (a: Permissions, b: Permissions) -> Bool {
            a.mode == b.mode && a.owner?.0 == b.owner?.0 && a.owner?.1 == b.owner?.1
        }

        /// Read and write for the owner, read for the others (less what the umask takes).
        public static let standard = Permissions(mode: 0o644)
    }

    /// How long the bytes must last: `durable` flushes them to the disk before the call returns.
    public enum Durability: Sendable { case durable, cached }

    /// Creates `path` holding `bytes`; returns the new file's status, read from the open file.
    @discardableResult
    public static func create(_ path: String, _ bytes: [UInt8], permissions: Permissions = .standard,
                              durability: Durability) throws(FileError) -> stat {
        try create(path, permissions: permissions, durability: durability) { write in bytes.withUnsafeBytes { write($0) } }
    }

    /// Creates `path` holding what `bytes` hands its writer, piece after piece (nothing more is
    /// written after a write fails).
    @discardableResult
    public static func create(_ path: String, permissions: Permissions = .standard, durability: Durability,
                              bytes: ((UnsafeRawBufferPointer) -> Void) -> Void) throws(FileError) -> stat {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, permissions.owner == nil ? permissions.mode : 0o600)
        guard fd >= 0 else { throw errno == EEXIST ? .exists : .last }
        var failure: Int32?
        if let (user, group) = permissions.owner {
            _ = fchown(fd, user, group)  // kept when allowed; else the file is the process's
            if fchmod(fd, permissions.mode) != 0 { failure = errno }
        }
        if failure == nil {
            bytes { piece in if failure == nil { failure = Descriptor.write(fd, piece) } }
        }
        if failure == nil, durability == .durable, fsync(fd) != 0 { failure = errno }
        var st = stat()
        if failure == nil, fstat(fd, &st) != 0 { failure = errno }
        if close(fd) != 0, failure == nil { failure = errno }
        if let failure {
            unlink(path)
            throw .system(failure)
        }
        return st
    }
}
