#if canImport(Glibc)
import Glibc
#endif
import FileSystem
import Fingerprint
import Loading

/// Stories read aloud and share cards kept in the tool's cache for every output folder, when
/// `site.yml` asks (`keep_in_cache`): a new output folder, `serve` and a clean CI run take them
/// instead of making them again. Each is named by its key, what it is made of (the render cache's
/// key for it), in its neighborhood's folder: `<folder>/<slug>/<32 hex digits>.<ogg|png>`.
///
/// Only a build of published items fills it; after every build it holds nothing but what that
/// build published of the neighborhoods it made (see `update`), and nothing at all of a kind the
/// site no longer keeps. Files whose names are not its own are never touched.
public struct KeptFiles: Sendable {
    public let folder: String
    /// What the site keeps.
    public let kinds: Set<KeptKind>

    /// The most one kept file may hold (a card is under 1 MB, eleven minutes of speech under 3 MB).
    static let largest = 32 << 20

    public init(folder: String, kinds: Set<KeptKind>) {
        (self.folder, self.kinds) = (folder, kinds)
    }

    /// The kept bytes for `key` in the neighborhood `slug`, when they are kept and whole.
    public func read(_ kind: KeptKind, slug: String, key: Fingerprint) -> [UInt8]? {
        guard kinds.contains(kind), isOwnFolder(folder), isOwnFolder(folder + "/" + slug) else { return nil }
        return Self.readWhole(kind, path(kind, slug: slug, key: key), key: key)
    }

    /// A kept file's bytes, when it is whole: it ends with the fingerprint of its key and what
    /// comes before it (see `sealed`), so a file cut short, changed by a single byte, or kept under
    /// another key's name (copied or moved by hand) is never taken. It is no defence against
    /// whoever can write the cache on purpose: the cache is the user's own.
    static func readWhole(_ kind: KeptKind, _ path: String, key: Fingerprint) -> [UInt8]? {
        guard let file = try? RegularFile.read(path, limit: Self.largest + Self.sealLength) else { return nil }
        return unsealed(file.bytes, key: key).flatMap { isWhole(kind, $0) ? $0 : nil }
    }

    /// What ends every kept file: the fingerprint of its key and its bytes, then these 8 bytes.
    static let sealMark = Array("kept:v2\n".utf8)
    static let sealLength = 16 + 8

    static func seal(_ bytes: ArraySlice<UInt8>, key: Fingerprint) -> Fingerprint {
        var h = FingerprintBuilder()
        h.add(key)
        bytes.withUnsafeBytes { h.add(bytes: $0) }
        return h.value
    }

