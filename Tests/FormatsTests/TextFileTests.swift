import Diagnostics
import Testing
@testable import Formats

@Suite("Text files and front matter")
struct TextFileTests {
    @Test("a byte-order mark is ignored and CRLF reads as LF")
    func bomAndCRLF() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("a\r\nb\rc".utf8)
        #expect(try TextFile.decode(bytes, path: "x").get() == "a\nb\nc")
    }

    @Test("invalid UTF-8 is an error at the bad byte")
    func invalidUTF8() {
        let bytes = Array("ok\nab".utf8) + [0xFF] + Array("c".utf8)
        guard case .failure(let d) = TextFile.decode(bytes, path: "x.md") else { Issue.record("decoded"); return }
        #expect(d.description == "x.md:2:3: error: the file is not valid UTF-8 (byte 0xFF); save it as UTF-8")
    }

    func frontMatter(_ text: String) -> (FrontMatter?, [String]) {
        var log = DiagnosticLog()
        let fm = FrontMatter.parse(text, path: "s.md", log: &log)
        return (fm, log.items.map(\.description))
    }

    @Test("front matter is split from the body, and the body knows its first line")
    func split() throws {
        let (fm, errors) = frontMatter("---\ntitle: Hi\n---\nBody\n")
        #expect(errors.isEmpty)
        let f = try #require(fm)
        #expect(f.fields["title"]?.scalarText == "Hi")
        #expect(f.body == "Body")
        #expect(f.bodyLine == 4)
    }

    @Test("an empty file, missing front matter and unclosed front matter are each an error at line 1")
    func missing() {
        #expect(frontMatter("").1 == ["s.md:1:1: error: the file is empty; expected front matter between '---' lines"])
        #expect(frontMatter("title: x\n").1 == ["s.md:1:1: error: missing front matter: the file must start with a '---' line, then YAML, then '---'"])
        #expect(frontMatter("---\ntitle: x\n").1 == ["s.md:1:1: error: front matter is not closed: expected a '---' line after the YAML"])
    }

    @Test("front matter that is a list is an error")
    func notMapping() {
        #expect(frontMatter("---\n- a\n---\n").1 == ["s.md:2:1: error: front matter must be a mapping of 'key: value' lines, found a list"])
    }
}
