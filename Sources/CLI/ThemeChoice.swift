import Foundation
import Rendering
import Themes

/// Which theme a command uses: `--templates DIR`; else a `templates` folder in the working folder
/// or beside the content folder; else the default theme built into the program.
enum ThemeChoice {
    static func templates(_ option: String?, content: String, console: Console) -> String {
        if let option { return console.resolve(option) }
        let here = console.resolve("templates")
        let beside = ((content as NSString).deletingLastPathComponent as NSString).appendingPathComponent("templates")
        for candidate in [here, beside] where isDirectory(candidate) { return candidate }
        return Theme.builtIn
    }

    /// True for the default theme (no folder to watch, protect or show).
    static func isBuiltIn(_ templates: String) -> Bool { templates == Theme.builtIn }

    static func isDirectory(_ path: String) -> Bool {
        var d: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &d) && d.boolValue
    }
}
