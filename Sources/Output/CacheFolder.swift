import FileSystem
import Glibc
import Fingerprint

/// The tool's own folder for one OUT: `$XDG_CACHE_HOME/commonsight/<name>-<hash>/`, else under
/// `~/.cache/`, else (no home) under `$TMPDIR/commonsight-cache/` or `/tmp/commonsight-cache/`,
/// keyed by OUT's real path. Nothing in it is ever published.
public enum CacheFolder {
    public static func forOutput(_ out: String, environment: [String: String]) -> String {
        let base: String
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = home + "/.cache"
        } else {
            // The temporary folder the user chose, as every other program without a home uses it.
            var temporary = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
            while temporary.count > 1, temporary.hasSuffix("/") { temporary.removeLast() }
            base = (temporary == "/" ? "" : temporary) + "/commonsight-cache"
        }
        let real = RealPath.ofDeepest(out)
        let name = real.split(separator: "/").last.map(String.init) ?? "root"
        let safe = String(name.unicodeScalars.map { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") ? Character($0) : "_" }.prefix(40))
        return base + "/commonsight/" + safe + "-" + String(Fingerprint(of: real).description.prefix(16))
    }

    /// Where the stories read aloud and share cards of the site in `content` are kept for every
    /// output folder (`keep_in_cache`), when no cache folder is given: beside the others, keyed by
    /// the content folder, so that `build` into any folder and `serve` share them.
    public static func kept(forContent content: String, environment: [String: String]) -> String {
        forOutput(content, environment: environment) + "-kept"
    }

    /// A folder without the tag is taken as the tool's only when it holds nothing but these (a cache
    /// from before the tag); its scratch folders are deleted only in a tagged folder.
    static let ownNames: Set<String> = ["render.cache", "render.cache.new", "render.pages", "kept"]
    /// The file `AtomicFile` writes beside the tag or the cache before renaming it into place
    /// (`.CACHEDIR.TAG.new-<pid>-<n>`): left by a build killed in that moment.
    static func isOwnScratch(_ name: String) -> Bool {
        name.hasPrefix(".CACHEDIR.TAG.") || name.hasPrefix(".render.cache.")
    }

    /// Whether the process that names a scratch file (`...-<pid>-<n>`) still runs.
    static func writerIsRunning(_ name: String) -> Bool {
        let parts = name.split(separator: "-")
        guard parts.count >= 3, let pid = Int32(parts[parts.count - 2]), pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// The nearest folder holding the real path `real` that is some build's OUT (it has a manifest).
    static func outputHolding(_ real: String) -> String? {
        var folder = OutputPath.folder(of: real)
        while folder.count > 1 {
            if let status = Posix.status(folder + "/" + OutputManifest.fileName), status.kind == .file { return folder }
            folder = OutputPath.folder(of: folder)
        }
        return nil
    }

    /// How many entries `tagged` looks at, at most, under one output folder.
    static let searchBudget = 20_000

    /// The first folder at or under `folder` that holds a cache directory tag (anyone's), looking at
    /// up to `budget` entries and never through a link.
    static func tagged(in folder: String, budget: inout Int) -> String? {
        guard budget > 0, let status = Posix.status(folder), status.kind == .folder, let names = Posix.names(in: folder) else { return nil }
        budget -= names.count
        if names.contains("CACHEDIR.TAG"), Posix.status(folder + "/CACHEDIR.TAG")?.kind == .file,
           FileBytes.read(folder + "/CACHEDIR.TAG").map({ $0.starts(with: tag.utf8.prefix(43)) }) == true { return folder }
        for name in names.sorted() {
            if let found = tagged(in: folder + "/" + name, budget: &budget) { return found }
        }
        return nil
    }

    /// The cache directory tag (bford.info/cachedir): backup tools skip the folder; it also marks it as ours.
    static let tag = "Signature: 8a477f597d28d172789f06886806bc55\n# This folder is commonsight's cache: it can be deleted at any time.\n"

    /// Checks that `folder` may be the cache (the same places as OUT are refused, and OUT itself), and
    /// that it is new, empty, or holds only what the tool writes there; then makes and tags it. The
    /// tool deletes its scratch folders there, so a folder of somebody else's files is never one.
    /// Returns whether it made the folder (`release` takes it away again after a failed build).
    @discardableResult
    public static func claim(_ folder: String, out: String, protected: OutputPlace.Protected) throws(OutputProblem) -> Bool {
        if let problem = OutputPlace.problem(out: folder, protected: protected) {
            guard case .forbiddenPlace(_, let reason) = problem else { throw problem }
            throw .forbiddenCache(cache: folder, reason: reason)
        }
        let c = RealPath.ofDeepest(folder), o = RealPath.ofDeepest(out)
        if c == o || c.hasPrefix(o + "/") || o.hasPrefix(c + "/") {
            throw .forbiddenCache(cache: folder, reason: "the output folder, inside it or holding it")
        }
        if let other = outputHolding(c) {
            throw .forbiddenCache(cache: folder, reason: "inside the output folder '\(other)', which would publish it")
        }
        if Posix.status(folder) != nil, !Posix.isFolder(folder) {
            throw .system(path: folder, action: "use the cache folder", reason: "it is a file, not a folder")
        }
        let names = Posix.names(in: folder) ?? []
        let tagged = names.contains("CACHEDIR.TAG")
            && String(decoding: FileBytes.read(folder + "/CACHEDIR.TAG") ?? [], as: UTF8.self).contains("commonsight")
        let others = names.filter { !ownNames.contains($0) && !Self.isOwnScratch($0) }.sorted()
        if !tagged, !others.isEmpty { throw .cacheNotOurs(cache: folder, examples: others) }
        // A tag or cache a killed build was writing is the tool's own: taken away before anything else.
        // Only a dead process's: a build starting beside this one may be writing its tag now.
        for name in names where Self.isOwnScratch(name) && !Self.writerIsRunning(name) { unlink(folder + "/" + name) }
        let made = Posix.status(folder) == nil
        try OutputFolder.makeFolders(folder)
        if !tagged {
            do throws(FileError) {
                try AtomicFile.write(folder + "/CACHEDIR.TAG", Array(tag.utf8))
            } catch {
                throw .system(path: folder, action: "write the cache folder's tag", reason: error.reason)
            }
        }
        return made
    }

    /// After a failed build that made the cache folder: the folder goes again while it holds
    /// nothing but its tag (another build may have saved a cache there since).
    public static func release(_ folder: String) {
        guard let names = Posix.names(in: folder), names.allSatisfy({ $0 == "CACHEDIR.TAG" }) else { return }
        if !names.isEmpty { unlink(folder + "/CACHEDIR.TAG") }
        rmdir(folder)
    }
}
