import Diagnostics
import FileSystem
#if canImport(Glibc)
import Glibc
#endif

/// A content file as `review` reads and replaces it: the bytes at one moment, from a regular file
/// inside the content folder (a link is followed only while it stays inside), and the way to put
/// new bytes in its place at once.
struct ContentFile {
    /// The path as the loader names it (diagnostics show it).
    let path: String
    /// The file itself, every link resolved: what is replaced.
    let real: String
    let bytes: [UInt8]
    let mode: mode_t
    let owner: uid_t
    let group: gid_t
    /// The file's device and inode when read: another file renamed into its place is not it.
    let device: UInt64
    let inode: UInt64

    static let maxBytes = 64 << 20

    static func read(_ path: String, root: String, at: SourceLocation) throws(Diagnostic) -> ContentFile {
        guard let folder = FileRoot(root) else { throw Diagnostic.error(at, "cannot find this file: \(FileError.words(errno))") }
        let real: String
        do throws(FileError) {
            real = try folder.resolve(path)
        } catch {
            if case .outside = error { throw problem(error, at: at) }
            throw Diagnostic.error(at, "cannot find this file: \(error.reason)")
        }
        let contents: FileRoot.Contents
        do throws(FileError) {
            contents = try folder.read(real, limit: maxBytes)
        } catch {
            throw problem(error, at: at)
        }
        let st = contents.status
        return ContentFile(path: path, real: contents.real, bytes: contents.bytes, mode: st.st_mode & 0o7777, owner: st.st_uid, group: st.st_gid,
                           device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
    }

    /// What `read` says when it cannot.
    static func problem(_ error: FileError, at: SourceLocation) -> Diagnostic {
        switch error {
        case .outside(let real):
            return .error(at, "this file is a symbolic link to \(quoted(real, limit: 4096)), outside the content folder; review changes only files inside it")
        case .notRegular: return .error(at, "this is not a regular file; review changes only regular files")
        case .tooLarge: return .error(at, "this file is larger than 64 MiB")
        default: return .error(at, "cannot read this file: \(error.reason)")
        }
    }

    /// The file's bytes now, or nil when it cannot be read or is no longer the file read (removed,
    /// replaced by another, or become something else).
    func current() -> [UInt8]? {
        guard let now = try? RegularFile.read(real, limit: Self.maxBytes),
              UInt64(now.status.st_dev) == device, UInt64(now.status.st_ino) == inode else { return nil }
        return now.bytes
    }

    /// Writes `bytes` to a new hidden file beside this one, with its permissions (and owner, when
    /// allowed), flushed to disk; `install()` then puts it in place at once.
    func writeBeside(_ bytes: [UInt8]) throws(Diagnostic) -> AtomicFile {
        do throws(FileError) {
            return try AtomicFile.stage(real, bytes, tag: "review", permissions: .init(mode: mode, owner: (owner, group)))
        } catch {
            throw Diagnostic.error(SourceLocation(path: path), "cannot write beside this file: \(error.reason); nothing was changed")
        }
    }
}
