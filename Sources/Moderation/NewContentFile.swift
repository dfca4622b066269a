import FileSystem
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
        guard let folder = FileRoot(root) else { throw .failed("cannot find the content folder: \(FileError.words(errno))") }
        do throws(FileError) {
            _ = try folder.makeFolders(for: path)
            try AtomicFile.create(path, bytes, permissions: .init(mode: 0o666))
        } catch {
            switch error {
            case .exists: throw .exists
            case .outside(let real): throw .outside(real)
            default: throw .failed(error.reason)
            }
        }
    }
}
