import Diagnostics
import FileSystem

/// One command at a time changes a content folder (`review`, `draft`, `new`): a lock on the folder
/// itself (no file is added to it), held from before the content is read until its changes are in
/// place, so a decision made by one run is read by the next and never lost. Who holds it is noted
/// beside the lock's folder in the tool's cache, to name it to a run that waits.
/// Call `release()` when done (a `defer` right after `take`): that also keeps the lock alive until
/// then, which an optimized build would not promise for a value no longer used.
public final class ContentLock {
    let lock: AdvisoryLock

    /// Waits up to `seconds` for the lock of `root`; `command` names this run to another that waits.
    public static func take(_ root: String, command: String, noteFolder: String?, seconds: Double = 10) throws(Diagnostic) -> ContentLock {
        let at = SourceLocation(path: root)
        do throws(FileError) {
            let lock = try AdvisoryLock.take(root, seconds: seconds, note: noteFolder.map { $0 + ".holder" },
                                             holder: "\(command), process \(AdvisoryLock.processID)")
            return ContentLock(lock)
        } catch {
            guard case .busy(let holder) = error else { throw .error(at, "cannot lock the content folder: \(error.reason)") }
            let who = holder.map { "another commonsight run (\($0))" } ?? "another commonsight run"
            throw .error(at, "\(who) is changing this content folder; waited \(Int(seconds)) s; try again when it has finished")
        }
    }

    init(_ lock: AdvisoryLock) { self.lock = lock }

    public func release() { lock.release() }
}
