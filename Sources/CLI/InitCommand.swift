import DefaultTheme
import Foundation
import Moderation
import Rendering

/// `commonsight init [DIR] [--theme]`: a working site in an empty or new folder, never over a file;
/// `--theme` also copies the built-in theme to `DIR/templates` (alone, into a site that has none).
enum InitCommand {
    static let command = Command(
        name: "init", summary: "make a new site in an empty folder: content with examples, and a README for your week",
        positionals: [Positional("DIR", .optional, "the folder to make the site in (default: the working folder)")],
        options: [Option("theme", nil, "also copy the built-in theme to DIR/templates to edit it (alone, into a site that has none)")],
        about: """
        Makes a working site in DIR, which must be empty or new (hidden files such as .git are
        allowed): content/site.yml with comments, one neighborhood with an example report, story,
        coalition and event (all drafts), and README.md with the week's steps. No file is ever
        overwritten.

        The default theme is built into commonsight: a site needs no templates folder. --templates
        DIR, or a templates/ folder in the working folder or beside the content folder, is used
        instead when there is one. In a folder that is not empty (an existing site), --theme copies
        only the theme, when it has no templates/.
        """,
        run: run)

    static func run(_ parsed: Arguments, console: Console) throws(Arguments.UsageError) -> Int32 {
        let dir = console.resolve(parsed.positionals.first ?? ".")
        let shown = console.display(dir)
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: dir, isDirectory: &isFolder)
        if exists, !isFolder.boolValue {
            console.err("\(shown): error: this is a file, not a folder; init makes a site in an empty or new folder")
            return 1
        }
        let entries = exists ? ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { !$0.hasPrefix(".") }.sorted() : []
        let theme = parsed.flag("theme")
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
