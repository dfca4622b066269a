import Diagnostics
import FileSystem

/// Rows added at the end of a content file (`import`), all or nothing: the new whole is written
/// beside the file and renamed into its place, only while the file still holds the bytes it was
/// planned from, so every byte already there is kept and a change made meanwhile is never lost.
public enum ContentAppend {
    /// Replaces the regular file `path` inside `root` with `expected + added`.
    public static func append(_ path: String, root: String, expected: [UInt8], added: [UInt8]) throws(Diagnostic) {
        let file = try ContentFile.read(path, root: root, at: SourceLocation(path: path))
        let changed = Diagnostic.error(SourceLocation(path: path), "this file changed since import read it; nothing was added to it, run import again")
        guard file.bytes == expected else { throw changed }
        let staged = try file.writeBeside(expected + added)
        guard file.current() == expected else {
            staged.discard()
            throw changed
        }
        do throws(FileError) {
            try staged.install()
        } catch {
            throw Diagnostic.error(SourceLocation(path: path), "cannot replace this file: \(error.reason); nothing was added to it")
        }
    }
}
