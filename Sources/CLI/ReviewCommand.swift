import CivilTime
import ContentFields
import Diagnostics
import Loading
import Moderation

/// `commonsight review`: what waits for a decision, and the decisions themselves, written in place.
enum ReviewCommand {
    static let command = Command(
        name: "review", summary: "list what waits for a decision; publish, remove or flag reports, stories, events, coalitions",
        forms: [
            "[NEIGHBORHOOD] [--content] [--status] [--json] [--date]",
            "[NEIGHBORHOOD] (--publish | --remove | --flag) [--note] [--content] [--date]",
        ],
        positionals: [Positional("NEIGHBORHOOD", .optional, "only this neighborhood's folder (default: every neighborhood)")],
        options: [
            ContentOption.option,
            Option("status", "STATUS,...", "list these instead: pending, flagged, removed, draft, scheduled, published"),
            Option("json", nil, "print a JSON array of {id, kind, status, neighborhood, path, line, date, waiting_days, category, title, text, removed, linked_by, links}"),
            Option("date", "YYYY-MM-DD", "today, for how long items have waited and for the log (default: today)"),
            Option("publish", "ID,...", "publish these reports, stories, events or coalitions"),
            Option("remove", "ID,...", "remove these reports (a story, event or coalition becomes a draft)"),
            Option("flag", "ID,...", "flag these reports for another look (a story, event or coalition becomes a draft)"),
            Option("note", "TEXT", "a note for moderation.log (why)"),
        ],
        about: """
        Without a decision, lists what waits for one, oldest first: reports that are pending or flagged,
        draft stories, events and coalitions, and scheduled ones (published, dated after today),
        each with its id, PATH:LINE, date, category, its text as the site would
        publish it (with what the redaction would take out shown in brackets: [phone removed: ...]),
        the stories that link it, and how long it has waited.

        With --publish, --remove or --flag, sets the status of each ID (an observation id, or a story,
        event or coalition slug; observation:ID, story:SLUG, event:SLUG or coalition:SLUG when one
        name is more than one) where it is written: the status: line
        of a Markdown file's front matter (added when there is none), the status cell of its row in
        observations.csv, or its "status" property in observations.geojson. Nothing else in the file
        changes, byte for byte, and the file is replaced at once. A story has only draft and published:
        --remove and --flag make it a draft; so for events and coalitions. A report in a CSV
        without a status column, or a GeoJSON file without any "status" (a city's export), is never
        rewritten: its decision goes to moderation.yml in the neighborhood's folder, which the loader
        applies. --publish refuses an item whose words are still the placeholders 'new' wrote, or a
        report at lat 0, lon 0. Each decision is added to moderation.log in the
        neighborhood's folder (date, id, old and new status, where, the note), which is never
        published. The content is checked as 'check' would, as it will be after the change: publishing
        a story without a date, an unknown id, an id in two neighborhoods (name one), or a file that
        changed since it was read is an error, and then nothing changes, for any of the IDs.
        """,
        notes: "Exit status: 0 success, 1 content errors or a decision that cannot be made, 2 wrong usage.",
        run: run)

