import Fingerprint
import Testing

@Suite("Fingerprints")
struct FingerprintTests {
    @Test("the same bytes give the same fingerprint, on every run (XXH3-128's published value for empty input)")
    func stable() {
        #expect(Fingerprint(of: [UInt8]()).description == "99aa06d3014798d86001c324468d497f")
        #expect(Fingerprint(of: "abc") == Fingerprint(of: Array("abc".utf8)))
        #expect(Fingerprint(of: "abc") != Fingerprint(of: "abd"))
    }

    @Test("paths sort by their UTF-8 bytes, which is the order of their Unicode scalars")
    func byteOrder() {
        let paths = ["b/index.html", "a/z.html", "a/index.html", "é/index.html", "a/Z.html", "a", "e/index.html"]
        #expect(paths.sorted { $0.utf8Precedes($1) } == ["a", "a/Z.html", "a/index.html", "a/z.html", "b/index.html", "e/index.html", "é/index.html"])
        #expect(paths.sorted { $0.utf8Precedes($1) } == paths.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) })
        #expect(!"a".utf8Precedes("a"))
        #expect(paths.sortedByUTF8() == paths.sorted { $0.utf8Precedes($1) })
        let pairs = [("b", 1), ("a", 2), ("b", 0), ("", 3)]
        #expect(pairs.sortedByUTF8(\.0).map(\.1) == [3, 2, 1, 0])
    }

    @Test("byte equality and byte prefixes agree with comparing the UTF-8 arrays, where == would call café and cafe\u{301} one")
    func byteEqualityAndPrefix() {
        let texts = ["", "a", "a/", "a/b", "ab", "café", "cafe\u{301}", "café/x", "b", String(repeating: "x/", count: 40)]
        for x in texts {
            for y in texts {
                #expect(x.utf8Equals(y) == (Array(x.utf8) == Array(y.utf8)), "\(x) \(y)")
                #expect(x.utf8HasPrefix(Array(y.utf8)) == Array(x.utf8).starts(with: Array(y.utf8)), "\(x) \(y)")
            }
        }
        #expect("café" == "cafe\u{301}" && !"café".utf8Equals("cafe\u{301}"))
    }

    @Test("32 hex digits read back, from text and from bytes; anything else does not")
    func hex() {
        let f = Fingerprint(of: "commonsight")
        #expect(Fingerprint(hex: f.description) == f)
        #expect(Fingerprint(hexBytes: Array(f.description.utf8)[...]) == f)
        #expect(Fingerprint(hex: "xyz") == nil && Fingerprint(hexBytes: Array(String(repeating: "g", count: 32).utf8)[...]) == nil)
    }

    @Test("a builder tells \"ab\" + \"c\" from \"a\" + \"bc\", and a number from its text")
    func separation() {
        var a = FingerprintBuilder(), b = FingerprintBuilder(), c = FingerprintBuilder(), d = FingerprintBuilder()
        a.add("ab"); a.add("c")
        b.add("a"); b.add("bc")
        c.add(7)
        d.add("7")
        #expect(a.value != b.value && c.value != d.value)
    }

    @Test("decimal numbers read from bytes, overflow refused")
    func decimals() {
        #expect(Int64(decimal: Array("-42".utf8)[...]) == -42)
        #expect(Int64(decimal: Array("99999999999999999999".utf8)[...]) == nil)
        #expect(Int64(decimal: Array("4x".utf8)[...]) == nil)
        for bad in ["", "-", "--1", "+1", " 1", "1 ", "12345678901234567890"] { #expect(Int64(decimal: Array(bad.utf8)[...]) == nil, "\(bad)") }
        for good: Int64 in [0, 9, -9, 1_000_000_007, 922_337_203_685_477_580, Int64.max] {
            #expect(Int64(decimal: Array(String(good).utf8)[...]) == good)
        }
        let line = Array("size\t123\t-45".utf8)
        #expect(Int64(decimal: line[5..<8]) == 123 && Int64(decimal: line[9...]) == -45, "a slice in the middle of a line")
    }

    @Test("a number appended as decimal bytes reads back as itself, at both ends of Int64")
    func decimalBytes() {
        for n: Int64 in [0, 7, -7, 10, 1_764_489_600, Int64.max, Int64.min] {
            var bytes: [UInt8] = Array("x".utf8)
            bytes.append(decimal: n)
            #expect(String(decoding: bytes, as: UTF8.self) == "x\(n)")
        }
        var text: [UInt8] = []
        text.append(utf8: "é/index.html")
        #expect(text == Array("é/index.html".utf8))
        #expect("ab".utf8Precedes("abc") && !"abc".utf8Precedes("ab") && "".utf8Precedes("a") && !"".utf8Precedes(""))
    }
}
