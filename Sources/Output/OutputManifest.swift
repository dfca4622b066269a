import Fingerprint

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

    struct Entry: Equatable {
        var hash: Fingerprint
        var status: Posix.Status?
    }

    var entries: [String: Entry] = [:] {
        didSet { source = nil }
    }
    var pending = false
    /// While the entries are as read: the lines they were read from, and their paths in that order
    /// when it is the order of their bytes. Saving such a manifest again (a build marking it pending
    /// before it writes) copies the lines; saving it with changed entries but the same paths keeps the
    /// order. A rebuild of 29,000 files saves its manifest twice, so neither sorts.
    private(set) var source: ArraySlice<UInt8>?
    private(set) var order: [String]?

    /// Parses a manifest; nil when it is not one of ours.
    static func parse(_ bytes: [UInt8]) -> OutputManifest? {
        var lines = TabbedLines(bytes).makeIterator()
        guard let first = lines.next(), first.count == 1 else { return nil }
        var m = OutputManifest()
        m.entries.reserveCapacity(bytes.count / 100)
        switch String(decoding: first[0], as: UTF8.self) {
        case header: break
        case pendingHeader: m.pending = true
        default: return nil
        }
        var order: [String] = []
        order.reserveCapacity(bytes.count / 100)
        var sorted = true
        let body = (bytes.firstIndex(of: 0x0A) ?? bytes.count - 1) + 1
        while let f = lines.next() {
            guard f.count == 6 || f.count == 2, let hash = Fingerprint(hexBytes: f[1]) else { return nil }
            let path = String(decoding: f[0], as: UTF8.self)
            guard OutputPath.isInside(path) else { return nil }
            if sorted, let last = order.last, !last.utf8Precedes(path) { sorted = false }
            order.append(path)
            var status: Posix.Status?
            if f.count == 6 {
                guard let size = Int64(decimal: f[2]), let inode = Int64(decimal: f[3]),
                      let modified = Int64(decimal: f[4]), let changed = Int64(decimal: f[5]) else { return nil }
                status = Posix.Status(kind: .file, size: size, inode: UInt64(bitPattern: inode), modified: modified, changed: changed)
            }
            m.entries[path] = Entry(hash: hash, status: status)
        }
        m.source = bytes[body...]
        m.order = sorted && order.count == m.entries.count ? order : nil
        return m
    }

    /// The paths in the order they were read, while they are still exactly the paths of the entries.
    var samePaths: [String]? {
        guard let order, order.count == entries.count, order.allSatisfy({ entries[$0] != nil }) else { return nil }
        return order
    }

    func serialized() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(entries.count * 110 + 64)
        out.append(utf8: pending ? Self.pendingHeader : Self.header)
        out.append(0x0A)
        if let source {
            out += source
            return out
        }
        for path in samePaths ?? entries.keys.sortedByUTF8() {
            guard let e = entries[path] else { continue }
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
        return out
    }
}

/// Paths inside OUT as the site names them.
public enum OutputPath {
    /// A relative path without `..`, `.` or empty parts, and no NUL.
    public static func isInside(_ path: String) -> Bool {
        var partLength = 0, dots = 0
        var empty = true
        for b in path.utf8 {
            empty = false
            switch b {
            case 0: return false
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
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// The first part: a neighborhood's slug, or the file's own name at the top.
    public static func top(of path: String) -> String {
        guard let slash = path.firstIndex(of: "/") else { return path }
        return String(path[..<slash])
    }
}
