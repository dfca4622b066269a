import TestSupport
import Diagnostics
import Testing
@testable import Formats

/// Deterministic garbage through every parser: each returns a value or errors, never crashes or hangs.
@Suite("Parsers survive hostile input")
struct RobustnessTests {
    static let alphabet = Array("---\n\r\"',:[]{}&*!|>#%@`\\ab1-.\u{FEFF}é\t ".utf8)

    func samples(_ count: Int, seed: UInt64) -> [String] {
        var g = SeededRandom(seed: seed)
        return (0..<count).map { _ in
            let length = Int((g.next() >> 33) % 200)
            let bytes = (0..<length).map { _ in Self.alphabet[Int((g.next() >> 33) % UInt64(Self.alphabet.count))] }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    @Test("random text through YAML, front matter, CSV and JSON")
    func randomText() {
        var parsed = 0
        for text in samples(3000, seed: 42) {
            var log = DiagnosticLog()
            if YAML.parse(text, path: "y", log: &log) != nil { parsed += 1 }
            if FrontMatter.parse(text, path: "f", log: &log) != nil { parsed += 1 }
            if CSVTable.parse(text, path: "c", log: &log) != nil { parsed += 1 }
            if let node = JSON.parse(text, path: "j", log: &log) {
                parsed += 1
                _ = GeoJSON.features(node, log: &log)
            }
            // Every problem names the file it was found in, and a line in it.
            for d in log.items { #expect(["y", "f", "c", "j"].contains(d.location.path) && d.location.line >= 1, "\(d)") }
        }
        #expect(parsed > 0)
    }
}
