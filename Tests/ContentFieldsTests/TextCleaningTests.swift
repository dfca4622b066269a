@testable import ContentFields
import Testing

@Suite("Cleaning a field's text of controls and direction overrides")
struct TextCleaningTests {
    @Test("the bytes tell what the scalars tell, whatever the mix and wherever a sequence is cut")
    func bytesAgreeWithScalars() {
        // Each removed range's first, last and neighbors, with the bytes they share a lead with.
        let scalars: [UInt32] = [0x00, 0x08, 0x09, 0x0A, 0x0B, 0x0D, 0x1F, 0x20, 0x41, 0x7E, 0x7F, 0x80, 0x9F, 0xA0, 0xE9,
                                 0x2029, 0x202A, 0x202E, 0x202F, 0x2065, 0x2066, 0x2069, 0x206A, 0x2080, 0x20AC, 0x1F600]
        var state: UInt64 = 11
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        for _ in 0..<5_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<next(12) { text.append(Unicode.Scalar(scalars[next(scalars.count)])!) }
            let s = String(text)
            #expect(TextCleaning.hasRemoved(s) == s.unicodeScalars.contains(where: TextCleaning.isRemoved), "\(s.unicodeScalars.map(\.value))")
        }
        #expect(TextCleaning.clean("a\u{202E}b\u{7}c\td") == "abc\td")
        #expect(TextCleaning.clean("Livernois\u{2066}") == "Livernois")
    }
}
