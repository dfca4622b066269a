import ContentFields
import Diagnostics
import Foundation
import Import
import Loading
import Moderation

/// `commonsight import`: residents' reports from 311 exports, Open311, form CSVs and e-mail, added as pending.
enum ImportCommand {
    static let command = Command(
        name: "import", summary: "add residents' reports from 311 exports, Open311, form CSVs and e-mail, as pending",
        positionals: [
            Positional("NEIGHBORHOOD", .optional, "the neighborhood to add every report to (default: the one whose boundary holds it)"),
            Positional("FILE", .many, "a 311 export (.csv), Open311 requests (.json, .xml), a form's CSV or e-mail (.eml, mbox)"),
        ],
        options: [
            ContentOption.option,
            Option("dry-run", nil, "print what would be imported; write nothing"),
            Option("default-category", "KEY", "the category of reports that no mapping names"),
        ],
        about: """
        Adds residents' reports as pending (so that 'review' decides) from Improve Detroit (SeeClickFix)
        and Boston 311 CSV exports, Open311 GeoReport v2 requests (.json, .xml), a form's CSV whose
        columns site.yml names (import: columns: id, category, text, date, place, latitude, longitude,
        name, email, phone), and e-mail (.eml or mbox) with 'Category:', 'Where:', 'When:' and
        'What happened:' lines (also in Spanish or Arabic; quoted replies, HTML-only mail and
        attachments are read). Ids keep the source's, after its name: seeclickfix-4764238,
        open311-..., boston-..., form-..., email-<hash>. A report whose id the content or a
        moderation.log already holds is never added again, whatever a lead decided.

        Without NEIGHBORHOOD each report goes to the neighborhood whose boundary holds it; one outside
        every boundary is listed by its line. A report without a point is placed from its words with
        the neighborhood's streets (basemap.geojson): "A & B", "corner of A and B", "14500 block of A",
        a park's name; an unknown street is an error with "did you mean". Categories come from
        import: categories: in site.yml ("source value": category-key, any case), or a category's key
        or label; --default-category takes the rest. Reporter names, e-mails, phones and account ids
        go only to private fields; phone numbers and e-mail addresses in the text are marked as the
        build marks them, the words as written kept in the private field private_text.

        New reports are appended to observations.csv when it has a status column (every byte already
        there is kept), written one Markdown file each when it has none, or to a new observations.csv.
        """,
        notes: "Exit status: 0 success, 1 errors in the input or the content (nothing is imported), 2 wrong usage.",
        run: run)

    static func run(_ parsed: Arguments, console: Console) throws(Arguments.UsageError) -> Int32 {
        for (name, value) in parsed.options where value.trimmingCharacters(in: .whitespaces).isEmpty {
            throw Arguments.UsageError(message: "--\(name) is empty; expected a value", command: "import")
        }
        var files = parsed.positionals
        var slug: String?
        // The first word names a neighborhood when it is a slug and no file by that name exists.
        if let first = files.first, Identifiers.isSlug(first), !FileManager.default.fileExists(atPath: console.resolve(first)) {
            slug = first
            files.removeFirst()
        }
        guard !files.isEmpty else {
            throw Arguments.UsageError(message: "no FILE to import; expected 311 exports (.csv), Open311 (.json, .xml) or e-mail (.eml, mbox)", command: "import")
        }
        let root = ContentOption.folder(parsed, console: console)
        let request = ImportRequest(root: root, neighborhood: slug, files: files.map(console.resolve),
                                    defaultCategory: parsed.value("default-category"))
        let dryRun = parsed.flag("dry-run")
        // Held from before the content is read until the new reports are in place: a decision made
        // meanwhile is either read here or waits.
        var lock: ContentLock?
        if !dryRun {
            guard let taken = ContentWrites.lock(root, command: "import", console: console) else { return 1 }
            lock = taken
        }
        defer { lock?.release() }
        let (made, problems) = ImportPlan.make(request)
        guard let plan = made else {
            let errors = CommandLineTool.report(problems, console: console)
            console.err("stopped: \(errors) error\(errors == 1 ? "" : "s"); nothing was imported")
            return 1
        }
        _ = CommandLineTool.report(plan.warnings, console: console)
        let summary = plan.summary(display: console.display)
        if dryRun {
            console.out(summary)
            console.out("dry run: nothing was written")
            return 0
        }
        let failed = plan.commit()
        if !failed.isEmpty {
            _ = CommandLineTool.report(failed, console: console)
            console.err("stopped: some reports could not be written; run import again to add what is missing")
            return 1
        }
        console.out(summary)
        if !plan.added.isEmpty {
            console.out("the new reports wait as pending: 'commonsight review' lists them")
        }
        return 0
    }
}
