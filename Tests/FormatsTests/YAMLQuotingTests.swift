import Diagnostics
import Escaping
import Testing
@testable import Formats

@Suite("A value the tool writes into YAML reads back as it was")
struct YAMLQuotingTests {
    /// `title: <quoted value>` read back through the YAML reader.
    func readBack(_ value: String) -> (String?, [Diagnostic]) {
        var log = DiagnosticLog()
        let node = YAML.parse("title: " + Escape.yaml(value) + "\n", path: "t.md", log: &log)
        return (node?["title"]?.scalarText, log.items)
    }

    @Test("C1 controls, line and paragraph separators, NEL and byte-order marks are escaped and read back unchanged")
    func everyClass() {
        var special: [Unicode.Scalar] = (0x80...0x9F).map { Unicode.Scalar(UInt32($0))! }
        special += ["\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFE}", "\u{FFFF}", "\"", "\\", "\u{A0}", "é", "س", "\u{1F6B2}"]
        for scalar in special {
            let value = "a" + String(scalar) + "b"
            let (read, problems) = readBack(value)
            #expect(problems.isEmpty && read == value, "U+\(String(scalar.value, radix: 16, uppercase: true)): \(problems) \(String(describing: read))")
        }
        let all = String(String.UnicodeScalarView(special))
        #expect(readBack("A model's \(all) title").0 == "A model's \(all) title")
    }

    @Test("C0 controls other than a line break become spaces, and a line break stays one")
    func controls() {
        #expect(readBack("one\u{1B}[31mtwo\u{0}three").0 == "one [31mtwo three")
        #expect(readBack("line\nnext").0 == "line\nnext")
    }
}
