import Diagnostics

/// `commonsight help [COMMAND]`: the overview, or one command's usage.
enum HelpCommand {
    static let command = Command(
        name: "help", summary: "show a command's usage",
        positionals: [Positional("COMMAND", .optional, "the command whose usage to show (without it, the overview)")],
        about: "Shows the usage of COMMAND, the same as 'commonsight COMMAND --help'.",
        run: run)

    static func run(_ parsed: Arguments, console: Console) throws(Arguments.UsageError) -> Int32 {
        guard let topic = parsed.positionals.first else {
            console.out(HelpText.overview())
            return 0
        }
        guard let command = CommandTable.named(topic) else {
            let names = CommandTable.names
            throw Arguments.UsageError(message: "no command '\(topic)'" + NearestName.hint(topic, known: names, otherwise: "; the commands are \(choices(names))"), command: nil)
        }
        console.out(HelpText.usage(command))
        return 0
    }
}
