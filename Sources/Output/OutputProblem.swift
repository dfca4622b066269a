import Diagnostics
import FileSystem

/// Why the output folder could not be used or written, as a value (tests compare them; the CLI prints them).
public enum OutputProblem: Error, Equatable, Sendable {
    /// OUT is, holds, or lies inside a folder it must never touch.
    case forbiddenPlace(out: String, reason: String)
    /// The cache folder is, holds, or lies inside a folder it must never touch.
    case forbiddenCache(cache: String, reason: String)
    /// The cache folder holds files the tool did not write.
    case cacheNotOurs(cache: String, examples: [String])
    /// OUT holds files and no manifest of ours: it is somebody else's folder.
    case notOurs(out: String, examples: [String])
    /// OUT holds files and a manifest with a line that is not one the tool writes (`line`, from 1).
    case damagedManifest(path: String, line: Int)
    /// Another build holds OUT's lock.
    case busy(out: String)
    /// A path the site needs is taken by a file or folder the tool did not write.
    case taken(path: String)
    /// A folder on the way is a symbolic link, which the tool never writes through.
    case linkInside(path: String)
    /// The site would put a file outside OUT (a bug, or a hostile path).
    case outside(path: String)
    /// A system call failed; `reason` is the system's text.
    case system(path: String, action: String, reason: String)
    /// The disk is full: nothing was changed and the partial work was removed.
    case noSpace(path: String)

    /// A failed write of `path`: `noSpace` on a full disk, else the system's words for `action`.
    static func writing(_ path: String, _ action: String, _ error: FileError) -> OutputProblem {
        error.isNoSpace ? .noSpace(path: path) : .system(path: path, action: action, reason: error.reason)
    }

    public var diagnostic: Diagnostic {
        switch self {
        case .forbiddenPlace(let out, let reason):
            return .error(SourceLocation(path: out), "the output folder may not be \(reason); choose another --out")
        case .forbiddenCache(let cache, let reason):
            return .error(SourceLocation(path: cache), "the cache folder may not be \(reason); choose another --cache-dir")
        case .cacheNotOurs(let cache, let examples):
            let shown = examples.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (examples.count > 3 ? ", ..." : "")
            return .error(SourceLocation(path: cache), "the cache folder holds files that commonsight did not write (\(shown)); "
                + "choose an empty or new --cache-dir (the tool deletes its own scratch folders there)")
        case .notOurs(let out, let examples):
            let shown = examples.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (examples.count > 3 ? ", ..." : "")
            return .error(SourceLocation(path: out), "the output folder holds files that commonsight did not write (\(shown)); "
                + "build into an empty or new folder, or move those files away (files that commonsight should publish belong in the content folder's static/)")
        case .damagedManifest(let path, let line):
            return .error(SourceLocation(path: path, line: line, column: 1), "this line is not one commonsight writes (a path inside the output folder, "
                + "its fingerprint, then the file's size, inode and times); the manifest says which files are the tool's own, so nothing is changed: "
                + "undo the edit, or build into an empty or new folder")
        case .busy(let out):
            return .error(SourceLocation(path: out), "another build is writing this output folder; waited 10 s for it to finish")
        case .taken(let path):
            return .error(SourceLocation(path: path), "a file or folder that commonsight did not write is in the way of the site; move it away, or put it in the content folder's static/")
        case .linkInside(let path):
            return .error(SourceLocation(path: path), "this is a symbolic link inside the output folder; commonsight does not write through links there (only OUT itself may be a link)")
        case .outside(let path):
            return .error(SourceLocation(path: path), "refusing to write outside the output folder")
        case .system(let path, let action, let reason):
            return .error(SourceLocation(path: path), "cannot \(action): \(reason)")
        case .noSpace(let path):
            return .error(SourceLocation(path: path), "the disk is full; the output folder was left as it was and the partial files were removed")
        }
    }
}