    static func run(_ parsed: Arguments, console: Console) throws(Arguments.UsageError) -> Int32 {
        for (name, value) in parsed.options where value.trimmingCharacters(in: .whitespaces).isEmpty && name != "note" {
            throw Arguments.UsageError(message: "--\(name) is empty; expected a value", command: "review")
        }
        let slug = parsed.positionals.first
        if let slug, !Identifiers.isSlug(slug) {
            let hint = Identifiers.isSlug(slug.lowercased()) ? "; did you mean '\(slug.lowercased())'?" : "; expected lowercase words joined by '-'"
            throw Arguments.UsageError(message: "\(quoted(slug)) is not a neighborhood slug\(hint)", command: "review")
        }
        let raw = parsed.value("date") ?? console.today
        guard let today = CivilDate.parse(raw), (1900...2200).contains(today.year) else {
            throw Arguments.UsageError(message: "--date '\(raw)' is not a date from 1900 to 2200; expected YYYY-MM-DD", command: "review")
        }
        let root = ContentOption.folder(parsed, console: console)
        let decisions = [(Decision.publish, parsed.value("publish")), (.remove, parsed.value("remove")), (.flag, parsed.value("flag"))]
            .compactMap { decision, ids in ids.map { (decision, $0) } }
        guard let chosen = decisions.first else {
            if parsed.value("note") != nil {
                throw Arguments.UsageError(message: "--note goes with --publish, --remove or --flag", command: "review")
            }
            return try list(parsed, slug: slug, root: root, today: today, console: console)
        }
        let (decision, given) = chosen
        if decisions.count > 1 {
            throw Arguments.UsageError(message: "one decision at a time: --\(decisions[0].0.rawValue) and --\(decisions[1].0.rawValue) were both given", command: "review")
        }
        for (option, listing) in [("status", parsed.value("status") != nil), ("json", parsed.flag("json"))] where listing {
            throw Arguments.UsageError(message: "--\(option) lists what waits; it does not go with --\(decision.rawValue)", command: "review")
        }
        var ids: [String] = []
        for part in given.split(separator: ",", omittingEmptySubsequences: false) {
            let id = part.trimmingCharacters(in: .whitespaces)
            guard !id.isEmpty else {
                throw Arguments.UsageError(message: "--\(decision.rawValue) has an empty id; expected ID[,ID...]", command: "review")
            }
            ids.append(id)
        }
        let request = DecisionRequest(root: root, neighborhood: slug, ids: ids, decision: decision, note: parsed.value("note"), date: today)
        // Held from before the content is read until the decision is logged: another run's decision
        // is either all in what this one reads, or waits for this one to end.
        guard let lock = ContentWrites.lock(root, command: "review --\(decision.rawValue) \(ids.joined(separator: ","))", console: console) else { return 1 }
        defer { lock.release() }
        return decide(request, console: console)
    }

    static func list(_ parsed: Arguments, slug: String?, root: String, today: CivilDate, console: Console) throws(Arguments.UsageError) -> Int32 {
        var statuses = ReviewQueue.waiting
        if let raw = parsed.value("status") {
            statuses = raw.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
            for s in statuses where !ReviewQueue.all.contains(s) {
                throw Arguments.UsageError(message: "--status '\(s)' is not a status; expected \(choices(ReviewQueue.all))", command: "review")
            }
        }
        let (content, diagnostics) = ContentLoader.load(root: root, only: slug.map { [$0] })
        let errors = diagnostics.filter(\.isError)
        guard let content, errors.isEmpty else {
            _ = CommandLineTool.report(errors, console: console)
            console.err("stopped: the content has \(errors.count) error\(errors.count == 1 ? "" : "s"); 'commonsight check' shows them all")
            return 1
        }
        let items = ReviewQueue.items(content, statuses: Set(statuses), today: today)
        if parsed.flag("json") {
            console.out(ReviewQueue.json(items, display: console.display))
            return 0
        }
        let place = slug.flatMap { s in content.neighborhoods.first { $0.slug == s }?.name } ?? "the \(content.neighborhoods.count) neighborhood\(content.neighborhoods.count == 1 ? "" : "s")"
        let filtered = statuses != ReviewQueue.waiting
        let named = statuses.joined(separator: ", ")
        guard !items.isEmpty else {
            console.out(filtered ? "nothing in \(place) has the status \(named)" : "nothing waits for a decision in \(place)")
            return 0
        }
        let one = items.count == 1
        let head = filtered ? "with the status \(named)" : (one ? "waits for a decision" : "wait for a decision")
        var lines = ["\(items.count) item\(one ? "" : "s") \(head) in \(place), oldest first (as of \(today)):", ""]
        for item in items { lines += describe(item, console: console) + [""] }
        let hood = slug.map { $0 + " " } ?? ""
        lines.append("decide: commonsight review \(hood)--publish ID[,ID...] | --remove ID[,...] | --flag ID[,...] [--note TEXT]")
        console.out(lines.joined(separator: "\n"))
        return 0
    }

