#if canImport(Glibc)
import Glibc
#endif

/// A folder of the tool's own inside another of its own (the render cache's page files, its report
/// rows): made when missing and asked for, and used only while it is a real folder, never a link,
/// so nothing is written or emptied through one.
public enum OwnFolder {
    /// Whether `path` is a real folder now, after making it when it is missing and `making`.
    public static func ready(_ path: String, making: Bool = false) -> Bool {
        var st = stat()
        if making, lstat(path, &st) != 0 { mkdir(path, 0o755) }
        return lstat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR
    }
}
