import Diagnostics

/// A command's arguments split into options, flags and positionals, checked against its table entry.
public struct Arguments: Equatable, Sendable {
    /// The values of the valued options given, by name.
    public private(set) var options: [String: String] = [:]
    /// The flags given.
    public private(set) var flags: Set<String> = []
    public private(set) var positionals: [String] = []
    /// Every option the command declares, valued or not: what the code may ask for.
    private var declared: Set<String> = []

    /// A mistake in how the command was called: exit status 2, with a hint.
    public struct UsageError: Error, Equatable, CustomStringConvertible {
        public var message: String
        public var command: String?
        public var description: String { message }
    }

    /// The value of `--name`, when it was given.
    func value(_ name: String) -> String? {
        assert(declared.contains(name), "'--\(name)' is read but not declared in the command's table entry")
        return options[name]
    }

    /// True when the flag `--name` was given.
    func flag(_ name: String) -> Bool {
        assert(declared.contains(name), "'--\(name)' is read but not declared in the command's table entry")
        return flags.contains(name)
    }

    /// The arguments of `command`, checked against its options and positionals.
    static func parse(_ args: [String], for command: Command) throws(UsageError) -> Arguments {
        try parse(args, command: command.name, options: command.options, positionals: command.positionals)
    }

    /// Parses `--name value`, `--name=value` and `--flag`; `--` ends the options. Then checks the
    /// number of positionals, when `positionals` says how many.
    static func parse(_ args: [String], command: String, options: [Option], positionals: [Positional]? = nil) throws(UsageError) -> Arguments {
        let valued = Set(options.filter { $0.value != nil }.map(\.name))
        let flags = Set(options.filter { $0.value == nil }.map(\.name))
        var out = Arguments()
        out.declared = valued.union(flags)
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
                let known = out.declared.sorted().map { "--" + $0 }
                var hint = known.isEmpty ? "it takes no options" : "expected \(known.joined(separator: ", "))"
                if let near = NearestName.among(known, near: "--" + name) { hint = "did you mean '\(near)'?" }
                throw UsageError(message: "unknown option '--\(name)' for '\(command)'; \(hint)", command: command)
            }
        }
        if let positionals { try out.check(positionals, command: command) }
        return out
    }

    /// Too many positionals, or too few for those that must be given.
    private func check(_ declared: [Positional], command: String) throws(UsageError) {
        let open = declared.contains { $0.count == .many || $0.count == .rest }
        if !open, positionals.count > declared.count {
            let extra = positionals[declared.count]
            let takes: String
            switch (declared.count, declared.first?.count) {
            case (0, _): takes = "takes only options"
            case (1, .optional?): takes = "takes at most one \(declared[0].name)"
            default: takes = "takes " + declared.map(\.usage).joined(separator: " ")
            }
            throw UsageError(message: "unexpected argument '\(extra)'; '\(command)' \(takes)", command: command)
        }
        let needed = declared.filter { $0.count == .one || $0.count == .many }
        if positionals.count < needed.count {
            let missing = needed[positionals.count]
            throw UsageError(message: "'\(command)' needs \(missing.name): \(missing.help)", command: command)
        }
    }
}
