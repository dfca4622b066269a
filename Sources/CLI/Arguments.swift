import Diagnostics

/// Command-line arguments split into options, flags and positionals, checked against what a command accepts.
public struct Arguments: Equatable, Sendable {
    public var options: [String: String] = [:]
    public var flags: Set<String> = []
    public var positionals: [String] = []

    /// A mistake in how the command was called: exit status 2, with a hint.
    public struct UsageError: Error, Equatable, CustomStringConvertible {
        public var message: String
        public var command: String?
        public var description: String { message }
    }

    /// Parses `--name value`, `--name=value` and `--flag`; `--` ends the options.
    public static func parse(_ args: [String], command: String, valued: Set<String>, flags: Set<String>) throws(UsageError) -> Arguments {
        var out = Arguments()
        var i = 0
        var onlyPositionals = false
        while i < args.count {
            let arg = args[i]
            i += 1
            if onlyPositionals || !arg.hasPrefix("--") || arg == "-" {
                if arg.hasPrefix("-"), arg.count > 1, !onlyPositionals {
                    throw UsageError(message: "unknown option '\(arg)' for '\(command)'", command: command)
                }
                out.positionals.append(arg)
                continue
            }
            if arg == "--" { onlyPositionals = true; continue }
            var name = String(arg.dropFirst(2))
            var value: String?
            if let eq = name.firstIndex(of: "=") {
                value = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            if valued.contains(name) {
                if value == nil {
                    guard i < args.count else { throw UsageError(message: "option '--\(name)' needs a value", command: command) }
                    value = args[i]
                    i += 1
                }
                if out.options[name] != nil { throw UsageError(message: "option '--\(name)' is given twice", command: command) }
                out.options[name] = value
            } else if flags.contains(name) {
                if value != nil { throw UsageError(message: "option '--\(name)' takes no value", command: command) }
                out.flags.insert(name)
            } else {
                let known = (valued.union(flags)).sorted().map { "--" + $0 }
                var hint = known.isEmpty ? "it takes no options" : "expected \(known.joined(separator: ", "))"
                if let near = NearestName.among(known, near: "--" + name) { hint = "did you mean '\(near)'?" }
                throw UsageError(message: "unknown option '--\(name)' for '\(command)'; \(hint)", command: command)
            }
        }
        return out
    }
}
