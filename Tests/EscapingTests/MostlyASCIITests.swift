import TestSupport
import Testing
import Escaping

@Suite("Text from mostly-ASCII bytes")
struct MostlyASCIITests {
    @Test("gives String(decoding:)'s bytes for ASCII, other scripts, long and short runs, and broken UTF-8")
    func sameAsTheStandardLibrary() {
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array(" ".utf8), Array(String(repeating: "<path d=\"M1.0 2.0\"/>", count: 5).utf8),
            Array(String(repeating: "x", count: 63).utf8), Array(String(repeating: "y", count: 64).utf8),
            Array("—".utf8), Array("é".utf8), Array("ال".utf8), Array("😀".utf8), Array("e\u{301}".utf8),
            [0xFF], [0xC3], [0xE2, 0x80], [0x80], [0xF0, 0x9F], [0xED, 0xA0, 0x80],
        ]
        var random = SeededRandom(seed: 7)
        func next(_ n: Int) -> Int { random.next(n) }
        for round in 0..<5_000 {
            // Every tenth text stays valid UTF-8 (leaving out the broken pieces), as a drawing is.
            let usable = round % 10 == 0 ? 10 : pieces.count
            let bytes = (0..<next(60)).flatMap { _ in pieces[next(usable)] }
            let expected = Array(String(decoding: bytes, as: UTF8.self).utf8)
            #expect(Array(MostlyASCII.string(bytes).utf8) == expected, "\(bytes)")
        }
        #expect(MostlyASCII.string([]) == "")
    }
}
