import Alchemy
import Diagnostics
import Build
import Foundation
import Loading

/// `commonsight check`: load the content and report every problem.
enum CheckCommand {
    static func run(_ args: [String], console: Console) throws(Arguments.UsageError) -> Int32 {
        if CommandLineTool.wantsHelp(args) {
            console.out(HelpText.command("check") ?? "")
            return 0
        }
        let parsed = try Arguments.parse(args, command: "check", valued: ["content", "templates"], flags: [])
        if let extra = parsed.positionals.first {
            throw Arguments.UsageError(message: "unexpected argument '\(extra)'; 'check' takes only options", command: "check")
        }
        let root = console.resolve(parsed.options["content"] ?? "content")
        // The theme is checked when named or found; the built-in one is checked by the tests.
        let templates = ThemeChoice.templates(parsed.options["templates"], content: root, console: console)
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
        return 0
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