    /// `bytes` as a kept file named by `key` holds them: followed by their seal and `sealMark`.
    static func sealed(_ bytes: [UInt8], key: Fingerprint) -> [UInt8] {
        let f = seal(bytes[...], key: key)
        var out = bytes
        out.reserveCapacity(bytes.count + sealLength)
        for word in [f.high, f.low] { for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) } }
        out.append(contentsOf: sealMark)
        return out
    }

    /// The bytes a kept file named by `key` holds, or nil when its seal does not match them.
    static func unsealed(_ file: [UInt8], key: Fingerprint) -> [UInt8]? {
        guard file.count >= sealLength, Array(file.suffix(sealMark.count)) == sealMark else { return nil }
        let bytes = Array(file.prefix(file.count - sealLength))
        var words: [UInt64] = [0, 0]
        for i in 0..<16 { words[i / 8] = words[i / 8] << 8 | UInt64(file[bytes.count + i]) }
        return seal(bytes[...], key: key) == Fingerprint(high: words[0], low: words[1]) ? bytes : nil
    }

    /// One file that a build published: its key, and where it is inside OUT.
    public struct Published: Sendable, Hashable {
        public var kind: KeptKind
        public var key: Fingerprint
        public var path: String
        /// The fingerprint of the bytes the build wrote there: what OUT must still hold to be kept.
        public var written: Fingerprint

        public init(kind: KeptKind, key: Fingerprint, path: String, written: Fingerprint) {
            (self.kind, self.key, self.path, self.written) = (kind, key, path, written)
        }
    }

    /// What a neighborhood's kept files of one kind were published from: its folder and the site's
    /// settings (`source`), on the build's day. Kept files stay for a build that does not make them
    /// (a quicker preview, a neighborhood an output folder's own cache says is unchanged) only when
    /// they were made from the same source, on that day or before (an item published then is
    /// published still; the days before it may not show what a later day did).
    public struct Stamp: Sendable, Equatable {
        public var source: Fingerprint
        public var day: String

        public init(source: Fingerprint, day: String) { (self.source, self.day) = (source, day) }

        var text: String { "\(source.description) \(day)\n" }

        init?(text: String) {
            let parts = text.split(separator: " ")
            guard parts.count == 2, parts[0].utf8.count == 32, let high = UInt64(parts[0].prefix(16), radix: 16),
                  let low = UInt64(parts[0].suffix(16), radix: 16), parts[1].hasSuffix("\n") else { return nil }
            (source, day) = (Fingerprint(high: high, low: low), String(parts[1].dropLast()))
        }

        /// True when files stamped `self` may stay for a build stamped `now`.
        func allows(_ now: Stamp) -> Bool { source == now.source && day <= now.day }
    }

    /// After a build that made the kinds `made` for the neighborhoods `slugs`: keeps what it
    /// published there (copied from OUT when not kept yet, unless `fills` is false: a build that
    /// shows drafts or the future adds nothing and clears them), removes the rest of those kinds
    /// there, and everything of a kind the site does not keep. `site`: every neighborhood of the
    /// content folder (the folders of the others go). `stamps`: each neighborhood's `Stamp` now, for
    /// those the build made and those it found unchanged; a kind the build did not make for a
    /// neighborhood stays only when it was made from the same stamp. Gives what could not be done,
    /// for notes.
    public func update(slugs: [String], made: Set<KeptKind>, published: [String: [Published]], fills: Bool,
                       out: String, site: Set<String>, stamps: [String: Stamp], waitSeconds: Double = 60) -> [String] {
        var problems: [String] = []
        guard Self.exists(folder) || (fills && !kinds.isEmpty) else { return [] }
        guard isOwnFolder(folder) || !Self.exists(folder) else { return ["the kept files' folder \(folder) is not a folder of the tool's; left alone"] }
        // One build at a time: each one's stamps then describe the files it leaves.
        if !Self.exists(folder) { try? Self.makeFolder(folder) }
        let lock: AdvisoryLock
        do throws(FileError) {
            lock = try AdvisoryLock.take(folder, seconds: waitSeconds, step: 0.05)
        } catch {
            if case .busy = error { return ["the kept files' folder \(folder) was busy (another build) for \(Int(waitSeconds)) s; left as it was"] }
            return ["could not use the kept files' folder \(folder): \(error.reason)"]
        }
        defer { lock.release() }
        let built = Set(slugs)
        for slug in Self.folders(folder) {
            // Kinds the site no longer keeps go everywhere; neighborhoods no longer in the site go whole.
            let gone = !site.contains(slug)
            remove(in: slug) { kind, _ in gone || !kinds.contains(kind) }
            // A neighborhood not made now keeps a kind only when that was made from what it is now.
            if !gone, !built.contains(slug), let now = stamps[slug] {
                remove(in: slug) { kind, _ in !stillHolds(kind, slug: slug, now: now) }
            }
        }
        for slug in built {
            let place = folder + "/" + slug
            guard !Self.exists(place) || isOwnFolder(place) else {
                problems.append("the kept files' folder \(place) is not a folder of the tool's; left alone")
                continue
            }
            let wanted = (published[slug] ?? []).filter { made.contains($0.kind) && kinds.contains($0.kind) }
            let keys = Set(wanted.map { "\($0.key.description).\($0.kind.fileExtension)" })
            // What the build made is pruned to what it published; what it did not make stays only
            // when it was made from the same stamp; a build of drafts or the future clears them all.
            let now = stamps[slug]
            let stale = kinds.filter { kind in !made.contains(kind) && !stillHolds(kind, slug: slug, now: now) }
            remove(in: slug) { kind, name in !fills || stale.contains(kind) || (made.contains(kind) && !keys.contains(name)) }
            guard fills, !wanted.isEmpty, let now else { continue }
            do throws(FileError) {
                try Self.makeFolder(folder)
                try Self.makeFolder(place)
                guard isOwnFolder(place) else { throw .system(ENOTDIR) }
            } catch {
                problems.append("could not make \(place) for the kept files: \(error.reason)")
                continue
            }
            for kind in made.intersection(kinds) where wanted.contains(where: { $0.kind == kind }) {
                do throws(FileError) {
                    try AtomicFile.write(stampPath(kind, slug: slug), Array(now.text.utf8))
                } catch {
                    problems.append("could not keep the files of \(place): \(error.reason)")
                }
            }
            // A file cut short or damaged since is made again, like a missing one.
            var failed: (count: Int, first: String)?
            for file in wanted where Self.readWhole(file.kind, path(file.kind, slug: slug, key: file.key), key: file.key) == nil {
                guard let bytes = try? RegularFile.read(out + "/" + file.path, limit: Self.largest).bytes,
                      Fingerprint(of: bytes) == file.written, Self.isWhole(file.kind, bytes) else { continue }
                do throws(FileError) {
                    try AtomicFile.write(path(file.kind, slug: slug, key: file.key), Self.sealed(bytes, key: file.key))
                } catch {
                    failed = ((failed?.count ?? 0) + 1, failed?.first ?? "\(file.path): \(error.reason)")
                }
            }
            // One line for a neighborhood however many failed (a full disk fails them all).
            if let failed { problems.append("could not keep \(failed.count) file\(failed.count == 1 ? "" : "s") in \(place), the first \(failed.first)") }
        }
        if kinds.isEmpty { rmdir(folder) }
        return problems
    }

    /// True when the kept files of `kind` in `slug`'s folder were made from what the neighborhood is `now`.
    func stillHolds(_ kind: KeptKind, slug: String, now: Stamp?) -> Bool {
        guard let now, let made = stamp(kind, slug: slug) else { return false }
        return made.allows(now)
    }

    /// The stamp the kept files of `kind` in `slug`'s folder were made with, when it is there.
    func stamp(_ kind: KeptKind, slug: String) -> Stamp? {
        guard let file = try? RegularFile.read(stampPath(kind, slug: slug), limit: 256) else { return nil }
        return Stamp(text: String(decoding: file.bytes, as: UTF8.self))
    }

    func stampPath(_ kind: KeptKind, slug: String) -> String {
        folder + "/" + slug + "/" + kind.fileExtension + ".stamp"
    }

    func path(_ kind: KeptKind, slug: String, key: Fingerprint) -> String {
        folder + "/" + slug + "/" + key.description + "." + kind.fileExtension
    }

    /// Removes the kept files in `slug`'s folder that `doomed` names (the folder too, once empty);
    /// any other file stays.
    func remove(in slug: String, where doomed: (KeptKind, String) -> Bool) {
        let place = folder + "/" + slug
        guard isOwnFolder(place) else { return }
        var left = Set<KeptKind>(), removed = false
        for name in Self.names(in: place) {
            if let kind = Self.kind(ofName: name) {
                if doomed(kind, name) { removed = unlink(place + "/" + name) == 0 || removed } else { left.insert(kind) }
            }
            if Self.isStaleScratch(name) { unlink(place + "/" + name) }
        }
        // A stamp goes with the last file of its kind; the folder, once empty, with the last file it kept.
        for kind in KeptKind.allCases where !left.contains(kind) && removed { unlink(stampPath(kind, slug: slug)) }
        if removed { rmdir(place) }  // only when empty
    }

    /// The kind of a file named as a kept one (`<32 hex digits>.<ogg|png>`), else nil.
    static func kind(ofName name: String) -> KeptKind? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].utf8.count == 32, parts[0].utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return nil }
        return KeptKind.allCases.first { $0.fileExtension == parts[1] }
    }

    /// A kept file or stamp a killed build was writing (`.<name>.new-<pid>-<n>`, see `AtomicFile`),
    /// when that process is gone.
    static func isStaleScratch(_ name: String) -> Bool {
        guard name.hasPrefix("."), let marker = name.range(of: ".new-") else { return false }
        let target = String(name[name.index(after: name.startIndex)..<marker.lowerBound])
        guard kind(ofName: target) != nil || KeptKind.allCases.contains(where: { $0.fileExtension + ".stamp" == target }) else { return false }
        let tail = name[marker.upperBound...].split(separator: "-")
        guard tail.count == 2, let pid = Int32(tail[0]), Int(tail[1]) != nil, pid > 0 else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    /// A PNG ends with its IEND chunk; an Ogg stream starts with a page: a file cut short is not taken.
    static func isWhole(_ kind: KeptKind, _ bytes: [UInt8]) -> Bool {
        switch kind {
        case .cards:
            let start: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            let end: [UInt8] = [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
            return bytes.count > 16 && Array(bytes.prefix(8)) == start && Array(bytes.suffix(8)) == end
        case .audio:
            return bytes.count > 27 && Array(bytes.prefix(4)) == Array("OggS".utf8)
        }
    }

    /// A real folder (never a link to one) owned by this user.
    func isOwnFolder(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR && st.st_uid == getuid()
    }

    static func exists(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0
    }

    static func makeFolder(_ path: String) throws(FileError) {
        if mkdir(path, 0o700) != 0 && errno != EEXIST { throw .system(errno) }
    }

    /// The neighborhoods' folders in `folder` (none when it is missing; a hidden one is not one).
    static func folders(_ folder: String) -> [String] {
        names(in: folder).filter { name in
            guard !name.hasPrefix(".") else { return false }
            var st = stat()
            return lstat(folder + "/" + name, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
        }
    }

    static func names(in folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) } }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
