import Fingerprint
import Glibc

/// What the tool wrote into OUT: `OUT/.commonsight-manifest`, one line per file with the fingerprint
/// of its bytes and what `lstat` said right after writing it.
///
/// Its presence makes OUT the tool's own; only files it lists are ever replaced or deleted. A file
/// whose `lstat` no longer matches (edited by hand, replaced, touched) is not trusted and is written
/// again. An entry without a status was about to be written when a build stopped.
struct OutputManifest {
    static let fileName = ".commonsight-manifest"
    static let header = "commonsight-output 1"
    /// The header of a manifest written before files were: the build may have stopped half way.
    static let pendingHeader = "commonsight-output 1 pending"
    /// An empty file beside the manifest that says the same of it: a commit under way, whose new
    /// paths are appended to the manifest as it is, so that a rebuild does not write 30,000 lines
    /// again to say so.
    static let pendingMarker = fileName + ".pending"

    struct Entry: Equatable {
        var hash: Fingerprint
        var status: Posix.Status?
    }

    private(set) var entries: [String: Entry] = [:]
    var pending = false
    /// The lines the manifest was read from, while they can be saved again by copying: a rebuild
    /// that changes a few of 29,000 entries writes those lines anew and copies the rest (it saves the
    /// manifest twice: pending before it writes, then with what it wrote).
    private var read: Lines?

    struct Lines {
        let bytes: [UInt8]
        /// Every path, in the order of its bytes, and where its line starts (one more: the end).
        let paths: [String]
        let starts: [Int]
        /// Each path's entry as read.
        let entries: [Entry]
        var changed = Set<String>()
        /// A path was added or removed: the lines are no longer the manifest's.
        var reshaped = false
    }

    /// The first part of every path: the neighborhoods (and top-level files) it lists.
    var topNames: Set<String> {
        var names = Set<String>(), folder: [UInt8] = []
        func add(_ path: String) {
            // The next path in the same folder as the last (most of them) needs no string of its own.
            if !folder.isEmpty, path.utf8HasPrefix(folder) { return }
            let top = OutputPath.top(of: path)
            names.insert(top)
            folder = top.utf8.count < path.utf8.count ? Array((top + "/").utf8) : []
        }
        // The paths as read are sorted (a neighborhood's together) while none was added or removed.
        if let read, !read.reshaped { read.paths.forEach(add) } else { entries.keys.forEach(add) }
        return names
    }

    /// Every path, in the order of its bytes (as read, while none was added or removed).
    var sortedPaths: [String] {
        if let read, !read.reshaped { return read.paths }
        return entries.keys.sortedByUTF8()
    }

    /// Every path with its entry, in the order of the paths' bytes (as read, while none was set).
    var sortedEntries: (paths: [String], entries: [Entry]) {
        if let read, !read.reshaped, read.changed.isEmpty { return (read.paths, read.entries) }
        let paths = entries.keys.sortedByUTF8()
        return (paths, paths.map { entries[$0]! })
    }

    /// Sets or removes the entry of `path`.
    mutating func set(_ path: String, _ entry: Entry?) {
        let had = entry.map { entries.updateValue($0, forKey: path) != nil } ?? (entries.removeValue(forKey: path) != nil)
        guard read != nil, had || entry != nil else { return }
        if had && entry != nil { read?.changed.insert(path) } else { read?.reshaped = true }
    }

    /// Parses a manifest; nil when it is not one of ours.
    static func parse(_ bytes: [UInt8]) -> OutputManifest? {
        Parsed.read(bytes, workers: 1).map(OutputManifest.init)
    }

    init() {}

    /// The manifest of lines read: its table made (a later line of a path wins).
    init(_ parsed: Parsed) {
        pending = parsed.pending
        entries.reserveCapacity(parsed.paths.count)
        for (path, entry) in zip(parsed.paths, parsed.entries) { entries[path] = entry }
        // Copied only when every line ends in a line break and the paths are sorted and distinct (as
        // strings too: two spellings of one name are one entry).
        if parsed.sorted, parsed.bytes.last == 0x0A, entries.count == parsed.paths.count {
            read = Lines(bytes: parsed.bytes, paths: parsed.paths, starts: parsed.starts + [parsed.bytes.count], entries: parsed.entries)
        }
    }

