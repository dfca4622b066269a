import Diagnostics
import Escaping
import Testing
@testable import Formats

@Suite("A value the tool writes into YAML reads back as it was")
struct YAMLQuotingTests {
    /// What libyaml reads back from `title: <quoted>` inside front matter, and the problems it reports.
    func readBack(_ text: String) -> (String?, [String]) {
        var log = DiagnosticLog()
        let file = "---\ntitle: \(Escape.yaml(text))\nstatus: draft\n---\nBody.\n"
        let parsed = FrontMatter.parse(file, path: "s.md", log: &log)
        return (stringValue(parsed?.fields["title"]), log.items.map(\.description))
    }

    /// The text of a quoted scalar; nil for anything else.
    func stringValue(_ node: Node?) -> String? {
        if case .string(let s)? = node?.value { return s }
        return nil
    }

    static let classes: [(String, [UInt32])] = [
        ("C0 controls", Array(0x00...0x1F)),
        ("DEL", [0x7F]),
        ("C1 controls", Array(0x80...0x9F)),
        ("next line U+0085", [0x85]),
        ("line and paragraph separators", [0x2028, 0x2029]),
        ("byte order mark", [0xFEFF]),
        ("noncharacters", [0xFFFE, 0xFFFF, 0x1FFFE, 0x10FFFF]),
        ("quote and backslash", [0x22, 0x5C]),
        ("printable ASCII", Array(0x20...0x7E)),
        ("Latin-1 and beyond", [0xA0, 0xE9, 0x300, 0x627, 0x4E2D, 0xD7FF, 0xE000, 0xFFFD]),
        ("astral", [0x10000, 0x1F600, 0xE0001]),
    ]

    @Test("every character class reads back as itself, alone, repeated and between words",
          arguments: Self.classes.map(\.0))
    func roundTripsEveryClass(_ name: String) throws {
        let scalars = try #require(Self.classes.first { $0.0 == name }).1
        for v in scalars {
            let c = String(Character(try #require(Unicode.Scalar(v))))
            for text in [c, c + c + c, "Speeding " + c + " on: Main - #1 ", c + "---\n" + c] {
                let (value, errors) = readBack(text)
                #expect(errors.isEmpty, "U+\(String(v, radix: 16)) in \(name): \(errors)")
                #expect(value?.unicodeScalars.elementsEqual(text.unicodeScalars) == true,
                        "U+\(String(v, radix: 16)) in \(name) read back as \(String(describing: value))")
            }
        }
    }

    @Test("every Unicode scalar reads back as itself, in runs of 4096")
    func roundTripsEveryScalar() throws {
        var start: UInt32 = 0
        while start <= 0x10FFFF {
            let end = min(start + 4095, 0x10FFFF)
            var text = ""
            for v in start...end { if let s = Unicode.Scalar(v) { text.unicodeScalars.append(s) } }
            var log = DiagnosticLog()
            let node = YAML.parse("t: \(Escape.yaml(text))\n", path: "s.md", log: &log)
            #expect(log.items.isEmpty, "U+\(String(start, radix: 16)): \(log.items.map(\.description))")
            #expect(stringValue(node?["t"])?.unicodeScalars.elementsEqual(text.unicodeScalars) == true,
                    "the run from U+\(String(start, radix: 16)) changed")
            start = end + 1
        }
    }

    @Test("the quoted text is one line of printable characters")
    func oneLine() {
        let q = Escape.yaml("a\u{85}b\u{2028}c\u{2029}d\r\ne\u{FEFF}f\u{9B}g\u{1B}[31m")
        #expect(q == "\"a\\x85b\\u2028c\\u2029d\\r\\ne\\uFEFFf\\x9Bg\\x1B[31m\"")
        #expect(!q.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x2028 || $0.value == 0x2029 || $0.value == 0xFEFF })
    }

    @Test("plain text is only wrapped in quotes")
    func plainText() {
        #expect(Escape.yaml("Speeding on Main: 3 reports") == "\"Speeding on Main: 3 reports\"")
        #expect(Escape.yaml("") == "\"\"")
        #expect(Escape.yaml("say \"hi\" \\ now") == "\"say \\\"hi\\\" \\\\ now\"")
    }
}
