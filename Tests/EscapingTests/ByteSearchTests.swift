import TestSupport
import Foundation
import Testing
import Escaping

@Suite("Searching and replacing UTF-8 bytes")
struct ByteSearchTests {
    @Test("replacing every match works left to right, never overlapping, at either end and beside other scripts")
    func replacingAll() {
        #expect(ByteSearch.replacingAll("aa", with: "X", in: "aaa") == "Xa")
        #expect(ByteSearch.replacingAll("</", with: "<\\/", in: "</style>a</b") == "<\\/style>a<\\/b")
        #expect(ByteSearch.replacingAll("-", with: "", in: "-é-ال-") == "éال")
        #expect(ByteSearch.replacingAll("x", with: "yy", in: "") == "")
        #expect(ByteSearch.replacingAll("", with: "y", in: "abc") == "abc", "an empty needle matches nothing")
        #expect(ByteSearch.replacingAll("zz", with: "y", in: "abc") == "abc")
        #expect(ByteSearch.replacingAll("é", with: "e", in: "café crème") == "cafe crème")
    }

    @Test("replacing gives Foundation's result on texts without combining marks")
    func sameAsFoundation() {
        let pieces = ["a", "b", "ab", " ", "\"", "</", "é", "😀", "ال", "\n", "\r\n"]
        var random = SeededRandom(seed: 11)
        func next(_ n: Int) -> Int { random.next(n) }
        for _ in 0..<2_000 {
            let text = (0..<next(40)).map { _ in pieces[next(pieces.count)] }.joined()
            let needle = (0..<(1 + next(2))).map { _ in pieces[next(pieces.count)] }.joined()
            let replacement = pieces[next(pieces.count)]
            #expect(ByteSearch.replacingAll(needle, with: replacement, in: text) == text.replacingOccurrences(of: needle, with: replacement),
                    "\(text.debugDescription) \(needle.debugDescription)")
        }
    }
}
