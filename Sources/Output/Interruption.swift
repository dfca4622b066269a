import Foundation

/// What a build must undo before a signal ends the process: the files its commit has written so
/// far into OUT, so that OUT is left as it was (or, once they are being put in place, as it will be).
public final class Interruption: @unchecked Sendable {
    private let lock = NSLock()
    private var folder: OutputFolder?
    private var commit: OutputCommit?

    public init() {}

    /// The output folder the build has opened, and the commit it writes through once it has one.
    public func watch(_ folder: OutputFolder, commit: OutputCommit? = nil) {
        lock.lock()
        defer { lock.unlock() }
        (self.folder, self.commit) = (folder, commit)
    }

    /// Waits for the batch being written, undoes the commit (unless its files are being put in
    /// place: then it waits for that to end) and lets no other batch through; an output folder
    /// this build created is removed when it is left empty. Called once, as the process ends.
    public func undo() {
        lock.lock()
        let (folder, commit) = (self.folder, self.commit)
        lock.unlock()
        commit?.stop()
        folder?.removeIfMadeAndEmpty()
    }
}
