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
        guard kinds.contains(kind), isOwnFolder(folder), isOwnFolder(folder + "/" + slug),
              let file = try? RegularFile.read(path(kind, slug: slug, key: key), limit: Self.largest),
              Self.isWhole(kind, file.bytes) else { return nil }
        return file.bytes
    }

    /// One file that a build published: its key, and where it is inside OUT.
    public struct Published: Sendable, Hashable {
        public var kind: KeptKind
        public var key: Fingerprint
        public var path: String

        public init(kind: KeptKind, key: Fingerprint, path: String) { (self.kind, self.key, self.path) = (kind, key, path) }
    }

    /// After a build that made the kinds `made` for the neighborhoods `slugs`: keeps what it
    /// published there (copied from OUT when not kept yet, unless `fills` is false: a build that
    /// shows drafts or the future adds nothing), removes the rest of those kinds there, and
    /// everything of a kind the site does not keep. `site`: every neighborhood, when the build made
    /// the whole site (the folders of the others go). Gives what could not be done, for notes.
    public func update(slugs: [String], made: Set<KeptKind>, published: [String: [Published]], fills: Bool,
                       out: String, site: Set<String>?) -> [String] {
        var problems: [String] = []
        guard Self.exists(folder) || (fills && !kinds.isEmpty) else { return [] }
        guard isOwnFolder(folder) || !Self.exists(folder) else { return ["the kept files' folder \(folder) is not a folder of the tool's; left alone"] }
        for slug in Self.folders(folder) {
            // Kinds the site no longer keeps go everywhere; neighborhoods no longer in the site go whole.
            let gone = site.map { !$0.contains(slug) } ?? false
            if gone || kinds != Set(KeptKind.allCases) { remove(in: slug) { kind, _ in gone || !kinds.contains(kind) } }
        }
        for slug in slugs {
            let wanted = (published[slug] ?? []).filter { made.contains($0.kind) && kinds.contains($0.kind) }
            let keys = Set(wanted.map { "\($0.key.description).\($0.kind.fileExtension)" })
            remove(in: slug) { kind, name in made.contains(kind) && !(fills && keys.contains(name)) }
            guard fills, !wanted.isEmpty else { continue }
            let place = folder + "/" + slug
            do throws(FileError) {
                try Self.makeFolder(folder)
                try Self.makeFolder(place)
            } catch {
                problems.append("could not make \(place) for the kept files: \(error.reason)")
                continue
            }
            for file in wanted where !Self.exists(path(file.kind, slug: slug, key: file.key)) {
                guard let bytes = try? RegularFile.read(out + "/" + file.path, limit: Self.largest).bytes, Self.isWhole(file.kind, bytes) else { continue }
                do throws(FileError) {
                    try AtomicFile.write(path(file.kind, slug: slug, key: file.key), bytes)
                } catch {
                    problems.append("could not keep \(file.path) in \(place): \(error.reason)")
                }
            }
        }
        if kinds.isEmpty { rmdir(folder) }
        return problems
    }

    func path(_ kind: KeptKind, slug: String, key: Fingerprint) -> String {
        folder + "/" + slug + "/" + key.description + "." + kind.fileExtension
    }

    /// Removes the kept files in `slug`'s folder that `doomed` names (the folder too, once empty);
    /// any other file stays.
    func remove(in slug: String, where doomed: (KeptKind, String) -> Bool) {
        let place = folder + "/" + slug
        guard isOwnFolder(place) else { return }
        for name in Self.names(in: place) {
            if let kind = Self.kind(ofName: name), doomed(kind, name) { unlink(place + "/" + name) }
            if Self.isStaleScratch(name) { unlink(place + "/" + name) }
        }
        rmdir(place)  // only when empty
    }

    /// The kind of a file named as a kept one (`<32 hex digits>.<ogg|png>`), else nil.
    static func kind(ofName name: String) -> KeptKind? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].utf8.count == 32, parts[0].utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return nil }
        return KeptKind.allCases.first { $0.fileExtension == parts[1] }
    }

    /// A kept file a killed build was writing (`.<name>.new-<pid>-<n>`, see `AtomicFile`), when that
    /// process is gone.
    static func isStaleScratch(_ name: String) -> Bool {
        guard name.hasPrefix("."), let marker = name.range(of: ".new-") else { return false }
        guard kind(ofName: String(name[name.index(after: name.startIndex)..<marker.lowerBound])) != nil else { return false }
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

    /// The neighborhoods' folders in `folder` (none when it is missing).
    static func folders(_ folder: String) -> [String] {
        names(in: folder).filter { name in
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
