/// One command of the program, as its table entry: how it is called, what `help` says about it, and
/// what runs it. Parsing, `help`, `--help`, the overview and the README's usage block all read it.
struct Command: Sendable {
    /// What runs a command: its checked arguments to an exit status.
    typealias Run = @Sendable (Arguments, Console) throws(Arguments.UsageError) -> Int32

    /// The word after `commonsight`.
    var name: String
    /// One line for the overview's list of commands.
    var summary: String
    /// The ways to call it, after its name, naming options without their values (`[--content]`,
    /// `(--publish | --remove)`): the usage shows each option's value name. Empty: the positionals,
    /// then every option in brackets.
    var forms: [String] = []
    var positionals: [Positional] = []
    var options: [Option] = []
    /// The paragraphs of `help COMMAND` before the arguments and options.
    var about: String
    /// The paragraphs after the options: an example, the exit status.
    var notes: String = ""
    var run: Run

    /// The declared option called `name` (without its dashes).
    func option(_ name: String) -> Option? { options.first { $0.name == name } }
}

/// An option of a command: `--name VALUE`, or a flag when it has no value.
struct Option: Sendable, Equatable {
    /// The name without its dashes.
    var name: String
    /// What its value is called in the usage (`DIR`, `YYYY-MM-DD`); nil for a flag.
    var value: String?
    /// One line for `help COMMAND`.
    var help: String

    init(_ name: String, _ value: String? = nil, _ help: String) {
        (self.name, self.value, self.help) = (name, value, help)
    }

    /// `--name VALUE` or `--name`, as the usage shows it.
    var usage: String { "--" + name + (value.map { " " + $0 } ?? "") }
}

/// A word of a command's arguments that is not an option.
struct Positional: Sendable, Equatable {
    enum Count: Sendable, Equatable {
        /// Exactly one.
        case one
        /// None or one.
        case optional
        /// One or more.
        case many
        /// Any number, which the command checks itself.
        case rest
    }

    var name: String
    var count: Count
    /// One line for `help COMMAND`.
    var help: String

    init(_ name: String, _ count: Count = .one, _ help: String) {
        (self.name, self.count, self.help) = (name, count, help)
    }

    /// `NAME`, `[NAME]` or `NAME...`, as the usage shows it.
    var usage: String {
        switch count {
        case .one: return name
        case .optional: return "[\(name)]"
        case .many: return "\(name)..."
        case .rest: return "[\(name)...]"
        }
    }
}
