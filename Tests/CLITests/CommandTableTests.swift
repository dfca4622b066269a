import CLITestSupport
import Foundation
import Testing
@testable import CLI

@Suite("The command table")
struct CommandTableTests {
    /// The lines of the first fenced block under README.md's "## Commands".
    func readmeUsage() throws -> [String] {
        let readme = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        let section = try #require(lines.firstIndex(of: "## Commands"))
        let open = try #require(lines[section...].firstIndex { $0.hasPrefix("```") })
        let close = try #require(lines[(open + 1)...].firstIndex { $0.hasPrefix("```") })
        return Array(lines[(open + 1)..<close])
    }

    @Test("README.md's usage block is the program's synopsis")
    func readmeSynopsis() throws {
        let expected = HelpText.synopsis()
        #expect(try readmeUsage() == expected, "README.md's '## Commands' block should be:\n\(expected.joined(separator: "\n"))")
    }

    @Test("the overview lists every command's usage and summary")
    func overview() {
        let text = HelpText.overview()
        for line in HelpText.synopsis() { #expect(text.contains("\n  " + line + "\n"), "\(line)") }
        for command in CommandTable.all { #expect(text.contains("  \(command.name) ") && text.contains(command.summary)) }
    }

    @Test("help COMMAND and COMMAND --help print the same usage, which names every option")
    func helpForEveryCommand() {
        for command in CommandTable.all {
            let help = Transcript()
            #expect(CommandLineTool.run(["help", command.name], console: help.console()) == 0)
            let flag = Transcript()
            #expect(CommandLineTool.run([command.name, "--help"], console: flag.console()) == 0)
            #expect(help.out == flag.out)
            #expect(help.out.hasPrefix("Usage: commonsight \(command.name)"), "\(help.out)")
            for option in command.options { #expect(help.out.contains("\n  " + option.usage + " "), "\(command.name) \(option.usage)") }
            for positional in command.positionals { #expect(help.out.contains("\n  " + positional.name + " ")) }
        }
    }

    @Test("names are unique, and each usage names exactly the options its command declares")
    func formsMatchOptions() {
        #expect(Set(CommandTable.names).count == CommandTable.all.count)
        for command in CommandTable.all {
            let declared = command.options.map(\.name)
            #expect(Set(declared).count == declared.count, "\(command.name) declares an option twice")
            let named = Set(HelpText.forms(command).flatMap { $0.matches(of: /--([a-z0-9-]+)/).map { String($0.output.1) } })
            #expect(named == Set(declared), "\(command.name): the usage names \(named.sorted()), the table \(declared.sorted())")
            for form in HelpText.forms(command) {
                for option in command.options where form.contains("--" + option.name + " ") || form.contains("--" + option.name + "]") {
                    #expect(form.contains(option.usage), "\(command.name): \(form) should show \(option.usage)")
                }
            }
        }
    }

    /// Option names the code reads by name: `parsed.value("x")`, `parsed.flag("x")`.
    func reads(_ source: String) -> Set<String> {
        let found = source.matches(of: /\.(?:value|flag)\("([a-z0-9-]+)"\)|options\["([a-z0-9-]+)"\]|flags\.contains\("([a-z0-9-]+)"\)/)
        return Set(found.compactMap { m in (m.output.1 ?? m.output.2 ?? m.output.3).map(String.init) })
    }

    @Test("every option a command's code reads is declared in its table entry")
    func readsAreDeclared() throws {
        // A command's code is its file, <Name>Command.swift, and the files of the types it names
        // (BuildOptions, SuggestionInputs): a helper that reads options lives in its own file.
        let folder = packageRoot + "/Sources/CLI"
        var sources: [String: String] = [:]
        var declaredIn: [String: Set<String>] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            sources[file] = text
            for line in text.split(separator: "\n") {
                if let m = line.prefixMatch(of: /(?:public )?(?:final )?(?:enum|struct|class|extension) ([A-Za-z]+)/) {
                    declaredIn[String(m.output.1), default: []].insert(file)
                }
            }
        }
        var readAnywhere = 0
        for command in CommandTable.all {
            let file = command.name.prefix(1).uppercased() + command.name.dropFirst() + "Command.swift"
            let source = try #require(sources[file], "\(command.name)'s code should be in \(file)")
            let named = Set(source.matches(of: /[A-Za-z]+/).map { String($0.output) })
            var files: Set<String> = [file]
            for (type, holders) in declaredIn where named.contains(type) { files.formUnion(holders) }
            #expect(files.contains("BuildOptions.swift") == ["build", "serve"].contains(command.name))
            let declared = Set(command.options.map(\.name))
            for f in files.sorted() {
                let read = reads(sources[f] ?? "")
                readAnywhere += read.count
                #expect(read.isSubset(of: declared), "\(f) reads \(read.subtracting(declared).sorted()), which '\(command.name)' does not declare")
            }
        }
        #expect(readAnywhere > 50, "the scan should find the options the commands read")
    }

    @Test("unknown options, missing and extra arguments are usage errors with the table's words")
    func positionals() {
        func err(_ args: String...) -> (Int32, String) {
            let t = Transcript()
            return (CommandLineTool.run(args, console: t.console()), t.err)
        }
        #expect(err("build", "extra") == (2, "error: unexpected argument 'extra'; 'build' takes only options\nhint: run 'commonsight help build' for its usage"))
        #expect(err("init", "a", "b").1.hasPrefix("error: unexpected argument 'b'; 'init' takes at most one DIR\n"))
        #expect(err("suggest").1.hasPrefix("error: 'suggest' needs NEIGHBORHOOD: the neighborhood's folder name"))
        #expect(err("suggest", "a", "b").1.hasPrefix("error: unexpected argument 'b'; 'suggest' takes NEIGHBORHOOD\n"))
        #expect(err("import").1.hasPrefix("error: 'import' needs FILE: "))
        #expect(err("render", "--batch", "--template", "x").1.hasPrefix("error: 'render --batch' reads its templates from stdin; unexpected '--template'"))
        #expect(err("draft", "--sugestion", "1").1.hasPrefix("error: unknown option '--sugestion' for 'draft'; did you mean '--suggestion'?"))
        #expect(err("help", "buidl").1.hasPrefix("error: no command 'buidl'; did you mean 'build'?"))
    }

    /// A command made the way docs/architecture.md says: its entry and its run function.
    enum HelloCommand {
        static let command = Command(
            name: "hello", summary: "greet a neighbor",
            positionals: [Positional("NAME", .one, "who to greet")],
            options: [Option("times", "N", "how many times (default: 1)"), Option("loud", nil, "in capitals")],
            about: "Prints a greeting.",
            run: run)

        static func run(_ parsed: Arguments, console: Console) throws(Arguments.UsageError) -> Int32 {
            guard let times = Int(parsed.value("times") ?? "1"), times >= 1 else {
                throw Arguments.UsageError(message: "--times is not a number from 1", command: "hello")
            }
            let line = "hello, " + parsed.positionals[0]
            for _ in 0..<times { console.out(parsed.flag("loud") ? line.uppercased() : line) }
            return 0
        }
    }

    @Test("a new command is parsed, run and documented from its table entry alone")
    func newCommand() {
        let table = CommandTable.all + [HelloCommand.command]
        let ran = Transcript()
        #expect(CommandLineTool.run(["hello", "sam", "--times=2", "--loud"], console: ran.console(), commands: table) == 0)
        #expect(ran.out == "HELLO, SAM\nHELLO, SAM")
        let wrong = Transcript()
        #expect(CommandLineTool.run(["hello", "sam", "--lodu"], console: wrong.console(), commands: table) == 2)
        #expect(wrong.err.hasPrefix("error: unknown option '--lodu' for 'hello'; did you mean '--loud'?"))
        let help = Transcript()
        #expect(CommandLineTool.run(["hello", "--help"], console: help.console(), commands: table) == 0)
        #expect(help.out.hasPrefix("Usage: commonsight hello NAME [--times N] [--loud]\n\nPrints a greeting."))
        let overview = Transcript()
        #expect(CommandLineTool.run(["--help"], console: overview.console(), commands: table) == 0)
        #expect(overview.out.contains("commonsight hello   NAME [--times N] [--loud]") && overview.out.contains("  hello   greet a neighbor"))
    }
}
