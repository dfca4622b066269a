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

    struct Entry: Equatable, Sendable {
        var hash: Fingerprint
        var status: Posix.Status?
    }

    var pending = false
    /// The lines read (none in a manifest made anew).
    private(set) var lines = Parsed(pending: false, bytes: [])
    /// What was set since they were read, by the bytes of each path: an entry, or nil for one removed.
    /// A rebuild that changes a few of 29,000 entries keeps those few here, and copies the other
    /// lines when it saves the manifest (it saves it twice: pending before it writes, then with
    /// what it wrote).
    private var changes: [PathKey: Entry?] = [:]

    init() {}

    /// The manifest of lines read.
    init(_ parsed: Parsed) {
        lines = parsed
        pending = parsed.pending
    }

    /// Parses a manifest; nil when it is not one of ours.
    static func parse(_ bytes: [UInt8]) -> OutputManifest? {
        Parsed.read(bytes, workers: 1).map(OutputManifest.init)
    }

    /// The entry of `path`: as set since, or as read.
    func entry(_ path: String) -> Entry? {
        if !changes.isEmpty, let changed = changes[PathKey(path)] { return changed }
        return lines.index(of: path).map { lines.entries[$0] }
    }

    /// Sets or removes the entry of `path`.
    mutating func set(_ path: String, _ entry: Entry?) {
        changes.updateValue(entry, forKey: PathKey(path))
    }

    /// One owned path in the walk: a line as read, or an entry set since.
    enum Owned {
        case line(Int)
        case set([UInt8], Entry)
    }

    /// Every owned path, in the order of the paths' bytes: the lines read (less those set since) and
    /// the entries set; but the lines of `skipped` (ranges of lines, sorted), passed over at once.
    func walk(skipping skipped: [Range<Int>] = [], _ body: (Owned) -> Void) {
        let changed = changes.sorted { $0.key < $1.key }
        var c = 0, s = 0
        lines.bytes.withUnsafeBufferPointer { b in
            var i = 0
            while i < lines.count {
                defer { i += 1 }
                while s < skipped.count, skipped[s].upperBound <= i { s += 1 }
                if s < skipped.count, skipped[s].contains(i) {
                    i = skipped[s].upperBound - 1
                    continue
                }
                var line = true
                while c < changed.count {
                    let order = changed[c].key.withBytes { Parsed.compare(b, lines.starts[i], lines.pathEnds[i], $0) }
                    if order < 0 { break }
                    if let entry = changed[c].value { body(.set(changed[c].key.bytes, entry)) }
                    if order == 0 { line = false }
                    c += 1
                    if order == 0 { break }
                }
                if line { body(.line(i)) }
            }
        }
        for (key, value) in changed[c...] { if let entry = value { body(.set(key.bytes, entry)) } }
    }

    /// The path of an owned item, as a string.
    func path(_ owned: Owned) -> String {
        switch owned {
        case .line(let i): lines.path(i)
        case .set(let path, _): String(decoding: path, as: UTF8.self)
        }
    }

    /// Every owned path with its entry (made anew: for tests and rare paths).
    var allEntries: [String: Entry] {
        var out: [String: Entry] = [:]
        walk { owned in
            switch owned {
            case .line(let i): out[path(owned)] = lines.entries[i]
            case .set(_, let entry): out[path(owned)] = entry
            }
        }
        return out
    }

    /// Every owned path as a string, in the order of their bytes.
    var sortedPaths: [String] {
        var out: [String] = []
        walk { out.append(path($0)) }
        return out
    }

    /// The first part of every path: the neighborhoods (and top-level files) it lists.
    var topNames: Set<String> {
        var names = Set<String>()
        guard changes.isEmpty else {
            for path in sortedPaths { names.insert(OutputPath.top(of: path)) }
            return names
        }
        // A neighborhood's 1,000s of lines stand together: each is passed over at once (found by
        // its bytes: a name that is not UTF-8 reads as another as a string).
        var i = 0
        while i < lines.count {
            let path = lines.bytes[lines.starts[i]..<lines.pathEnds[i]]
            let top = path.firstIndex(of: UInt8(ascii: "/")).map { Array(lines.bytes[lines.starts[i]..<$0]) }
            names.insert(String(decoding: top ?? Array(path), as: UTF8.self))
            i = max(i + 1, top.map { lines.lines(inside: $0).upperBound } ?? 0)
        }
        return names
    }

    /// The owned paths that no file of `all` has, outside the top-level folders `kept`. `all` in
    /// the order of its paths' bytes is walked beside the lines once; in another order it is looked
    /// up path by path.
    func paths(notAmong all: [OutputFile], outside kept: Set<String>) -> [String] {
        var out: [String] = []
        let inOrder = zip(all, all.dropFirst()).allSatisfy { $0.path.utf8Precedes($1.path) }
        let wanted = inOrder ? [] : Set(all.map { Array($0.path.utf8) })
        var j = 0
        // The lines inside a kept folder are passed over (a rebuild keeps 1,000s of them as they are).
        let skipped = kept.map { lines.lines(inside: $0) }.filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
        lines.bytes.withUnsafeBufferPointer { b in
            walk(skipping: skipped) { owned in
                // The order of `all[j]`'s path and the owned one's: negative, zero or positive.
                func order(_ file: String) -> Int {
                    var file = file
                    return file.withUTF8 { f in
                        switch owned {
                        case .line(let i): -Parsed.compare(b, lines.starts[i], lines.pathEnds[i], f)
                        case .set(let p, _): p.withUnsafeBufferPointer { -Parsed.compare($0, 0, $0.count, f) }
                        }
                    }
                }
                if inOrder {
                    while j < all.count, order(all[j].path) < 0 { j += 1 }
                    if j < all.count, order(all[j].path) == 0 { return }
                }
                let path: [UInt8]
                switch owned {
                case .line(let i): path = Array(b[lines.starts[i]..<lines.pathEnds[i]])
                case .set(let p, _): path = p
                }
                if !inOrder, wanted.contains(path) { return }
                let p = String(decoding: path, as: UTF8.self)
                if !kept.contains(OutputPath.top(of: p)) { out.append(p) }
            }
        }
        return out
    }

    func serialized() -> [UInt8] {
        var out: [UInt8] = []
        // Lines with a status take about 130 bytes: room for all of them at once, never grown.
        out.reserveCapacity(lines.bytes.count + changes.count * 150 + 4096)
        serialize { out.append(contentsOf: $0) }
        return out
    }

    /// The manifest's bytes handed to `emit` in pieces, in order: long runs of the lines as read
    /// straight from where they are, the rest gathered in a buffer of about `piece` bytes. Saving a
    /// rebuild's manifest makes no second copy of it in memory.
    func serialize(piece: Int = 1 << 16, _ emit: (UnsafeRawBufferPointer) -> Void) {
        var gathered: [UInt8] = []
        gathered.reserveCapacity(piece + 4096)
        gathered.append(utf8: pending ? Self.pendingHeader : Self.header)
        gathered.append(0x0A)
        func send() {
            gathered.withUnsafeBytes { emit($0) }
            gathered.removeAll(keepingCapacity: true)
        }
        // The lines as read go on a run of neighbors at a time; the entries set are written anew.
        var run: Range<Int>?
        func flush() {
            guard let r = run else { return }
            run = nil
            if r.count < piece {
                gathered += lines.bytes[r]
                if gathered.count >= piece { send() }
                return
            }
            if !gathered.isEmpty { send() }
            lines.bytes.withUnsafeBytes { emit(UnsafeRawBufferPointer(rebasing: $0[r])) }
        }
        walk { owned in
            switch owned {
            case .line(let i):
                if let r = run, r.upperBound == lines.starts[i] {
                    run = r.lowerBound..<(lines.ends[i] + 1)
                } else {
                    flush()
                    run = lines.starts[i]..<(lines.ends[i] + 1)
                }
                // The last line read may have no line break.
                if lines.ends[i] == lines.bytes.count {
                    run = run!.lowerBound..<lines.ends[i]
                    flush()
                    gathered.append(0x0A)
                }
            case .set(let path, let entry):
                flush()
                Self.line(path, entry, into: &gathered)
                if gathered.count >= piece { send() }
            }
        }
        flush()
        if !gathered.isEmpty { send() }
    }

    /// The line of an entry.
    static func line(_ path: [UInt8], _ e: Entry, into out: inout [UInt8]) {
        out += path
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
