import Alchemy
import CivilTime
import Diagnostics
import Loading

/// `commonsight suggest NEIGHBORHOOD`: groups of published reports that no published story links yet.
enum SuggestCommand {
    static func run(_ args: [String], console: Console) throws(Arguments.UsageError) -> Int32 {
        if CommandLineTool.wantsHelp(args) {
            console.out(HelpText.command("suggest") ?? "")
            return 0
        }
        let parsed = try Arguments.parse(args, command: "suggest", valued: ["content", "since", "limit"], flags: ["json"])
        let slug = try neighborhoodArgument(parsed, command: "suggest")
        let since = try sinceOption(parsed, command: "suggest")
        var limit: Int?
        if let raw = parsed.options["limit"] {
            guard let n = Int(raw), n >= 1, n <= 1_000 else {
                throw Arguments.UsageError(message: "--limit '\(raw)' is not a number from 1 to 1000", command: "suggest")
            }
            limit = n
        }
        let root = console.resolve(parsed.options["content"] ?? "content")
        guard let loaded = load(root, slug: slug, console: console) else { return 1 }
        let all = Suggester.suggestions(loaded.neighborhood, site: loaded.site, settings: loaded.suggest, since: since)
        let shown = Array(all.prefix(limit ?? loaded.suggest.limit))
        if parsed.flags.contains("json") {
            console.out(shown.isEmpty ? "[]" : "[\n" + shown.map { "  " + $0.json }.joined(separator: ",\n") + "\n]")
            return 0
        }
        guard !shown.isEmpty else {
            let after = since.map { " observed since \($0)" } ?? ""
            console.out("no suggestions in \(loaded.neighborhood.name): no \(loaded.suggest.minReports) or more published reports of one kind\(after), "
                + "not yet in a published story, lie within \(Int(loaded.suggest.radiusMeters)) m and \(loaded.suggest.windowDays) days of each other "
                + "(suggest: in site.yml sets these)")
            return 0
        }
        let labels = Dictionary(loaded.site.categories.map { ($0.key, $0.label) }, uniquingKeysWith: { a, _ in a })
        var lines: [String] = []
        for s in shown {
            let kinds = s.counts.map { "\(labels[$0.key] ?? $0.key) \($0.count)" }.joined(separator: ", ")
            let when = s.first == s.last ? "\(s.first)" : "\(s.first) to \(s.last)"
            lines.append("\(s.number). \(s.observations.count) reports: \(kinds)")
            lines.append("   where: \(s.place.phrase)")
            lines.append("   when:  \(when)")
            lines.append("   ids:   \(s.ids.joined(separator: ", "))")
            let drafted = loaded.neighborhood.stories.filter { story in
                story.status == .draft && Set(story.observations.map(\.value)).isSuperset(of: s.ids)
            }
            if let d = drafted.first {
                lines.append("   draft: already in stories/\(d.slug).md")
            } else {
                lines.append("   draft: commonsight draft \(slug) --suggestion \(s.number)\(since.map { " --since \($0)" } ?? "")")
            }
            lines.append("")
        }
        let more = all.count > shown.count ? " (\(all.count - shown.count) more: --limit \(all.count))" : ""
        lines.append("\(shown.count) suggestion\(shown.count == 1 ? "" : "s") in \(loaded.neighborhood.name)\(more)")
        console.out(lines.joined(separator: "\n"))
        return 0
    }

    static func neighborhoodArgument(_ parsed: Arguments, command: String) throws(Arguments.UsageError) -> String {
        guard let slug = parsed.positionals.first else {
            throw Arguments.UsageError(message: "'\(command)' needs a NEIGHBORHOOD (its folder name)", command: command)
        }
        if parsed.positionals.count > 1 {
            throw Arguments.UsageError(message: "unexpected argument '\(parsed.positionals[1])'; '\(command)' takes one NEIGHBORHOOD", command: command)
        }
        guard Identifiers.isSlug(slug) else {
            throw Arguments.UsageError(message: "\(quoted(slug)) is not a neighborhood slug; expected lowercase words joined by '-'", command: command)
        }
        for (name, value) in parsed.options where value.isEmpty {
            throw Arguments.UsageError(message: "--\(name) is empty; expected a value", command: command)
        }
        return slug
    }

    static func sinceOption(_ parsed: Arguments, command: String) throws(Arguments.UsageError) -> CivilDate? {
        guard let raw = parsed.options["since"] else { return nil }
        guard let day = CivilDate.parse(raw), (1900...2200).contains(day.year), raw.count == 10 else {
            throw Arguments.UsageError(message: "--since '\(raw)' is not a date from 1900 to 2200; expected YYYY-MM-DD", command: command)
        }
        return day
    }

    struct Loaded {
        var site: SiteSettings
        var neighborhood: Neighborhood
        var suggest: SuggestSettings
        var model: ModelSettings
    }

    /// The content (errors printed, warnings left to `check`), the neighborhood and the settings of `suggest:` and `alchemy:`.
    static func load(_ root: String, slug: String, console: Console) -> Loaded? {
        let (content, diagnostics) = ContentLoader.load(root: root, only: [slug])
        let errors = diagnostics.filter(\.isError)
        guard let content, errors.isEmpty, let neighborhood = content.neighborhoods.first(where: { $0.slug == slug }) else {
            _ = CommandLineTool.report(errors, console: console)
            if errors.isEmpty { console.err("\(console.display(root)): error: no neighborhood \(quoted(slug))") }
            console.err("stopped: the content has \(errors.count) error\(errors.count == 1 ? "" : "s"); 'commonsight check' shows them all")
            return nil
        }
        var log = DiagnosticLog()
        let (suggest, model) = AlchemySettings.read(siteFile: root + "/site.yml", log: &log)
        let problems = CommandLineTool.report(log.items, console: console)
        if problems > 0 { return nil }
        return Loaded(site: content.site, neighborhood: neighborhood, suggest: suggest, model: model)
    }
}
