import Fingerprint
import Foundation

/// What the loader saw of one neighborhood's folder: each file it read (its bytes' fingerprint),
/// each name it looked for and each folder it listed. A neighborhood's fingerprint is taken before
/// it is read; when what was read is not what was fingerprinted (an edit landed in between, even
/// one undone since), the neighborhood gets a fingerprint no folder has, so that the next build
/// reads it again instead of trusting pages made from other bytes.
final class ReadLedger: @unchecked Sendable {
    /// The neighborhood's folder as the loader names it.
    let folder: String
    private let lock = NSLock()
    private var reads: [(path: String, bytes: Fingerprint)] = []
    private var looks: [(path: String, found: Bool, asFolder: Bool)] = []
    private var listings: [(path: String, names: [String])] = []

    init(folder: String) { self.folder = folder }

    /// `path` inside the folder ("" for the folder itself), or nil for a path elsewhere.
    private func inside(_ path: String) -> String? {
        if path == folder { return "" }
        let prefix = folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }

    func read(_ path: String, _ bytes: [UInt8]) {
        guard let p = inside(path) else { return }
        let f = Fingerprint(of: bytes)
        lock.withLock { reads.append((p, f)) }
    }

    func looked(_ path: String, found: Bool, asFolder: Bool) {
        guard let p = inside(path) else { return }
        lock.withLock { looks.append((p, found, asFolder)) }
    }

    func listed(_ path: String, _ names: [String]) {
        guard let p = inside(path) else { return }
        lock.withLock { listings.append((p, names)) }
    }

    /// Whether everything the loader saw is what `snapshot` saw.
    func agrees(with snapshot: FolderSnapshot) -> Bool {
        lock.withLock {
            func skipped(_ p: String) -> Bool { snapshot.skipping.contains(String(p.prefix { $0 != "/" })) }
            func seen(_ p: String) -> Bool { p.isEmpty || snapshot.present.contains(p) }
            for r in reads where !skipped(r.path) && snapshot.files[r.path] != r.bytes { return false }
            for l in looks where !skipped(l.path) {
                if l.asFolder ? (l.found != (snapshot.folders[l.path] != nil)) : (l.found != seen(l.path)) { return false }
            }
            for l in listings where l.names.filter({ !(l.path.isEmpty && snapshot.skipping.contains($0)) }) != snapshot.folders[l.path] ?? [] {
                return false
            }
            return true
        }
    }
}
