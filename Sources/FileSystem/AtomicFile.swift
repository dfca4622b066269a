#if canImport(Glibc)
import Glibc
#endif

/// A file's new bytes put in its place at once: written whole to a hidden file beside it, flushed,
/// then renamed over it (or linked to a name not yet taken), and the folder flushed. A failed or
/// killed write leaves the old file as it was.
public struct AtomicFile: Sendable {
    /// The file to replace or make.
    public let target: String
    /// The written bytes' hidden file beside it, until `install` or `discard`.
    public let temporary: String

    /// A file already staged at `temporary` (by an earlier call) for `target`.
    public init(target: String, temporary: String) { (self.target, self.temporary) = (target, temporary) }

    /// Writes `bytes` to a new hidden file beside `target` (named from `tag` and this process);
    /// nothing happens to `target` until `install`.
    public static func stage(_ target: String, _ bytes: [UInt8], tag: String = "new", permissions: NewFile.Permissions = .standard,
                             durability: NewFile.Durability = .durable) throws(FileError) -> AtomicFile {
        let (folder, name) = Self.split(target)
        var attempt = 0
        while true {
            attempt += 1
            let temporary = folder + "." + name + "." + tag + "-\(getpid())-\(attempt)"
            do throws(FileError) {
                try NewFile.create(temporary, bytes, permissions: permissions, durability: durability)
                return AtomicFile(target: target, temporary: temporary)
            } catch .exists where attempt < 100 {
                continue
            }
        }
    }

    /// Writes `bytes` to `temporary` (a fixed name the caller can find again after a kill; a file
    /// left there is replaced) for `install` to put in place.
    public static func stage(_ target: String, _ bytes: [UInt8], at temporary: String, permissions: NewFile.Permissions = .standard,
                             durability: NewFile.Durability) throws(FileError) -> AtomicFile {
        unlink(temporary)
        try NewFile.create(temporary, bytes, permissions: permissions, durability: durability)
        return AtomicFile(target: target, temporary: temporary)
    }

    /// The same, with the bytes handed over piece after piece (see `NewFile.create`).
    public static func stage(_ target: String, at temporary: String, permissions: NewFile.Permissions = .standard,
                             durability: NewFile.Durability, bytes: ((UnsafeRawBufferPointer) -> Void) -> Void) throws(FileError) -> AtomicFile {
        unlink(temporary)
        try NewFile.create(temporary, permissions: permissions, durability: durability, bytes: bytes)
        return AtomicFile(target: target, temporary: temporary)
    }

    /// Replaces `target` with `bytes` at once: `stage` then `install`.
    public static func write(_ target: String, _ bytes: [UInt8], permissions: NewFile.Permissions = .standard) throws(FileError) {
        try stage(target, bytes, permissions: permissions).install()
    }

    /// Makes `target`, which must not exist, holding `bytes`; `.exists` when the name is taken
    /// (meanwhile too: an existing file is never replaced).
    public static func create(_ target: String, _ bytes: [UInt8], permissions: NewFile.Permissions = .standard) throws(FileError) {
        let staged = try stage(target, bytes, permissions: permissions)
        defer { staged.discard() }
        guard link(staged.temporary, target) == 0 else { throw errno == EEXIST ? .exists : .last }
        Descriptor.syncFolder(Self.split(target).folder)
    }

    /// Renames the staged file over `target`, then flushes the folder (with `durable`); the
    /// staged file is removed when the rename fails.
    public func install(durability: NewFile.Durability = .durable) throws(FileError) {
        guard rename(temporary, target) == 0 else {
            let failure = FileError.last
            unlink(temporary)
            throw failure
        }
        if durability == .durable { Descriptor.syncFolder(Self.split(target).folder) }
    }

    /// Removes the staged file: `target` stays as it was.
    public func discard() { unlink(temporary) }

    /// `a/b/name` → (`a/b/`, `name`); a bare name is in the working folder.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[...slash]), String(path[path.index(after: slash)...]))
    }
}
