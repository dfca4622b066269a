import Alchemy
import CivilTime
import ContentFields
import Diagnostics
import Foundation
import Loading

/// `commonsight draft NEIGHBORHOOD`: writes `stories/<slug>.md` as a draft from published reports,
/// by a model when one answers with a grounded card, else by hand; never over an existing file,
/// never as published.
enum DraftCommand {
    static let command = Command(
        name: "draft", summary: "write a draft story from reports, with a local model or by hand (never publishes)",
        forms: ["NEIGHBORHOOD (--observations | --suggestion [--since]) [--content] [--slug] [--model-url] [--model] [--offline] [--date]"],
        positionals: [Arguments.neighborhoodArgument],
        options: [
            Option("observations", "ID,...", "the reports to draft from, comma-separated"),
            Option("suggestion", "N", "the reports of suggestion N of 'commonsight suggest' (with its --since)"),
            SuggestionInputs.sinceOption,
            ContentOption.option,
            Option("slug", "SLUG", "the file name (default: category, place and month, like speeding-near-x-park-2024-05)"),
            Option("model-url", "URL", "an OpenAI-compatible server (else COMMONSIGHT_MODEL_URL, else alchemy.url in site.yml)"),
            Option("model", "NAME", "the model's name on that server (default: alchemy.model, else the first it lists)"),
            Option("offline", nil, "do not ask a model; write the hand-made draft"),
            Option("date", "YYYY-MM-DD", "the date recorded in 'generated' (default: today)"),
        ],
        about: """
        Writes stories/SLUG.md with status: draft: a title, a narrative, a call to action, tags, the
        observations and the coalition that focuses on their category, and a 'generated' block saying
        how it was made. Only published observations are used (others are left out with a warning),
        and only their public fields, on the privacy grid, redacted, are shown to the model: llama.cpp,
        llama-cpp-python, vLLM or Ollama. The model's answer is checked (lengths, tags, every number,
        place and name against the reports) and asked for once more if it fails; when there is no
        model, it cannot be reached, lacks the model, fails, times out or answers badly, a hand-made
        draft is written and the reason is printed and recorded.

        An existing file is never overwritten, and nothing is ever published: read the draft, then
        set status: published and a date yourself.
        """,
        notes: "Exit status: 0 written, 1 content errors or an existing file, 2 wrong usage.",
        run: run)

    static func run(_ parsed: Arguments, console: Console) throws(Arguments.UsageError) -> Int32 {
        let slug = try parsed.neighborhood(command: "draft")
        let since = try SuggestionInputs.since(parsed, command: "draft")
        let ids = parsed.value("observations").map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
        let number = parsed.value("suggestion")
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
        if parsed.value("since") != nil, suggestion == nil {
            throw Arguments.UsageError(message: "--since goes with --suggestion (the same --since that 'suggest' was given)", command: "draft")
        }
        if let story = parsed.value("slug"), !Identifiers.isSlug(story) || Identifiers.portabilityProblem(story) != nil {
            throw Arguments.UsageError(message: "--slug \(quoted(story)) is not a slug; expected lowercase words joined by '-', like \(quoted(Identifiers.suggestSlug(story)))", command: "draft")
        }
        let date = parsed.value("date") ?? console.today
        guard let day = CivilDate.parse(date), (1900...2200).contains(day.year), date.count == 10 else {
            throw Arguments.UsageError(message: "--date '\(date)' is not a date from 1900 to 2200; expected YYYY-MM-DD", command: "draft")
        }
        let root = ContentOption.folder(parsed, console: console)
        guard let lock = ContentWrites.lock(root, command: "draft \(slug)", console: console) else { return 1 }
        defer { lock.release() }
        guard let loaded = SuggestionInputs.load(root, slug: slug, console: console) else { return 1 }

        // The model: --model-url, else COMMONSIGHT_MODEL_URL, else site.yml's alchemy.url.
        var model = loaded.model
        if let url = parsed.value("model-url") {
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
        if let name = parsed.value("model") { model.model = name }

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
        let storySlug = parsed.value("slug") ?? StoryDrafter.slug(facts)
        let path = root + "/neighborhoods/\(slug)/stories/\(storySlug).md"
        if FileManager.default.fileExists(atPath: path) {
            console.err("\(console.display(path)): error: already exists; draft never overwrites a file (choose another --slug)")
            return 1
        }
        let drafted = StoryDrafter.draft(facts, model: model, offline: parsed.flag("offline"), date: date)
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
