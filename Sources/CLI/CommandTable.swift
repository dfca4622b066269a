/// The commands of `commonsight`, in the order the overview lists them. Each entry lives beside the
/// code that runs it, in `<Name>Command.swift`.
enum CommandTable {
    static let all: [Command] = [
        InitCommand.command, BuildCommand.command, ServeCommand.command, CheckCommand.command, NewCommand.command,
        SuggestCommand.command, DraftCommand.command, ReviewCommand.command, ImportCommand.command,
        EmailCommand.command, RenderCommand.command, HelpCommand.command,
    ]

    static var names: [String] { all.map(\.name) }

    static func named(_ name: String) -> Command? { all.first { $0.name == name } }
}
