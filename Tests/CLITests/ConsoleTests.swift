import Foundation
import Testing
@testable import CLI

@Suite("The real console")
struct ConsoleTests {
    @Test("today is the machine's local day, as date(1) gives it")
    func today() throws {
        let date = Process()
        date.executableURL = URL(fileURLWithPath: "/bin/date")
        date.arguments = ["+%Y-%m-%d"]
        let pipe = Pipe()
        date.standardOutput = pipe
        // Read twice around the program, in case midnight passes between them.
        let before = Console.localToday()
        try date.run()
        date.waitUntilExit()
        let expected = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let after = Console.localToday()
        #expect(before == expected || after == expected)
        #expect(after.utf8.count == 10)
    }

    @Test("only the real process ends with its command")
    func endsWithCommand() {
        #expect(Console.process().endsWithCommand)
        #expect(!Console(workingDirectory: "/", today: "2026-11-29", out: { _ in }, err: { _ in }).endsWithCommand)
    }
}
