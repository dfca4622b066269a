import Build
import Diagnostics

/// `commonsight`: dispatches to a command and returns the exit status (0 ok, 1 content errors, 2 usage).
public enum CommandLineTool {
    public static var version: String { Builder.version }

    /// A command's entry point: its arguments (after the command's name) to an exit status.
    typealias Subcommand = @Sendable ([String], Console) throws(Arguments.UsageError) -> Int32

    /// The commands by name (`help` and the options are answered here).
    static let subcommands: [String: Subcommand] = [
        "init": InitCommand.run, "build": BuildCommand.run, "serve": ServeCommand.run, "check": CheckCommand.run, "new": NewCommand.run,
        "render": RenderCommand.run, "suggest": SuggestCommand.run, "draft": DraftCommand.run, "review": ReviewCommand.run,
        "email": EmailCommand.run, "import": ImportCommand.run,
    ]

    public static func run(_ args: [String], console: Console) -> Int32 {
        guard let command = args.first else {
            console.err(HelpText.overview)
            return 2
        }
        let rest = Array(args.dropFirst())
        do throws(Arguments.UsageError) {
            switch command {
            case "--help", "-h":
                console.out(HelpText.overview)
                return 0
            case "--version":
                console.out("commonsight \(version)")
                return 0
            case "help":
                guard let topic = rest.first else { console.out(HelpText.overview); return 0 }
                guard let text = HelpText.command(topic) else {
                    throw Arguments.UsageError(message: "no command '\(topic)'" + NearestName.hint(topic, known: HelpText.commands, otherwise: "; the commands are \(choices(HelpText.commands))"), command: nil)
                }
                console.out(text)
                return 0
            default:
                guard let subcommand = subcommands[command] else {
                    let hint = NearestName.hint(command, known: HelpText.commands, otherwise: "; the commands are \(choices(HelpText.commands))")
                    throw Arguments.UsageError(message: "unknown command '\(command)'\(hint)", command: nil)
                }
                return try subcommand(rest, console)
            }
        } catch {
            console.err("error: \(error.message)")
            if let c = error.command {
                console.err("hint: run 'commonsight help \(c)' for its usage")
            } else {
                console.err("hint: run 'commonsight --help' for the commands")
            }
            return 2
        }
    }

    /// Wants help for a command: `--help` anywhere in its arguments.
    static func wantsHelp(_ args: [String]) -> Bool { args.contains("--help") || args.contains("-h") }

    /// Prints diagnostics (sorted) and returns how many were errors.
    static func report(_ diagnostics: [Diagnostic], console: Console) -> Int {
        for d in diagnostics.sortedForDisplay() {
            var shown = d
            shown.location.path = console.display(d.location.path)
            console.err(shown.description)
        }
        return diagnostics.errorCount
    }
}
