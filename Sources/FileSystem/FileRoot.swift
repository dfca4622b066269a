#if canImport(Glibc)
import Glibc
#endif

/// A folder that reads and writes must stay inside: a path is followed through links only while
/// every step stays inside it, and the file itself is never a link.
public struct FileRoot: Sendable {
    /// The folder as named.
    public let path: String
    /// The folder with every link resolved.
    public let real: String

    /// Nil (with `errno`) when the folder cannot be found.
    public init?(_ path: String) {
        guard let real = RealPath.of(path) else { return nil }
        self.path = path
        self.real = real
    }

    /// The real path of `path`, checked to lie inside the root; `.outside` names where it leads.
    public func resolve(_ path: String) throws(FileError) -> String {
        guard let resolved = RealPath.of(path) else { throw .last }
        guard RealPath.isWithin(resolved, real) else { throw .outside(resolved) }
        return resolved
    }

    /// A regular file inside the root, read at one moment, with its status then.
    public struct Contents: Sendable {
        /// The file itself, every link resolved.
        public let real: String
        public let bytes: [UInt8]
        public let status: stat
    }

    /// Reads the regular file `path` (at most `limit` bytes: `.tooLarge` past it).
    public func read(_ path: String, limit: Int) throws(FileError) -> Contents {
        let real = try resolve(path)
        let file = try RegularFile.read(real, limit: limit)
        return Contents(real: real, bytes: file.bytes, status: file.status)
    }

    /// Makes the folders `path` (inside the root as named) needs, each checked to stay inside the
    /// root; returns the last one's real path.
    public func makeFolders(for path: String) throws(FileError) -> String {
        let base = self.path.hasSuffix("/") ? String(self.path.dropLast()) : self.path
        guard path.hasPrefix(base + "/") else { throw .outside(path) }
        var folder = base
        var resolved = real
        for part in path.dropFirst(base.count + 1).split(separator: "/").dropLast() {
            folder += "/" + part
            var st = stat()
            if lstat(folder, &st) != 0 {
                guard errno == ENOENT, mkdir(folder, 0o777) == 0 || errno == EEXIST else { throw .last }
            } else if (st.st_mode & S_IFMT) != S_IFDIR, (st.st_mode & S_IFMT) != S_IFLNK {
                throw .notFolder(folder)
            }
            resolved = try resolve(folder)
        }
        return resolved
    }
}
