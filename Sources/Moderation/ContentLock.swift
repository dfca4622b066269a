import Diagnostics
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One command at a time changes a content folder (`review`, `draft`, `new`): a lock on the folder
/// itself (no file is added to it), held from before the content is read until its changes are in
/// place, so a decision made by one run is read by the next and never lost. Who holds it is noted
/// beside the lock's folder in the tool's cache, to name it to a run that waits.
/// Call `release()` when done (a `defer` right after `take`): that also keeps the lock alive until
/// then, which an optimized build would not promise for a value no longer used.
public final class ContentLock {
    var fd: Int32
    let note: String?

    /// Waits up to `seconds` for the lock of `root`; `command` names this run to another that waits.
    public static func take(_ root: String, command: String, noteFolder: String?, seconds: Double = 10) throws(Diagnostic) -> ContentLock {
        let at = SourceLocation(path: root)
        let fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw .error(at, "cannot open the content folder: \(String(cString: strerror(errno)))") }
        let note = noteFolder.map { $0 + ".holder" }
        var waited = 0.0
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let reason = String(cString: strerror(errno))
                close(fd)
                throw .error(at, "cannot lock the content folder: \(reason)")
            }
            if waited >= seconds {
                close(fd)
                let holder = note.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }?.trimmingCharacters(in: .whitespacesAndNewlines)
                let who = holder.map { "another commonsight run (\($0))" } ?? "another commonsight run"
                throw .error(at, "\(who) is changing this content folder; waited \(Int(seconds)) s; try again when it has finished")
            }
            usleep(50_000)
            waited += 0.05
        }
        if let note {
            try? FileManager.default.createDirectory(atPath: (note as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try? Data("\(command), process \(getpid())\n".utf8).write(to: URL(fileURLWithPath: note))
        }
        return ContentLock(fd: fd, note: note)
    }

    init(fd: Int32, note: String?) {
        self.fd = fd
        self.note = note
    }

    public func release() {
        guard fd >= 0 else { return }
        if let note { unlink(note) }
        close(fd)
        fd = -1
    }

    deinit { release() }
}
