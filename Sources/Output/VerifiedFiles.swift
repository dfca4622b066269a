import Fingerprint
import Glibc

/// The files of OUT that are as the tool left them, with the fingerprint of their bytes, by path:
/// the manifest's lines as read, less those whose file no longer matches, and what a commit set since.
public struct VerifiedFiles: Sendable {
    let lines: OutputManifest.Parsed
    /// By line: its file is not as the line says.
    let unmatched: [Bool]
    /// Set since the lines were read, by the bytes of each path (nil: not trusted).
    private var changes: [PathKey: Fingerprint?] = [:]

    /// None.
    public init() {
        lines = OutputManifest.Parsed(pending: false, bytes: [])
        unmatched = []
    }

    init(_ lines: OutputManifest.Parsed, unmatched: [Int]) {
        self.lines = lines
        var flags = [Bool](repeating: false, count: lines.count)
        for i in unmatched { flags[i] = true }
        self.unmatched = flags
    }

    public subscript(path: String) -> Fingerprint? {
        get {
            if !changes.isEmpty, let changed = changes[PathKey(path)] { return changed }
            guard let i = lines.index(of: path), !unmatched[i] else { return nil }
            return lines.entries[i].hash
        }
        set { changes.updateValue(newValue, forKey: PathKey(path)) }
    }

    /// Every trusted path, in the order of their bytes (made as strings: for tests).
    public var paths: [String] {
        var all: [String: Fingerprint?] = [:]
        for i in 0..<lines.count where !unmatched[i] { all[lines.path(i)] = lines.entries[i].hash }
        for (key, hash) in changes { all[key.path] = hash }
        return all.filter { $0.value != nil }.keys.sortedByUTF8()
    }

    /// Whether the files inside the folder `top` are exactly `files` (sorted by their paths' bytes,
    /// with the fingerprints of their bytes), each as the tool left it, besides the static files
    /// `statics` (paths inside `top`, which are written, or not, as static files are): then none of
    /// them needs writing, and nothing else there is stale. Compared by bytes, without a string of
    /// any path.
    public func holdExactly(inside top: String, _ files: [(path: ArraySlice<UInt8>, hash: Fingerprint)], besides statics: [String] = []) -> Bool {
        guard changes.isEmpty else { return false }
        let range = lines.lines(inside: top)
        let besides = statics.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
        // Without static files there, a count apart is enough to tell.
        if besides.isEmpty, range.count != files.count { return false }
        var next = 0, k = 0
        return lines.bytes.withUnsafeBufferPointer { b in
            for i in range {
                func order(_ path: ArraySlice<UInt8>) -> Int { path.withUnsafeBufferPointer { OutputManifest.Parsed.compare(b, lines.starts[i], lines.pathEnds[i], $0) } }
                while k < besides.count, order(besides[k][...]) > 0 { k += 1 }
                if k < besides.count, order(besides[k][...]) == 0 { continue }
                guard next < files.count, !unmatched[i], lines.entries[i].hash == files[next].hash, order(files[next].path) == 0 else { return false }
                next += 1
            }
            return next == files.count
        }
    }
}
