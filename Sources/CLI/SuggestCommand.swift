import Alchemy
import CivilTime
import Diagnostics
import Loading

/// `commonsight suggest NEIGHBORHOOD`: groups of published reports that no published story links yet.
enum SuggestCommand {
    static let command = Command(
        name: "suggest", summary: "list groups of related reports that no published story links yet",
        positionals: [Arguments.neighborhoodArgument],
        options: [
            ContentOption.option,
            SuggestionInputs.sinceOption,
            Option("limit", "N", "show at most N suggestions (default: suggest.limit, 10)"),
            Option("json", nil, "print only a JSON array of {number, ids, count, counts, category, place, first, last}"),
        ],
        about: """
        Finds groups of published reports that no published story links yet: reports of one
        category (or of categories site.yml's suggest.related puts together) that lie within
        suggest.radius_m meters (default 400) and suggest.window_days days (default 60) of each
        other, at least suggest.min_reports of them (default 3), on the privacy grid (DBSCAN).
        Largest first, then most recent. Each has a number for 'draft --suggestion N', its ids,
        its counts by category, where it is in words and its first and last dates.
        """,
        notes: "Exit status: 0 success (also when there is no suggestion), 1 content errors, 2 wrong usage.",
        run: run)

    static func run(_ parsed: Arguments, console: Console) throws(Arguments.UsageError) -> Int32 {
        let slug = try parsed.neighborhood(command: "suggest")
        let since = try SuggestionInputs.since(parsed, command: "suggest")
        var limit: Int?
        if let raw = parsed.value("limit") {
            guard let n = Int(raw), n >= 1, n <= 1_000 else {
                throw Arguments.UsageError(message: "--limit '\(raw)' is not a number from 1 to 1000", command: "suggest")
            }
            limit = n
        }
        let root = ContentOption.folder(parsed, console: console)
        guard let loaded = SuggestionInputs.load(root, slug: slug, console: console) else { return 1 }
        let all = Suggester.suggestions(loaded.neighborhood, site: loaded.site, settings: loaded.suggest, since: since)
        let shown = Array(all.prefix(limit ?? loaded.suggest.limit))
        if parsed.flag("json") {
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
}
