import Diagnostics
import Foundation
import Import
import Loading
import Moderation

/// `commonsight import`: residents' reports from 311 exports, Open311, form CSVs and e-mail, added as pending.
enum ImportCommand {
    static func run(_ args: [String], console: Console) throws(Arguments.UsageError) -> Int32 {
        if CommandLineTool.wantsHelp(args) {
            console.out(HelpText.command("import") ?? "")
            return 0
        }
        let parsed = try Arguments.parse(args, command: "import", valued: ["content", "default-category"], flags: ["dry-run"])
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
        let root = console.resolve(parsed.options["content"] ?? "content")
        let request = ImportRequest(root: root, neighborhood: slug, files: files.map(console.resolve),
                                    defaultCategory: parsed.options["default-category"])
        let dryRun = parsed.flags.contains("dry-run")
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
