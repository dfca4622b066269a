import Alchemy
import CivilTime
import Diagnostics
import Loading

/// What `suggest` and `draft` both read: `--since`, and the neighborhood with the settings of
/// `suggest:` and `alchemy:`.
enum SuggestionInputs {
    static let sinceOption = Option("since", "YYYY-MM-DD", "only reports observed on or after this day (give draft the same --since as suggest)")

    /// `--since`, checked.
    static func since(_ parsed: Arguments, command: String) throws(Arguments.UsageError) -> CivilDate? {
        guard let raw = parsed.value("since") else { return nil }
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
