import Foundation

/// Every usage text, made from the command table: the overview, `help COMMAND` and the usage block
/// that README.md's "Commands" section holds.
enum HelpText {
    /// The width that usage lines and option help wrap at.
    static let width = 100

    /// The usage of every command, one form a line (wrapped), as README.md shows it.
    static func synopsis(_ commands: [Command] = CommandTable.all) -> [String] {
        let pad = commands.map(\.name.count).max() ?? 0
        var lines: [String] = []
        for command in commands {
            let head = "commonsight " + command.name.padding(toLength: pad, withPad: " ", startingAt: 0) + " "
            for form in forms(command) { lines += wrap(form, first: head, rest: String(repeating: " ", count: head.count)) }
        }
        return lines + ["commonsight --help | --version"]
    }

    /// `commonsight --help`: every command's usage and summary.
    static func overview(_ commands: [Command] = CommandTable.all) -> String {
        let pad = commands.map(\.name.count).max() ?? 0
        let summaries = commands.map { "  " + $0.name.padding(toLength: pad + 1, withPad: " ", startingAt: 0) + $0.summary }
        return (["commonsight: a static site generator for neighborhood digests", "", "Usage:"]
            + synopsis(commands).map { "  " + $0 } + ["", "Commands:"] + summaries
            + ["", "Exit status: 0 success, 1 content errors, 2 wrong usage."]).joined(separator: "\n")
    }

    /// `help NAME`: its usage, what it does, its arguments and options, and its notes.
    static func usage(_ command: Command) -> String {
        var lines: [String] = []
        for (i, form) in forms(command).enumerated() {
            let head = (i == 0 ? "Usage: " : "       ") + "commonsight \(command.name) "
            lines += wrap(form, first: head, rest: String(repeating: " ", count: head.count))
        }
        lines += ["", command.about]
        if !command.positionals.isEmpty {
            lines += ["", "Arguments:"] + table(command.positionals.map { ($0.name, $0.help) })
        }
        if !command.options.isEmpty {
            lines += ["", "Options:"] + table(command.options.map { ($0.usage, $0.help) })
        }
        if !command.notes.isEmpty { lines += ["", command.notes] }
        return lines.joined(separator: "\n")
    }

    /// A command's forms with each option's value name: `[--content]` becomes `[--content DIR]`.
    static func forms(_ command: Command) -> [String] {
        guard !command.forms.isEmpty else {
            return [(command.positionals.map(\.usage) + command.options.map { "[\($0.usage)]" }).joined(separator: " ")]
        }
        return command.forms.map { form in
            words(form).map { word in
                word.replacing(/--[a-z0-9-]+/) { match in command.option(String(match.output.dropFirst(2)))?.usage ?? String(match.output) }
            }.joined(separator: " ")
        }
    }

    /// Two columns, names then help, the help wrapped under itself.
    static func table(_ rows: [(name: String, help: String)]) -> [String] {
        let column = min(rows.map(\.name.count).max() ?? 0, 24) + 4
        var lines: [String] = []
        for row in rows {
            let name = "  " + row.name
            if name.count + 2 > column {
                lines.append(name)
                lines += wrap(row.help, first: String(repeating: " ", count: column), rest: String(repeating: " ", count: column), grouped: false)
            } else {
                lines += wrap(row.help, first: name.padding(toLength: column, withPad: " ", startingAt: 0),
                              rest: String(repeating: " ", count: column), grouped: false)
            }
        }
        return lines
    }

    /// `text` in lines of at most `width` characters, after `first` and then `rest`; a usage
    /// (`grouped`) breaks only between groups of options.
    static func wrap(_ text: String, first: String, rest: String, grouped: Bool = true) -> [String] {
        var lines: [String] = []
        var line = first
        var empty = true
        for word in grouped ? words(text) : text.split(separator: " ").map(String.init) {
            if !empty, line.count + 1 + word.count > width {
                lines.append(line)
                line = rest
                empty = true
            }
            line += (empty ? "" : " ") + word
            empty = false
        }
        return lines + [line]
    }

    /// The words of a usage, where a group in brackets or parentheses counts as one word.
    static func words(_ text: String) -> [String] {
        var out: [String] = []
        var word = ""
        var depth = 0
        for c in text {
            if c == " ", depth == 0 {
                if !word.isEmpty { out.append(word) }
                word = ""
                continue
            }
            if c == "[" || c == "(" { depth += 1 }
            if c == "]" || c == ")" { depth = max(0, depth - 1) }
            word.append(c)
        }
        if !word.isEmpty { out.append(word) }
        return out
    }
}