    func serialized() -> [UInt8] {
        var out: [UInt8] = []
        // Lines with a status take about 130 bytes: room for all of them at once, never grown.
        out.reserveCapacity(max(entries.count * 150, read?.bytes.count ?? 0) + 4096)
        out.append(utf8: pending ? Self.pendingHeader : Self.header)
        out.append(0x0A)
        // The lines of changed entries anew, the others copied as read (when each changed path is
        // found among them byte for byte).
        if let read, !read.reshaped, let first = read.starts.first,
           case let found = read.changed.map({ Self.index(of: $0, in: read.paths) }), !found.contains(nil) {
            var at = first
            for i in found.compactMap({ $0 }).sorted() {
                out += read.bytes[at..<read.starts[i]]
                line(read.paths[i], into: &out)
                at = read.starts[i + 1]
            }
            out += read.bytes[at...]
            return out
        }
        for path in entries.keys.sortedByUTF8() { line(path, into: &out) }
        return out
    }

    /// The line of `path`'s entry.
    func line(_ path: String, into out: inout [UInt8]) {
        guard let e = entries[path] else { return }
        out.append(utf8: path)
        out.append(0x09)
        e.hash.appendHex(to: &out)
        if let s = e.status {
            for field in [s.size, Int64(bitPattern: s.inode), s.modified, s.changed] {
                out.append(0x09)
                out.append(decimal: field)
            }
        }
        out.append(0x0A)
    }

    /// Where `path` is among `paths` (sorted by their bytes), by halving.
    static func index(of path: String, in paths: [String]) -> Int? {
        var low = 0, high = paths.count
        while low < high {
            let mid = (low + high) / 2
            if paths[mid].utf8Precedes(path) { low = mid + 1 } else { high = mid }
        }
        return low < paths.count && paths[low].utf8Equals(path) ? low : nil
    }
}

/// Paths inside OUT as the site names them.
public enum OutputPath {
    /// Names the tool keeps for itself in OUT: its manifest and what stands beside it at the top,
    /// and the hidden file a replaced one is written to first (`.page.html.commonsight-new`), in any
    /// casing (a folder that folds case would take one for the other).
    public static func isReserved(_ path: String) -> Bool {
        let name = (path.split(separator: "/").last.map(String.init) ?? path).lowercased()
        return !path.contains("/") && name.hasPrefix(OutputManifest.fileName) || name.hasSuffix(".commonsight-new")
    }

    /// A relative path without `..`, `.` or empty parts, and no control character (a tab or a line
    /// break would split the manifest's line).
    public static func isInside(_ path: String) -> Bool {
        path.utf8.withContiguousStorageIfAvailable { isInside(bytes: $0) } ?? isInside(bytes: Array(path.utf8))
    }

    /// `isInside` of a path's UTF-8 bytes.
    static func isInside<Bytes: Collection>(bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        var partLength = 0, dots = 0
        var empty = true
        for b in bytes {
            empty = false
            switch b {
            case 0..<0x20, 0x7F: return false
            case UInt8(ascii: "/"):
                if partLength == 0 || partLength == dots && dots <= 2 { return false }
                partLength = 0
                dots = 0
            case UInt8(ascii: "."):
                partLength += 1
                dots += 1
            default:
                partLength += 1
            }
        }
        return !empty && partLength > 0 && !(partLength == dots && dots <= 2)
    }

    /// `a/b/c.html` → `a/b`; a file at the top → "".
    public static func folder(of path: String) -> String {
        // By bytes: "/" is ASCII, so the offset found is a character boundary.
        guard let slash = slash(in: path, last: true) else { return "" }
        return String(path.utf8.prefix(slash)) ?? ""
    }

    /// The first part: a neighborhood's slug, or the file's own name at the top.
    public static func top(of path: String) -> String {
        guard let slash = slash(in: path, last: false) else { return path }
        return String(path.utf8.prefix(slash)) ?? path
    }

    /// The UTF-8 offset of the first (or last) `/` in `path`.
    static func slash(in path: String, last: Bool) -> Int? {
        func find(_ b: UnsafeBufferPointer<UInt8>) -> Int? {
            last ? b.lastIndex(of: UInt8(ascii: "/")) : b.firstIndex(of: UInt8(ascii: "/"))
        }
        return path.utf8.withContiguousStorageIfAvailable(find) ?? Array(path.utf8).withUnsafeBufferPointer(find)
    }
}
