import Foundation
import Testing
@testable import Themes

/// The scanner that finds `'key' | t` and `ldate: 'name'` in templates agrees with the regular
/// expressions it replaced, kept here as the reference.
@Suite("Finding the words a template uses")
struct KeyScanTests {
    static let message = try! NSRegularExpression(pattern: #"(['"])([A-Za-z0-9_.-]+)\1\s*\|\s*t(?=[\s:}|%-])"#)
    static let dateFormat = try! NSRegularExpression(pattern: #"\|\s*ldate\s*:\s*(['"])([A-Za-z0-9_]+)\1"#)

    /// What the regular expressions find in a line: messages, then date formats, each with its column in characters.
    static func reference(_ line: String) -> [KeyScan.Use] {
        let ns = line as NSString
        func found(_ pattern: NSRegularExpression, date: Bool) -> [KeyScan.Use] {
            pattern.matches(in: line, range: NSRange(location: 0, length: ns.length)).map { m in
                KeyScan.Use(key: ns.substring(with: m.range(at: 2)), column: ns.substring(to: m.range.location).count + 1, date: date)
            }
        }
        return found(message, date: false) + found(dateFormat, date: true)
    }

    @Test("every line of the default theme gives what the regular expressions give")
    func defaultTheme() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("templates").path
        var lines = 0, uses = 0
        for case let path as String in FileManager.default.enumerator(atPath: root)! where path.hasSuffix(".html") || path.hasSuffix(".md") || path.hasSuffix(".liquid") || path.hasSuffix(".txt") {
            let text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let expected = Self.reference(String(line))
                #expect(KeyScan.uses(in: line) == expected, "\(path): \(line)")
                lines += 1
                uses += expected.count
            }
        }
        #expect(lines > 500)
        #expect(uses > 200)
    }

    @Test("odd lines: quotes that do not match, spaces of every kind, accents before a use, a use at the end of the line")
    func oddLines() {
        let lines = [
            "{{ 'a' | t }}", "{{'a'|t}}", "{{ \"a.b-c\" | t: n: 1 }}", "{{ 'a\" | t }}", "{{ '' | t }}", "{{ 'a' | tr }}",
            "{{ 'a' | t", "{{ 'a' |\tt}}", "{{ 'a'\u{A0}|\u{2003}t }}", "{{ 'a'\u{0B}| t }}", "{{ 'a'\u{85}| t }}", "{{ 'a'\u{2028}| t }}",
            "é́ {{ 'a' | t }} ü {{ 'b' | t }}", "👩‍👩‍👧 {{ x | ldate: 'long' }}", "| ldate:'x'| ldate : \"y\"", "|ldate: 'a.b'",
            "{{ 'a' | t-}}", "{{ 'a' | t%}", "'a' | t|'b' | t:", "''a' | t }}", "{{ 'a' | t | ldate: 'long' }}",
            "{{ 'ä' | t }}", "{{ 'a b' | t }}", "| ldate: 'long", "| ldat: 'long'", "'x'|'y' | t ", "\"a' | t }} 'b\" | t }}",
        ]
        for line in lines {
            #expect(KeyScan.uses(in: Substring(line)) == Self.reference(line), "\(line.debugDescription)")
        }
    }

    @Test("ten thousand lines made of the characters that matter agree with the regular expressions")
    func generatedLines() {
        let pieces = ["'", "\"", "|", " ", "t", "ldate", ":", "a", "b.c", "-", "}", "%", "\u{A0}", "\t", "é", "\u{301}", "x", "_", "9"]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        var disagreements: [String] = []
        for _ in 0..<10_000 {
            var line = ""
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int(seed >> 60) + 3
            for _ in 0..<length {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                line += pieces[Int((seed >> 33) % UInt64(pieces.count))]
            }
            if KeyScan.uses(in: Substring(line)) != Self.reference(line) { disagreements.append(line.debugDescription) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }
}
