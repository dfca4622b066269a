import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive `flock` on a file or folder, held by one process at a time (a lock the kernel
/// drops when the process ends, so a killed run never leaves it taken). The holder may leave a
/// note in a file beside, for a run that waits to name it.
/// Call `release()` when done (a `defer` right after `take`): that also keeps the lock alive
/// until then, which an optimized build would not promise for a value no longer used.
public final class AdvisoryLock: @unchecked Sendable {
    /// The locked file's descriptor, open until `release`; other calls on the same place (`openat`) may use it.
    public private(set) var descriptor: Int32
    let note: String?

    /// Waits up to `seconds` (in steps of `step`, no clock read) for the lock of `path`, which must
    /// exist; writes `holder` to the file `note` once it is taken. `.busy` names the note of the
    /// run that holds it.
    public static func take(_ path: String, seconds: Double, step: Double = 0.05, note: String? = nil, holder: String = "") throws(FileError) -> AdvisoryLock {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .last }
        let tries = Int((seconds / step).rounded(.up))
        var waited = 0
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let failure = FileError.last
                close(fd)
                throw failure
            }
            if waited >= tries {
                close(fd)
                throw .busy(holder: note.flatMap(Self.holder))
            }
            usleep(useconds_t(step * 1_000_000))
            waited += 1
        }
        if let note {
            let (folder, _) = AtomicFile.split(note)
            // A note that cannot be written is only a name not shown to a run that waits.
            if !folder.isEmpty { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            try? AtomicFile.write(note, Array((holder + "\n").utf8))
        }
        return AdvisoryLock(descriptor: fd, note: note)
    }

    /// This process's id, for a holder's note.
    public static var processID: Int32 { getpid() }

    init(descriptor: Int32, note: String?) {
        self.descriptor = descriptor
        self.note = note
    }

    /// Removes the note and lets the next run take the lock.
    public func release() {
        guard descriptor >= 0 else { return }
        if let note { unlink(note) }
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }

    /// What the holder wrote in its note, trimmed; nil when there is none.
    static func holder(_ note: String) -> String? {
        let fd = open(note, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let bytes = Descriptor.readAll(fd, limit: 4096) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
