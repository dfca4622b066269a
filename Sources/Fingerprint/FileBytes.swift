import FileSystem

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
        try? RegularFile.read(path, limit: limit, followingLinks: followingLinks).bytes
    }
}
