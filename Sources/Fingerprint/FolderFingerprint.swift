import FileSystem
#if canImport(Glibc)
import Glibc
#endif

/// A fingerprint of every file under a folder, by relative path and bytes, in a fixed order.
///
/// Equal fingerprints mean the loader would read the same content, so a build can take the
/// neighborhood's pages from its last build without parsing anything. Hidden entries are skipped as
/// the loader skips them; folders reached twice through links are walked once, and a link that leads
/// out of the content folder `root` (which the loader refuses) counts by its name alone, never by
/// what it leads to (a link to `/tmp` was a walk through all of it). Names in `skipping` are left
/// out at the folder's top.
public enum FolderFingerprint {
    public static func of(_ dir: String, within root: String, skipping: Set<String> = []) -> Fingerprint {
        var h = FingerprintBuilder()
        var seen = Set<[UInt64]>()
        let real = RealPath.of(root) ?? root
        walk(dir, relative: "", root: real.hasSuffix("/") ? real : real + "/", skipping: skipping, into: &h, seen: &seen)
        return h.value
    }

    private static func walk(_ dir: String, relative: String, root: String, skipping: Set<String>, into h: inout FingerprintBuilder,
                             seen: inout Set<[UInt64]>) {
        var st = stat()
        guard stat(dir, &st) == 0, seen.insert([UInt64(st.st_dev), UInt64(st.st_ino)]).inserted, let handle = opendir(dir) else { return }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix("."), !(relative.isEmpty && skipping.contains(name)) { names.append(name) }
        }
        closedir(handle)
        for name in names.sorted() {
            let path = dir + "/" + name
            guard lstat(path, &st) == 0 else { continue }
            if (st.st_mode & S_IFMT) == S_IFLNK, !(RealPath.of(path).map { $0.hasPrefix(root) } ?? false) {
                h.tag(4)  // a link out of the content folder: the loader refuses it; its name is enough here
                h.add(relative + name)
                continue
            }
            guard stat(path, &st) == 0 else { continue }
            switch st.st_mode & S_IFMT {
            case S_IFDIR:
                h.tag(1)
                h.add(relative + name)
                walk(path, relative: relative + name + "/", root: root, skipping: [], into: &h, seen: &seen)
            case S_IFREG:
                h.tag(2)
                h.add(relative + name)
                h.add(contentsFingerprint(path, size: Int(st.st_size)))
            default:
                h.tag(3)  // a FIFO or a device: the loader refuses it; its name is enough here
                h.add(relative + name)
            }
        }
    }

    /// The hash of a regular file's bytes, read without following a FIFO that replaced it.
    private static func contentsFingerprint(_ path: String, size: Int) -> Fingerprint {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return Fingerprint(high: 0, low: UInt64(size)) }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: max(size, 0))
        var got = 0
        while got < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress.map { $0 + got }, $0.count - got) }
            if n <= 0 { break }
            got += n
        }
        return Fingerprint(of: Array(bytes.prefix(got)))
    }
}
