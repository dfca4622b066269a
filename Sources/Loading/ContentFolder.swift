import Diagnostics
import FileSystem
import Formats
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Read-only access to the content folder: sorted listings, decoded text, and no way out of it.
struct ContentFolder {
    /// The folder as the user named it; every displayed path starts with it.
    let root: String
    /// The folder with symbolic links resolved, to tell whether a link leads outside.
    let realRoot: String
    /// Larger files are refused rather than read.
    static let maxFileBytes = 64 << 20
    /// Bytes to read in place of a file's, by path as the loader forms it: what a file would be
    /// after an edit, checked before the edit is written (`review`).
    var replacing: [String: [UInt8]] = [:]
    /// Where a neighborhood being loaded keeps what was read of it (see `ReadLedger`).
    var ledger: ReadLedger?

    init(root: String, replacing: [String: [UInt8]] = [:]) {
        self.root = root
        self.realRoot = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
        self.replacing = replacing
    }

    func path(_ parts: String...) -> String {
        parts.reduce(root) { $0.hasSuffix("/") ? $0 + $1 : $0 + "/" + $1 }
    }

    func exists(_ path: String) -> Bool {
        let found = replacing[path] != nil || FileManager.default.fileExists(atPath: path)
        ledger?.looked(path, found: found, asFolder: false)
        return found
    }

    func isDirectory(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        let found = FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
        ledger?.looked(path, found: found, asFolder: true)
        return found
    }

    /// A symbolic link whose target is missing (what `exists` says is not there).
    func leadsNowhere(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK && stat(path, &st) != 0
    }

    /// Entries of a folder, sorted by name; hidden files (`.DS_Store`, `.git`) left out.
    func list(_ path: String) -> [String] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        ledger?.listed(path, names)
        return names
    }

    /// The decoded text of a file, or an error naming it. Symbolic links that lead outside the folder are refused.
    func readText(_ path: String, log: inout DiagnosticLog) -> String? {
        guard let bytes = readBytes(path, log: &log) else { return nil }
        switch TextFile.decode(bytes, path: path) {
        case .success(let text): return text
        case .failure(let d):
            log.append(d)
            return nil
        }
    }

    /// The bytes of a regular file inside the folder, or an error naming it: a link that leads
    /// outside, a FIFO, socket or device (which would hang or never end), or a file over the limit.
    func readBytes(_ path: String, limit: Int = ContentFolder.maxFileBytes, log: inout DiagnosticLog) -> [UInt8]? {
        let at = SourceLocation(path: path)
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        if real != realRoot, !real.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/") {
            log.error(at, "this file is a symbolic link to \(quoted(real, limit: 4096)), outside the content folder; copy the file in instead")
            return nil
        }
        if let bytes = replacing[path] {
            ledger?.read(path, bytes)
            return bytes
        }
        do throws(FileError) {
            let bytes = try RegularFile.read(path, limit: limit, followingLinks: true).bytes
            ledger?.read(path, bytes)
            return bytes
        } catch .notRegular {
            log.error(at, "this is not a regular file (a FIFO, socket or device); expected a file")
        } catch .tooLarge {
            log.error(at, "this file is larger than \(limit >> 20) MiB; split it")
        } catch {
            log.error(at, "cannot read this file: \(error.reason)")
        }
        return nil
    }

    /// The `.md` files of the folder `dir` (none when it is absent), as name without `.md` and path;
    /// any other entry is warned about as ignored, `holds` saying what the folder is for.
    func markdownFiles(_ dir: String, holds: String, log: inout DiagnosticLog) -> [(stem: String, path: String)] {
        guard isDirectory(dir) else { return [] }
        var out: [(stem: String, path: String)] = []
        for name in list(dir) {
            let path = dir + "/" + name
            guard name.hasSuffix(".md") else {
                log.warning(SourceLocation(path: path), "ignored: \(holds)")
                continue
            }
            out.append((String(name.dropLast(3)), path))
        }
        return out
    }

    /// Front matter and body of a Markdown file.
    func readMarkdown(_ path: String, log: inout DiagnosticLog) -> FrontMatter? {
        guard let text = readText(path, log: &log) else { return nil }
        return FrontMatter.parse(text, path: path, log: &log)
    }

    /// A JSON file (GeoJSON).
    func readJSON(_ path: String, log: inout DiagnosticLog) -> Node? {
        guard let text = readText(path, log: &log) else { return nil }
        if text.allSatisfy(\.isWhitespace) {
            log.error(SourceLocation(path: path, line: 1, column: 1), "the file is empty; expected GeoJSON")
            return nil
        }
        return JSON.parse(text, path: path, log: &log)
    }
}
