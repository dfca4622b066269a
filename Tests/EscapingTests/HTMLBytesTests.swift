import TestSupport
import Testing
import Escaping

@Suite("HTML escaping into bytes")
struct HTMLBytesTests {
    @Test("appends the bytes the string escaper gives, for special characters anywhere among every script")
    func sameAsTheStringEscaper() {
        let pieces = ["a", " ", "&", "<", ">", "\"", "'", "&amp;", "é", "e\u{301}", "—", "ال", "😀", "\r\n", "\u{0}", "plain text "]
        var random = SeededRandom(seed: 11)
        func next(_ n: Int) -> Int { random.next(n) }
        for _ in 0..<5_000 {
            let text = (0..<next(40)).map { _ in pieces[next(pieces.count)] }.joined()
            var out: [UInt8] = Array("before ".utf8)
            HTMLEntities.escape(text, into: &out)
            #expect(out == Array(("before " + HTMLEntities.escape(text)).utf8), "\(text)")
        }
    }
}
