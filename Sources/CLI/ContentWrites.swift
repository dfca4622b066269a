import Diagnostics
import Moderation
import Output

/// How the commands that change the content folder (`new`, `draft`, `review`) take its lock and
/// write a new file, with their messages.
enum ContentWrites {
    /// The content folder's lock, or nil after saying who holds it.
    static func lock(_ root: String, command: String, console: Console) -> ContentLock? {
        do throws(Diagnostic) {
            return try ContentLock.take(root, command: command, noteFolder: CacheFolder.forOutput(root, environment: console.environment))
        } catch {
            _ = CommandLineTool.report([error], console: console)
            return nil
        }
    }

    /// Writes a new file whole, or says why not; `command` names who never overwrites.
    static func create(_ path: String, _ text: String, root: String, command: String, console: Console) -> Bool {
        do throws(NewContentFile.Problem) {
            try NewContentFile.create(path, Array(text.utf8), root: root)
            return true
        } catch {
            let shown = console.display(path)
            switch error {
            case .exists: console.err("\(shown): error: already exists; \(command) never overwrites a file")
            case .outside(let real): console.err("\(shown): error: a folder on the way is a link to \(quoted(real, limit: 4096)), outside the content folder; \(command) writes only inside it")
            case .failed(let reason): console.err("\(shown): error: cannot write this file: \(reason); nothing was written")
            }
            return false
        }
    }
}
