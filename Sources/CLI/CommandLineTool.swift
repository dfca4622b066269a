import Build
import Diagnostics

/// `commonsight`: dispatches to a command and returns the exit status (0 ok, 1 content errors, 2 usage).
public enum CommandLineTool {
    public static var version: String { Builder.version }

    public static func run(_ args: [String], console: Console) -> Int32 {
        run(args, console: console, commands: CommandTable.all)
    }

    /// Runs one of `commands`: the table, or the table and a command a test adds.
    static func run(_ args: [String], console: Console, commands: [Command]) -> Int32 {
        guard let name = args.first else {
            console.err(HelpText.overview(commands))
            return 2
        }
        let rest = Array(args.dropFirst())
        do throws(Arguments.UsageError) {
            switch name {
            case "--help", "-h":
                console.out(HelpText.overview(commands))
                return 0
            case "--version":
                console.out("commonsight \(version)")
                return 0
            default:
                let names = commands.map(\.name)
                guard let command = commands.first(where: { $0.name == name }) else {
                    let hint = NearestName.hint(name, known: names, otherwise: "; the commands are \(choices(names))")
                    throw Arguments.UsageError(message: "unknown command '\(name)'\(hint)", command: nil)
                }
                if wantsHelp(rest) {
                    console.out(HelpText.usage(command))
                    return 0
                }
                return try command.run(try Arguments.parse(rest, for: command), console)
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
