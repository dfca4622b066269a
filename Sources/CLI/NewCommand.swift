import CivilTime
import ContentFields
import Diagnostics
import Foundation
import Loading

/// `commonsight new KIND ...`: writes a skeleton that `check` accepts, never over an existing file.
enum NewCommand {
    static let kinds = ["neighborhood", "observation", "story", "coalition", "event"]

    static let command = Command(
        name: "new", summary: "write a new content file from a skeleton (never overwrites)",
        forms: [
            "neighborhood SLUG [--name] [--content]",
            "observation NEIGHBORHOOD ID [--category] [--date] [--content]",
            "story NEIGHBORHOOD SLUG [--title] [--content]",
            "coalition NEIGHBORHOOD SLUG [--name] [--content]",
            "event NEIGHBORHOOD SLUG [--title] [--date] [--content]",
        ],
        positionals: [
            Positional("KIND", .one, "neighborhood, observation, story, coalition or event"),
            Positional("NAME", .rest, "the neighborhood's folder name, then the new item's slug or id, as the usage shows"),
        ],
        options: [
            Option("name", "NAME", "a neighborhood's or coalition's name (default: the slug, or a placeholder)"),
            Option("title", "TITLE", "a story's or event's title (default: a placeholder)"),
            Option("category", "KEY", "an observation's category (default: the first in site.yml)"),
            Option("date", "YYYY-MM-DD", "the observation or event date (default: today)"),
            ContentOption.option,
        ],
        about: """
        Writes a skeleton that 'commonsight check' accepts into the content folder and prints its path.
        An existing file is never overwritten. Stories, coalitions and events are drafts and reports
        are pending: 'review --publish' publishes them once their placeholder words (and a report's
        lat and lon) are replaced. Stories and coalitions get date: today.
        """,
        run: run)

    static func run(_ parsed: Arguments, console: Console) throws(Arguments.UsageError) -> Int32 {
        guard let kind = parsed.positionals.first, kinds.contains(kind) else {
            if let given = parsed.positionals.first, let near = NearestName.among(kinds, near: given) {
                throw Arguments.UsageError(message: "unknown kind '\(given)'; did you mean '\(near)'?", command: "new")
            }
            let given = parsed.positionals.first.map { "unknown kind '\($0)'; " } ?? ""
            throw Arguments.UsageError(message: "\(given)expected what to create: \(choices(kinds))", command: "new")
        }
        let root = ContentOption.folder(parsed, console: console)
        let names = Array(parsed.positionals.dropFirst())
        let wanted = kind == "neighborhood" ? 1 : 2
        guard names.count == wanted else {
            let shape = kind == "neighborhood" ? "SLUG" : (kind == "observation" ? "NEIGHBORHOOD ID" : "NEIGHBORHOOD SLUG")
            throw Arguments.UsageError(message: "'new \(kind)' takes \(shape)", command: "new")
        }
        let date = parsed.value("date") ?? console.today
        guard let day = CivilDate.parse(date), (1900...2200).contains(day.year) else {
            throw Arguments.UsageError(message: "--date '\(date)' is not a date from 1900 to 2200; expected YYYY-MM-DD", command: "new")
        }
        // Every name becomes a folder or file name inside the content folder: checked before anything is read.
        for (i, name) in names.enumerated() {
            let isID = kind == "observation" && i == 1
            guard isID ? Identifiers.isObservationID(name) : Identifiers.isSlug(name) else {
                let what = i == 0 && kind != "neighborhood" ? "neighborhood" : (isID ? "observation id" : "slug")
                throw Arguments.UsageError(message: "\(quoted(name)) is not a valid \(what); expected \(isID ? "letters, digits, '_', '.' or '-'" : "lowercase words joined by '-', like \(quoted(Identifiers.suggestSlug(name)))")", command: "new")
            }
            if let problem = Identifiers.portabilityProblem(name) { throw Arguments.UsageError(message: problem, command: "new") }
        }
        guard let lock = ContentWrites.lock(root, command: "new \(kind)", console: console) else { return 1 }
        defer { lock.release() }
        let (site, siteDiagnostics) = ContentLoader.siteSettings(root: root)
        guard let site else {
            _ = CommandLineTool.report(siteDiagnostics, console: console)
            return 1
        }
        let skeletons = Skeletons(site: site, date: date)
        let file: (path: String, text: String)
        switch kind {
        case "neighborhood":
            file = (root + "/neighborhoods/\(names[0])/neighborhood.md", skeletons.neighborhood(name: parsed.value("name") ?? names[0]))
        case "observation":
            let category = parsed.value("category") ?? site.categories[0].key
            guard site.category(category) != nil else {
                let keys = site.categories.map(\.key)
                throw Arguments.UsageError(message: "unknown category '\(category)'" + NearestName.hint(category, known: keys, otherwise: "; expected one of \(choices(keys))"), command: "new")
            }
            let center = ContentLoader.boundary(root: root, neighborhood: names[0])?.bounds?.center
            file = (root + "/neighborhoods/\(names[0])/observations/\(names[1]).md", skeletons.observation(category: category, at: center))
        case "story":
            file = (root + "/neighborhoods/\(names[0])/stories/\(names[1]).md", skeletons.story(title: parsed.value("title") ?? Placeholders.storyTitle))
        case "coalition":
            file = (root + "/neighborhoods/\(names[0])/coalitions/\(names[1]).md", skeletons.coalition(name: parsed.value("name") ?? Placeholders.coalitionName))
        default:
            file = (root + "/neighborhoods/\(names[0])/events/\(names[1]).md", skeletons.event(title: parsed.value("title") ?? Placeholders.eventTitle))
        }
        return write(file.path, file.text, kind: kind, names: names, root: root, console: console)
    }

    static func write(_ path: String, _ text: String, kind: String, names: [String], root: String, console: Console) -> Int32 {
        let name = names.last ?? ""
        let valid = kind == "observation" ? Identifiers.isObservationID(name) : Identifiers.isSlug(name)
        if !valid {
            console.err("\(console.display(path)): error: \(quoted(name)) is not a valid \(kind == "observation" ? "observation id" : "slug"); expected lowercase words joined by '-'")
            return 1
        }
        if kind != "neighborhood" {
            let dir = root + "/neighborhoods/" + names[0]
            guard FileManager.default.fileExists(atPath: dir + "/neighborhood.md") else {
                let known = ((try? FileManager.default.contentsOfDirectory(atPath: root + "/neighborhoods")) ?? []).filter { !$0.hasPrefix(".") }.sorted()
                console.err("\(console.display(dir)): error: no neighborhood \(quoted(names[0]))"
                            + NearestName.hint(names[0], known: known, otherwise: "; create it with 'commonsight new neighborhood \(names[0])'"))
                return 1
            }
        }
        guard ContentWrites.create(path, text, root: root, command: "new", console: console) else { return 1 }
        console.out("created \(console.display(path))")
        return 0
    }
}
