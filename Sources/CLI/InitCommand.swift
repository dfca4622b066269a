import DefaultTheme
import Foundation
import Moderation
import Rendering

/// `commonsight init [DIR] [--theme]`: a working site in an empty or new folder, never over a file;
/// `--theme` also copies the built-in theme to `DIR/templates` (alone, into a site that has none).
enum InitCommand {
    static func run(_ args: [String], console: Console) throws(Arguments.UsageError) -> Int32 {
        if CommandLineTool.wantsHelp(args) {
            console.out(HelpText.command("init") ?? "")
            return 0
        }
        let parsed = try Arguments.parse(args, command: "init", valued: [], flags: ["theme"])
        if parsed.positionals.count > 1 {
            throw Arguments.UsageError(message: "unexpected argument '\(parsed.positionals[1])'; 'init' takes at most one DIR", command: "init")
        }
        let dir = console.resolve(parsed.positionals.first ?? ".")
        let shown = console.display(dir)
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: dir, isDirectory: &isFolder)
        if exists, !isFolder.boolValue {
            console.err("\(shown): error: this is a file, not a folder; init makes a site in an empty or new folder")
            return 1
        }
        let entries = exists ? ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { !$0.hasPrefix(".") }.sorted() : []
        let theme = parsed.flags.contains("theme")
        var files: [(path: String, bytes: [UInt8])] = []
        if entries.isEmpty {
            files = StarterSite(timeZone: localZone(console), date: console.today).files.map { ($0.path, Array($0.text.utf8)) }
        } else if !theme {
            let listed = entries.prefix(3).joined(separator: ", ") + (entries.count > 3 ? ", …" : "")
            console.err("\(shown): error: this folder is not empty (\(listed)); init never writes over your files: "
                        + "give a new folder, like 'commonsight init my-digest'")
            return 1
        }
        if theme {
            if entries.contains("templates") {
                console.err("\(console.display(dir + "/templates")): error: already exists; init --theme never writes over a theme")
                return 1
            }
            files += DefaultTheme.files.map { ("templates/" + $0.path, $0.bytes) }
        }
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        } catch {
            console.err("\(shown): error: cannot make this folder: \(error.localizedDescription)")
            return 1
        }
        for file in files {
            do throws(NewContentFile.Problem) {
                try NewContentFile.create(dir + "/" + file.path, file.bytes, root: dir)
            } catch {
                let why = error == .exists ? "already exists" : "\(error)"
                console.err("\(console.display(dir + "/" + file.path)): error: cannot write this file: \(why)")
                return 1
            }
        }
        if entries.isEmpty {
            let cd = shown == "." ? "" : "cd \(shown) && "
            console.out("""
                made a site in \(shown): content/ (site.yml and one neighborhood with an example of each kind, all drafts) and README.md\(theme ? ", and the theme in templates/" : "")
                next: \(cd)commonsight check && commonsight build; then read README.md for your week
                """)
        } else {
            console.out("copied the built-in theme to \(console.display(dir + "/templates")); build and serve use it from this folder")
        }
        return 0
    }

    /// The machine's time zone as an IANA name (`TZ`, or /etc/localtime), else UTC.
    static func localZone(_ console: Console) -> String {
        if let tz = console.environment["TZ"], TimeZone(identifier: tz) != nil, !tz.isEmpty { return tz }
        let name = TimeZone.current.identifier
        return name.contains("/") || name == "UTC" ? name : "UTC"
    }
}
