import Diagnostics
import Testing
@testable import Formats

@Suite("YAML front matter")
struct YAMLTests {
    func parse(_ text: String, firstLine: Int = 1) -> (Node?, [String]) { parsed { YAML.parse(text, path: "f.md", firstLine: firstLine, log: &$0) } }

    @Test("plain scalars follow the core schema; quoted ones stay text")
    func scalarTypes() throws {
        let (node, _) = parse("a: 12\nb: \"12\"\nc: true\nd: ~\ne: 2024-05-01\nf: 007\n")
        let n = try #require(node)
        guard case .number(12, "12") = n["a"]?.value else { Issue.record("a is not a number"); return }
        guard case .string("12") = n["b"]?.value else { Issue.record("b is not text"); return }
        guard case .bool(true) = n["c"]?.value else { Issue.record("c is not a boolean"); return }
        #expect(n["d"]?.isNull == true)
        #expect(n["e"]?.scalarText == "2024-05-01")
        #expect(n["f"]?.scalarText == "007")
    }

    @Test("positions count from the line where the YAML starts in the file")
    func positions() throws {
        let (node, _) = parse("title: x\ntags: [a, b]\n", firstLine: 2)
        let n = try #require(node)
        #expect(n["tags"]?.location.description == "f.md:3:7")
        #expect(n.entries?[1].keyLocation.description == "f.md:3:1")
    }

    @Test("U+2028, U+2029 and U+0085 in a value do not end a line: positions count LF, CRLF and CR as an editor does")
    func unicodeBreaksAreNotLines() throws {
        for separator in ["\u{2028}", "\u{2029}", "\u{85}"] {
            let (node, _) = parse("title: \"one\(separator)two\"\nplace: é \(separator) x\ntags: [a, b]\n", firstLine: 2)
            let n = try #require(node)
            #expect(n["tags"]?.location.description == "f.md:4:7", "\(separator.unicodeScalars.first!.value)")
            #expect(n.entries?[2].keyLocation.description == "f.md:4:1")
            #expect(n["place"]?.location.description == "f.md:3:8")
            let (_, errors) = parse("title: \"one\(separator)two\"\nb: c\r\nd: [unclosed\n", firstLine: 2)
            #expect(errors.count == 1)
            #expect(errors.first?.hasPrefix("f.md:5:") == true, "\(errors)")
        }
    }

    @Test("a syntax error names its line and column in the file")
    func syntaxError() {
        let (node, errors) = parse("title: [unclosed\nb: c\n", firstLine: 2)
        #expect(node == nil)
        #expect(errors.count == 1)
        #expect(errors[0].hasPrefix("f.md:3:2: error: YAML syntax error:"))
    }

    @Test("anchors and aliases are refused")
    func anchorsAndAliases() {
        #expect(parse("a: &x 1\nb: *x\n").1 == ["f.md:1:4: error: YAML anchors ('&name') are not allowed here; write the value out"])
        #expect(parse("a: *x\n").1.first?.contains("error") == true)
    }

    @Test("the billion-laughs document is refused at its first anchor")
    func billionLaughs() {
        let doc = "a: &a [\"lol\",\"lol\"]\nb: &b [*a,*a,*a]\nc: &c [*b,*b,*b]\n"
        let (node, errors) = parse(doc)
        #expect(node == nil)
        #expect(errors == ["f.md:1:4: error: YAML anchors ('&name') are not allowed here; write the value out"])
    }

    @Test("nesting deeper than 64 levels is an error, not a crash")
    func deepNesting() {
        let doc = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        let (node, errors) = parse(doc)
        #expect(node == nil)
        #expect(errors.first?.hasSuffix("error: nesting is deeper than 64 levels") == true)
    }

    @Test("a key that appears twice is an error at the second one, naming where the first was")
    func duplicateKey() {
        #expect(parse("title: a\ntitle: b\n").1 == ["f.md:2:1: error: the key 'title' appears twice; first at line 1, column 1"])
        #expect(parse("a: 1\nb:\n  c: 1\n  c: 2\n", firstLine: 2).1 == ["f.md:5:3: error: the key 'c' appears twice; first at line 4, column 3"])
        #expect(parse("a: {x: 1}\nb: {x: 2}\n").1.isEmpty)
    }

    @Test("a mapping of many keys and a list of many items are read in linear time")
    func manyKeys() throws {
        let count = 50_000
        let map = try #require(parse((0..<count).map { "k\($0): \($0)" }.joined(separator: "\n")).0)
        #expect(map.entries?.count == count)
        let list = try #require(parse("[" + (0..<count).map { "\($0)" }.joined(separator: ", ") + "]").0)
        #expect(list.items?.count == count)
    }
}

extension Node: Equatable {
    public static func == (a: Node, b: Node) -> Bool { a.location == b.location && a.scalarText == b.scalarText }
}
