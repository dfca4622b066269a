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
        snapshot(dir, within: root, skipping: skipping).value
    }

    /// The fingerprint and what it was made of: each regular file's bytes and each folder's names.
    public static func snapshot(_ dir: String, within root: String, skipping: Set<String> = []) -> FolderSnapshot {
        var walk = Walk(skipping: skipping)
        let real = RealPath.of(root) ?? root
        walk.folder(dir, relative: "", root: real.hasSuffix("/") ? real : real + "/")
        return FolderSnapshot(value: walk.hash.value, files: walk.files, folders: walk.folders, present: walk.present, skipping: skipping)
    }

    /// A fingerprint no folder has: for content that changed while it was read, so that the next
    /// build reads it again.
    public static func unsettled(_ value: Fingerprint) -> Fingerprint {
        var h = FingerprintBuilder()
        h.tag(5)
        h.add(value)
        return h.value
    }

    private struct Walk {
        let skipping: Set<String>
        var hash = FingerprintBuilder()
        var seen = Set<[UInt64]>()
        var files: [String: Fingerprint] = [:]
        var folders: [String: [String]] = [:]
        var present = Set<String>()

        init(skipping: Set<String>) { self.skipping = skipping }

        mutating func folder(_ dir: String, relative: String, root: String) {
            var st = stat()
            guard stat(dir, &st) == 0, seen.insert([UInt64(st.st_dev), UInt64(st.st_ino)]).inserted, let handle = opendir(dir) else { return }
            var names: [String] = []
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if !name.hasPrefix("."), !(relative.isEmpty && skipping.contains(name)) { names.append(name) }
            }
            closedir(handle)
            names.sort()
            folders[String(relative.dropLast())] = names
            for name in names {
                let path = dir + "/" + name
                guard lstat(path, &st) == 0 else { continue }
                if (st.st_mode & S_IFMT) == S_IFLNK, !(RealPath.of(path).map { $0.hasPrefix(root) } ?? false) {
                    hash.tag(4)  // a link out of the content folder: the loader refuses it; its name is enough here
                    hash.add(relative + name)
                    if stat(path, &st) == 0 { present.insert(relative + name) }
                    continue
                }
                guard stat(path, &st) == 0 else { continue }  // a link to nothing: as if it were not there
                present.insert(relative + name)
                switch st.st_mode & S_IFMT {
                case S_IFDIR:
                    hash.tag(1)
                    hash.add(relative + name)
                    folder(path, relative: relative + name + "/", root: root)
                case S_IFREG:
                    let contents = FolderFingerprint.contentsFingerprint(path, size: Int(st.st_size))
                    hash.tag(2)
                    hash.add(relative + name)
                    hash.add(contents)
                    files[relative + name] = contents
                default:
                    hash.tag(3)  // a FIFO or a device: the loader refuses it; its name is enough here
                    hash.add(relative + name)
                }
            }
        }
    }

    /// The hash of a regular file's bytes, read without following a FIFO that replaced it.
    fileprivate static func contentsFingerprint(_ path: String, size: Int) -> Fingerprint {
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

/// What a folder's fingerprint was made of, by path inside the folder ("" for the folder itself):
/// each regular file's bytes and each folder's names (hidden ones and `skipping` at the top left out).
public struct FolderSnapshot: Sendable {
    public let value: Fingerprint
    public let files: [String: Fingerprint]
    public let folders: [String: [String]]
    /// Every name that leads to something (a link to nothing does not).
    public let present: Set<String>
    public let skipping: Set<String>
}
