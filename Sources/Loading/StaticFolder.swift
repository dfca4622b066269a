import Diagnostics
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `static/` in the content folder: files copied into OUT as they are (`CNAME`, `robots.txt`, a favicon).
///
/// Only regular files and folders are read; a link must stay inside the content folder; a folder
/// reached twice (a link cycle) is read once; `.git` and `.DS_Store` are left out.
struct StaticFolder {
    let folder: ContentFolder
    static let skipped: Set<String> = [".git", ".DS_Store", ".commonsight-manifest"]

    func files(log: inout DiagnosticLog) -> [StaticFile] {
        let root = folder.path("static")
        guard folder.isDirectory(root) else { return [] }
        var out: [StaticFile] = []
        var seen = Set<[UInt64]>()
        walk(root, relative: "", into: &out, seen: &seen, log: &log)
        return out.sorted { $0.path < $1.path }
    }

    private func walk(_ dir: String, relative: String, into out: inout [StaticFile], seen: inout Set<[UInt64]>, log: inout DiagnosticLog) {
        var st = stat()
        guard stat(dir, &st) == 0 else { return }
        guard seen.insert([UInt64(st.st_dev), UInt64(st.st_ino)]).inserted else {
            log.error(SourceLocation(path: dir), "this folder was reached before through a symbolic link (a loop); remove the link")
            return
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { !Self.skipped.contains($0) }.sorted()
        for name in names {
            let path = dir + "/" + name
            guard stat(path, &st) == 0 else {
                log.error(SourceLocation(path: path), "cannot read this file: \(String(cString: strerror(errno)))")
                continue
            }
            switch st.st_mode & S_IFMT {
            case S_IFDIR:
                let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
                guard real == folder.realRoot || real.hasPrefix(folder.realRoot + "/") else {
                    log.error(SourceLocation(path: path), "this folder is a symbolic link to \(quoted(real, limit: 4096)), outside the content folder; copy it in instead")
                    continue
                }
                walk(path, relative: relative + name + "/", into: &out, seen: &seen, log: &log)
            case S_IFREG:
                if let bytes = folder.readBytes(path, log: &log) {
                    out.append(StaticFile(path: relative + name, bytes: bytes, source: path))
                }
            default:
                log.error(SourceLocation(path: path), "this is not a regular file (a FIFO, socket or device); static/ holds files and folders only")
            }
        }
    }
}
