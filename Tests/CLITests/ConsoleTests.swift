import Foundation
import Testing
@testable import CLI

@Suite("The real console")
struct ConsoleTests {
    @Test("today is the machine's local day, as a DateFormatter in the POSIX locale writes it")
    func today() {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        // Read twice around the formatter, in case midnight passes between them.
        let before = Console.localToday()
        let expected = formatter.string(from: Date())
        let after = Console.localToday()
        #expect(before == expected || after == expected)
        #expect(Console.process().today == after || Console.process().today == Console.localToday())
    }

    @Test("only the real process ends with its command")
    func endsWithCommand() {
        #expect(Console.process().endsWithCommand)
        #expect(!Console(workingDirectory: "/", today: "2026-11-29", out: { _ in }, err: { _ in }).endsWithCommand)
    }
}
