import Alchemy
import CivilTime
import Diagnostics
import Foundation
import Loading

/// `commonsight draft NEIGHBORHOOD`: writes `stories/<slug>.md` as a draft from published reports,
/// by a model when one answers with a grounded card, else by hand; never over an existing file,
/// never as published.
enum DraftCommand {
    static func run(_ args: [String], console: Console) throws(Arguments.UsageError) -> Int32 {
        if CommandLineTool.wantsHelp(args) {
            console.out(HelpText.command("draft") ?? "")
            return 0
        }
        let parsed = try Arguments.parse(args, command: "draft",
                                         valued: ["content", "observations", "suggestion", "slug", "model-url", "model", "since", "date"],
                                         flags: ["offline"])
        let slug = try SuggestCommand.neighborhoodArgument(parsed, command: "draft")
        let since = try SuggestCommand.sinceOption(parsed, command: "draft")
        let ids = parsed.options["observations"].map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
        let number = parsed.options["suggestion"]
        switch (ids, number) {
        case (nil, nil), (.some, .some):
            throw Arguments.UsageError(message: "'draft' takes either --observations ID,ID,... or --suggestion N", command: "draft")
        default: break
        }
        if let ids, ids.isEmpty { throw Arguments.UsageError(message: "--observations lists no id", command: "draft") }
        if let ids, let bad = ids.first(where: { !Identifiers.isObservationID($0) }) {
            throw Arguments.UsageError(message: "\(quoted(bad)) is not an observation id", command: "draft")
        }
        var suggestion: Int?
        if let number {
            guard let n = Int(number), n >= 1 else {
                throw Arguments.UsageError(message: "--suggestion '\(number)' is not a suggestion number (1, 2, ... as 'suggest' shows them)", command: "draft")
            }
            suggestion = n
        }
        if parsed.options["since"] != nil, suggestion == nil {
            throw Arguments.UsageError(message: "--since goes with --suggestion (the same --since that 'suggest' was given)", command: "draft")
        }
        if let story = parsed.options["slug"], !Identifiers.isSlug(story) || Identifiers.portabilityProblem(story) != nil {
            throw Arguments.UsageError(message: "--slug \(quoted(story)) is not a slug; expected lowercase words joined by '-', like \(quoted(Identifiers.suggestSlug(story)))", command: "draft")
        }
        let date = parsed.options["date"] ?? console.today
        guard let day = CivilDate.parse(date), (1900...2200).contains(day.year), date.count == 10 else {
            throw Arguments.UsageError(message: "--date '\(date)' is not a date from 1900 to 2200; expected YYYY-MM-DD", command: "draft")
        }
        let root = console.resolve(parsed.options["content"] ?? "content")
        guard let lock = ContentWrites.lock(root, command: "draft \(slug)", console: console) else { return 1 }
        defer { lock.release() }
        guard let loaded = SuggestCommand.load(root, slug: slug, console: console) else { return 1 }

        // The model: --model-url, else COMMONSIGHT_MODEL_URL, else site.yml's alchemy.url.
        var model = loaded.model
        if let url = parsed.options["model-url"] {
            guard ModelEndpoint(url) != nil else {
                throw Arguments.UsageError(message: "--model-url '\(url)' is not an http(s) URL; expected something like 'http://127.0.0.1:8080'", command: "draft")
            }
            model.url = url
            model.urlSource = "--model-url"
        } else if let url = console.environment["COMMONSIGHT_MODEL_URL"], !url.isEmpty {
            guard ModelEndpoint(url) != nil else {
                throw Arguments.UsageError(message: "COMMONSIGHT_MODEL_URL '\(url)' is not an http(s) URL; expected something like 'http://127.0.0.1:8080'", command: "draft")
            }
            model.url = url
            model.urlSource = "COMMONSIGHT_MODEL_URL"
        }
        if let name = parsed.options["model"] { model.model = name }

        let n = loaded.neighborhood
        var reports: [Observation] = []
        if let suggestion {
            let all = Suggester.suggestions(n, site: loaded.site, settings: loaded.suggest, since: since)
            guard suggestion <= all.count else {
                let have = all.isEmpty ? "there are none" : "there are \(all.count)"
                console.err("\(console.display(root + "/neighborhoods/" + slug)): error: no suggestion \(suggestion) in \(n.name); \(have) ('commonsight suggest \(slug)' lists them)")
                return 1
            }
            reports = all[suggestion - 1].observations
        } else if let ids {
            var seen = Set<String>()
            var missing: [String] = []
            for id in ids where seen.insert(id).inserted {
                guard let o = n.observation(id) else {
                    missing.append(id)
                    continue
                }
                if o.status == .published {
                    reports.append(o)
                } else {
                    var at = o.source
                    at.path = console.display(at.path)
                    console.err("\(at): warning: observation \(quoted(id)) is \(o.status.rawValue); it is left out of the draft")
                }
            }
            if !missing.isEmpty {
                let file = console.display(root + "/neighborhoods/" + slug)
                for id in missing { console.err("\(file): error: no observation \(quoted(id)) in \(n.name)") }
                return 1
            }
        }
        guard !reports.isEmpty else {
            console.err("\(console.display(root + "/neighborhoods/" + slug)): error: no published observation left to draft from")
            return 1
        }

        let facts = StoryFacts(neighborhood: n, site: loaded.site, reports: reports)
        let storySlug = parsed.options["slug"] ?? StoryDrafter.slug(facts)
        let path = root + "/neighborhoods/\(slug)/stories/\(storySlug).md"
        if FileManager.default.fileExists(atPath: path) {
            console.err("\(console.display(path)): error: already exists; draft never overwrites a file (choose another --slug)")
            return 1
        }
        let drafted = StoryDrafter.draft(facts, model: model, offline: parsed.flags.contains("offline"), date: date)
        guard ContentWrites.create(path, drafted.file, root: root, command: "draft", console: console) else { return 1 }
        if let failure = drafted.failure {
            console.err("note: wrote the hand-made draft (\(failure.state)): \(failure.reason)")
        } else {
            console.err("note: drafted by \(drafted.by); read it, check it against the reports, and set status: published yourself")
        }
        console.out("created \(console.display(path))")
        return 0
    }
}
