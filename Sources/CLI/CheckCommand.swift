import Alchemy
import Diagnostics
import Build
import CivilTime
import Foundation
import Loading

/// `commonsight check`: load the content and report every problem.
enum CheckCommand {
    static let command = Command(
        name: "check", summary: "read the content folder and report every problem as PATH:LINE:COLUMN",
        options: [
            ContentOption.option,
            Option("templates", "DIR", "the theme (default: templates/ here or beside the content, when there is one)"),
            Option("date", "YYYY-MM-DD", "the day that counts as today (default: today in the site's time zone)"),
            Option("future", nil, "list every scheduled item (else the first 10)"),
        ],
        about: """
        Reads the content folder and the theme and reports every error and warning, one per line as
        PATH:LINE:COLUMN: error: MESSAGE, then a summary, then what is scheduled: published stories,
        events and coalitions whose 'date' is after today, which stay off every page, feed and e-mail
        until that day.
        """,
        notes: "Exit status: 0 when there is no error (warnings allowed), 1 on errors, 2 on wrong usage.",
        run: run)

    static func run(_ parsed: Arguments, console: Console) throws(Arguments.UsageError) -> Int32 {
        let root = ContentOption.folder(parsed, console: console)
        var day: CivilDate?
        if let d = parsed.value("date") {
            guard let parsedDay = CivilDate.parse(d), (1900...2200).contains(parsedDay.year) else {
                throw Arguments.UsageError(message: "--date '\(d)' is not a date from 1900 to 2200; expected YYYY-MM-DD", command: "check")
            }
            day = parsedDay
        }
        // The theme is checked when named or found; the built-in one is checked by the tests.
        let templates = ThemeChoice.templates(parsed.value("templates"), content: root, console: console)
        let checkTheme = !ThemeChoice.isBuiltIn(templates)
        var (content, diagnostics) = Builder.check(content: root, templates: checkTheme ? templates : nil)
        // The `suggest:` and `alchemy:` blocks belong to suggest and draft; check them here too.
        var log = DiagnosticLog()
        _ = AlchemySettings.read(siteFile: (root as NSString).appendingPathComponent("site.yml"), log: &log)
        diagnostics = (diagnostics + log.items).sortedForDisplay()
        let errors = CommandLineTool.report(diagnostics, console: console)
        let warnings = diagnostics.count - errors
        guard let content, errors == 0 else {
            console.err("check failed: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
            return 1
        }
        console.out(summary(content, warnings: warnings))
        let today = day ?? ContentDate.at(instant: Int64(Date().timeIntervalSince1970), zone: content.site.timeZone).day
        let waiting = scheduled(content, today: today)
        let shown = parsed.flag("future") ? waiting : Array(waiting.prefix(10))
        for line in shown { console.out("scheduled: " + line) }
        if shown.count < waiting.count {
            console.out("scheduled: and \(waiting.count - shown.count) more; 'check --future' lists them all")
        }
        return 0
    }

    /// Published stories, events and coalitions dated after `today`, soonest first: on no page until their day.
    static func scheduled(_ c: LoadedContent, today: CivilDate) -> [String] {
        var out: [(day: CivilDate, line: String)] = []
        for n in c.neighborhoods {
            func add(_ kind: String, _ slug: String, _ folder: String, _ status: Story.Status, _ item: Scheduled) {
                guard status == .published, item.isScheduled(on: today), let day = item.date?.day else { return }
                out.append((day, "\(kind) \(slug) in \(n.slug) (\(folder)/\(slug).md) appears on \(day), in \(day.daysSinceEpoch - today.daysSinceEpoch) day\(day.daysSinceEpoch - today.daysSinceEpoch == 1 ? "" : "s")"))
            }
            for s in n.stories { add("story", s.slug, "stories", s.status, s) }
            for e in n.events { add("event", e.slug, "events", e.status, e) }
            for k in n.coalitions { add("coalition", k.slug, "coalitions", k.status, k) }
        }
        return out.sorted { ($0.day, $0.line) < ($1.day, $1.line) }.map(\.line)
    }

    static func summary(_ c: LoadedContent, warnings: Int) -> String {
        let n = c.neighborhoods
        func count(_ k: Int, _ word: String) -> String { "\(k) \(word)\(k == 1 ? "" : "s")" }
        let observations = n.reduce(0) { $0 + $1.observations.count }
        let published = n.reduce(0) { $0 + $1.publishedObservations.count }
        return "checked \(count(n.count, "neighborhood")): \(count(observations, "observation")) (\(published) published), "
            + "\(count(n.reduce(0) { $0 + $1.stories.count }, "story").replacingOccurrences(of: "storys", with: "stories")), "
            + "\(count(n.reduce(0) { $0 + $1.coalitions.count }, "coalition")), \(count(n.reduce(0) { $0 + $1.events.count }, "event")); "
            + "no errors, \(count(warnings, "warning"))"
    }
}