    static func describe(_ item: WaitingItem, console: Console) -> [String] {
        let kind = item.kind == .observation ? "report" : item.kind.rawValue
        let when: String
        switch (item.kind, item.date) {
        case (_, nil): when = "no date"
        case (.observation, let d?): when = "observed \(d)"
        case (_, let d?) where item.status == "scheduled": when = "appears on \(d)"
        case (_, let d?): when = "dated \(d)"
        }
        // Only what waits for a decision has waited; the rest is decided, or waits for its day.
        let waiting = ReviewQueue.undecided.contains(item.status) ? " · waiting \(ReviewQueue.waited(item.waitingDays))" : ""
        let categories = item.kind == .observation || item.kind == .story
            ? " · " + (item.categoryLabels.isEmpty ? "no category" : item.categoryLabels.joined(separator: ", ")) : ""
        var lines = ["\(item.id) · \(item.status) \(kind) in \(item.neighborhoodName)\(categories) · \(when)\(waiting)"]
        var at = item.source
        at.path = console.display(at.path)
        lines.append("  \(at.path):\(at.line)")
        for field in item.fields {
            let text = field.marked.split(separator: "\n", omittingEmptySubsequences: false)
            lines.append("  \(field.name.replacingOccurrences(of: "_", with: " ")): \(text.first ?? "")")
            for more in text.dropFirst() { lines.append("    " + more) }
        }
        if !item.unready.isEmpty, item.status != "published" {
            lines.append("  not ready to publish: " + item.unready.joined(separator: "; "))
        }
        if !item.removed.isEmpty {
            let kinds = item.removed.map(\.kind.noun)
            lines.append("  publishing removes: \(kinds.joined(separator: ", "))")
        }
        if !item.linkedBy.isEmpty {
            lines.append("  linked by: " + item.linkedBy.map { "stories/\($0.id).md (\($0.status))" }.joined(separator: ", "))
        }
        if !item.links.isEmpty {
            var counts: [String: Int] = [:]
            for l in item.links { counts[l.status, default: 0] += 1 }
            let summary = ["published", "pending", "flagged", "removed", "missing"].compactMap { s in counts[s].map { "\($0) \(s)" } }
            lines.append("  links \(item.links.count) report\(item.links.count == 1 ? "" : "s"): \(summary.joined(separator: ", "))")
        }
        return lines
    }

    static func decide(_ request: DecisionRequest, console: Console) -> Int32 {
        let (made, problems) = DecisionPlan.make(request)
        guard let plan = made else {
            _ = report(problems, console: console)
            console.err("nothing was changed")
            return 1
        }
        let failures = plan.commit()
        let errors = report(failures, console: console)
        if errors > 0 {
            console.err("nothing was changed")
            return 1
        }
        // What the change brings: what publishing redacts, stories that now link a hidden report.
        _ = CommandLineTool.report(plan.warnings, console: console)
        var lines: [String] = []
        for c in plan.changes {
            var at = c.location
            at.path = console.display(at.path)
            let from = c.wasWritten ? c.from : "\(c.from) (not written)"
            lines.append("\(c.kind.rawValue) \(c.id) in \(c.neighborhood): \(from) → \(c.to) at \(at)")
        }
        for u in plan.unchanged { lines.append("\(u.id) is already \(u.status); nothing to do") }
        for slug in Set(plan.changes.map(\.neighborhood)).sorted() {
            lines.append("recorded in \(console.display(request.root + "/neighborhoods/" + slug + "/" + Neighborhood.moderationLog))")
        }
        if !plan.changes.isEmpty { lines.append("the next build shows the change") }
        console.out(lines.joined(separator: "\n"))
        return 0
    }

    /// Prints problems with paths relative to the working folder, and a hint for a story that
    /// cannot be published without a date.
    static func report(_ problems: [Diagnostic], console: Console) -> Int {
        let errors = CommandLineTool.report(problems, console: console)
        if problems.contains(where: { $0.message.contains("a published story needs the date") }) {
            console.err("hint: add 'date: YYYY-MM-DD' (the day it is published) to the story's front matter, then publish it")
        }
        return errors
    }
}
