import Diagnostics
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Every file under a folder that may not lead anywhere else: the content's `static/`, the theme.
///
/// Only regular files and folders are read; a FIFO, socket or device is an error naming it (reading
/// one would hang or never end); a link must stay inside the folder; a folder reached twice (a link
/// cycle) is an error and is read once.
public struct ContainedFolder {
    /// The folder as the user named it.
    public let root: String
    /// Names never read: `.git`, `.DS_Store`, and the like.
    public var skipped: Set<String> = [".git", ".DS_Store"]
    /// Leave out every name that starts with a dot (an editor's swap file, `.git`).
    public var skipsHidden = false
    /// Larger files are refused.
    public var maxFileBytes = ContentFolder.maxFileBytes

    public init(_ root: String) { self.root = root }

    public struct File: Sendable {
        /// The path inside the folder, with `/`.
        public var path: String
        public var bytes: [UInt8]
        /// The path as the user would name it, for messages.
        public var source: String

        public init(path: String, bytes: [UInt8], source: String) {
            self.path = path
            self.bytes = bytes
            self.source = source
        }
    }

    /// The files, sorted by path; problems are appended to `log`.
    public func files(log: inout DiagnosticLog) -> [File] {
        var st = stat()
        guard stat(root, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR else { return [] }
        let realRoot = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
        let folder = ContentFolder(root: root)
        var out: [File] = []
        var seen = Set<[UInt64]>()
        walk(root, relative: "", realRoot: realRoot, folder: folder, into: &out, seen: &seen, log: &log)
        // Paths text treats as equal are ordered by their bytes, so that the same one is reported each time.
        out.sort { $0.path == $1.path ? $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) : $0.path < $1.path }
        return Self.withoutLookalikes(out, log: &log)
    }

    /// The files, less those whose path, or a folder on it, is spelled like another's with other
    /// Unicode characters (`café` written with `é` and with `e` and a combining accent): text treats
    /// the two as one name, and many systems store them as one, so both would be written to one
    /// place. Each such file is an error naming the other.
    static func withoutLookalikes(_ files: [File], log: inout DiagnosticLog) -> [File] {
        var spelled: [String: (bytes: [UInt8], path: String)] = [:]
        var kept: [File] = []
        kept.reserveCapacity(files.count)
        for file in files {
            var clash: (name: String, other: String)?
            let bytes = Array(file.path.utf8)
            for end in bytes.indices where bytes[end] == UInt8(ascii: "/") || end == bytes.count - 1 {
                let prefix = Array(bytes[...(bytes[end] == UInt8(ascii: "/") ? end - 1 : end)])
                let name = String(decoding: prefix, as: UTF8.self)
                if let known = spelled[name] {
                    if known.bytes != prefix { clash = (name, known.path); break }
                } else {
                    spelled[name] = (prefix, file.path)
                }
            }
            if let clash {
                log.error(SourceLocation(path: file.source),
                          "this path spells \(quoted(clash.name)) with other Unicode characters than \(quoted(clash.other, limit: 4096)) in the same folder does (say, é as one character against e and a combining accent): many systems store the two as one name; rename one of them so that both are typed alike")
                continue
            }
            kept.append(file)
        }
        return kept
    }

    private func walk(_ dir: String, relative: String, realRoot: String, folder: ContentFolder, into out: inout [File],
                      seen: inout Set<[UInt64]>, log: inout DiagnosticLog) {
        var st = stat()
        guard stat(dir, &st) == 0 else { return }
        guard seen.insert([UInt64(st.st_dev), UInt64(st.st_ino)]).inserted else {
            log.error(SourceLocation(path: dir), "this folder was reached before through a symbolic link (a loop); remove the link")
            return
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { !skipped.contains($0) && !(skipsHidden && $0.hasPrefix(".")) }.sorted()
        for name in names {
            let path = dir + "/" + name
            guard stat(path, &st) == 0 else {
                log.error(SourceLocation(path: path), "cannot read this file: \(String(cString: strerror(errno)))")
                continue
            }
            let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            guard real == realRoot || real.hasPrefix(realRoot + "/") else {
                log.error(SourceLocation(path: path), "this is a symbolic link to \(quoted(real, limit: 4096)), outside \(quoted(root, limit: 4096)); copy it in instead")
                continue
            }
            switch st.st_mode & S_IFMT {
            case S_IFDIR:
                walk(path, relative: relative + name + "/", realRoot: realRoot, folder: folder, into: &out, seen: &seen, log: &log)
            case S_IFREG:
                if let bytes = folder.readBytes(path, limit: maxFileBytes, log: &log) {
                    out.append(File(path: relative + name, bytes: bytes, source: path))
                }
            default:
                log.error(SourceLocation(path: path), "this is not a regular file (a FIFO, socket or device); only files and folders are read here")
            }
        }
    }
}
