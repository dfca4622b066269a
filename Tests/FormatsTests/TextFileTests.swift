import TestSupport
import Foundation
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

    @Test("the first bad byte and the line ends are those of the scalar-by-scalar reading, on 5,000 random files")
    func asTheScalarByScalarReading() {
        func firstInvalid(_ bytes: [UInt8], from start: Int) -> Int? {
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = bytes[start...].makeIterator()
            var offset = start
            while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid(let scalar): offset += scalar.count
                case .emptyInput: return nil
                case .error: return offset
                }
            }
        }
        let pieces: [[UInt8]] = [Array("abcdefgh".utf8), Array("x".utf8), [0x0D], [0x0A], [0x0D, 0x0A], Array("é".utf8), Array("😀".utf8),
                                 Array("ال".utf8), [0xFF], [0xC3], [0xE2, 0x80], [0x80], [0xF0, 0x9F, 0x98], [0xED, 0xA0, 0x80], [0xC0, 0xAF]]
        var random = SeededRandom(seed: 17)
        func next(_ n: Int) -> Int { random.next(n) }
        for round in 0..<5_000 {
            let usable = round % 3 == 0 ? 8 : pieces.count
            let bytes = (0..<next(40)).flatMap { _ in pieces[next(usable)] }
            #expect(TextFile.firstInvalidUTF8(bytes, from: 0) == firstInvalid(bytes, from: 0), "\(bytes)")
            if firstInvalid(bytes, from: 0) == nil {
                let text = String(decoding: bytes, as: UTF8.self)
                let expected = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
                #expect(Array((try? TextFile.decode(bytes, path: "x").get())?.utf8 ?? "".utf8) == Array(expected.utf8), "\(bytes)")
            }
        }
    }

    func frontMatter(_ text: String) -> (FrontMatter?, [String]) { parsed { FrontMatter.parse(text, path: "s.md", log: &$0) } }

    @Test("front matter is split from the body, and the body knows its first line")
    func split() throws {
        let f = try clean(frontMatter("---\ntitle: Hi\n---\nBody\n"))
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
